import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLang } from '../../i18n';
import { renderPage, setupPageTests } from '../../test/test-providers';
import { DocsPage } from './DocsPage';

setupPageTests();

const heading = () => screen.findByTestId('docs-title');

describe('DocsPage', () => {
  it('shows the Help Center with its table of contents, without a session', async () => {
    renderPage(<DocsPage />, { path: '/docs/:doc', url: '/docs/help' });
    expect((await heading()).textContent).toBe('Help Center');
    const toc = screen.getByTestId('docs-toc');
    expect(within(toc).getByRole('link', { name: 'Guest accounts' }).getAttribute('href')).toBe('#guests');
    expect(screen.getByTestId('docs-section-guests').querySelector('h2')?.textContent).toBe('Guest accounts');
    expect(document.title).toBe('Help Center · MedX Workbench');
    expect(screen.getByTestId('docs-nav-help').getAttribute('aria-current')).toBe('page');
  });

  it('follows the chosen language and switches with it', async () => {
    await changeLang('zh-CN');
    renderPage(<DocsPage />, { path: '/docs/:doc', url: '/docs/privacy' });
    expect((await heading()).textContent).toBe('隐私政策');
    expect(screen.getByTestId('docs-nav-agreement').textContent).toBe('用户协议');
    await act(() => changeLang('en'));
    expect(await screen.findByText('Privacy Policy', { selector: 'h1' })).toBeTruthy();
  });

  it('links the documents to each other inside the app', async () => {
    renderPage(<DocsPage />, { path: '/docs/:doc', url: '/docs/agreement' });
    expect((await heading()).textContent).toBe('User Agreement');
    const link = within(screen.getByTestId('docs-section-content')).getByRole('link', { name: 'Privacy Policy' });
    expect(link.getAttribute('href')).toBe('/docs/privacy');
  });

  it('gives the window its title back when the page is left', async () => {
    document.title = 'MedX Workbench';
    const { unmount } = renderPage(<DocsPage />, { path: '/docs/:doc', url: '/docs/privacy' });
    await heading();
    expect(document.title).toBe('Privacy Policy · MedX Workbench');
    unmount();
    expect(document.title).toBe('MedX Workbench');
  });

  it('answers 404 for a document that does not exist', async () => {
    renderPage(<DocsPage />, { path: '/docs/:doc', url: '/docs/nothing' });
    expect(await screen.findByText('404 Not Found')).toBeTruthy();
  });
});
