import { describe, expect, it } from 'vitest';
import { MarkdownError, parseDoc, parseInline, plainText } from './markdown';

describe('parseDoc', () => {
  it('reads the title, lead, sections with ids and every block kind', () => {
    const doc = parseDoc(
      [
        '# Help',
        '',
        'Intro line one',
        'and two.',
        '',
        '> A note',
        '> on two lines.',
        '',
        '## First {#first}',
        '',
        '- one',
        '- two with',
        '  a continuation',
        '',
        '1. step',
        '2. step two',
        '',
        '### Sub part {#sub}',
        '',
        '| A | B |',
        '|---|---|',
        '| a1 | **b1** |',
      ].join('\n'),
    );
    expect(doc.title).toBe('Help');
    expect(doc.lead).toEqual([
      { kind: 'p', inlines: [{ kind: 'text', text: 'Intro line one and two.' }] },
      { kind: 'note', inlines: [{ kind: 'text', text: 'A note on two lines.' }] },
    ]);
    expect(doc.sections.map((s) => [s.id, s.title, s.level])).toEqual([
      ['first', 'First', 2],
      ['sub', 'Sub part', 3],
    ]);
    expect(doc.sections[0]?.blocks).toEqual([
      {
        kind: 'ul',
        items: [[{ kind: 'text', text: 'one' }], [{ kind: 'text', text: 'two with a continuation' }]],
      },
      { kind: 'ol', items: [[{ kind: 'text', text: 'step' }], [{ kind: 'text', text: 'step two' }]] },
    ]);
    expect(doc.sections[1]?.blocks).toEqual([
      {
        kind: 'table',
        head: [[{ kind: 'text', text: 'A' }], [{ kind: 'text', text: 'B' }]],
        rows: [[[{ kind: 'text', text: 'a1' }], [{ kind: 'strong', children: [{ kind: 'text', text: 'b1' }] }]]],
      },
    ]);
  });

  it('puts no space between lines of Chinese text', () => {
    const [first] = parseDoc('# 帮助\n\n第一行\n第二行，English\nwords').lead;
    if (first?.kind !== 'p') throw new Error('expected a paragraph');
    expect(plainText(first.inlines)).toBe('第一行第二行，English words');
  });

  it.each([
    ['no title', 'Just text', /starts with its # title/],
    ['a heading without an id', '# T\n\n## Section', /needs an id/],
    ['a duplicate id', '# T\n\n## A {#a}\n\n## B {#a}', /used twice/],
    ['a fourth-level heading', '# T\n\n#### Deep {#deep}', /only ## and ###/],
    ['a second title', '# T\n\n# Again', /only ## and ###/],
    ['HTML', '# T\n\n<b>bold</b>', /not in the supported Markdown subset/],
    ['a code fence', '# T\n\n```\ncode\n```', /not in the supported Markdown subset/],
    ['an image', '# T\n\n![x](/a.png)', /not in the supported Markdown subset/],
    ['an indented paragraph', '# T\n\n    code', /not in the supported Markdown subset/],
    ['a table without its separator', '# T\n\n| a |\n| b |', /needs a \|---\| line/],
    ['a row with missing cells', '# T\n\n| a | b |\n|---|---|\n| 1 |', /1 cells, expected 2/],
    ['a javascript: link', '# T\n\n[x](javascript:alert(1))', /link target not allowed/],
  ])('refuses %s', (_name, source, error) => {
    expect(() => parseDoc(source)).toThrow(MarkdownError);
    expect(() => parseDoc(source)).toThrow(error);
  });
});

describe('parseInline', () => {
  it('reads strong, code and links, links with formatted text', () => {
    expect(parseInline('a **b** `c` [d **e**](/docs/privacy) [f](#g) [h](https://x.org)')).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'strong', children: [{ kind: 'text', text: 'b' }] },
      { kind: 'text', text: ' ' },
      { kind: 'code', text: 'c' },
      { kind: 'text', text: ' ' },
      {
        kind: 'link',
        href: '/docs/privacy',
        children: [
          { kind: 'text', text: 'd ' },
          { kind: 'strong', children: [{ kind: 'text', text: 'e' }] },
        ],
      },
      { kind: 'text', text: ' ' },
      { kind: 'link', href: '#g', children: [{ kind: 'text', text: 'f' }] },
      { kind: 'text', text: ' ' },
      { kind: 'link', href: 'https://x.org', children: [{ kind: 'text', text: 'h' }] },
    ]);
  });

  it('refuses protocol-relative links', () => {
    expect(() => parseInline('[x](//evil.example)')).toThrow(MarkdownError);
  });
});
