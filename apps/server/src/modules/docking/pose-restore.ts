/**
 * Poses back to SDF with the ligand's real chemistry. Vina writes PDBQT, which has
 * no bond orders or formal charges; Open Babel's PDBQT→SDF guesses them. The Python
 * program medx_chem.restore_poses (apps/server/python, run through chem/python.ts)
 * maps the input molecule (the template) onto each pose with RDKit's
 * AssignBondOrdersFromTemplate (MinimalLib has none) and copies its bond orders and
 * charges. These are the shapes of its request (one job per ligand) and answer.
 */

export interface RestoreJob {
  name: string;
  /** SDF of the input molecule (null for PDBQT input). */
  template: string | null;
  /** Open Babel's SDF of Vina's output PDBQT. */
  poses: string;
  retain: number;
  scores: number[];
  out: string;
}

export interface RestoreAnswer {
  ok: boolean;
  restored: boolean;
  note: string | null;
  count?: number;
}
