import { type PointerEvent as ReactPointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findWindow } from '../registry/registry';
import type { WindowId } from '../registry/windows';
import { useLayoutState } from './layout-store';
import { MinimiseButton, WindowContent } from './WindowParts';

/** Offsets from the panel's resting place (bottom right of the layout), in pixels. */
interface Offset {
  x: number;
  y: number;
}

/**
 * One floating window: a title bar to drag it by (the position is not stored: it comes back to
 * the bottom-right corner on the next visit), the minimise button, the registered content.
 */
function FloatingWindow({ id, index }: { id: WindowId; index: number }) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const drag = useRef<{ start: Offset; pointer: Offset } | null>(null);
  const title = findWindow(id)?.title;

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    // The minimise button keeps its click.
    if ((event.target as HTMLElement).closest('button')) return;
    drag.current = { start: offset, pointer: { x: event.clientX, y: event.clientY } };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current) return;
    setOffset({
      x: current.start.x + event.clientX - current.pointer.x,
      y: current.start.y + event.clientY - current.pointer.y,
    });
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  return (
    <section
      className="medx-floating-window"
      aria-label={title ? t(title) : id}
      // Several open ones step up and left so that none hides another completely.
      style={{ right: 12 + index * 24 - offset.x, bottom: 12 + index * 24 - offset.y }}
      data-testid={`floating-${id}`}
    >
      <div
        className="medx-floating-window-bar"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <span className="medx-floating-window-title">{title ? t(title) : ''}</span>
        <MinimiseButton id={id} />
      </div>
      <div className="medx-floating-window-body" data-testid={`window-${id}`}>
        <WindowContent id={id} />
      </div>
    </section>
  );
}

/** The open floating windows (registered with place 'floating'), over the tiled layout. */
export function FloatingWindows() {
  const { floating } = useLayoutState();
  return (
    <>
      {floating.map((id, index) => (
        <FloatingWindow key={id} id={id} index={index} />
      ))}
    </>
  );
}
