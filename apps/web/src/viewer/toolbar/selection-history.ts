import { SELECTION_HISTORY_CAPACITY } from './constants';

/** Why Previous could not give an entry (spec §8 selection messages, as toolbar message keys). */
export type PreviousSelectionError = 'noPrevious' | 'invalidIndex' | 'emptyEntry';

export type PreviousSelection<T> = { ok: true; entry: T; index: number } | { ok: false; error: PreviousSelectionError };

/**
 * The selection history behind Previous selection (spec §4): every change appends an entry;
 * Previous restores the entry before the current one and is disabled at the first entry.
 * A change made after going back drops the entries after the current one (as an editor's undo
 * does), and a change equal to the current entry is not a new entry, so restoring an entry
 * (which changes the selection) does not record it twice. Pure: entries are opaque values.
 */
export class SelectionHistory<T> {
  private entries: (T | null)[] = [];
  private index = -1;

  constructor(
    private readonly equals: (a: T, b: T) => boolean,
    private readonly capacity: number = SELECTION_HISTORY_CAPACITY,
  ) {}

  get length(): number {
    return this.entries.length;
  }

  get currentIndex(): number {
    return this.index;
  }

  get current(): T | null {
    return this.entries[this.index] ?? null;
  }

  /** Previous is possible only past the first entry. */
  get canGoBack(): boolean {
    return this.index > 0;
  }

  /** Records a selection change; returns false when it equals the current entry. */
  record(entry: T): boolean {
    const current = this.current;
    if (current !== null && this.equals(current, entry)) return false;
    this.entries = this.entries.slice(0, this.index + 1);
    this.entries.push(entry);
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
    this.index = this.entries.length - 1;
    return true;
  }

  /** The entry Previous would restore, without moving. */
  peekPrevious(): PreviousSelection<T> {
    if (this.index <= 0) return { ok: false, error: 'noPrevious' };
    const target = this.index - 1;
    if (target >= this.entries.length) return { ok: false, error: 'invalidIndex' };
    const entry = this.entries[target];
    if (entry === null || entry === undefined) return { ok: false, error: 'emptyEntry' };
    return { ok: true, entry, index: target };
  }

  /** Makes `index` the current entry once its selection has been restored. */
  moveTo(index: number): boolean {
    if (!Number.isInteger(index) || index < 0 || index >= this.entries.length) return false;
    this.index = index;
    return true;
  }

  /** Marks an entry unusable (its structures are gone) without shifting the others. */
  invalidate(index: number): void {
    if (index >= 0 && index < this.entries.length) this.entries[index] = null;
  }

  clear(): void {
    this.entries = [];
    this.index = -1;
  }
}
