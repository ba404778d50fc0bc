import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderPage, setupPageTests } from '../../test/test-providers';
import { ToolGuideMount } from './ToolGuideMount';
import { toolUi, useToolUi } from './tool-ui';

setupPageTests();

describe('ToolGuideMount', () => {
  it('closes the Tool guide when the workspace goes (the no-licence Purchase, the sidebar)', async () => {
    mockApi({});
    const state = renderHook(() => useToolUi());
    const mount = renderPage(<ToolGuideMount />, { path: '/' });
    act(() => toolUi.openGuide());
    expect(state.result.current.guideOpen).toBe(true);
    act(() => mount.unmount());
    expect(state.result.current.guideOpen).toBe(false);
  });
});
