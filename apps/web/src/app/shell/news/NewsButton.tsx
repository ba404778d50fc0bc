import { BellOutlined } from '@ant-design/icons';
import type { MessageType, SystemMessage } from '@medx/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popover } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newsApi } from '../../../api/news';
import { useSessionToken } from '../../../api/session-store';
import { NewsMessageModal } from './NewsMessageModal';
import { NewsPanel } from './NewsPanel';
import { UnreadDot } from './UnreadDot';
import { refreshNews, unreadKey, useUnreadCounts } from './use-news';
import './news.css';

/** The header's News entry, for every session (guests too); without one there is nothing to fetch. */
export function NewsButton() {
  const token = useSessionToken();
  return token ? <News /> : null;
}

/**
 * Spec §2 News: a bell with a red dot while anything is unread, opening (on click) the three
 * groups. Opening a message acknowledges it and reloads its group and the counts; closing the
 * dropdown refreshes the counts.
 */
function News() {
  const { t } = useTranslation('news');
  const queryClient = useQueryClient();
  const unread = useUnreadCounts();
  const total = unread.EVENT + unread.NOTICE + unread.VERSION;
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<MessageType>('EVENT');
  const [reading, setReading] = useState<SystemMessage | null>(null);
  const [readingOpen, setReadingOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const changeOpen = (next: boolean) => {
    // Escape inside the panel would otherwise leave the focus on a list item that is gone.
    if (!next && panelRef.current?.contains(document.activeElement)) buttonRef.current?.focus();
    setOpen(next);
    if (!next) void queryClient.invalidateQueries({ queryKey: unreadKey });
  };

  const openMessage = async (message: SystemMessage) => {
    // The modal replaces the dropdown: a click inside it would count as one outside the dropdown.
    changeOpen(false);
    setReading(message);
    setReadingOpen(true);
    if (message.ack) return;
    const answer = await newsApi.ack(message.id);
    if (answer.success) await refreshNews(queryClient, message.type);
  };

  return (
    <>
      <UnreadDot count={total} testId="news-dot">
        <Popover
          open={open}
          onOpenChange={changeOpen}
          trigger="click"
          placement="bottomRight"
          arrow={false}
          destroyOnHidden
          content={
            <div ref={panelRef}>
              <NewsPanel unread={unread} tab={tab} onTabChange={setTab} onOpen={(m) => void openMessage(m)} />
            </div>
          }
        >
          <Button
            ref={buttonRef}
            type="text"
            icon={<BellOutlined />}
            aria-label={total > 0 ? t('buttonUnread') : t('button')}
            aria-haspopup="dialog"
            aria-expanded={open}
            data-testid="news-button"
          />
        </Popover>
      </UnreadDot>
      <NewsMessageModal
        message={reading}
        open={readingOpen}
        onClose={() => setReadingOpen(false)}
        afterClose={() => {
          setReading(null);
          buttonRef.current?.focus();
        }}
      />
    </>
  );
}
