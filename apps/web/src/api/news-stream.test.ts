import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startNewsStream } from './news-stream';
import { STORAGE_KEYS } from './session-store';

/** A streamed answer whose body yields the given chunks, then ends. */
function streamed(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return { ok: true, status: 200, body } as Response;
}

const status = (code: number) => ({ ok: false, status: code, body: null }) as Response;

const fetchMock = vi.fn<typeof fetch>();
let stop: () => void = () => {};

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
});

afterEach(() => {
  stop();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('startNewsStream', () => {
  it('sends the session headers and hands news and job events to their handlers', async () => {
    fetchMock.mockResolvedValueOnce(
      streamed([
        ': ping\n\nevent: news\ndata: {"type":',
        '"NOTICE"}\n\n',
        'event: job\r\ndata: {"job_id":1,"project_id":2,"status":"FINISHED"}\r\n\r\n',
      ]),
    );
    fetchMock.mockResolvedValue(status(401));
    const onNews = vi.fn();
    const onJob = vi.fn();
    stop = startNewsStream({ onNews, onJob });
    await vi.waitFor(() => expect(onJob).toHaveBeenCalled());
    expect(onNews).toHaveBeenCalledWith('NOTICE');
    expect(onJob).toHaveBeenCalledWith({ job_id: 1, project_id: 2, status: 'FINISHED' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/v1/messages/stream');
    expect(init?.headers).toMatchObject({ token: 'tok', Accept: 'text/event-stream', 'Accept-Language': 'en' });
  });

  it('skips unknown events and bad bodies', async () => {
    fetchMock.mockResolvedValueOnce(
      streamed(['event: news\ndata: {"type":"OTHER"}\n\n', 'event: job\ndata: nope\n\n', 'data: {"type":"EVENT"}\n\n']),
    );
    fetchMock.mockResolvedValue(status(401));
    const onNews = vi.fn();
    const onJob = vi.fn();
    stop = startNewsStream({ onNews, onJob });
    await vi.advanceTimersByTimeAsync(5000);
    expect(onNews).not.toHaveBeenCalled();
    expect(onJob).not.toHaveBeenCalled();
  });

  it('reconnects with a doubling delay up to the maximum and stops on 401', async () => {
    fetchMock
      .mockResolvedValueOnce(status(502))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(status(503))
      .mockResolvedValueOnce(status(401));
    stop = startNewsStream({ onNews: vi.fn(), onJob: vi.fn() }, { minDelayMs: 1000, maxDelayMs: 3000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(3000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('reopens a connection that ended, and stops when asked or without a token', async () => {
    fetchMock.mockImplementation(async () => streamed([': ping\n\n']));
    stop = startNewsStream({ onNews: vi.fn(), onJob: vi.fn() }, { minDelayMs: 1000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // A connection that opened starts the delay over.
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);

    fetchMock.mockClear();
    localStorage.removeItem(STORAGE_KEYS.token);
    stop = startNewsStream({ onNews: vi.fn(), onJob: vi.fn() });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('drops a connection that stays silent and opens a new one', async () => {
    let opened = 0;
    fetchMock.mockImplementation(async (_url, init) => {
      opened++;
      // A body that never sends anything and fails once the request is aborted.
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return { ok: true, status: 200, body } as Response;
    });
    stop = startNewsStream({ onNews: vi.fn(), onJob: vi.fn() }, { minDelayMs: 1000, idleMs: 10_000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(opened).toBe(1);
    await vi.advanceTimersByTimeAsync(10_999);
    expect(opened).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(opened).toBe(2);
  });
});
