import type { ToolPanelItem, WorkflowItem } from '@medx/contract';

/**
 * The Tools dialog's and the Tool guide's rules, pure (spec §4 Tool card, §5 Tool search and
 * Tag display, §6 Tool access, §9 categories, sorting and tag limits).
 */

/** One card of the guide: a tool of the panel, or a workflow of the catalogue. */
export interface GuideItem {
  id: string;
  name: string;
  version: string;
  description: string;
  category: string;
  tags: string[];
  /** Workflows come first in every list (spec §9); their ids carry the wf_ prefix (spec §3). */
  isWorkflow: boolean;
  available: boolean;
  unavailableReason: string | null;
  /** The caller's policy allows it (spec §6); a denied one opens the no-licence reminder. */
  allowed: boolean;
}

export const fromPanelItem = (tool: ToolPanelItem): GuideItem => ({
  id: tool.id,
  name: tool.name,
  version: tool.version,
  description: tool.description,
  category: tool.category,
  tags: tool.tags,
  isWorkflow: false,
  available: tool.available,
  unavailableReason: tool.unavailable_reason,
  allowed: tool.allowed,
});

/** A workflow card's id: the workflow's id with the spec's wf_ prefix (spec §3). */
export const WORKFLOW_CARD_PREFIX = 'wf_';

/**
 * A workflow of GET /v1/workflows as a guide card: in the category of its first tag, runnable
 * when every tool it names is installed (else the missing tools are the reason), allowed by
 * the caller's workflows policy (`enabled`).
 */
export const fromWorkflowItem = (workflow: WorkflowItem): GuideItem => ({
  id: `${WORKFLOW_CARD_PREFIX}${workflow.id}`,
  name: workflow.name,
  version: '',
  description: workflow.description,
  category: workflow.tags[0] ?? '',
  tags: workflow.tags,
  isWorkflow: true,
  available: workflow.runnable,
  unavailableReason: workflow.runnable ? null : workflow.missing_tools.join(', '),
  allowed: workflow.enabled,
});

/** The workflow id behind a workflow card. */
export const workflowIdOf = (item: GuideItem): string => item.id.slice(WORKFLOW_CARD_PREFIX.length);

/** Spec §9, in order. 'Favourites' is the FAV tab; the others are tabs when tools carry them. */
export const TOOL_CATEGORIES = [
  'Favourites',
  'Structure Prediction',
  'Structure Alignment',
  'Humanization',
  'Immunogenicity',
  'Affinity Maturation',
  'Stability',
  'Developability',
  'Sequence Analysis',
  'Patent Analysis',
  'Protein Design',
  'Antibody Design',
  'Enzyme',
  'Peptide',
  'DNA/RNA',
  'Target Identification',
  'Molecule Generation',
  'Virtual Screening',
  'Molecular Property',
  'Docking',
  'Format Conversion',
  'Molecular Dynamics',
  'Structure Preparation',
  'Trajectory Analysis',
  'Binding Free Energy',
] as const;

export const ALL_TAB = 'ALL';
export const FAV_TAB = 'FAV';

/** Spec §9 tag limits. */
export const TAG_MAX_LENGTH = 18;
export const TAGS_SHOWN = 2;
/** A first tag longer than this is shown alone. */
export const TAG_ALONE_AFTER = 12;

/**
 * Spec §5 Tag display: tags over 18 characters are dropped; at most 2 are shown, only 1 when
 * the first (of those left) is longer than 12.
 */
export function displayTags(tags: readonly string[]): string[] {
  const kept = tags.map((tag) => tag.trim()).filter((tag) => tag.length > 0 && tag.length <= TAG_MAX_LENGTH);
  const first = kept[0];
  if (first === undefined) return [];
  return first.length > TAG_ALONE_AFTER ? [first] : kept.slice(0, TAGS_SHOWN);
}

/** Spec §5 Tool search: case-insensitive on id, name or description; a blank query matches all. */
export function matchesSearch(item: Pick<GuideItem, 'id' | 'name' | 'description'>, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [item.id, item.name, item.description].some((text) => text.toLowerCase().includes(needle));
}

/** Spec §9 Sorting: workflows first, then alphabetical by name (case-insensitive, then by id). */
export function compareItems(a: GuideItem, b: GuideItem): number {
  if (a.isWorkflow !== b.isWorkflow) return a.isWorkflow ? -1 : 1;
  const byName = a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
  return byName !== 0 ? byName : a.id.localeCompare(b.id);
}

export const sortItems = (items: readonly GuideItem[]): GuideItem[] => [...items].sort(compareItems);

const SPEC_RANK = new Map<string, number>(TOOL_CATEGORIES.map((name, index) => [name.toLowerCase(), index]));

/** The spec's spelling of a category (its rank decides the order), or the tool's own. */
export function canonicalCategory(category: string): string {
  const rank = SPEC_RANK.get(category.trim().toLowerCase());
  return rank === undefined ? category.trim() : (TOOL_CATEGORIES[rank] as string);
}

/**
 * The guide's tabs (spec §9): ALL and FAV first, then the spec's categories in its order that
 * have tools, then the other categories (alphabetical; a tool without one is under '').
 */
export function categoryTabs(items: readonly GuideItem[]): string[] {
  const present = new Set(items.map((item) => canonicalCategory(item.category)));
  present.delete('Favourites');
  const known = TOOL_CATEGORIES.filter((name) => present.has(name));
  const others = [...present]
    .filter((name) => !SPEC_RANK.has(name.toLowerCase()))
    .sort((a, b) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b, 'en', { sensitivity: 'base' })));
  return [ALL_TAB, FAV_TAB, ...known, ...others];
}

/** The cards of a tab, searched and sorted. */
export function itemsOfTab(
  items: readonly GuideItem[],
  tab: string,
  favourites: readonly string[],
  query: string,
): GuideItem[] {
  const favs = new Set(favourites);
  return sortItems(
    items.filter((item) => {
      if (!matchesSearch(item, query)) return false;
      if (tab === ALL_TAB) return true;
      if (tab === FAV_TAB) return favs.has(item.id);
      return canonicalCategory(item.category) === tab;
    }),
  );
}

/**
 * Spec §6 / §4 Tool access check: MENUS or true allow all, false denies, a list names denied
 * ids; a map (the workflows' form) gives true, false or 'deny' per id. No data: denied.
 */
export function toolAllowed(policy: unknown, toolId: string): boolean {
  if (policy === 'MENUS' || policy === true) return true;
  if (Array.isArray(policy)) return !policy.includes(toolId);
  if (policy && typeof policy === 'object') {
    const value = (policy as Record<string, unknown>)[toolId];
    return value !== false && value !== 'deny';
  }
  if (typeof policy === 'string') return policy !== 'deny';
  return false;
}
