import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { GalaxyLoadError, GalaxyTool } from '../../src/modules/tools/galaxy-model';
import { callGalaxy } from '../../src/modules/tools/galaxy-python';
import { RequirementResolver } from '../../src/modules/tools/requirements';
import { runToolTests } from '../../src/modules/tools/tool-test';

/**
 * Public Galaxy wrappers, byte for byte as published (test/fixtures/published/SOURCES.md):
 * they load, their requirements resolve to Debian's programs, and their own <tests> give the
 * outputs they expect through the same path as a user's job. The one test that cannot pass is
 * named with its reason: it checks a composite datatype (Open Babel's fastsearch index,
 * `obfs`, written only as extra files), which MedX does not support.
 */
const folder = (name: string) => fileURLToPath(new URL(`../fixtures/published/${name}`, import.meta.url));
const { tools, errors } = await callGalaxy<{ tools: GalaxyTool[]; errors: GalaxyLoadError[] }>('load', {
  paths: [folder('openbabel'), folder('filter_compounds')],
});
const requirements = new RequirementResolver();
const byId = (id: string) => tools.find((tool) => tool.id === id)!;

describe('unmodified public Galaxy wrappers', () => {
  it('load without errors', () => {
    expect(errors).toEqual([]);
    expect(tools.map((tool) => tool.id).sort()).toEqual([
      'filter_orgmet_anorg',
      'openbabel_compound_convert',
      'openbabel_remIons',
    ]);
  });

  it.each(['openbabel_remIons', 'filter_orgmet_anorg'])('%s: requirements met, every own test passes', async (id) => {
    const tool = byId(id);
    expect(await requirements.unmet(tool.requirements)).toBeNull();
    const results = await runToolTests(tool);
    expect(results.length).toBeGreaterThan(0);
    expect(results.filter((r) => !r.ok).map((r) => `test ${r.index}: ${r.problems.join('; ')}`)).toEqual([]);
  });

  it('openbabel_compound_convert: every own test passes but the composite obfs one', async () => {
    const tool = byId('openbabel_compound_convert');
    expect(await requirements.unmet(tool.requirements)).toBeNull();
    const results = await runToolTests(tool);
    expect(results.length).toBe(7);
    const failed = results.filter((r) => !r.ok);
    expect(failed.map((r) => r.index)).toEqual([2]);
    expect(failed[0]!.problems.join('; ')).toMatch(/outfile/);
  });
});
