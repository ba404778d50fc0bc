/** The docking feature's public API for other features (everything else in this folder is private). */
export { SCREENING_RESULT_WINDOW, withScreeningJob } from './library-rules';

/**
 * Protein-ligand interactions of a pose in Med View (pose-interactions.ts). Loaded on demand: it
 * is Mol* code, which must stay out of the chunk of the window that imports this index.
 */
export const loadPoseInteractions = () => import('./pose-interactions');
