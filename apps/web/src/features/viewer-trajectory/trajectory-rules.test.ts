import { describe, expect, it } from 'vitest';
import {
  checkTrajectoryForm,
  coordinateChoices,
  type FileChoice,
  guessModel,
  hasControls,
  indexFromNumber,
  modelChoices,
  stepIndex,
} from './trajectory-rules';

const files: FileChoice[] = [
  { id: 1, name: 'md.gro', ext: 'gro' },
  { id: 2, name: 'md.xtc', ext: 'xtc' },
  { id: 3, name: 'run.DCD', ext: 'DCD' },
  { id: 4, name: 'old.trr', ext: 'trr' },
  { id: 5, name: 'ligand.smi', ext: 'smi' },
  { id: 6, name: 'protein.pdb', ext: 'pdb' },
  { id: 7, name: 'energy.edr', ext: 'edr' },
];

describe('Load Trajectory choices', () => {
  it('offers xtc, dcd and trr as coordinates, whatever the case, and nothing else', () => {
    expect(coordinateChoices(files).map((f) => f.id)).toEqual([2, 3, 4]);
  });

  it('offers the structures the viewer reads as models', () => {
    expect(modelChoices(files).map((f) => f.id)).toEqual([1, 6]);
  });
});

describe('checkTrajectoryForm', () => {
  it('requires the coordinates and the model', () => {
    expect(checkTrajectoryForm({ modelId: null, coordinatesId: null }, files)).toEqual([
      'coordinatesRequired',
      'modelRequired',
    ]);
    expect(checkTrajectoryForm({ modelId: 1, coordinatesId: null }, files)).toEqual(['coordinatesRequired']);
    // A file no longer in the project counts as not chosen.
    expect(checkTrajectoryForm({ modelId: 1, coordinatesId: 99 }, files)).toEqual(['coordinatesRequired']);
  });

  it('accepts only xtc, dcd and trr as coordinates and a structure as the model', () => {
    expect(checkTrajectoryForm({ modelId: 1, coordinatesId: 7 }, files)).toEqual(['coordinatesType']);
    expect(checkTrajectoryForm({ modelId: 5, coordinatesId: 2 }, files)).toEqual(['modelType']);
    expect(checkTrajectoryForm({ modelId: 1, coordinatesId: 2 }, files)).toEqual([]);
    expect(checkTrajectoryForm({ modelId: 6, coordinatesId: 3 }, files)).toEqual([]);
  });
});

describe('guessModel', () => {
  const models = modelChoices(files);
  it('prefers the model with the same name', () => {
    expect(guessModel(files[1], models)).toBe(1);
    expect(guessModel({ id: 8, name: 'protein.xtc', ext: 'xtc' }, models)).toBe(6);
  });

  it('falls back to the only gro, then the only model, else nothing', () => {
    expect(guessModel(files[2], models)).toBe(1);
    expect(guessModel(files[2], [models[1] as FileChoice])).toBe(6);
    expect(guessModel(files[2], [...models, { id: 9, name: 'b.gro', ext: 'gro' }])).toBeNull();
    expect(guessModel(undefined, models)).toBeNull();
  });
});

describe('trajectory controls', () => {
  it('show for more than one model only (spec §9)', () => {
    expect(hasControls(0)).toBe(false);
    expect(hasControls(1)).toBe(false);
    expect(hasControls(2)).toBe(true);
  });

  it('step forwards and backwards, wrapping around', () => {
    expect(stepIndex(0, 1, 11)).toBe(1);
    expect(stepIndex(10, 1, 11)).toBe(0);
    expect(stepIndex(0, -1, 11)).toBe(10);
    expect(stepIndex(5, -1, 11)).toBe(4);
    expect(stepIndex(3, 1, 0)).toBe(0);
  });

  it('read a typed model number (1-based) within the trajectory', () => {
    expect(indexFromNumber(1, 11)).toBe(0);
    expect(indexFromNumber(11, 11)).toBe(10);
    expect(indexFromNumber(12, 11)).toBeNull();
    expect(indexFromNumber(0, 11)).toBeNull();
    expect(indexFromNumber(2.5, 11)).toBeNull();
    expect(indexFromNumber(null, 11)).toBeNull();
  });
});
