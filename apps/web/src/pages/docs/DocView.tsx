import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { Block, DocSection, Inline, ParsedDoc } from './markdown';

function renderInlines(inlines: readonly Inline[]): ReactNode[] {
  return inlines.map((inline, i) => {
    const key = `${i}-${inline.kind}`;
    switch (inline.kind) {
      case 'text':
        return inline.text;
      case 'strong':
        return <strong key={key}>{renderInlines(inline.children)}</strong>;
      case 'code':
        return <code key={key}>{inline.text}</code>;
      case 'link': {
        const children = renderInlines(inline.children);
        // Our own pages stay in the single-page app; other sites open in a new window.
        if (inline.href.startsWith('/')) {
          return (
            <Link key={key} to={inline.href}>
              {children}
            </Link>
          );
        }
        if (inline.href.startsWith('#') || inline.href.startsWith('mailto:')) {
          return (
            <a key={key} href={inline.href}>
              {children}
            </a>
          );
        }
        return (
          <a key={key} href={inline.href} target="_blank" rel="noopener noreferrer">
            {children}
          </a>
        );
      }
    }
    return null;
  });
}

function renderBlock(block: Block, key: number): ReactNode {
  switch (block.kind) {
    case 'p':
      return <p key={key}>{renderInlines(block.inlines)}</p>;
    case 'note':
      return (
        <aside key={key} className="medx-docs-note">
          {renderInlines(block.inlines)}
        </aside>
      );
    case 'ul':
    case 'ol': {
      const items = block.items.map((item, i) => (
        // Items of a static document never move, so their position is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: static content
        <li key={i}>{renderInlines(item)}</li>
      ));
      return block.kind === 'ul' ? <ul key={key}>{items}</ul> : <ol key={key}>{items}</ol>;
    }
    case 'table':
      return (
        <div key={key} className="medx-docs-table">
          <table>
            <thead>
              <tr>
                {block.head.map((cell, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static content
                  <th key={i}>{renderInlines(cell)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static content
                <tr key={r}>
                  {row.map((cell, c) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: static content
                    <td key={c}>{renderInlines(cell)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
  return null;
}

function Section({ section, children }: { section: DocSection; children?: ReactNode }) {
  const Heading = section.level === 2 ? 'h2' : 'h3';
  return (
    <section id={section.id} data-testid={`docs-section-${section.id}`} aria-labelledby={`${section.id}-title`}>
      <Heading id={`${section.id}-title`}>{section.title}</Heading>
      {section.blocks.map(renderBlock)}
      {children}
    </section>
  );
}

/** A parsed document: title, lead, then its sections with their subsections nested. */
export function DocView({ doc }: { doc: ParsedDoc }) {
  const groups: { section: DocSection; subsections: DocSection[] }[] = [];
  for (const section of doc.sections) {
    const last = groups.at(-1);
    if (section.level === 3 && last) last.subsections.push(section);
    else groups.push({ section, subsections: [] });
  }
  return (
    <article className="medx-docs-article">
      <h1 data-testid="docs-title">{doc.title}</h1>
      {doc.lead.map(renderBlock)}
      {groups.map(({ section, subsections }) => (
        <Section key={section.id} section={section}>
          {subsections.map((sub) => (
            <Section key={sub.id} section={sub} />
          ))}
        </Section>
      ))}
    </article>
  );
}

/** Whether the page is wide enough to show the table of contents beside the text (docs.css). */
const wideScreen = () => typeof window === 'undefined' || !window.matchMedia?.('(max-width: 768px)').matches;

/**
 * The table of contents: the ## sections. Open beside the text on a wide screen; on a phone
 * it starts folded above the text, so the document's title stays on the first screen.
 */
export function DocToc({ doc, label }: { doc: ParsedDoc; label: string }) {
  const [open, setOpen] = useState(wideScreen);
  return (
    <nav className="medx-docs-toc" aria-label={label} data-testid="docs-toc">
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary data-testid="docs-toc-toggle">{label}</summary>
        <ol>
          {doc.sections
            .filter((section) => section.level === 2)
            .map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
        </ol>
      </details>
    </nav>
  );
}
