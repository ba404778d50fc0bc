import { useCallback, useEffect, useState } from 'react';

const current = () => (typeof document === 'undefined' ? false : Boolean(document.fullscreenElement));

/** Whether the page is full screen (document.fullscreenElement), and a toggle for it. */
export function useFullscreen(): { active: boolean; supported: boolean; toggle: () => Promise<void> } {
  const [active, setActive] = useState(current);
  useEffect(() => {
    const onChange = () => setActive(current());
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const supported = typeof document !== 'undefined' && document.fullscreenEnabled !== false;
  const toggle = useCallback(async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      // Refused by the browser (no user gesture, a policy): nothing changes.
    }
    setActive(current());
  }, []);
  return { active, supported, toggle };
}
