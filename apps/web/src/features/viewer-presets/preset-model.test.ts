import { describe, expect, it } from 'vitest';
import {
  type CustomPreset,
  groupByComponent,
  mergeItems,
  PRESETS_STORAGE_KEY,
  type PresetDataItem,
  parsePresets,
  presetName,
  readCamera,
  readItem,
  serializePresets,
  withoutPreset,
  withPreset,
} from './preset-model';

const item = (over: Partial<PresetDataItem> = {}): PresetDataItem => ({
  componentType: 'structure-component-static-polymer',
  type: 'cartoon',
  typeParams: { alpha: 1, quality: 'auto' },
  colorTheme: { name: 'chain-id', params: {} },
  sizeTheme: { name: 'uniform', params: { value: 1 } },
  alpha: 1,
  transparencyLayers: [],
  selector: { type: { name: 'static', params: 'polymer' }, label: 'Polymer' },
  count: 1,
  ...over,
});

const camera = { mode: 'perspective', position: [0, 0, 50], target: [0, 0, 0], up: [0, 1, 0], radius: 20 };
const preset = (over: Partial<CustomPreset> = {}): CustomPreset => ({
  id: 'p1',
  name: 'Cartoon',
  state: { presetData: [item()], camera },
  ...over,
});

describe('custom presets (viewer spec §3, §5, §9)', () => {
  it('are kept under the spec key', () => {
    expect(PRESETS_STORAGE_KEY).toBe('medx-custom-presets');
  });

  it('need a name that is not blank', () => {
    expect(presetName('')).toBeNull();
    expect(presetName('   \t')).toBeNull();
    expect(presetName('  Pocket view ')).toBe('Pocket view');
  });

  it('round-trip through storage', () => {
    const presets = [preset(), preset({ id: 'p2', name: 'Surface', state: { presetData: [item()], camera: null } })];
    expect(parsePresets(serializePresets(presets))).toEqual(presets);
  });

  it('read nothing from a missing or corrupt value', () => {
    expect(parsePresets(null)).toEqual([]);
    expect(parsePresets('')).toEqual([]);
    expect(parsePresets('{not json')).toEqual([]);
    expect(parsePresets('{"id":"p1"}')).toEqual([]);
    expect(parsePresets('42')).toEqual([]);
  });

  it('drop invalid entries and repeated ids, keeping the valid ones', () => {
    const stored = JSON.stringify([
      preset(),
      { id: 'x', name: 'No state' },
      { ...preset({ id: 'blank' }), name: '  ' },
      preset({ id: 'bad-item', state: { presetData: [{ ...item(), alpha: 2 }], camera } }),
      preset({ id: 'empty', state: { presetData: [], camera } }),
      preset({ name: 'Same id again' }),
      null,
      'text',
    ]);
    expect(parsePresets(stored).map((p) => p.id)).toEqual(['p1']);
  });

  it('validate every item field', () => {
    expect(readItem(item())).toEqual(item());
    expect(readItem({ ...item(), type: '' })).toBeNull();
    expect(readItem({ ...item(), typeParams: [] })).toBeNull();
    expect(readItem({ ...item(), colorTheme: { name: 'chain-id' } })).toBeNull();
    expect(readItem({ ...item(), sizeTheme: null })).toBeNull();
    expect(readItem({ ...item(), alpha: -0.1 })).toBeNull();
    expect(readItem({ ...item(), alpha: Number.NaN })).toBeNull();
    expect(readItem({ ...item(), transparencyLayers: [{ bundle: {}, value: 1.5 }] })).toBeNull();
    expect(readItem({ ...item(), transparencyLayers: [{ bundle: {}, value: 0.5 }] })).not.toBeNull();
    expect(readItem({ ...item(), selector: 'polymer' })).toBeNull();
    expect(readItem({ ...item(), count: 0 })).toBeNull();
    expect(readItem({ ...item(), count: 1.5 })).toBeNull();
  });

  it('keep a camera only with its three vectors', () => {
    expect(readCamera(camera)).toEqual(camera);
    expect(readCamera({ ...camera, up: [0, 1] })).toBeNull();
    expect(readCamera({ ...camera, target: [0, 'a', 0] })).toBeNull();
    expect(readCamera('camera')).toBeNull();
    // A preset whose camera is unreadable still applies its representations.
    const stored = JSON.stringify([{ ...preset(), state: { presetData: [item()], camera: { position: 1 } } }]);
    expect(parsePresets(stored)[0]?.state.camera).toBeNull();
  });

  it('merge equal items of several structures, counting them', () => {
    const { count: _c, ...polymer } = item();
    const ligand = { ...polymer, type: 'ball-and-stick', componentType: 'structure-component-static-ligand' };
    const merged = mergeItems([polymer, ligand, polymer]);
    expect(merged).toHaveLength(2);
    expect(merged[0]?.count).toBe(2);
    expect(merged[1]?.count).toBe(1);
  });

  it('group items by component, keeping their order', () => {
    const surface = item({ type: 'molecular-surface' });
    const ligand = item({ componentType: 'ligand', selector: { type: { name: 'static', params: 'ligand' } } });
    const groups = groupByComponent([item(), ligand, surface]);
    expect(groups).toHaveLength(2);
    expect(groups[0]?.items.map((i) => i.type)).toEqual(['cartoon', 'molecular-surface']);
    expect(groups[1]?.componentType).toBe('ligand');
  });

  it('replace a preset of the same name in place and delete by id', () => {
    const list = [preset(), preset({ id: 'p2', name: 'Other' })];
    const replaced = withPreset(list, preset({ id: 'p3' }));
    expect(replaced.map((p) => p.id)).toEqual(['p3', 'p2']);
    expect(withPreset(list, preset({ id: 'p4', name: 'New' })).map((p) => p.id)).toEqual(['p1', 'p2', 'p4']);
    expect(withoutPreset(list, 'p1').map((p) => p.id)).toEqual(['p2']);
  });
});
