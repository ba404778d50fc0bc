import { describe, expect, it } from 'vitest';
import { SelectionHistory } from './selection-history';

const history = (capacity?: number) => new SelectionHistory<string>((a, b) => a === b, capacity);

describe('selection history (spec §4)', () => {
  it('is empty and cannot go back at first', () => {
    const h = history();
    expect(h.length).toBe(0);
    expect(h.canGoBack).toBe(false);
    expect(h.peekPrevious()).toEqual({ ok: false, error: 'noPrevious' });
  });

  it('disables Previous at the first entry', () => {
    const h = history();
    h.record('A');
    expect(h.canGoBack).toBe(false);
    expect(h.peekPrevious()).toEqual({ ok: false, error: 'noPrevious' });
  });

  it('appends every change and restores the entry before the current one', () => {
    const h = history();
    h.record('A');
    h.record('B');
    h.record('C');
    expect(h.length).toBe(3);
    expect(h.canGoBack).toBe(true);
    const previous = h.peekPrevious();
    expect(previous).toEqual({ ok: true, entry: 'B', index: 1 });
    expect(h.moveTo(1)).toBe(true);
    expect(h.current).toBe('B');
    expect(h.peekPrevious()).toEqual({ ok: true, entry: 'A', index: 0 });
    h.moveTo(0);
    expect(h.canGoBack).toBe(false);
  });

  it('does not record the restored selection again', () => {
    const h = history();
    h.record('A');
    h.record('B');
    h.moveTo(0);
    // Restoring A changes the selection, which reports A: not a new entry.
    expect(h.record('A')).toBe(false);
    expect(h.length).toBe(2);
    expect(h.currentIndex).toBe(0);
  });

  it('drops the entries after the current one on a new change', () => {
    const h = history();
    h.record('A');
    h.record('B');
    h.record('C');
    h.moveTo(1);
    expect(h.record('D')).toBe(true);
    expect(h.length).toBe(3);
    expect(h.peekPrevious()).toEqual({ ok: true, entry: 'B', index: 1 });
  });

  it('ignores a change equal to the current entry', () => {
    const h = history();
    h.record('A');
    expect(h.record('A')).toBe(false);
    expect(h.length).toBe(1);
  });

  it('keeps at most its capacity, dropping the oldest', () => {
    const h = history(3);
    for (const x of ['A', 'B', 'C', 'D', 'E']) h.record(x);
    expect(h.length).toBe(3);
    h.moveTo(1);
    expect(h.peekPrevious()).toEqual({ ok: true, entry: 'C', index: 0 });
  });

  it('reports an invalidated entry as empty', () => {
    const h = history();
    h.record('A');
    h.record('B');
    h.invalidate(0);
    expect(h.peekPrevious()).toEqual({ ok: false, error: 'emptyEntry' });
  });

  it('refuses to move outside the entries', () => {
    const h = history();
    h.record('A');
    expect(h.moveTo(1)).toBe(false);
    expect(h.moveTo(-1)).toBe(false);
    expect(h.moveTo(0.5)).toBe(false);
    expect(h.currentIndex).toBe(0);
  });

  it('starts over when cleared', () => {
    const h = history();
    h.record('A');
    h.record('B');
    h.clear();
    expect(h.length).toBe(0);
    expect(h.canGoBack).toBe(false);
  });
});
