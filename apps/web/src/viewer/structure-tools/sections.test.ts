import { describe, expect, it } from 'vitest';
import { STRUCTURE_TOOLS_SECTIONS, visibleSections } from './sections';

describe('Structure Tools sections (viewer spec §2)', () => {
  it('lists the spec sections in order', () => {
    expect(STRUCTURE_TOOLS_SECTIONS).toEqual([
      'structure',
      'measurements',
      'superposition',
      'quickStyles',
      'components',
      'volumeStreaming',
      'volume',
      'custom',
    ]);
  });

  it('hides Superposition with fewer than 2 structures', () => {
    expect(visibleSections({ structures: 0, volumes: 0, volumeStreaming: false })).not.toContain('superposition');
    expect(visibleSections({ structures: 1, volumes: 0, volumeStreaming: false })).not.toContain('superposition');
    expect(visibleSections({ structures: 2, volumes: 0, volumeStreaming: false })).toContain('superposition');
  });

  it('hides Volume without volumes and Volume Streaming unless enabled', () => {
    expect(visibleSections({ structures: 1, volumes: 0, volumeStreaming: false })).toEqual([
      'structure',
      'measurements',
      'quickStyles',
      'components',
      'custom',
    ]);
    expect(visibleSections({ structures: 2, volumes: 1, volumeStreaming: true })).toEqual([
      ...STRUCTURE_TOOLS_SECTIONS,
    ]);
  });
});
