import { isCoordinatesFormat, planLoad } from '../../viewer/formats';

/**
 * The Load Trajectory dialog's and the trajectory controls' rules (viewer spec §3 "Trajectory
 * load", §5 "Load Trajectory", §9 "Trajectory controls need a frame count above 1"). Pure.
 */

/** A project file as the dialog offers it. */
export interface FileChoice {
  id: number;
  name: string;
  ext: string;
}

export interface TrajectoryForm {
  modelId: number | null;
  coordinatesId: number | null;
}

export type TrajectoryFormError = 'coordinatesRequired' | 'coordinatesType' | 'modelRequired' | 'modelType';

/** Files that can be the coordinates: xtc, dcd and trr (spec §5). */
export function coordinateChoices(files: readonly FileChoice[]): FileChoice[] {
  return files.filter((file) => isCoordinatesFormat(file.ext));
}

/** Files that can be the model: whatever the viewer reads as a structure (pdb, gro, cif, ...). */
export function modelChoices(files: readonly FileChoice[]): FileChoice[] {
  return files.filter((file) => planLoad(file.ext).kind === 'trajectory');
}

/** What is wrong with the form, coordinates first (spec §5: the coordinates field is required). */
export function checkTrajectoryForm(form: TrajectoryForm, files: readonly FileChoice[]): TrajectoryFormError[] {
  const errors: TrajectoryFormError[] = [];
  const coordinates = files.find((file) => file.id === form.coordinatesId);
  if (form.coordinatesId === null || !coordinates) errors.push('coordinatesRequired');
  else if (!isCoordinatesFormat(coordinates.ext)) errors.push('coordinatesType');
  const model = files.find((file) => file.id === form.modelId);
  if (form.modelId === null || !model) errors.push('modelRequired');
  else if (planLoad(model.ext).kind !== 'trajectory') errors.push('modelType');
  return errors;
}

function stem(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).trim().toLowerCase();
}

/**
 * The model to offer with a coordinates file: one with the same name but the extension, else
 * the only GROMACS structure (gro), else the only model file; null when it is a guess too far.
 */
export function guessModel(coordinates: FileChoice | undefined, models: readonly FileChoice[]): number | null {
  if (!coordinates) return null;
  const sameName = models.filter((model) => stem(model.name) === stem(coordinates.name));
  if (sameName.length === 1 && sameName[0]) return sameName[0].id;
  const gro = models.filter((model) => model.ext.toLowerCase() === 'gro');
  if (gro.length === 1 && gro[0]) return gro[0].id;
  if (models.length === 1 && models[0]) return models[0].id;
  return null;
}

/** Spec §9: the controls show only for a trajectory of more than one model. */
export function hasControls(frameCount: number): boolean {
  return frameCount > 1;
}

/** The model index `by` steps from `index`, wrapping around as Mol*'s own controls do. */
export function stepIndex(index: number, by: number, count: number): number {
  if (count <= 0) return 0;
  const next = (index + by) % count;
  return next < 0 ? next + count : next;
}

/** A typed 1-based model number as a 0-based index within the trajectory, or null when it is not one. */
export function indexFromNumber(value: number | null | undefined, count: number): number | null {
  if (typeof value !== 'number' || !Number.isInteger(value)) return null;
  if (value < 1 || value > count) return null;
  return value - 1;
}
