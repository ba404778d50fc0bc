import { describe, expect, it } from 'vitest';
import { DOCKING_LIMITS, DockingJobParams, DockingRequest } from './docking';
import { COORDINATE_MAX, ID_MAX, VINA_SEED } from './limits';
import { messages } from './messages';

/** Issue 9: the docking request's numbers are bounded where Vina and the structures are. */
const body = (patch: { pocket?: object; settings?: object; [key: string]: unknown } = {}) => ({
  project_id: 1,
  protein_id: 2,
  ligand_ids: [3],
  ...patch,
  pocket: { size_x: 20, size_y: 20, size_z: 20, center_x: 10, center_y: -5, center_z: 3, ...patch.pocket },
  settings: { ...patch.settings },
});
const issue = (input: unknown) => {
  const result = DockingRequest.safeParse(input);
  return result.success
    ? null
    : { path: result.error.issues[0]!.path.join('.'), message: result.error.issues[0]!.message };
};

describe('DockingRequest bounds', () => {
  it('takes a real request', () => {
    expect(DockingRequest.safeParse(body()).success).toBe(true);
  });

  it('box centres: finite and within ±COORDINATE_MAX Å (what PDB columns hold)', () => {
    expect(COORDINATE_MAX).toBe(10_000);
    for (const axis of ['center_x', 'center_y', 'center_z']) {
      for (const bad of [
        1e308,
        -1e308,
        COORDINATE_MAX + 0.01,
        -COORDINATE_MAX - 0.01,
        Number.NaN,
        Number.POSITIVE_INFINITY,
      ]) {
        expect(issue(body({ pocket: { [axis]: bad } }))?.path, `${axis} = ${bad}`).toBe(`pocket.${axis}`);
      }
      expect(DockingRequest.safeParse(body({ pocket: { [axis]: -COORDINATE_MAX } })).success).toBe(true);
      expect(DockingRequest.safeParse(body({ pocket: { [axis]: COORDINATE_MAX } })).success).toBe(true);
    }
  });

  it('box edges: above 0 and at most boxEdgeMax; no box at all is the spec text', () => {
    expect(issue(body({ pocket: { size_y: DOCKING_LIMITS.boxEdgeMax + 1 } }))).toEqual({
      path: 'pocket.size_y',
      message: 'invalidValue',
    });
    expect(issue(body({ pocket: { size_z: 0 } }))).toEqual({ path: 'pocket.size_z', message: 'invalidValue' });
    expect(issue(body({ pocket: { size_x: 0, size_y: 0, size_z: 0 } }))).toEqual({
      path: 'pocket',
      message: 'dockingPocketRequired',
    });
  });

  it('seed: a whole number from 1 to 2^31 − 1 (Vina’s int; 0 would make Vina draw its own)', () => {
    expect(VINA_SEED).toEqual({ min: 1, max: 2147483647 });
    for (const bad of [0, -1, 2 ** 31, 1.5, 1e308]) {
      expect(issue(body({ settings: { seed: bad } }))?.path, `seed ${bad}`).toBe('settings.seed');
    }
    for (const good of [1, 2 ** 31 - 1])
      expect(DockingRequest.safeParse(body({ settings: { seed: good } })).success).toBe(true);
    // A stored job's params are held to the same range before Vina sees them.
    const params = {
      ...DockingRequest.parse(body()),
      settings: { ...DockingRequest.parse(body()).settings, seed: 2 ** 31 },
    };
    expect(DockingJobParams.safeParse(params).success).toBe(false);
  });

  it('retain count: 1 to 20 (the spec’s minimum message kept), ids within PostgreSQL integers', () => {
    expect(issue(body({ settings: { retain_count: 0 } }))?.message).toBe('dockingRetainCountMin');
    expect(issue(body({ settings: { retain_count: 21 } }))?.path).toBe('settings.retain_count');
    expect(issue(body({ project_id: ID_MAX + 1 }))?.path).toBe('project_id');
    expect(issue(body({ ligand_ids: [ID_MAX + 1] }))?.path).toBe('ligand_ids.0');
    expect(issue(body({ protein_id: ID_MAX + 1 }))?.message).toBe('dockingProteinRequired');
  });
});

describe('validation texts (messages-validation.ts)', () => {
  it('every field-named text names its {field}, in both languages', () => {
    for (const [key, texts] of Object.entries(messages)) {
      if (!key.startsWith('validation')) continue;
      expect(texts.en, key).toMatch(/^\{field\}: /);
      expect(texts['zh-CN'], key).toMatch(/^\{field\}：/);
    }
  });
});
