import { fireEvent, screen } from '@testing-library/react';
import { PluginContext } from 'molstar/lib/mol-plugin/context';
import { DefaultPluginSpec } from 'molstar/lib/mol-plugin/spec';
import type { PluginUIContext } from 'molstar/lib/mol-plugin-ui/context';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { renderPage, setupPageTests } from '../../test/test-providers';
import { ToolbarContext, type ToolbarContextValue } from '../../viewer/toolbar/toolbar-context';
import { InteractionToggle } from './InteractionToggle';
import { interactionsStore } from './interactions-store';

setupPageTests();

let plugin: PluginContext;

beforeEach(async () => {
  // A real Mol* plugin whose canvas never came up (no WebGL yet): it cannot draw.
  plugin = new PluginContext(DefaultPluginSpec());
  await plugin.init();
});

afterEach(() => {
  plugin.dispose();
  interactionsStore.set({ enabled: false, updating: false, count: null });
});

function renderToggle() {
  const value: ToolbarContextValue = {
    plugin: plugin as unknown as PluginUIContext,
    state: {
      busy: false,
      canUndo: false,
      undoLabel: undefined,
      granularity: 'residue',
      rightPanelOpen: false,
      canGoBack: false,
      structures: 0,
    },
    history: null,
    run: async () => {},
    openMenu: null,
    setOpenMenu: () => {},
    tooltipsOff: true,
  };
  renderPage(
    <ToolbarContext.Provider value={value}>
      <InteractionToggle />
    </ToolbarContext.Provider>,
    { path: '/' },
  );
}

describe('the Interaction button before Mol* can draw', () => {
  it("says 'Update failed: MolStar not ready' and stays off", async () => {
    expect(plugin.canvas3d).toBeUndefined();
    renderToggle();
    fireEvent.click(screen.getByTestId('tb-interactions'));
    expect(await screen.findByText('Update failed: MolStar not ready')).toBeTruthy();
    expect(screen.getByTestId('tb-interactions').dataset.enabled).toBe('false');
    expect(interactionsStore.get().enabled).toBe(false);
  });

  it('says it in Chinese too', async () => {
    await i18n.changeLanguage('zh-CN');
    renderToggle();
    fireEvent.click(screen.getByTestId('tb-interactions'));
    expect(await screen.findByText('更新失败：MolStar 尚未就绪')).toBeTruthy();
  });
});
