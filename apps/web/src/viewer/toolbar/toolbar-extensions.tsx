import { type ComponentType, createContext, type LazyExoticComponent, lazy, Suspense, useContext } from 'react';

/**
 * Where a feature's item sits in Med View's toolbar (viewer spec §2): `interactions` is the
 * first section, `panel` follows the Presets toggle in the last one (States, CCP4, Structure
 * Preset).
 */
export type ToolbarSlot = 'interactions' | 'panel';

/**
 * A feature's toolbar item, registered in its feature.ts (`viewerToolbar`). The component is
 * loaded on demand, like a window's content, so Mol*-heavy code stays out of the main chunk; it
 * renders inside <ViewerToolbar> and reads the plugin with `useToolbar()`.
 */
export interface ToolbarItem {
  /** Unique among items; the component's test ids are its own business. */
  id: string;
  slot: ToolbarSlot;
  /** Ascending within the slot. */
  order: number;
  load: () => Promise<{ default: ComponentType }>;
}

/** The items every Med View's toolbar shows, provided once for the app (App.tsx). */
export const ToolbarItemsContext = createContext<readonly ToolbarItem[]>([]);

/** One lazy component per item id: React must see the same component across renders. */
const components = new Map<string, LazyExoticComponent<ComponentType>>();

function componentOf(item: ToolbarItem): LazyExoticComponent<ComponentType> {
  let component = components.get(item.id);
  if (!component) {
    component = lazy(item.load);
    components.set(item.id, component);
  }
  return component;
}

/** The registered items of one slot, in order. */
export function ToolbarSlotItems({ slot }: { slot: ToolbarSlot }) {
  const items = useContext(ToolbarItemsContext)
    .filter((item) => item.slot === slot)
    .sort((a, b) => a.order - b.order);
  return (
    <>
      {items.map((item) => {
        const Component = componentOf(item);
        return (
          <Suspense key={item.id} fallback={null}>
            <Component />
          </Suspense>
        );
      })}
    </>
  );
}
