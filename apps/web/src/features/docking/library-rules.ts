import {
  DOCKING_DEFAULTS,
  type DockingPocket,
  type ProjectFile,
  SCREENING_DEFAULTS,
  SCREENING_JOB_TYPE,
  type ScreeningRequestInput,
} from '@medx/contract';
import { roundPocket } from './wizard-rules';

/**
 * The wizard's "Screen a library" mode (virtual screening, docs/decisions.md "Screening"): the
 * same protein and pocket steps, library files instead of ligand files, and fewer settings.
 */
export type WizardMode = 'dock' | 'library';

/** The Screening Result window (registered by the screening feature; named here, not imported). */
export const SCREENING_RESULT_WINDOW = 'screeningResult';

/** A library file plays one role: screened, known active or known decoy (the last two give enrichment). */
export type LibraryRole = 'files' | 'actives' | 'decoys';
export const LIBRARY_ROLES: readonly LibraryRole[] = ['files', 'actives', 'decoys'];

/** CSV column names as typed (empty: the server's default column). */
export interface LibraryColumns {
  smiles_column: string;
  name_column: string;
  activity_column: string;
}

export interface LibrarySelection {
  files: ProjectFile[];
  actives: ProjectFile[];
  decoys: ProjectFile[];
  columns: LibraryColumns;
}

export const EMPTY_LIBRARY: LibrarySelection = {
  files: [],
  actives: [],
  decoys: [],
  columns: { smiles_column: '', name_column: '', activity_column: '' },
};

/** Every chosen file whatever its role (the ligand step's Next needs one). */
export const libraryFiles = (selection: LibrarySelection): ProjectFile[] => [
  ...selection.files,
  ...selection.actives,
  ...selection.decoys,
];

/**
 * The files picked for one role; they leave the other roles, since the server refuses a file
 * chosen twice (screeningFileTwice) and a file cannot be both active and decoy.
 */
export function pickLibrary(selection: LibrarySelection, role: LibraryRole, picked: ProjectFile[]): LibrarySelection {
  const ids = new Set(picked.map((file) => file.id));
  const next = { ...selection, [role]: picked };
  for (const other of LIBRARY_ROLES) {
    if (other !== role) next[other] = selection[other].filter((file) => !ids.has(file.id));
  }
  return next;
}

/** Column names only mean something for CSV files (the server refuses an activity column without one). */
export const hasCsv = (selection: LibrarySelection) => libraryFiles(selection).some((file) => file.file_type === 'CSV');

/** The confirmation step's settings in library mode: no modes, poses kept or ring conformers. */
export interface LibrarySettingsValues {
  job_name: string;
  exhaustiveness: number;
  energy_range: number;
  /** Empty: the server draws one (and records it). */
  seed: number | null;
}

/** Job name empty with "Screening" as its placeholder, as the docking wizard does with "Docking". */
export const DEFAULT_LIBRARY_SETTINGS: LibrarySettingsValues = {
  job_name: '',
  exhaustiveness: SCREENING_DEFAULTS.exhaustiveness,
  energy_range: DOCKING_DEFAULTS.energy_range,
  seed: null,
};

const columnValue = (value: string) => value.trim() || undefined;

/** POST /v1/jobs/docking/library's body; empty texts are left out so the server's defaults apply. */
export function toScreeningRequest(
  projectId: number,
  proteinId: number,
  selection: LibrarySelection,
  pocket: DockingPocket,
  settings: LibrarySettingsValues,
): ScreeningRequestInput {
  const csv = hasCsv(selection);
  const ids = (files: ProjectFile[]) => files.map((file) => file.id);
  return {
    project_id: projectId,
    protein_id: proteinId,
    pocket: roundPocket(pocket),
    library: {
      file_ids: ids(selection.files),
      actives_file_ids: ids(selection.actives),
      decoys_file_ids: ids(selection.decoys),
      smiles_column: csv ? columnValue(selection.columns.smiles_column) : undefined,
      name_column: csv ? columnValue(selection.columns.name_column) : undefined,
      activity_column: csv ? columnValue(selection.columns.activity_column) : undefined,
    },
    settings: {
      job_name: settings.job_name?.trim() || undefined,
      exhaustiveness: settings.exhaustiveness,
      energy_range: settings.energy_range,
      seed: settings.seed ?? undefined,
    },
  };
}

/**
 * The address showing a screen: jobType (which lists Screening Result in the Window menu) and
 * jobId, without jobStatus (the three together would open the Job Result dialog).
 */
export function withScreeningJob(params: URLSearchParams, jobId: number): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('jobType', SCREENING_JOB_TYPE);
  next.set('jobId', String(jobId));
  next.delete('jobStatus');
  return next;
}
