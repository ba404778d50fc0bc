import { type Lang, type MessageContent, type MessageKey, translate } from '@medx/contract';
import type { MessageRow } from '../../db/schema';
import type { UserNotice } from '../../lib/user-notices';

/** What an event notification records; its texts are rendered when read, in the reader's language. */
export type EventParams =
  | { kind: 'JOB_FINISHED' | 'JOB_FAILED'; name: string; project: string; seconds: number }
  | { kind: 'SHARE_JOINED'; user: string | null; project: string; access: 'READ_ONLY' | 'READ_WRITE' }
  | UserNotice;

const EVENT_KEYS: Record<EventParams['kind'], { title: MessageKey; content: MessageKey }> = {
  JOB_FINISHED: { title: 'eventJobFinishedTitle', content: 'eventJobFinished' },
  JOB_FAILED: { title: 'eventJobFailedTitle', content: 'eventJobFailed' },
  SHARE_JOINED: { title: 'eventShareJoinedTitle', content: 'eventShareJoined' },
  TOOL_PUBLISHED: { title: 'eventToolPublishedTitle', content: 'eventToolPublished' },
  TOOL_REJECTED: { title: 'eventToolRejectedTitle', content: 'eventToolRejected' },
};

const UNITS = {
  en: { h: ' h', min: ' min', s: ' s', sep: ' ', underOne: 'less than 1 s' },
  'zh-CN': { h: ' 小时', min: ' 分钟', s: ' 秒', sep: ' ', underOne: '不到 1 秒' },
} as const;

/** 3725 → '1 h 2 min', 200 → '3 min 20 s', 12 → '12 s' (the two largest units that are not zero). */
export function formatDuration(totalSeconds: number, lang: Lang): string {
  const u = UNITS[lang];
  if (totalSeconds < 0.5) return u.underOne;
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const min = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return min > 0 ? `${h}${u.h}${u.sep}${min}${u.min}` : `${h}${u.h}`;
  if (min > 0) return s > 0 ? `${min}${u.min}${u.sep}${s}${u.s}` : `${min}${u.min}`;
  return `${s}${u.s}`;
}

function eventTexts(params: EventParams, lang: Lang): Record<string, string> {
  if (params.kind === 'SHARE_JOINED') {
    return {
      user: params.user ?? translate('guestName', lang),
      project: params.project,
      access: translate(params.access === 'READ_WRITE' ? 'accessReadWrite' : 'accessReadOnly', lang),
    };
  }
  if (params.kind === 'TOOL_PUBLISHED' || params.kind === 'TOOL_REJECTED') {
    const { kind: _kind, ...texts } = params;
    return texts;
  }
  return { name: params.name, project: params.project, duration: formatDuration(params.seconds, lang) };
}

/** An event's title and text in a language. */
export function renderEvent(params: EventParams, lang: Lang): { title: string; content: string } {
  const keys = EVENT_KEYS[params.kind];
  const texts = eventTexts(params, lang);
  return { title: translate(keys.title, lang, texts), content: translate(keys.content, lang, texts) };
}

/**
 * A stored message as its reader sees it: an admin's message in the reader's language
 * (the English text where a Chinese one is missing), an event rendered from its parameters.
 */
export function renderMessage(row: MessageRow, lang: Lang): MessageContent {
  const link = row.link ?? undefined;
  if (row.type === 'EVENT') {
    const params = JSON.parse(row.event_params ?? '{}') as EventParams;
    return { ...renderEvent(params, lang), ...(link ? { link } : {}) };
  }
  const zh = lang === 'zh-CN';
  return {
    title: (zh ? row.title_zh : null) || row.title_en || '',
    content: (zh ? row.content_zh : null) || row.content_en || '',
    ...(link ? { link } : {}),
  };
}
