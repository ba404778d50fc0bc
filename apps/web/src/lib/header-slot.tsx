import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';

/**
 * A place in the app header that a page fills (the workspace puts its Window and Function menus
 * and its tools there), so the header needs to know no page. The provider wraps the header and
 * the pages; the header renders <HeaderSlotTarget />, a page renders <HeaderSlot>…</HeaderSlot>.
 */
interface HeaderSlotValue {
  target: HTMLElement | null;
  setTarget: (element: HTMLElement | null) => void;
}

const HeaderSlotContext = createContext<HeaderSlotValue | null>(null);

export function HeaderSlotProvider({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const value = useMemo(() => ({ target, setTarget }), [target]);
  return <HeaderSlotContext.Provider value={value}>{children}</HeaderSlotContext.Provider>;
}

/** The header's slot; `display: contents` lays the page's elements out as the header's own. */
export function HeaderSlotTarget() {
  const setTarget = useContext(HeaderSlotContext)?.setTarget;
  return <div ref={setTarget} className="medx-header-slot" style={{ display: 'contents' }} />;
}

/** Renders its children into the header's slot (nothing when there is no header). */
export function HeaderSlot({ children }: { children: ReactNode }) {
  const target = useContext(HeaderSlotContext)?.target;
  return target ? createPortal(children, target) : null;
}
