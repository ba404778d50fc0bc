import { LANGS } from '@medx/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { DOC_NAMES } from './doc-sources';
import { type Block, type Inline, parseDoc } from './markdown';

/**
 * The help pages' texts (i18n/docs/<lang>/<name>.md): every document exists in every language,
 * parses, has the same sections with the same ids in the same order (so links and the table of
 * contents work in both), its title is the name the app links it by, and its links lead somewhere.
 */
const files = import.meta.glob<string>('../../i18n/docs/*/*.md', { eager: true, query: '?raw', import: 'default' });

const source = (lang: string, name: string) => files[`../../i18n/docs/${lang}/${name}.md`];

function links(blocks: readonly Block[]): string[] {
  const fromInlines = (inlines: readonly Inline[]): string[] =>
    inlines.flatMap((inline) =>
      inline.kind === 'link'
        ? [inline.href, ...fromInlines(inline.children)]
        : inline.kind === 'strong'
          ? fromInlines(inline.children)
          : [],
    );
  return blocks.flatMap((block) => {
    if (block.kind === 'p' || block.kind === 'note') return fromInlines(block.inlines);
    if (block.kind === 'table') return [...block.head, ...block.rows.flat()].flatMap(fromInlines);
    return block.items.flatMap(fromInlines);
  });
}

/** The sections each page promises (the e2e test checks them on the served pages too). */
const PROMISED: Record<(typeof DOC_NAMES)[number], string[]> = {
  help: [
    'accounts',
    'guests',
    'projects',
    'sharing',
    'workspace',
    'importing',
    'import-structure',
    'get-pdb',
    'export-structure',
    'entry-list',
    'med-view',
    'toolbar',
    'structure-viewer',
    'sequence-viewer',
    'preparation',
    'prepare-protein',
    'prepare-ligand',
    'docking',
    'pockets',
    'jobs',
    'results',
    'languages',
    'feedback',
  ],
  privacy: ['controller', 'data-stored', 'third-parties', 'retention', 'access', 'deletion', 'security', 'changes'],
  agreement: ['service', 'account', 'acceptable-use', 'content', 'no-warranty', 'liability', 'third-party', 'changes'],
};

describe('help page texts', () => {
  it('are the documents the app serves, in every language and nothing else', () => {
    const expected = LANGS.flatMap((lang) => DOC_NAMES.map((name) => `../../i18n/docs/${lang}/${name}.md`)).sort();
    expect(Object.keys(files).sort()).toEqual(expected);
  });

  for (const name of DOC_NAMES) {
    describe(name, () => {
      const parsed = Object.fromEntries(LANGS.map((lang) => [lang, parseDoc(source(lang, name) ?? '')]));

      it('has the same sections, ids and levels in every language', () => {
        const outline = (lang: string) => parsed[lang]?.sections.map((s) => `${s.level} ${s.id}`);
        for (const lang of LANGS) expect(outline(lang), lang).toEqual(outline('en'));
      });

      it('has the sections it promises', () => {
        expect(parsed.en?.sections.map((s) => s.id)).toEqual(PROMISED[name]);
      });

      it('is titled as the app names it', () => {
        for (const lang of LANGS) {
          expect(parsed[lang]?.title, lang).toBe(i18n.t(`docs:nav.${name}`, { lng: lang }));
        }
      });

      it('links only to pages and sections that exist', () => {
        for (const lang of LANGS) {
          const doc = parsed[lang]!;
          const hrefs = links([...doc.lead, ...doc.sections.flatMap((s) => s.blocks)]);
          for (const href of hrefs) {
            const page = /^\/docs\/(\w+)(?:#(.+))?$/.exec(href);
            const anchor = /^#(.+)$/.exec(href);
            if (page) {
              expect(DOC_NAMES, `${lang}: ${href}`).toContain(page[1]);
              if (page[2]) expect(PROMISED[page[1] as typeof name], `${lang}: ${href}`).toContain(page[2]);
            } else if (anchor) {
              expect(
                doc.sections.map((s) => s.id),
                `${lang}: ${href}`,
              ).toContain(anchor[1]);
            } else {
              throw new Error(`${lang}: unexpected link ${href}`);
            }
          }
        }
      });

      it('is written in its language', () => {
        expect(parsed['zh-CN']?.sections.every((s) => /[\u4e00-\u9fff]/.test(s.title))).toBe(true);
        expect(parsed.en?.sections.some((s) => /[\u4e00-\u9fff]/.test(s.title))).toBe(false);
      });
    });
  }

  it('says how long guest data is kept and that the operator is responsible', () => {
    expect(source('en', 'help')).toContain('**1 month (30 days)**');
    expect(source('zh-CN', 'help')).toContain('**1 个月（30 天）**');
    expect(source('en', 'privacy')).toContain('**30 days (1 month)**');
    expect(source('zh-CN', 'privacy')).toContain('**30 天（1 个月）**');
    expect(source('en', 'privacy')).toContain('**self-hosted**');
    expect(source('zh-CN', 'privacy')).toContain('**自托管**');
  });
});
