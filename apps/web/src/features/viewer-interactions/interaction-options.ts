/**
 * Interaction options, contact kinds, colours and their mapping onto Mol*'s contact providers
 * (viewer spec §3 "Interaction options" and "Interaction contact kinds", §9 "Interactions").
 * Pure: no Mol* import, so the rules are unit-tested and the 2D diagram shares them.
 */

/** Spec §3: the option switches, in the spec's order. */
export const INTERACTION_SWITCHES = [
  'hydrogenBonds',
  'weakHbonds',
  'halogenBonds',
  'saltBridge',
  'piStacking',
  'piCations',
  'aromaticHBonds',
  'metalCoordination',
  'ionic',
] as const;
export type InteractionSwitch = (typeof INTERACTION_SWITCHES)[number];

/** Spec §3: the object of interaction. */
export const INTERACTION_OBJECTS = ['all', 'ligandReceptor', 'intraLigand', 'intraReceptor'] as const;
export type InteractionObject = (typeof INTERACTION_OBJECTS)[number];

export type InteractionOptions = Record<InteractionSwitch, boolean> & { objectOfInteraction: InteractionObject };

/**
 * Spec §3 defaults. aromaticHBonds is not in the spec's list; §9 enables every contact kind by
 * default except weak-hydrogen-bond and aromatic-h-bond, so it is off.
 */
export const DEFAULT_INTERACTION_OPTIONS: InteractionOptions = {
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
};

/** Spec §9 detection defaults. */
export const INTERACTION_DETECTION = {
  /** Å around the ligands within which receptor atoms are considered. */
  maxRadius: 6,
  /** Explicit hydrogens on exchangeable groups are not trusted for geometry (Mol*'s ignoreHydrogens). */
  exchangeableHydrogens: true,
  /** Å, donor to acceptor. */
  maxHydrogenBondLength: 3.5,
} as const;

/** Spec §9 display. */
export const INTERACTION_DISPLAY = { dashCount: 4, dashScale: 0.8, sizeFactor: 0.6 } as const;

/** Spec §8/§9: option changes are applied 200 ms after the last one. */
export const INTERACTION_DEBOUNCE_MS = 200;

/** Spec §3: the contact kinds, in the spec's order. */
export const CONTACT_KINDS = [
  'hydrogen-bond',
  'ionic',
  'pi-stacking',
  'metal-coordination',
  'halogen-bond',
  'hydrophobic',
  'weak-hydrogen-bond',
  'cation-pi',
  'salt-bridge',
  'aromatic-h-bond',
] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/**
 * Spec §9 colours. The spec gives none for salt-bridge and aromatic-h-bond: a salt bridge is
 * drawn as the hydrophobic contact it is mapped to, an aromatic H-bond as the weak H-bond it is.
 */
export const CONTACT_COLORS: Record<ContactKind, string> = {
  'hydrogen-bond': '#FFA500',
  'weak-hydrogen-bond': '#FFFF00',
  'halogen-bond': '#00CED1',
  'metal-coordination': '#8C4099',
  ionic: '#FF69B4',
  hydrophobic: '#CCCCCC',
  'pi-stacking': '#0000FF',
  'cation-pi': '#00FF00',
  'salt-bridge': '#CCCCCC',
  'aromatic-h-bond': '#FFFF00',
};

/** Mol*'s contact providers (mol-model-props/computed/interactions). */
export const MOLSTAR_PROVIDERS = [
  'ionic',
  'pi-stacking',
  'cation-pi',
  'halogen-bonds',
  'hydrogen-bonds',
  'weak-hydrogen-bonds',
  'hydrophobic',
  'metal-coordination',
] as const;
export type MolstarProvider = (typeof MOLSTAR_PROVIDERS)[number];

/**
 * Which Mol* provider each switch turns on. saltBridge is mapped to hydrophobic (spec §3);
 * aromatic H-bonds are Mol*'s weak H-bonds whose donor carbon is aromatic, so both weak
 * switches need the weak provider (the kinds are told apart afterwards, see `contactKindOf`).
 */
export const SWITCH_PROVIDER: Record<InteractionSwitch, MolstarProvider> = {
  hydrogenBonds: 'hydrogen-bonds',
  weakHbonds: 'weak-hydrogen-bonds',
  halogenBonds: 'halogen-bonds',
  saltBridge: 'hydrophobic',
  piStacking: 'pi-stacking',
  piCations: 'cation-pi',
  aromaticHBonds: 'weak-hydrogen-bonds',
  metalCoordination: 'metal-coordination',
  ionic: 'ionic',
};

/** The contact kind each switch shows. */
export const SWITCH_KIND: Record<InteractionSwitch, ContactKind> = {
  hydrogenBonds: 'hydrogen-bond',
  weakHbonds: 'weak-hydrogen-bond',
  halogenBonds: 'halogen-bond',
  saltBridge: 'hydrophobic',
  piStacking: 'pi-stacking',
  piCations: 'cation-pi',
  aromaticHBonds: 'aromatic-h-bond',
  metalCoordination: 'metal-coordination',
  ionic: 'ionic',
};

/** Providers to run for these options (each once). */
export function enabledProviders(options: InteractionOptions): MolstarProvider[] {
  const on = new Set<MolstarProvider>();
  for (const s of INTERACTION_SWITCHES) if (options[s]) on.add(SWITCH_PROVIDER[s]);
  return MOLSTAR_PROVIDERS.filter((p) => on.has(p));
}

/** Contact kinds shown for these options. */
export function enabledKinds(options: InteractionOptions): Set<ContactKind> {
  return new Set(INTERACTION_SWITCHES.filter((s) => options[s]).map((s) => SWITCH_KIND[s]));
}

/**
 * Mol*'s `InteractionsProps` for these options: every provider present, on or off, the
 * hydrogen-bond length and hydrogen handling of §9 on both H-bond providers. (Parameters not
 * named keep Mol*'s defaults: Mol* merges these over them.)
 */
export function molstarInteractionProps(options: InteractionOptions) {
  const on = new Set(enabledProviders(options));
  const hydrogen = {
    distanceMax: INTERACTION_DETECTION.maxHydrogenBondLength,
    ignoreHydrogens: INTERACTION_DETECTION.exchangeableHydrogens,
  };
  const providers: Record<string, { name: 'on' | 'off'; params: Record<string, unknown> }> = {};
  for (const p of MOLSTAR_PROVIDERS) {
    const params = p === 'hydrogen-bonds' || p === 'weak-hydrogen-bonds' ? hydrogen : {};
    providers[p] = on.has(p) ? { name: 'on', params } : { name: 'off', params: {} };
  }
  return { providers };
}

/** Mol*'s kind names (extensions/interactions/model.ts) that have a contact kind here. */
const MOLSTAR_KIND: Record<string, ContactKind> = {
  ionic: 'ionic',
  'pi-stacking': 'pi-stacking',
  'cation-pi': 'cation-pi',
  'halogen-bond': 'halogen-bond',
  'hydrogen-bond': 'hydrogen-bond',
  'weak-hydrogen-bond': 'weak-hydrogen-bond',
  hydrophobic: 'hydrophobic',
  'metal-coordination': 'metal-coordination',
};

/**
 * Our kind of a contact Mol* found: its own kind, except that a weak H-bond from an aromatic
 * carbon is an aromatic H-bond. Null for kinds we do not show (unknown, water bridges).
 */
export function contactKindOf(molstarKind: string, donorAromatic: boolean): ContactKind | null {
  const kind = MOLSTAR_KIND[molstarKind] ?? null;
  if (kind === 'weak-hydrogen-bond' && donorAromatic) return 'aromatic-h-bond';
  return kind;
}

/** Which side of a contact each end is on, for the object of interaction. */
export type ContactSide = 'ligand' | 'receptor';

/** Whether a contact between these two sides is shown for the object of interaction (spec §3). */
export function objectAllows(object: InteractionObject, a: ContactSide, b: ContactSide): boolean {
  switch (object) {
    case 'all':
      return true;
    case 'ligandReceptor':
      return a !== b;
    case 'intraLigand':
      return a === 'ligand' && b === 'ligand';
    case 'intraReceptor':
      return a === 'receptor' && b === 'receptor';
  }
}

/** Options read back from storage: known keys of the right type, defaults for the rest. */
export function sanitizeOptions(raw: unknown): InteractionOptions {
  const out: InteractionOptions = { ...DEFAULT_INTERACTION_OPTIONS };
  if (!raw || typeof raw !== 'object') return out;
  const record = raw as Record<string, unknown>;
  for (const s of INTERACTION_SWITCHES) if (typeof record[s] === 'boolean') out[s] = record[s];
  const object = record.objectOfInteraction;
  if (typeof object === 'string' && (INTERACTION_OBJECTS as readonly string[]).includes(object)) {
    out.objectOfInteraction = object as InteractionObject;
  }
  return out;
}
