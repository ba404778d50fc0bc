import { describe, expect, it } from 'vitest';
import {
  CONTACT_COLORS,
  CONTACT_KINDS,
  contactKindOf,
  DEFAULT_INTERACTION_OPTIONS,
  enabledKinds,
  enabledProviders,
  INTERACTION_DEBOUNCE_MS,
  INTERACTION_DETECTION,
  INTERACTION_DISPLAY,
  INTERACTION_SWITCHES,
  molstarInteractionProps,
  objectAllows,
  sanitizeOptions,
} from './interaction-options';

describe('interaction options (viewer spec §3, §9)', () => {
  it('default to the spec: H-bonds, halogen, salt bridge, π-stacking, cation-π on; weak, aromatic, metal, ionic off; ligand-receptor', () => {
    expect(DEFAULT_INTERACTION_OPTIONS).toEqual({
      hydrogenBonds: true,
      weakHbonds: false,
      halogenBonds: true,
      saltBridge: true,
      piStacking: true,
      piCations: true,
      aromaticHBonds: false,
      metalCoordination: false,
      ionic: false,
      objectOfInteraction: 'ligandReceptor',
    });
  });

  it('keep the spec constants: radius 6, exchangeable H, H-bond 3.5 Å, dashes 4 × 0.8, size 0.6, 200 ms', () => {
    expect(INTERACTION_DETECTION).toEqual({ maxRadius: 6, exchangeableHydrogens: true, maxHydrogenBondLength: 3.5 });
    expect(INTERACTION_DISPLAY).toEqual({ dashCount: 4, dashScale: 0.8, sizeFactor: 0.6 });
    expect(INTERACTION_DEBOUNCE_MS).toBe(200);
  });

  it('colour each kind as §9 says (salt bridge as hydrophobic, aromatic H-bond as weak H-bond)', () => {
    expect(CONTACT_COLORS).toMatchObject({
      'hydrogen-bond': '#FFA500',
      'weak-hydrogen-bond': '#FFFF00',
      'halogen-bond': '#00CED1',
      'metal-coordination': '#8C4099',
      ionic: '#FF69B4',
      hydrophobic: '#CCCCCC',
      'pi-stacking': '#0000FF',
      'cation-pi': '#00FF00',
    });
    expect(CONTACT_COLORS['salt-bridge']).toBe(CONTACT_COLORS.hydrophobic);
    expect(CONTACT_COLORS['aromatic-h-bond']).toBe(CONTACT_COLORS['weak-hydrogen-bond']);
    expect(Object.keys(CONTACT_COLORS).sort()).toEqual([...CONTACT_KINDS].sort());
  });

  it('map saltBridge to Mol*’s hydrophobic provider, and both weak switches to the weak H-bond provider', () => {
    const none = Object.fromEntries(INTERACTION_SWITCHES.map((s) => [s, false]));
    const only = (s: string) => ({ ...DEFAULT_INTERACTION_OPTIONS, ...none, [s]: true });
    expect(enabledProviders(only('saltBridge'))).toEqual(['hydrophobic']);
    expect(enabledProviders(only('aromaticHBonds'))).toEqual(['weak-hydrogen-bonds']);
    expect(enabledProviders(only('weakHbonds'))).toEqual(['weak-hydrogen-bonds']);
    expect(enabledProviders(only('piCations'))).toEqual(['cation-pi']);
    expect(enabledKinds(only('saltBridge'))).toEqual(new Set(['hydrophobic']));
    expect(enabledKinds(only('aromaticHBonds'))).toEqual(new Set(['aromatic-h-bond']));
  });

  it('give Mol* every provider, on or off, with the 3.5 Å H-bond length and hydrogens ignored', () => {
    const { providers } = molstarInteractionProps(DEFAULT_INTERACTION_OPTIONS);
    expect(Object.keys(providers).sort()).toEqual(
      [
        'cation-pi',
        'halogen-bonds',
        'hydrogen-bonds',
        'hydrophobic',
        'ionic',
        'metal-coordination',
        'pi-stacking',
        'weak-hydrogen-bonds',
      ].sort(),
    );
    expect(providers['hydrogen-bonds']).toEqual({ name: 'on', params: { distanceMax: 3.5, ignoreHydrogens: true } });
    expect(providers.hydrophobic?.name).toBe('on');
    expect(providers.ionic).toEqual({ name: 'off', params: {} });
    expect(providers['weak-hydrogen-bonds']?.name).toBe('off');
    expect(providers['metal-coordination']?.name).toBe('off');
  });

  it('type Mol*’s contacts: a weak H-bond from an aromatic donor is an aromatic H-bond; unknown kinds are dropped', () => {
    expect(contactKindOf('weak-hydrogen-bond', true)).toBe('aromatic-h-bond');
    expect(contactKindOf('weak-hydrogen-bond', false)).toBe('weak-hydrogen-bond');
    expect(contactKindOf('hydrogen-bond', true)).toBe('hydrogen-bond');
    expect(contactKindOf('water-bridge', false)).toBeNull();
    expect(contactKindOf('unknown', false)).toBeNull();
  });

  it('filter contacts by the object of interaction', () => {
    expect(objectAllows('ligandReceptor', 'ligand', 'receptor')).toBe(true);
    expect(objectAllows('ligandReceptor', 'receptor', 'ligand')).toBe(true);
    expect(objectAllows('ligandReceptor', 'ligand', 'ligand')).toBe(false);
    expect(objectAllows('intraLigand', 'ligand', 'ligand')).toBe(true);
    expect(objectAllows('intraLigand', 'ligand', 'receptor')).toBe(false);
    expect(objectAllows('intraReceptor', 'receptor', 'receptor')).toBe(true);
    expect(objectAllows('intraReceptor', 'ligand', 'receptor')).toBe(false);
    expect(objectAllows('all', 'ligand', 'ligand')).toBe(true);
  });

  it('read stored options back: known keys of the right type, defaults for the rest', () => {
    expect(sanitizeOptions(null)).toEqual(DEFAULT_INTERACTION_OPTIONS);
    expect(
      sanitizeOptions({ ionic: true, hydrogenBonds: 'yes', objectOfInteraction: 'intraLigand', extra: 1 }),
    ).toEqual({
      ...DEFAULT_INTERACTION_OPTIONS,
      ionic: true,
      objectOfInteraction: 'intraLigand',
    });
    expect(sanitizeOptions({ objectOfInteraction: 'everything' }).objectOfInteraction).toBe('ligandReceptor');
  });
});
