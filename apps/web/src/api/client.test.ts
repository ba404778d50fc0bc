import { LIMITS, messages } from '@medx/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { MessageArgsProps } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLang } from '../i18n';
import { closeLicencePopup, useLicencePopup } from '../lib/licence-popup';
import { api, resetSessionExpiryForTests } from './client';
import { STORAGE_KEYS } from './session-store';
import { registerUiBridge } from './ui-bridge';

const fetchMock = vi.fn<typeof fetch>();
const toasts: MessageArgsProps[] = [];
const navigate = vi.fn();
let unregister: () => void = () => {};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function lastRequest(): { url: string; init: RequestInit; headers: Record<string, string> } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const init = call[1] ?? {};
  return { url: String(call[0]), init, headers: init.headers as Record<string, string> };
}

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  toasts.length = 0;
  navigate.mockReset();
  unregister = registerUiBridge({ message: { open: (args) => toasts.push(args) }, navigate });
  localStorage.clear();
  resetSessionExpiryForTests();
  await changeLang('en');
  localStorage.removeItem(STORAGE_KEYS.lang);
});

afterEach(() => {
  unregister();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('requests', () => {
  it('sends the token, project id, JSON content type and language under /v1', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('projectId', '42');
    fetchMock.mockResolvedValue(json(200, { success: true, msg: 'ok', data: { id: 1 } }));

    await api.post('/projects/new', { project_name: 'p' });

    const { url, init, headers } = lastRequest();
    expect(url).toBe('/v1/projects/new');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ project_name: 'p' }));
    expect(init.credentials).toBe('include');
    expect(headers.token).toBe('tok-1');
    expect(headers.projectId).toBe('42');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['Accept-Language']).toBe('en');
  });

  it('leaves out the token and project id when none are stored', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, msg: '', data: null }));
    await api.get('/users/calling/codes');
    const { headers } = lastRequest();
    expect(headers).not.toHaveProperty('token');
    expect(headers).not.toHaveProperty('projectId');
  });

  it('puts GET parameters in the query string, skipping empty ones', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, msg: '', data: { total: 0, items: [] } }));
    await api.get('/projects', { page: 2, limit: 10, is_shared: undefined, recycled: null, q: '' });
    expect(lastRequest().url).toBe('/v1/projects?page=2&limit=10');
    expect(lastRequest().init.body).toBeUndefined();
  });

  it('asks for Chinese answers when the interface is in Chinese', async () => {
    await changeLang('zh-CN');
    fetchMock.mockResolvedValue(json(200, { success: true, msg: '', data: null }));
    await api.put('/projects/1/name', { name: 'x' });
    expect(lastRequest().headers['Accept-Language']).toBe('zh-CN');
    expect(lastRequest().init.method).toBe('PUT');
  });

  it('uses DELETE for del', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, msg: '', data: null }));
    await api.del('/files/3');
    expect(lastRequest().init.method).toBe('DELETE');
    expect(lastRequest().url).toBe('/v1/files/3');
  });
});

describe('answers (spec §7)', () => {
  it('returns a successful envelope without a toast', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, msg: 'Success', data: { id: 7 } }));
    const answer = await api.get<{ id: number }>('/projects/7');
    expect(answer).toEqual({ success: true, msg: 'Success', data: { id: 7 } });
    expect(toasts).toHaveLength(0);
  });

  it('shows msg as an error toast when success is false', async () => {
    fetchMock.mockResolvedValue(json(200, { success: false, msg: 'Project not found.', data: null }));
    const answer = await api.get('/projects/9');
    expect(answer).toEqual({ success: false, msg: 'Project not found.', data: null });
    expect(toasts).toEqual([expect.objectContaining({ type: 'error', content: 'Project not found.' })]);
  });

  it('returns the body of other HTTP errors, with its toast', async () => {
    const body = { success: false, msg: 'Please input your project name', data: { field: 'project_name' } };
    fetchMock.mockResolvedValue(json(400, body));
    const answer = await api.post('/projects/new', { project_name: '' });
    expect(answer).toEqual(body);
    expect(toasts.map((t) => t.content)).toEqual(['Please input your project name']);
  });

  it('can keep a failure silent', async () => {
    fetchMock.mockResolvedValue(json(403, { success: false, msg: 'no', data: null }));
    const answer = await api.get('/users/permissions', undefined, { silent: true });
    expect(answer.success).toBe(false);
    expect(toasts).toHaveLength(0);
  });

  it('opens the no-licence popup with the reason on 402 (quota used up), besides the toast, even when silent', async () => {
    const { result } = renderHook(() => useLicencePopup());
    const msg = 'Your compute quota is used up (10.00 of 10.00 core-hours).';
    fetchMock.mockResolvedValue(json(402, { success: false, msg, data: null }));
    const answer = await api.post('/jobs/docking', {});
    expect(answer).toEqual({ success: false, msg, data: null });
    expect(toasts.map((t) => t.content)).toEqual([msg]);
    await waitFor(() => expect(result.current).toEqual({ open: true, detail: msg }));
    act(() => closeLicencePopup());
    expect(result.current.open).toBe(false);

    fetchMock.mockResolvedValue(json(402, { success: false, msg, data: null }));
    await api.get('/jobs/count', undefined, { silent: true });
    expect(toasts).toHaveLength(1);
    await waitFor(() => expect(result.current.open).toBe(true));
    act(() => closeLicencePopup());
  });

  it('leaves the no-licence popup closed on other failures', async () => {
    const { result } = renderHook(() => useLicencePopup());
    fetchMock.mockResolvedValue(json(403, { success: false, msg: 'Guests cannot buy compute.', data: null }));
    await api.post('/billing/orders', {});
    expect(toasts).toHaveLength(1);
    expect(result.current.open).toBe(false);
  });

  it('turns a body that is not an envelope into a failure', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const answer = await api.get('/projects');
    expect(answer).toEqual({ success: false, msg: '502 Bad Gateway', data: null });
    expect(toasts).toHaveLength(1);
  });

  it('gives a toast with the error message and an empty failure when there is no response', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const answer = await api.get('/projects');
    expect(answer).toEqual({ success: false, msg: 'Failed to fetch', data: null });
    expect(toasts).toEqual([expect.objectContaining({ type: 'error', content: 'Failed to fetch' })]);
  });

  it('never throws, even when fetch throws something odd', async () => {
    fetchMock.mockRejectedValue('weird');
    await expect(api.post('/x')).resolves.toMatchObject({ success: false, data: null });
  });
});

describe('time-out', () => {
  it('aborts after 600000 ms and reports it', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = api.get('/jobs');
    let settled = false;
    void pending.then(() => {
      settled = true;
    });

    await vi.advanceTimersByTimeAsync(LIMITS.requestTimeoutMs - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    const answer = await pending;
    expect(answer.success).toBe(false);
    expect(answer.msg).toBe('The request timed out. Please try again.');
    expect(toasts).toHaveLength(1);
  });
});

describe('session expiry (HTTP 401)', () => {
  function storeSession() {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', '{"id":1}');
    localStorage.setItem('user_id', '1');
    localStorage.setItem('projectId', '5');
    localStorage.setItem('window', '{}');
    localStorage.setItem('layout', '{}');
  }

  it('shows the session-expired toast once, then clears storage and goes to /login when it closes', async () => {
    storeSession();
    fetchMock.mockImplementation(async () => json(401, { success: false, msg: 'expired', data: null }));

    const answers = await Promise.all([api.get('/users/'), api.get('/projects'), api.get('/users/permissions')]);

    expect(answers.every((a) => a.success === false)).toBe(true);
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ type: 'error', content: messages.sessionExpired.en });
    // Nothing is cleared until the toast closes.
    expect(localStorage.getItem('token')).toBe('t');
    expect(navigate).not.toHaveBeenCalled();

    toasts[0]?.onClose?.();

    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('user_id')).toBeNull();
    expect(localStorage.getItem('projectId')).toBeNull();
    // Expiry keeps the workspace layout (sign-out is what clears window and layout).
    expect(localStorage.getItem('window')).toBe('{}');
    expect(localStorage.getItem('layout')).toBe('{}');
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('handles a later expiry again after the first has finished', async () => {
    fetchMock.mockImplementation(async () => new Response('', { status: 401 }));
    await api.get('/users/');
    toasts[0]?.onClose?.();
    await api.get('/users/');
    expect(toasts).toHaveLength(2);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('shows the toast in Chinese when the interface is Chinese', async () => {
    await changeLang('zh-CN');
    fetchMock.mockResolvedValue(new Response('', { status: 401 }));
    const answer = await api.get('/users/');
    expect(toasts[0]?.content).toBe(messages.sessionExpired['zh-CN']);
    expect(answer).toEqual({ success: false, msg: messages.sessionExpired['zh-CN'], data: null });
  });
});
