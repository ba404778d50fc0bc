import { describe, expect, it, vi } from 'vitest';
import {
  type CellLike,
  collectLoadedFiles,
  fileIdFromTags,
  fileTag,
  fileViewState,
  SnapshotStore,
} from './loaded-files';

function cell(ref: string, tags: string[] | undefined, label?: string, isHidden?: boolean): CellLike {
  return { transform: { ref, tags, params: label === undefined ? {} : { label } }, state: { isHidden } };
}

describe('file tags', () => {
  it('round-trips a file id', () => {
    expect(fileTag(42)).toBe('medx-file:42');
    expect(fileIdFromTags(['other', fileTag(42)])).toBe(42);
  });

  it('ignores other and malformed tags', () => {
    expect(fileIdFromTags(undefined)).toBeNull();
    expect(fileIdFromTags(['medx-file:', 'medx-file:x', 'medx-file:-3', 'medx-file:1.5', 'ligand'])).toBeNull();
  });
});

describe('collectLoadedFiles', () => {
  it('reads tagged cells with label and visibility, sorted by file id', () => {
    const files = collectLoadedFiles([
      cell('-=root=-', undefined),
      cell('a', [fileTag(9)], 'receptor.pdb'),
      cell('a-structure', ['structure']),
      cell('b', [fileTag(3)], 'ligand.sdf', true),
    ]);
    expect(files).toEqual([
      { fileId: 3, ref: 'b', label: 'ligand.sdf', visible: false },
      { fileId: 9, ref: 'a', label: 'receptor.pdb', visible: true },
    ]);
  });

  it('keeps the first cell of a file tagged twice and tolerates missing labels', () => {
    const files = collectLoadedFiles([cell('x', [fileTag(1)]), cell('y', [fileTag(1)], 'copy')]);
    expect(files).toEqual([{ fileId: 1, ref: 'x', label: '', visible: true }]);
  });
});

describe('SnapshotStore', () => {
  it('publishes only when the files change', () => {
    const store = new SnapshotStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const files = [{ fileId: 1, ref: 'a', label: 'a.pdb', visible: true }];
    store.setFiles(files);
    const first = store.get();
    store.setFiles([{ ...files[0]! }]);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get()).toBe(first);
    store.setFiles([{ ...files[0]!, visible: false }]);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.get().files[0]?.visible).toBe(false);
  });

  it('tracks files being loaded, once each', () => {
    const store = new SnapshotStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.startLoading(5);
    store.startLoading(2);
    store.startLoading(5);
    expect(store.get().loading).toEqual([2, 5]);
    store.endLoading(5);
    store.endLoading(7);
    expect(store.get().loading).toEqual([2]);
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    store.reset();
    expect(store.get()).toEqual({ files: [], loading: [] });
    expect(listener).toHaveBeenCalledTimes(3);
  });
});

describe('fileViewState (the In column)', () => {
  const snapshot = {
    files: [
      { fileId: 1, ref: 'a', label: 'a.pdb', visible: true },
      { fileId: 2, ref: 'b', label: 'b.sdf', visible: false },
    ],
    loading: [3, 1],
  };

  it('tells absent, loading, shown and hidden apart', () => {
    expect(fileViewState(snapshot, 4)).toBe('absent');
    expect(fileViewState(snapshot, 3)).toBe('loading');
    // A reload in progress shows as loading, not as the copy that is about to go.
    expect(fileViewState(snapshot, 1)).toBe('loading');
    expect(fileViewState(snapshot, 2)).toBe('hidden');
    expect(fileViewState({ ...snapshot, loading: [] }, 1)).toBe('shown');
  });
});
