import { SearchOutlined } from '@ant-design/icons';
import type { ToolTutorial } from '@medx/contract';
import { App, Empty, Input, Spin, Tabs } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toolsApi } from '../../api/tools';
import { ALL_TAB, categoryTabs, FAV_TAB, type GuideItem, itemsOfTab } from './catalogue';
import { categoryLabel } from './category-label';
import { toggleFavourite, useFavourites } from './favourites';
import { GuideTour } from './GuideTour';
import { ToolCard } from './ToolCard';
import { TutorialPanel } from './TutorialPanel';
import { useGuideItems } from './use-tools';
import './tools.css';

interface ToolGuideProps {
  /** Opens a tool (the caller decides how: the workspace's tool window, or the workspace page). */
  onOpen: (item: GuideItem) => void;
  /** The guide fills a page (/shop) rather than a modal: the grid scrolls with the page. */
  page?: boolean;
}

/**
 * The Tool guide (spec §2): search, category tabs (ALL, FAV, then the spec's categories in its
 * order, then the others), a two-column grid of tool cards sorted workflows first then by
 * name, favourites kept in local storage, and the tutorial panel at the bottom.
 */
export function ToolGuide({ onOpen, page = false }: ToolGuideProps) {
  const { t } = useTranslation('tools');
  const { message } = App.useApp();
  const panel = useGuideItems();
  const favourites = useFavourites();
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState<string>(ALL_TAB);
  const [tutorial, setTutorial] = useState<{ item: GuideItem; tutorial: ToolTutorial } | null>(null);
  const [loadingTutorial, setLoadingTutorial] = useState<string | null>(null);
  // Where the keyboard was when the tutorial opened (the card's icon): it goes back there on close.
  const opener = useRef<HTMLElement | null>(null);

  const closeTutorial = () => {
    setTutorial(null);
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected) back.focus();
  };

  const items = panel.data ?? [];
  const tabs = useMemo(() => categoryTabs(items), [items]);
  const current = tabs.includes(tab) ? tab : ALL_TAB;
  const shown = useMemo(() => itemsOfTab(items, current, favourites, query), [items, current, favourites, query]);

  /** Spec §4 Tool card: the icon of the open tool closes it; another tool's fetches and opens if text comes back. */
  const toggleTutorial = async (item: GuideItem) => {
    if (loadingTutorial) return;
    if (tutorial?.item.id === item.id) {
      closeTutorial();
      return;
    }
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (item.isWorkflow) {
      if (item.description.trim()) {
        setTutorial({ item, tutorial: { tool_id: item.id, kind: 'text', content: item.description } });
      } else message.info(t('tutorial.none'));
      return;
    }
    setLoadingTutorial(item.id);
    const answer = await toolsApi.tutorial(item.id);
    setLoadingTutorial(null);
    if (!answer.success) return; // the client showed the error
    if (answer.data.content.trim()) setTutorial({ item, tutorial: answer.data });
    else message.info(t('tutorial.none'));
  };

  const emptyText =
    items.length === 0
      ? t('guide.emptyCatalogue')
      : current === FAV_TAB && !query.trim()
        ? t('guide.emptyFav')
        : t('guide.empty');

  return (
    <div className={`medx-tool-guide${page ? ' medx-tool-guide-page' : ''}`} data-testid="tool-guide">
      <div className="medx-tool-guide-bar">
        <Input
          allowClear
          autoFocus={!page}
          placeholder={t('guide.search')}
          aria-label={t('guide.search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="medx-tool-guide-search"
          prefix={<SearchOutlined />}
          data-testid="tool-guide-search"
        />
        <GuideTour ready={!panel.isPending && shown.length > 0} />
      </div>
      <Tabs
        size="small"
        activeKey={current}
        onChange={setTab}
        items={tabs.map((name) => ({
          key: name,
          label: <span data-testid={`tool-guide-tab-${name === '' ? 'other' : name}`}>{categoryLabel(t, name)}</span>,
        }))}
      />
      {panel.isPending ? (
        <div className="medx-tool-guide-state">
          <Spin description={t('guide.loading')}>
            <div style={{ width: 200, height: 60 }} />
          </Spin>
        </div>
      ) : shown.length === 0 ? (
        <div className="medx-tool-guide-state">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} data-testid="tool-guide-empty" />
        </div>
      ) : (
        <>
          <div className="medx-tool-guide-count" data-testid="tool-guide-count">
            {t('guide.count', { count: shown.length })}
          </div>
          <div className="medx-tool-grid" data-testid="tool-grid">
            {shown.map((item) => (
              <ToolCard
                key={item.id}
                item={item}
                favourite={favourites.includes(item.id)}
                tutorialOpen={tutorial?.item.id === item.id}
                tutorialLoading={loadingTutorial === item.id}
                onOpen={onOpen}
                onToggleFavourite={(chosen) => toggleFavourite(chosen.id)}
                onTutorial={(chosen) => void toggleTutorial(chosen)}
              />
            ))}
          </div>
        </>
      )}
      {/* Room below the grid so the last cards can scroll above the tutorial panel. */}
      {tutorial && <div className="medx-tool-guide-spacer" />}
      {tutorial && <TutorialPanel name={tutorial.item.name} tutorial={tutorial.tutorial} onClose={closeTutorial} />}
    </div>
  );
}
