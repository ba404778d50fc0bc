import { MESSAGE_TYPES, type MessageType, type SystemMessage } from '@medx/contract';
import { Tabs } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NewsList } from './NewsList';
import { UnreadDot } from './UnreadDot';
import type { UnreadByType } from './use-news';

interface NewsPanelProps {
  unread: UnreadByType;
  tab: MessageType;
  onTabChange: (type: MessageType) => void;
  onOpen: (message: SystemMessage) => void;
}

/** The dropdown's content (spec §2): events, notices and version updates as tabs, each with its own dot. */
export function NewsPanel({ unread, tab, onTabChange, onOpen }: NewsPanelProps) {
  const { t } = useTranslation('news');
  const ref = useRef<HTMLDivElement>(null);
  // The dropdown is rendered at the end of the page: without this, Tab from the bell would
  // skip it. Escape closes it and gives the focus back to the bell (NewsButton). A frame
  // later, because the popover attaches its container to the page after this effect.
  useEffect(() => {
    const frame = requestAnimationFrame(() => ref.current?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="dialog"
      className="medx-news-panel"
      aria-label={t('title')}
      data-testid="news-panel"
    >
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(key) => onTabChange(key as MessageType)}
        items={MESSAGE_TYPES.map((type) => ({
          key: type,
          label: (
            <UnreadDot count={unread[type]} testId={`news-dot-${type}`}>
              <span className="medx-news-tab-label">{t(`tabs.${type}`)}</span>
            </UnreadDot>
          ),
          children: <NewsList type={type} unread={unread[type]} onOpen={onOpen} />,
        }))}
      />
    </div>
  );
}
