/**
 * The guided tour's steps (spec §1): import or Get PDB, split, prepare protein and ligands,
 * the docking wizard from the Function menu, submit, the job and its result (table and 3D),
 * the 3D analysis tools, then the Help Center. Each points at a real element by test id; a
 * step whose element is not on screen is shown in the middle of the page.
 */
export interface TourStepDef {
  key: string;
  /** CSS selector of the element the step points at. */
  selector: string;
  /** A window the step opens first so its element is there. */
  opens?: 'docking' | 'dockingResult';
}

export const TOUR_STEPS: readonly TourStepDef[] = [
  { key: 'import', selector: '[data-testid="window-entryList"]' },
  { key: 'split', selector: '[data-testid="window-entryList"]' },
  { key: 'prepare', selector: '[data-testid="window-entryList"]' },
  { key: 'function', selector: '[data-testid="function-menu"]' },
  { key: 'wizard', selector: '[data-testid="window-docking"]', opens: 'docking' },
  { key: 'jobs', selector: '[data-testid="jobs-button"]' },
  { key: 'result', selector: '[data-testid="window-dockingResult"]', opens: 'dockingResult' },
  { key: 'viewer', selector: '[data-testid="window-medView"]' },
  { key: 'help', selector: '[data-testid="nav-help"]' },
];

/** The bundled sample the tour imports (the spec's 5VCV is not available offline). */
export const TOUR_SAMPLE_ID = '5x72';

/** antd Tour's target: the element, or null (the step is then centred). */
export const tourTarget = (selector: string) =>
  (() => (typeof document === 'undefined' ? null : document.querySelector<HTMLElement>(selector))) as () => HTMLElement;
