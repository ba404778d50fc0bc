import type { Envelope } from '@medx/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
// The module antd's static message (imported by path in lib/lazy-message) reads its global config from.
import StaticConfigProvider from 'antd/es/config-provider';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { i18n } from '../i18n';
import { closeLazyMessages } from '../lib/lazy-message';
import { createQueryClient } from '../lib/query-client';

/**
 * Registers the hooks every page test needs: an empty localStorage and English before each
 * test; unmounting and the real fetch (see `mockApi`) after it. Call once at the top of the file.
 */
export function setupPageTests() {
  // The static message (the login page's toasts) without motion, as renderPage's App: no
  // leave animation left running when a test ends and closes it.
  StaticConfigProvider.config({
    holderRender: (children) => (
      <StaticConfigProvider theme={{ token: { motion: false } }}>{children}</StaticConfigProvider>
    ),
  });
  beforeEach(async () => {
    localStorage.clear();
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    // Toasts of pages without antd's App (the login page) use antd's static message, which
    // renders in a root of its own: take it down too, within act so React finishes the work
    // now rather than after the test's document is gone.
    await act(() => closeLazyMessages());
  });
}

/** Types `value` into the input with the given test id. */
export const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

/** Validation messages currently shown under fields (antd forms and the login page's light ones). */
export const errors = () =>
  Array.from(document.querySelectorAll('.ant-form-item-explain-error, .lt-field-error')).map(
    (node) => node.textContent,
  );

/** Shows where navigation went, for assertions. */
function Landing({ name }: { name: string }) {
  const location = useLocation();
  return <div data-testid={`landed-${name}`}>{`${location.pathname}${location.search}`}</div>;
}

/** A page under the app's providers (i18n, react-query, antd App without motion, router). */
export function renderPage(page: ReactElement, { path, url = path }: { path: string; url?: string }) {
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <ConfigProvider theme={{ token: { motion: false } }}>
          <AntdApp>
            <MemoryRouter initialEntries={[url]}>
              <Routes>
                <Route path={path} element={page} />
                <Route path="/project" element={<Landing name="project" />} />
                {path !== '/login' && <Route path="/login" element={<Landing name="login" />} />}
                {path !== '/userCenter' && <Route path="/userCenter" element={<Landing name="userCenter" />} />}
              </Routes>
            </MemoryRouter>
          </AntdApp>
        </ConfigProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  /** The query string's values. */
  query: Record<string, string>;
  headers: Record<string, string>;
}

type Handler = (body: unknown, query: Record<string, string>) => Envelope<unknown>;

/**
 * Replaces fetch with the given `METHOD /v1/path` handlers; other calls answer 404. The real
 * API client runs on top, so paths, headers and bodies are what the server would get.
 */
export function mockApi(handlers: Record<string, Handler>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const [path = '', search = ''] = String(input).split('?');
      const query = Object.fromEntries(new URLSearchParams(search));
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path, body, query, headers: (init.headers ?? {}) as Record<string, string> });
      const handler = handlers[`${method} ${path}`];
      const envelope = handler ? handler(body, query) : { success: false, msg: 'Not found.', data: null };
      return new Response(JSON.stringify(envelope), {
        status: handler ? 200 : 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

export const ok = <T,>(data: T, msg = 'Success'): Envelope<T> => ({ success: true, msg, data });
