import { describe, expect, it } from 'vitest';
import type { GalaxyLoadError, GalaxyTool } from '../../src/modules/tools/galaxy-model';
import { callGalaxy } from '../../src/modules/tools/galaxy-python';
import { RequirementResolver } from '../../src/modules/tools/requirements';
import { builtInToolsDir } from '../../src/modules/tools/tool-catalogue';
import { runToolTests } from '../../src/modules/tools/tool-test';

/**
 * The built-in catalogue (apps/server/galaxy-tools): every tool loads, can run on this
 * machine (its requirements resolve to Debian programs) and passes its own <tests>, run
 * through the same path as a user's job (tool-run.ts), as `medx tool-test` runs them.
 */
const { tools, errors } = await callGalaxy<{ tools: GalaxyTool[]; errors: GalaxyLoadError[] }>('load', {
  paths: [builtInToolsDir()],
});
const requirements = new RequirementResolver();

describe('the built-in tool catalogue', () => {
  it('loads without errors: at least 20 tools, each in a category, none twice', () => {
    expect(errors).toEqual([]);
    expect(tools.length).toBeGreaterThanOrEqual(20);
    expect(new Set(tools.map((tool) => tool.id)).size).toBe(tools.length);
    for (const tool of tools) expect(tool.category, tool.id).not.toBe('Other');
  });

  for (const tool of tools) {
    it(`${tool.id}: its requirements are met and its own tests pass`, { timeout: 600_000 }, async () => {
      expect(await requirements.unmet(tool.requirements)).toBeNull();
      expect(tool.tests.length).toBeGreaterThan(0);
      const results = await runToolTests(tool);
      expect(results.filter((r) => !r.ok).map((r) => `test ${r.index}: ${r.problems.join('; ')}`)).toEqual([]);
    });
  }
});
