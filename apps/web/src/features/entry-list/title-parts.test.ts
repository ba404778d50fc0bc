import { describe, expect, it } from 'vitest';
import { TITLE_SPLIT_FROM, TITLE_TAIL, titleParts } from './title-parts';

describe('titleParts', () => {
  it('leaves short titles whole', () => {
    expect(titleParts('7cnq_ligand.sdf')).toEqual({ head: '7cnq_ligand.sdf', tail: '' });
    const edge = 'a'.repeat(TITLE_SPLIT_FROM);
    expect(titleParts(edge)).toEqual({ head: edge, tail: '' });
  });

  it('keeps the end of a long title, extension and all, and the rest in the head', () => {
    const name = '1w1p_receptor_prepared_protonated_pH7.4.pdb';
    const { head, tail } = titleParts(name);
    expect(tail).toBe('_pH7.4.pdb');
    expect(tail).toHaveLength(TITLE_TAIL);
    expect(head + tail).toBe(name);
  });

  it('never cuts a character in half', () => {
    const name = `蛋白质结构${'😀'.repeat(20)}.pdb`;
    const { head, tail } = titleParts(name);
    expect(head + tail).toBe(name);
    expect([...tail]).toHaveLength(TITLE_TAIL);
  });
});
