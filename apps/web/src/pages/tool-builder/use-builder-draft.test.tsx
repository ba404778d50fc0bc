import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { draftStorageKey, useBuilderDraft } from './use-builder-draft';

afterEach(() => {
  sessionStorage.clear();
  vi.useRealTimers();
});

describe('useBuilderDraft', () => {
  it('tells dirty, pristine and submitted apart', () => {
    const { result } = renderHook(() => useBuilderDraft(null));
    expect(result.current).toMatchObject({ dirty: false, pristine: true, submitted: false });
    act(() => result.current.dispatch({ type: 'setInfo', patch: { toolId: 'a' } }));
    expect(result.current).toMatchObject({ dirty: true, pristine: false, submitted: false });
    act(() => result.current.dispatch({ type: 'markSubmitted' }));
    expect(result.current.submitted).toBe(true);
    act(() => result.current.dispatch({ type: 'markSaved' }));
    expect(result.current.dirty).toBe(false);
    act(() => result.current.dispatch({ type: 'setInfo', patch: { toolName: 'A' } }));
    expect(result.current).toMatchObject({ dirty: true, submitted: false });
  });

  it('keeps the draft in the tab’s storage and restores it', () => {
    vi.useFakeTimers();
    const key = draftStorageKey(7);
    const first = renderHook(() => useBuilderDraft(key));
    act(() => first.result.current.dispatch({ type: 'setInfo', patch: { toolId: 'kept' } }));
    act(() => vi.advanceTimersByTime(500));
    first.unmount();
    const second = renderHook(() => useBuilderDraft(key));
    expect(second.result.current.draft.info.toolId).toBe('kept');
    expect(second.result.current.dirty).toBe(true);
  });

  it('starts afresh from unreadable storage', () => {
    sessionStorage.setItem(draftStorageKey(7), '{"draft":{"info":5}}');
    const { result } = renderHook(() => useBuilderDraft(draftStorageKey(7)));
    expect(result.current.pristine).toBe(true);
  });
});
