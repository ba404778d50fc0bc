/**
 * The Markdown subset the help pages are written in (apps/web/src/i18n/docs/<lang>/*.md),
 * parsed into data that DocView renders as React elements (no HTML strings):
 *
 * - `# Title` on the first line, once;
 * - `## Section {#id}` and `### Subsection {#id}`: every heading carries a stable id, the
 *   same in every language, so links and the table of contents work in both;
 * - paragraphs (lines joined; no space is put between Chinese characters);
 * - `- item` and `1. item` lists (a line indented under an item continues it);
 * - `| a | b |` tables with a `|---|---|` line under the header;
 * - `> text` notes;
 * - inline `**strong**`, `` `code` `` and `[text](/docs/privacy | #id | https://… | mailto:…)`.
 *
 * Anything else (deeper headings, HTML, images, code fences) is refused with its line number,
 * so a document never renders differently from what its author wrote.
 */

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; children: Inline[] };

export type Block =
  | { kind: 'p'; inlines: Inline[] }
  | { kind: 'ul' | 'ol'; items: Inline[][] }
  | { kind: 'table'; head: Inline[][]; rows: Inline[][][] }
  | { kind: 'note'; inlines: Inline[] };

export interface DocSection {
  id: string;
  title: string;
  level: 2 | 3;
  blocks: Block[];
}

export interface ParsedDoc {
  title: string;
  /** Blocks between the title and the first section. */
  lead: Block[];
  sections: DocSection[];
}

export class MarkdownError extends Error {
  override name = 'MarkdownError';
}

const CJK = /[\u2e80-\u9fff\u3000-\u303f\uff00-\uffef]/;

/** Joins two source lines of one paragraph or item: a space, except next to Chinese text. */
function joinLines(left: string, right: string): string {
  if (!left) return right;
  return CJK.test(left.at(-1) ?? '') || CJK.test(right.at(0) ?? '') ? `${left}${right}` : `${left} ${right}`;
}

const SAFE_HREF = /^(\/(?!\/)|#|https?:\/\/|mailto:)/;

export function parseInline(source: string, line = 0): Inline[] {
  const out: Inline[] = [];
  const pattern = /\*\*(.+?)\*\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (const match of source.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) out.push({ kind: 'text', text: source.slice(last, index) });
    const [, strong, code, linkText, href] = match;
    if (strong !== undefined) out.push({ kind: 'strong', children: parseInline(strong, line) });
    else if (code !== undefined) out.push({ kind: 'code', text: code });
    else if (linkText !== undefined && href !== undefined) {
      if (!SAFE_HREF.test(href)) throw new MarkdownError(`line ${line}: link target not allowed: ${href}`);
      out.push({ kind: 'link', href, children: parseInline(linkText, line) });
    }
    last = index + match[0].length;
  }
  if (last < source.length) out.push({ kind: 'text', text: source.slice(last) });
  return out;
}

function tableCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

type Open =
  | { kind: 'p'; text: string; line: number }
  | { kind: 'ul' | 'ol'; items: { text: string; line: number }[] }
  | { kind: 'table'; lines: { text: string; line: number }[] }
  | { kind: 'note'; text: string; line: number }
  | null;

export function parseDoc(markdown: string): ParsedDoc {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  let title: string | undefined;
  const lead: Block[] = [];
  const sections: DocSection[] = [];
  const ids = new Set<string>();
  let target = lead;
  let open: Open = null;

  const close = () => {
    const block: Open = open;
    open = null;
    if (!block) return;
    if (block.kind === 'p') target.push({ kind: 'p', inlines: parseInline(block.text, block.line) });
    else if (block.kind === 'note') target.push({ kind: 'note', inlines: parseInline(block.text, block.line) });
    else if (block.kind === 'table') {
      const [head, separator, ...rows] = block.lines;
      if (!head || !separator || !/^\|?\s*:?-{3,}/.test(separator.text.trim())) {
        throw new MarkdownError(`line ${head?.line ?? 0}: a table needs a |---| line under its header`);
      }
      const width = tableCells(head.text).length;
      const parsedRows = rows.map((row) => {
        const cells = tableCells(row.text);
        if (cells.length !== width)
          throw new MarkdownError(`line ${row.line}: ${cells.length} cells, expected ${width}`);
        return cells.map((cell) => parseInline(cell, row.line));
      });
      target.push({
        kind: 'table',
        head: tableCells(head.text).map((cell) => parseInline(cell, head.line)),
        rows: parsedRows,
      });
    } else {
      target.push({ kind: block.kind, items: block.items.map((item) => parseInline(item.text, item.line)) });
    }
  };

  lines.forEach((raw, index) => {
    const line = index + 1;
    const text = raw.trimEnd();
    if (text.trim() === '') {
      close();
      return;
    }
    if (title === undefined) {
      const match = /^# (.+)$/.exec(text);
      if (!match?.[1]) throw new MarkdownError(`line ${line}: a document starts with its # title`);
      title = match[1].trim();
      return;
    }
    const heading = /^(#+)\s+(.*?)\s*(?:\{#([a-z0-9-]+)\})?$/.exec(text);
    if (heading) {
      const level = heading[1]!.length;
      if (level !== 2 && level !== 3) throw new MarkdownError(`line ${line}: only ## and ### headings are supported`);
      const id = heading[3];
      if (!id) throw new MarkdownError(`line ${line}: a heading needs an id: ## Title {#id}`);
      if (ids.has(id)) throw new MarkdownError(`line ${line}: the id ${id} is used twice`);
      ids.add(id);
      close();
      const section: DocSection = { id, title: heading[2]!, level: level as 2 | 3, blocks: [] };
      sections.push(section);
      target = section.blocks;
      return;
    }
    if (/^(```|~~~|<|!\[|\t)/.test(text) || (/^\s/.test(text) && open?.kind !== 'ul' && open?.kind !== 'ol')) {
      throw new MarkdownError(`line ${line}: not in the supported Markdown subset: ${text.trim().slice(0, 40)}`);
    }
    const bullet = /^[-*]\s+(.*)$/.exec(text);
    const numbered = /^\d+\.\s+(.*)$/.exec(text);
    if (bullet || numbered) {
      const kind = bullet ? 'ul' : 'ol';
      const itemText = (bullet ?? numbered)![1]!;
      if (open?.kind !== kind) {
        close();
        open = { kind, items: [] };
      }
      open.items.push({ text: itemText, line });
      return;
    }
    if ((open?.kind === 'ul' || open?.kind === 'ol') && /^\s/.test(text)) {
      const item = open.items.at(-1)!;
      item.text = joinLines(item.text, text.trim());
      return;
    }
    if (text.startsWith('|')) {
      if (open?.kind !== 'table') {
        close();
        open = { kind: 'table', lines: [] };
      }
      open.lines.push({ text, line });
      return;
    }
    const note = /^>\s?(.*)$/.exec(text);
    if (note) {
      if (open?.kind !== 'note') {
        close();
        open = { kind: 'note', text: '', line };
      }
      open.text = joinLines(open.text, note[1]!.trim());
      return;
    }
    if (open?.kind !== 'p') {
      close();
      open = { kind: 'p', text: '', line };
    }
    open.text = joinLines(open.text, text.trim());
  });
  close();
  if (title === undefined) throw new MarkdownError('the document is empty');
  return { title, lead, sections };
}

/** The plain text of inline content (tests and the document title). */
export function plainText(inlines: readonly Inline[]): string {
  return inlines.map((inline) => ('children' in inline ? plainText(inline.children) : inline.text)).join('');
}
