/**
 * Viewer spec §2: "Most toolbar buttons are hidden". Ketcher hides a toolbar button whose id is
 * listed with `hidden: true` (ketcher-react's `buttons` option; it reads any toolbar id, more than
 * its `ButtonName` type lists). Kept for drawing: selection, erase, undo/redo, atoms and the
 * periodic table, bonds, chains, charges, ring templates and the template library,
 * clean up/layout, zoom, clear canvas. Hidden: files and clipboard (our Import and Export do
 * that), reactions, R-groups, S-groups, shapes, text, images, stereo, analysis, 3D view, settings, help.
 */
export const HIDDEN_KETCHER_BUTTONS = [
  // Files and clipboard: our own toolbar imports from and exports to the Entry List.
  'open',
  'save',
  'cut',
  'copies',
  'copy',
  'copy-image',
  'copy-mol',
  'copy-ket',
  'paste',
  // Chemistry tools beyond drawing one molecule.
  'arom',
  'dearom',
  'cip',
  'check',
  'analyse',
  'recognize',
  'miew',
  'explicit-hydrogens',
  'enhanced-stereo',
  'sgroup',
  'rgroup',
  'rgroup-label',
  'rgroup-fragment',
  'rgroup-attpoints',
  'functional-groups',
  'create-monomer',
  'select-descriptors',
  // Reactions.
  'reaction-plus',
  'arrows',
  'reaction-arrow-open-angle',
  'reaction-arrow-filled-triangle',
  'reaction-arrow-filled-bow',
  'reaction-arrow-dashed-open-angle',
  'reaction-arrow-failed',
  'reaction-arrow-retrosynthetic',
  'reaction-arrow-both-ends-filled-triangle',
  'reaction-arrow-equilibrium-filled-half-bow',
  'reaction-arrow-equilibrium-filled-triangle',
  'reaction-arrow-equilibrium-open-angle',
  'reaction-arrow-unbalanced-equilibrium-filled-half-bow',
  'reaction-arrow-unbalanced-equilibrium-open-half-angle',
  'reaction-arrow-unbalanced-equilibrium-large-filled-half-bow',
  'reaction-arrow-unbalanced-equilibrium-filled-half-triangle',
  'reaction-arrow-elliptical-arc-arrow-filled-bow',
  'reaction-arrow-elliptical-arc-arrow-filled-triangle',
  'reaction-arrow-elliptical-arc-arrow-open-angle',
  'reaction-arrow-elliptical-arc-arrow-open-half-angle',
  'reaction-arrow-multitail',
  'reaction-mapping-tools',
  'reaction-automap',
  'reaction-map',
  'reaction-unmap',
  // Drawing objects that are not chemistry.
  'shapes',
  'shape-ellipse',
  'shape-rectangle',
  'shape-line',
  'text',
  'images',
  // The application around the canvas.
  'settings',
  'help',
  'about',
  'fullscreen',
  'info-modal',
] as const;

/** What a chemist needs to draw a molecule: never hidden (checked by the unit test). */
export const KEPT_KETCHER_BUTTONS = [
  'erase',
  'undo',
  'redo',
  'bonds',
  'chain',
  'period-table',
  'template-lib',
  'clean',
  'layout',
  'zoom-in',
  'zoom-out',
  'clear',
] as const;

/** ketcher-react's `buttons` option. */
export const ketcherButtons = (): Record<string, { hidden: boolean }> =>
  Object.fromEntries(HIDDEN_KETCHER_BUTTONS.map((id) => [id, { hidden: true }]));
