import { normalizeLang } from '@medx/contract';
import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { LanguageSelect } from '../../i18n/LanguageSelect';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { DocToc, DocView } from './DocView';
import { DOC_NAMES, type DocName, isDocName, loadDocSource } from './doc-sources';
import { type ParsedDoc, parseDoc } from './markdown';
import './docs.css';

type Loaded = { key: string; doc: ParsedDoc } | { key: string; error: true };

/**
 * /docs/help, /docs/privacy, /docs/agreement: the Help Center, the privacy policy and the
 * user agreement. Open without a session (the sign-up form links the last two), in the
 * language the user chose, with the language selector to switch.
 */
export function DocsPage() {
  const { doc: name } = useParams();
  if (!isDocName(name)) return <NotFoundPage />;
  return <DocsDocument name={name} />;
}

function popupInHeader(trigger: HTMLElement): HTMLElement {
  return trigger.closest('header') ?? document.body;
}

function DocsDocument({ name }: { name: DocName }) {
  const { t, i18n } = useTranslation('docs');
  const lang = normalizeLang(i18n.language);
  const { hash } = useLocation();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // Retry loads again: the attempt is part of what is being loaded.
  const [attempt, setAttempt] = useState(0);
  const key = `${lang}/${name}#${attempt}`;

  useEffect(() => {
    let live = true;
    loadDocSource(lang, name)
      .then((source) => live && setLoaded({ key, doc: parseDoc(source) }))
      .catch(() => live && setLoaded({ key, error: true }));
    return () => {
      live = false;
    };
  }, [lang, name, key]);

  const current = loaded?.key === key ? loaded : null;
  const doc = current && 'doc' in current ? current.doc : null;

  // Leaving for another page of the app gives the window its own title back (declared first, so it reads
  // the title before the next effect changes it).
  useEffect(() => {
    const before = document.title;
    return () => {
      document.title = before;
    };
  }, []);
  useEffect(() => {
    document.title = `${doc?.title ?? t(`nav.${name}`)} · ${t('common:appName')}`;
  }, [doc, name, t]);

  // The text arrives after the first paint: go to the #section the address names once it is there.
  useEffect(() => {
    if (!doc || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [doc, hash]);

  return (
    <div className="medx-docs" data-testid="docs-page" data-doc={name} data-lang={lang}>
      <header className="medx-docs-header">
        <Link to="/" className="medx-docs-brand">
          {t('common:appName')}
        </Link>
        <nav className="medx-docs-nav" aria-label={t('nav.label')}>
          {DOC_NAMES.map((other) => (
            <Link
              key={other}
              to={`/docs/${other}`}
              aria-current={other === name ? 'page' : undefined}
              data-testid={`docs-nav-${other}`}
            >
              {t(`nav.${other}`)}
            </Link>
          ))}
        </nav>
        {/* The options open inside the sticky header: in the body they scrolled away from it and were
            realigned back under the pointer mid-click (a pick then fell on the select itself). */}
        <LanguageSelect getPopupContainer={popupInHeader} />
      </header>
      {doc ? (
        <main className="medx-docs-main">
          <DocToc doc={doc} label={t('toc')} />
          <DocView doc={doc} />
        </main>
      ) : current ? (
        <Result
          status="warning"
          title={t('loadFailed')}
          extra={
            <Button type="primary" onClick={() => setAttempt((n) => n + 1)}>
              {t('retry')}
            </Button>
          }
        />
      ) : (
        <div className="medx-docs-loading">
          <Spin aria-label={t('loading')} />
        </div>
      )}
    </div>
  );
}
