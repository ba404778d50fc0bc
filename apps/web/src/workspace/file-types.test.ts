import { describe, expect, it } from 'vitest';
import { downloadName, extOf, imageMimeType, viewerFor } from './file-types';

describe('viewerFor', () => {
  const f = (ext: string, file_type = ext.toUpperCase()) => ({ name: `x.${ext}`, ext, file_type });
  it('chooses the dialog by type', () => {
    expect(viewerFor(f('csv'))).toBe('csv');
    expect(viewerFor(f('png'))).toBe('image');
    expect(viewerFor(f('svg'))).toBe('image');
    expect(viewerFor(f('html'))).toBe('html');
    expect(viewerFor(f('htm'))).toBe('html');
    expect(viewerFor(f('pdb'))).toBe('text');
    expect(viewerFor(f('json'))).toBe('text');
    expect(viewerFor(f('ply'))).toBeNull();
    expect(viewerFor(f('dcd', 'TXT'))).toBe('text');
  });
});

describe('imageMimeType (spec §9)', () => {
  it('maps image extensions, PNG by default', () => {
    expect(imageMimeType('jpg')).toBe('image/jpeg');
    expect(imageMimeType('.JPEG')).toBe('image/jpeg');
    expect(imageMimeType('svg')).toBe('image/svg+xml');
    expect(imageMimeType('tif')).toBe('image/tiff');
    expect(imageMimeType('xyz')).toBe('image/png');
  });
});

describe('extOf and downloadName', () => {
  it('reads the extension from ext, else the name', () => {
    expect(extOf({ name: 'a.PDB', ext: '' })).toBe('pdb');
    expect(extOf({ name: 'a', ext: '.SDF' })).toBe('sdf');
    expect(extOf({ name: 'noext', ext: '' })).toBe('');
  });
  it('adds the extension only when the name lacks it', () => {
    expect(downloadName({ name: 'ligand.sdf', ext: 'sdf' })).toBe('ligand.sdf');
    expect(downloadName({ name: 'ligand_1', ext: 'sdf' })).toBe('ligand_1.sdf');
  });
});
