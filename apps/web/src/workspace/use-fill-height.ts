import { useCallback, useEffect, useState } from 'react';

/**
 * The height from the element's top to the bottom of the window, less a margin: lets the
 * workspace fill the screen under the header and whatever notices are above it. Returns a
 * callback ref for the element and the height (undefined until measured).
 */
export function useFillHeight(bottom = 16, min = 480): [(element: HTMLElement | null) => void, number | undefined] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [height, setHeight] = useState<number>();
  const ref = useCallback((node: HTMLElement | null) => setElement(node), []);

  useEffect(() => {
    if (!element) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(min, Math.floor(window.innerHeight - top - bottom)));
    };
    measure();
    window.addEventListener('resize', measure);
    // Notices above the workspace can appear or close: watch the page for layout changes.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [element, bottom, min]);

  return [ref, height];
}
