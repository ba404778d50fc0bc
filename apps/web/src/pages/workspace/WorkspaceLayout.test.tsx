import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HeaderSlotProvider, HeaderSlotTarget } from '../../lib/header-slot';
import { mockApi, ok, renderPage, setupPageTests } from '../../test/test-providers';
import { DEFAULT_LAYOUT } from '../../workspace/layout/split-math';
import { WorkspacePage } from './WorkspacePage';

const project = {
  id: 1,
  project_name: 'Kinase',
  creator_id: 7,
  creator: { id: 7, username: 'ada', email: null },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  role: 'OWNER',
  is_shared: false,
  files: [],
};

function Search() {
  return <div data-testid="search">{useLocation().search}</div>;
}

/** The page under a header slot, as the app shell renders it (the Window menu lands in the slot). */
function Page() {
  return (
    <HeaderSlotProvider>
      <Search />
      <header>
        <HeaderSlotTarget />
      </header>
      <WorkspacePage />
    </HeaderSlotProvider>
  );
}

const search = () => screen.getByTestId('search').textContent ?? '';

setupPageTests();

describe('WorkspacePage: layout', () => {
  it('shows the four default windows, the loading screen first, and stores the layout', async () => {
    mockApi({ 'GET /v1/projects/1': () => ok(project) });
    renderPage(<Page />, { path: '/', url: '/?project=1' });
    expect(screen.getByTestId('workspace-loading')).toBeTruthy();
    expect(screen.getByTestId('workspace-welcome')).toBeTruthy();
    for (const id of ['entryList', 'structureViewer', 'medView', 'sequenceViewer']) {
      expect(await screen.findByTestId(`window-${id}`)).toBeTruthy();
    }
    expect(screen.queryByTestId('workspace-loading')).toBeNull();
    // Med View loads lazily; happy-dom has no WebGL, so it ends on spec §8's message and advice.
    const medView = await screen.findByTestId('med-view', {}, { timeout: 20_000 });
    await waitFor(() => expect(medView.dataset.state).toBe('no-webgl'), { timeout: 20_000 });
    expect(medView.textContent).toContain('WebGL does not seem to be available.');
    await waitFor(() => expect(JSON.parse(localStorage.getItem('layout') ?? 'null')).toEqual(DEFAULT_LAYOUT));
  }, 30_000);

  it('has no welcome message once a layout is stored', async () => {
    localStorage.setItem('layout', JSON.stringify(DEFAULT_LAYOUT));
    mockApi({ 'GET /v1/projects/1': () => ok(project) });
    renderPage(<Page />, { path: '/', url: '/?project=1' });
    expect(screen.getByTestId('workspace-loading')).toBeTruthy();
    expect(screen.queryByTestId('workspace-welcome')).toBeNull();
    await screen.findByTestId('window-entryList');
  });

  it('minimises a window, brings it back from the Window menu, and resets', async () => {
    mockApi({ 'GET /v1/projects/1': () => ok(project) });
    renderPage(<Page />, { path: '/', url: '/?project=1' });
    fireEvent.click(await screen.findByTestId('minimise-structureViewer'));
    await waitFor(() => expect(screen.queryByTestId('window-structureViewer')).toBeNull());
    expect(localStorage.getItem('layout')).not.toContain('structureViewer');

    fireEvent.click(screen.getByTestId('window-menu'));
    fireEvent.click(await screen.findByTestId('window-menu-structureViewer'));
    expect(await screen.findByTestId('window-structureViewer')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('layout') ?? 'null')).toEqual(DEFAULT_LAYOUT);

    fireEvent.click(screen.getByTestId('window-menu'));
    fireEvent.click(await screen.findByTestId('window-menu-workspace2d'));
    expect(await screen.findByTestId('window-workspace2d')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('window') ?? '{}')).toEqual({ slot: 'workspace2d', floating: [] });

    fireEvent.click(screen.getByTestId('minimise-entryList'));
    await waitFor(() => expect(screen.queryByTestId('window-entryList')).toBeNull());
    fireEvent.click(screen.getByTestId('reset-layout'));
    expect(await screen.findByTestId('window-entryList')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('window-workspace2d')).toBeNull());
  });

  it('lists Docking Result only with jobType DOCKING and opens the Job Result dialog', async () => {
    mockApi({ 'GET /v1/projects/1': () => ok(project) });
    renderPage(<Page />, { path: '/', url: '/?project=1&jobType=DOCKING&jobId=5&jobStatus=FINISHED' });
    expect(await screen.findByTestId('job-result-dialog')).toBeTruthy();
    fireEvent.click(screen.getByTestId('window-menu'));
    expect(await screen.findByTestId('window-menu-dockingResult')).toBeTruthy();
    expect(screen.queryByTestId('window-menu-transMolResult')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('job-result-dialog')).toBeNull());
    expect(search()).toBe('?project=1');
  });

  it('opens the tool window from ?tool= and closing it removes the value', async () => {
    mockApi({ 'GET /v1/projects/1': () => ok(project) });
    renderPage(<Page />, { path: '/', url: '/?project=1&tool=t1&workflow=w' });
    expect(await screen.findByTestId('window-tool')).toBeTruthy();
    await waitFor(() => expect(search()).toBe('?project=1&tool=t1'));
    fireEvent.click(screen.getByTestId('minimise-tool'));
    await waitFor(() => expect(screen.queryByTestId('window-tool')).toBeNull());
    expect(JSON.parse(localStorage.getItem('layout') ?? 'null')).toEqual(DEFAULT_LAYOUT);
    await waitFor(() => expect(search()).toBe('?project=1'));
  });
});
