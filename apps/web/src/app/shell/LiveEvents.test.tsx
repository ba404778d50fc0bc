import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../api/session';
import { testUser } from '../../test/fixtures';
import { LiveEvents } from './LiveEvents';

function streamed(text: string): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      // Left open, as the server keeps it: only the unmount ends it.
    },
  });
  return { ok: true, status: 200, body } as Response;
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe('LiveEvents', () => {
  it('refreshes the news of a `news` event, the job lists and billing reads of a `job` event; stops on unmount', async () => {
    saveSession({ user: testUser, token: 'tok' });
    fetchMock.mockResolvedValue(
      streamed(
        'event: news\ndata: {"type":"NOTICE"}\n\nevent: job\ndata: {"job_id":1,"project_id":2,"status":"FINISHED"}\n\n',
      ),
    );
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const view = render(
      <QueryClientProvider client={client}>
        <LiveEvents />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['jobs'] }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['billing'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['news', 'unread'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['news', 'list', 'NOTICE'] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const signal = fetchMock.mock.calls[0]?.[1]?.signal;
    expect(signal?.aborted).toBe(false);
    view.unmount();
    expect(signal?.aborted).toBe(true);
  });

  it('opens nothing without a session', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <LiveEvents />
      </QueryClientProvider>,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
