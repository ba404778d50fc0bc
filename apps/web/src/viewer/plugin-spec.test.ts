import { StateActions } from 'molstar/lib/mol-plugin-state/actions';
import { StateTransforms } from 'molstar/lib/mol-plugin-state/transforms';
import { DefaultPluginUISpec } from 'molstar/lib/mol-plugin-ui/spec';
import { describe, expect, it } from 'vitest';
import { medViewSpec, REMOTE_ACTIONS } from './plugin-spec';

/** The display name of an action or a transformer offered as one. */
function nameOf(action: unknown): string {
  const definition = (action as { definition?: { display?: { name?: string } } }).definition;
  return definition?.display?.name ?? '';
}

describe("Med View's plugin spec", () => {
  const spec = medViewSpec({ lowGraphics: true });
  const actions = (spec.actions ?? []).map((entry) => entry.action);

  it('offers no action that fetches from the network', () => {
    for (const remote of REMOTE_ACTIONS) expect(actions).not.toContain(remote);
    // Whatever Mol* names them, nothing left downloads or streams.
    expect(actions.map(nameOf).filter((name) => /download|stream|url/i.test(name))).toEqual([]);
    // Every remote action was in Mol*'s default list: the filter is not aimed at nothing.
    const defaults = (DefaultPluginUISpec().actions ?? []).map((entry) => entry.action);
    for (const remote of REMOTE_ACTIONS) expect(defaults).toContain(remote);
    expect(actions.length).toBe(defaults.length - REMOTE_ACTIONS.size);
  });

  it('keeps the local actions (Open Files and the transforms)', () => {
    expect(actions).toContain(StateActions.DataFormat.OpenFiles);
    expect(actions).toContain(StateTransforms.Model.TrajectoryFromPDB);
    expect(actions).toContain(StateTransforms.Representation.StructureRepresentation3D);
  });

  it('lists no remote states; volume streaming is on, from this origin only', () => {
    expect(spec.components?.remoteState).toBe('none');
    const config = new Map((spec.config ?? []).map(([item, value]) => [item.key, value]));
    expect(config.get('volume-streaming.enabled')).toBe(true);
    // Mol*'s defaults (ds.litemol.org, ebi.ac.uk) replaced by addresses of this page's server.
    for (const key of ['volume-streaming.server', 'volume-streaming.emdb-header-server']) {
      expect(config.get(key), key).toBe(`${location.origin}/v1/volume-server`);
    }
    const canStream = config.get('volume-streaming.can-stream') as (s: { models: unknown[] }) => boolean;
    expect(canStream({ models: [{}] })).toBe(true);
    expect(canStream({ models: [{}, {}] })).toBe(false);
  });

  it('opens with the left panel collapsed to its tab strip and the Structure Tools shown', () => {
    expect(spec.layout?.initial?.regionState).toEqual({
      left: 'collapsed',
      top: 'full',
      right: 'full',
      bottom: 'full',
    });
  });
});
