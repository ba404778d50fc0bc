import { describe, expect, it } from 'vitest';
import {
  ALL_TAB,
  categoryTabs,
  displayTags,
  FAV_TAB,
  fromWorkflowItem,
  type GuideItem,
  itemsOfTab,
  matchesSearch,
  sortItems,
  toolAllowed,
  workflowIdOf,
} from './catalogue';
import { parseFavourites, toggled } from './favourites';
import { clampPanelHeight, initialPanelHeight } from './panel-size';

const item = (id: string, name: string, extra: Partial<GuideItem> = {}): GuideItem => ({
  id,
  name,
  version: '1.0',
  description: '',
  category: 'Docking',
  tags: [],
  isWorkflow: false,
  available: true,
  unavailableReason: null,
  allowed: true,
  ...extra,
});

describe('tag display (spec §5, §9)', () => {
  it('drops tags over 18 characters and shows at most 2', () => {
    expect(displayTags(['alignment', 'a-very-long-tag-name-here', 'pdb', 'extra'])).toEqual(['alignment', 'pdb']);
    expect(displayTags(['exactly-18-chars!!', 'x'])).toEqual(['exactly-18-chars!!']);
    expect(displayTags([])).toEqual([]);
    expect(displayTags(['this-is-19-chars!!!'])).toEqual([]);
  });

  it('shows only the first when it is longer than 12 characters', () => {
    expect(displayTags(['thirteen-char', 'b'])).toEqual(['thirteen-char']);
    expect(displayTags(['twelve-chars', 'b'])).toEqual(['twelve-chars', 'b']);
    // The first of those left counts, after the long ones are dropped.
    expect(displayTags(['a-very-long-tag-name-here', 'short', 'b'])).toEqual(['short', 'b']);
  });
});

describe('tool search (spec §5)', () => {
  const tool = { id: 'tmalign', name: 'TM-align', description: 'Protein Structure alignment' };
  it('is case-insensitive on id, name or description', () => {
    expect(matchesSearch(tool, 'TMALIGN')).toBe(true);
    expect(matchesSearch(tool, 'tm-Al')).toBe(true);
    expect(matchesSearch(tool, 'structure ALIGN')).toBe(true);
    expect(matchesSearch(tool, '  ')).toBe(true);
    expect(matchesSearch(tool, 'needle')).toBe(false);
  });
});

describe('categories and sorting (spec §9)', () => {
  const items = [
    item('b', 'beta', { category: 'Docking' }),
    item('z', 'Zeta', { category: 'Alpha custom' }),
    item('s', 'seq', { category: 'sequence analysis' }),
    item('p', 'pred', { category: 'Structure Prediction' }),
    item('o', 'other', { category: '' }),
    item('wf_1', 'Workflow Z', { category: 'Docking', isWorkflow: true }),
    item('a', 'Alpha', { category: 'Docking' }),
  ];

  it('puts ALL and FAV first, then the spec categories in its order, then the others', () => {
    expect(categoryTabs(items)).toEqual([
      ALL_TAB,
      FAV_TAB,
      'Structure Prediction',
      'Sequence Analysis',
      'Docking',
      'Alpha custom',
      '',
    ]);
    expect(categoryTabs([])).toEqual([ALL_TAB, FAV_TAB]);
  });

  it('sorts workflows first, then by name ignoring case', () => {
    expect(sortItems(items).map((i) => i.id)).toEqual(['wf_1', 'a', 'b', 'o', 'p', 's', 'z']);
  });

  it('lists a tab: all, favourites or one category, searched', () => {
    expect(itemsOfTab(items, ALL_TAB, [], '').length).toBe(7);
    expect(itemsOfTab(items, FAV_TAB, ['z', 'a'], '').map((i) => i.id)).toEqual(['a', 'z']);
    expect(itemsOfTab(items, 'Docking', [], '').map((i) => i.id)).toEqual(['wf_1', 'a', 'b']);
    expect(itemsOfTab(items, 'Sequence Analysis', [], '').map((i) => i.id)).toEqual(['s']);
    expect(itemsOfTab(items, 'Docking', [], 'ALP').map((i) => i.id)).toEqual(['a']);
  });
});

describe('tool access (spec §6)', () => {
  it('allows MENUS and true, denies false, a list names denied ids, a map per id', () => {
    expect(toolAllowed('MENUS', 't')).toBe(true);
    expect(toolAllowed(true, 't')).toBe(true);
    expect(toolAllowed(false, 't')).toBe(false);
    expect(toolAllowed(undefined, 't')).toBe(false);
    expect(toolAllowed(['x'], 't')).toBe(true);
    expect(toolAllowed(['t'], 't')).toBe(false);
    expect(toolAllowed({ t: 'deny' }, 't')).toBe(false);
    expect(toolAllowed({ t: false }, 't')).toBe(false);
    expect(toolAllowed({ t: true, u: false }, 't')).toBe(true);
  });
});

describe('favourites (spec §3 toolGuide.favorites)', () => {
  it('reads a JSON list of ids, anything else is none', () => {
    expect(parseFavourites('["a","b","a",3]')).toEqual(['a', 'b']);
    expect(parseFavourites('{"a":1}')).toEqual([]);
    expect(parseFavourites('not json')).toEqual([]);
    expect(parseFavourites(null)).toEqual([]);
  });

  it('toggles an id in and out', () => {
    expect(toggled(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggled(['a', 'b'], 'a')).toEqual(['b']);
  });
});

describe('tutorial panel size (spec §9)', () => {
  it('starts at 38% of the window and stays between 140 px and 90%', () => {
    expect(initialPanelHeight(1000)).toBe(380);
    expect(initialPanelHeight(300)).toBe(140);
    expect(clampPanelHeight(50, 1000)).toBe(140);
    expect(clampPanelHeight(2000, 1000)).toBe(900);
    expect(clampPanelHeight(500, 1000)).toBe(500);
  });
});

describe('workflow cards (spec §3: wf_ ids, marked as workflows)', () => {
  const workflow = {
    id: 'docking',
    name: 'Docking',
    enabled: true,
    description: 'prepare, pocket, dock',
    tags: ['Docking', 'Vina'],
    runnable: true,
    missing_tools: [],
    source: 'builtin' as const,
  };

  it('is a card with the wf_ prefix, in its first tag’s category, its own id behind it', () => {
    const card = fromWorkflowItem(workflow);
    expect(card).toMatchObject({
      id: 'wf_docking',
      isWorkflow: true,
      category: 'Docking',
      available: true,
      allowed: true,
    });
    expect(workflowIdOf(card)).toBe('docking');
    expect(sortItems([item('a', 'Alpha'), card]).map((i) => i.id)).toEqual(['wf_docking', 'a']);
  });

  it('is unavailable naming its missing tools, and not allowed when the policy denies it', () => {
    const card = fromWorkflowItem({ ...workflow, runnable: false, missing_tools: ['x', 'y'], enabled: false });
    expect(card).toMatchObject({ available: false, unavailableReason: 'x, y', allowed: false });
  });
});
