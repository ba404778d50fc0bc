/**
 * Ring conformations for docking. Vina turns a ligand's rotatable bonds but keeps its
 * rings as they are in the input, so a ligand whose saturated ring starts in the wrong
 * pucker (a chair with the substituent axial instead of equatorial, an envelope folded
 * the other way) cannot reach its real pose. ../shared/notes/docking.md found exactly
 * that gap between SMILES-started and crystal-started redocking (1s3v, 2bm2).
 *
 * The Python program medx_chem.ring_conformers (apps/server/python, run through
 * chem/python.ts) embeds ETKDGv3 conformers of the input molecule (its stereo kept),
 * relaxes them with MMFF94, and keeps, lowest energy first, those whose ring torsions
 * differ from the input's and from every kept one by more than 30 degrees somewhere: a
 * new pucker, not a copy. Molecules without a non-aromatic ring of 5 or more atoms get
 * none. It writes <key>_rc<n>.sdf in the job directory; these are the shapes of its
 * request (one job per ligand) and answer.
 */

export interface RingConformerJob {
  key: string;
  /** SDF of the ligand as given (its pose is conformer 1). */
  template: string;
  /** Conformers wanted in all, the input's included. */
  wanted: number;
  seed: number;
}

export interface RingConformerAnswer {
  ok: boolean;
  /** Non-aromatic rings of 5 or more atoms. */
  rings: number;
  /** The extra conformers' SDF files (none when the rings have one pucker). */
  files: string[];
  note: string | null;
}
