import type { MessageType, SystemMessage } from '@medx/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newsApi, parseMessageContent } from '../../../api/news';
import { formatTime } from '../../../lib/format-time';
import { refreshNews, useNewsList } from './use-news';

interface NewsListProps {
  type: MessageType;
  /** The group's unread count (the list shows only its first page). */
  unread: number;
  onOpen: (message: SystemMessage) => void;
}

/** One News group: its messages newest first (unread ones in bold) and "Mark all as read". */
export function NewsList({ type, unread, onOpen }: NewsListProps) {
  const { t } = useTranslation('news');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const query = useNewsList(type);
  const [marking, setMarking] = useState(false);

  if (query.isPending) {
    return (
      <div className="medx-news-state" data-testid="news-loading">
        <Spin description={t('loading')} />
      </div>
    );
  }
  const items = query.data ?? [];
  if (items.length === 0) {
    return (
      <div className="medx-news-state" data-testid="news-empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`empty.${type}`)} />
      </div>
    );
  }

  const markAll = async () => {
    setMarking(true);
    const answer = await newsApi.ackAll(type);
    setMarking(false);
    if (!answer.success) return;
    message.success(answer.msg || t('msg:messagesAcked'));
    await refreshNews(queryClient, type);
  };

  return (
    <div>
      <div className="medx-news-actions">
        <Button
          type="link"
          size="small"
          loading={marking}
          disabled={unread === 0 && items.every((item) => item.ack)}
          onClick={() => void markAll()}
          data-testid="news-mark-all"
        >
          {t('markAllRead')}
        </Button>
      </div>
      <ul className="medx-news-list" aria-label={t(`tabs.${type}`)}>
        {items.map((item) => (
          <li key={item.id}>
            <NewsItem message={item} onOpen={onOpen} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function NewsItem({ message, onOpen }: { message: SystemMessage; onOpen: (message: SystemMessage) => void }) {
  const { t } = useTranslation('news');
  const { title, content } = parseMessageContent(message.content);
  return (
    <button
      type="button"
      className={`medx-news-item${message.ack ? '' : ' medx-news-item-unread'}`}
      onClick={() => onOpen(message)}
      data-testid={`news-item-${message.id}`}
    >
      <span className="medx-news-item-title">
        {!message.ack && <span className="medx-visually-hidden">{t('unread')} </span>}
        {title || t('untitled')}
      </span>
      <span className="medx-news-item-time">{formatTime(message.created_at)}</span>
      <span className="medx-news-item-preview">{content}</span>
    </button>
  );
}
