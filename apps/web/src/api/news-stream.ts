import { JobStreamEvent, type MessageType, NewsStreamEvent } from '@medx/contract';
import { parseSse, type SseEvent } from '../lib/sse';
import { API_BASE, authHeaders } from './client';
import { getToken } from './session-store';

export const NEWS_STREAM_PATH = '/messages/stream';

export interface NewsStreamHandlers {
  /** A message of this type reached the user. */
  onNews: (type: MessageType) => void;
  /** One of the user's jobs ended. */
  onJob: (event: JobStreamEvent) => void;
}

export interface NewsStreamOptions {
  /** The first wait before reconnecting; it doubles up to `maxDelayMs` and starts over once a connection opened. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /**
   * The server sends a comment every ~25 s; a connection silent for this long is taken for dead
   * (a proxy or a sleeping laptop dropped it without closing) and opened again.
   */
  idleMs?: number;
}

type Outcome = 'opened' | 'failed' | 'unauthorized';

/**
 * Listens to GET /v1/messages/stream (server-sent events) while a session token exists and
 * returns the function that stops it. fetch rather than EventSource, which cannot send the
 * `token` header. A 401 ends it quietly: the next ordinary call meets the expiry and signs out.
 */
export function startNewsStream(handlers: NewsStreamHandlers, options: NewsStreamOptions = {}): () => void {
  const { minDelayMs = 1000, maxDelayMs = 30_000, idleMs = 60_000 } = options;
  const stopper = new AbortController();

  const run = async () => {
    let delay = minDelayMs;
    while (!stopper.signal.aborted && getToken()) {
      const outcome = await connectOnce(handlers, stopper.signal, idleMs);
      if (outcome === 'unauthorized' || stopper.signal.aborted) return;
      if (outcome === 'opened') delay = minDelayMs;
      await wait(delay, stopper.signal);
      delay = Math.min(delay * 2, maxDelayMs);
    }
  };
  void run();
  return () => stopper.abort();
}

/** One connection, read until it ends, fails, goes silent or is stopped. */
async function connectOnce(handlers: NewsStreamHandlers, stop: AbortSignal, idleMs: number): Promise<Outcome> {
  const connection = new AbortController();
  const abort = () => connection.abort();
  stop.addEventListener('abort', abort);
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const touch = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(abort, idleMs);
  };
  let opened = false;
  try {
    touch();
    const response = await fetch(`${API_BASE}${NEWS_STREAM_PATH}`, {
      headers: { ...authHeaders(), Accept: 'text/event-stream' },
      credentials: 'include',
      cache: 'no-store',
      signal: connection.signal,
    });
    if (!response.ok || !response.body) {
      void response.body?.cancel().catch(() => undefined);
      return response.status === 401 ? 'unauthorized' : 'failed';
    }
    opened = true;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      touch();
      const parsed = parseSse(rest, decoder.decode(value, { stream: true }));
      rest = parsed.rest;
      for (const event of parsed.events) dispatch(event, handlers);
    }
  } catch {
    // Network failure, time-out or stop: the caller decides whether to try again.
  } finally {
    clearTimeout(idleTimer);
    stop.removeEventListener('abort', abort);
  }
  return opened ? 'opened' : 'failed';
}

/** Hands a known event with a valid body to its handler; anything else is skipped. */
function dispatch(event: SseEvent, handlers: NewsStreamHandlers): void {
  const body = parseJson(event.data);
  if (event.event === 'news') {
    const news = NewsStreamEvent.safeParse(body);
    if (news.success) handlers.onNews(news.data.type);
  } else if (event.event === 'job') {
    const job = JobStreamEvent.safeParse(body);
    if (job.success) handlers.onJob(job.data);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Resolves after `ms`, or at once when stopped. */
function wait(ms: number, stop: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    stop.addEventListener('abort', done);
  });
}
