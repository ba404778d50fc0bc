import { describe, expect, it } from 'vitest';
import { entryToggleAction, isCoordinatesFormat, planLoad, removesInsteadOfHiding } from './formats';

describe('planLoad', () => {
  it('sends structure formats of the files API to the trajectory parser', () => {
    expect(planLoad('pdb')).toEqual({ kind: 'trajectory', format: 'pdb' });
    expect(planLoad('pdbqt')).toEqual({ kind: 'trajectory', format: 'pdbqt' });
    expect(planLoad('mmcif')).toEqual({ kind: 'trajectory', format: 'mmcif' });
    expect(planLoad('sdf')).toEqual({ kind: 'trajectory', format: 'sdf' });
    expect(planLoad('mol2')).toEqual({ kind: 'trajectory', format: 'mol2' });
    expect(planLoad('gro')).toEqual({ kind: 'trajectory', format: 'gro' });
  });

  it('reads binary CIF and plain cif with the mmcif parser, ignoring case and spaces', () => {
    expect(planLoad('bcif')).toEqual({ kind: 'trajectory', format: 'mmcif' });
    expect(planLoad(' CIF ')).toEqual({ kind: 'trajectory', format: 'mmcif' });
  });

  it('hands volumes and meshes to Mol* format providers', () => {
    expect(planLoad('ccp4')).toEqual({ kind: 'provider', provider: 'ccp4' });
    expect(planLoad('mrc')).toEqual({ kind: 'provider', provider: 'ccp4' });
    expect(planLoad('cube')).toEqual({ kind: 'provider', provider: 'cube' });
    expect(planLoad('ply')).toEqual({ kind: 'provider', provider: 'ply' });
  });

  it('keeps coordinates (xtc, dcd, trr) apart: they need a model file to be shown', () => {
    expect(planLoad('XTC')).toEqual({ kind: 'coordinates', provider: 'xtc' });
    expect(planLoad('dcd')).toEqual({ kind: 'coordinates', provider: 'dcd' });
    expect(planLoad(' trr')).toEqual({ kind: 'coordinates', provider: 'trr' });
    expect(isCoordinatesFormat('Xtc')).toBe(true);
    expect(isCoordinatesFormat('gro')).toBe(false);
    expect(isCoordinatesFormat('nctraj')).toBe(false);
  });

  it('says what it cannot read', () => {
    expect(planLoad('smiles')).toEqual({ kind: 'unsupported', format: 'smiles' });
    expect(planLoad('')).toEqual({ kind: 'unsupported', format: '' });
  });
});

describe('Entry In toggle (spec §4)', () => {
  it('loads an absent file and shows a hidden one', () => {
    expect(entryToggleAction(undefined, 'pdb')).toBe('load');
    expect(entryToggleAction(undefined, 'ply')).toBe('load');
    expect(entryToggleAction({ visible: false }, 'pdb')).toBe('show');
    // A PLY mesh is never left hidden by the toggle; one hidden elsewhere is loaded afresh.
    expect(entryToggleAction({ visible: false }, 'ply')).toBe('load');
  });

  it('hides a shown file, but removes a shown PLY mesh', () => {
    expect(entryToggleAction({ visible: true }, 'sdf')).toBe('hide');
    expect(entryToggleAction({ visible: true }, 'PLY')).toBe('remove');
    expect(removesInsteadOfHiding('ply')).toBe(true);
    expect(removesInsteadOfHiding('pdb')).toBe(false);
  });
});
