/**
 * Bookkeeping of the project files shown in the viewer. The truth lives in Mol*'s state tree:
 * each file's data cell carries the tag `medx-file:<id>`; the entries below are read back from
 * the tree's cells, so the State Tree panel, snapshots and this list never disagree.
 */

const TAG_PREFIX = 'medx-file:';

export function fileTag(fileId: number): string {
  return `${TAG_PREFIX}${fileId}`;
}

/** The file id in a cell's tags, or null when the cell is not a file's root. */
export function fileIdFromTags(tags: readonly string[] | undefined): number | null {
  for (const tag of tags ?? []) {
    if (!tag.startsWith(TAG_PREFIX)) continue;
    const id = Number(tag.slice(TAG_PREFIX.length));
    if (Number.isInteger(id) && id > 0) return id;
  }
  return null;
}

/** What the In column needs about one loaded file. */
export interface LoadedFile {
  fileId: number;
  /** Ref of the file's root (data) cell in the state tree. */
  ref: string;
  label: string;
  visible: boolean;
}

/** The shape of a Mol* state cell this module reads (kept structural so tests need no Mol*). */
export interface CellLike {
  transform: { ref: string; tags?: readonly string[]; params?: unknown };
  state: { isHidden?: boolean };
}

function labelOf(cell: CellLike): string {
  const params = cell.transform.params as { label?: unknown } | undefined;
  return typeof params?.label === 'string' ? params.label : '';
}

/** Loaded files from the state tree's cells, by file id (the first cell wins if tagged twice). */
export function collectLoadedFiles(cells: Iterable<CellLike>): LoadedFile[] {
  const byId = new Map<number, LoadedFile>();
  for (const cell of cells) {
    const fileId = fileIdFromTags(cell.transform.tags);
    if (fileId === null || byId.has(fileId)) continue;
    byId.set(fileId, { fileId, ref: cell.transform.ref, label: labelOf(cell), visible: !cell.state.isHidden });
  }
  return [...byId.values()].sort((a, b) => a.fileId - b.fileId);
}

/** Everything the viewer's subscribers see: the loaded files and the ids being loaded now. */
export interface ViewerSnapshot {
  files: readonly LoadedFile[];
  loading: readonly number[];
}

export const EMPTY_SNAPSHOT: ViewerSnapshot = Object.freeze({ files: [], loading: [] });

function sameFiles(a: readonly LoadedFile[], b: readonly LoadedFile[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((f, i) => {
    const g = b[i];
    return (
      g !== undefined && f.fileId === g.fileId && f.ref === g.ref && f.visible === g.visible && f.label === g.label
    );
  });
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

/**
 * A tiny observable holding the latest snapshot. A new snapshot object is published only when
 * something changed, so `useSyncExternalStore` re-renders only then.
 */
export class SnapshotStore {
  private snapshot: ViewerSnapshot = EMPTY_SNAPSHOT;
  private readonly listeners = new Set<() => void>();

  get = (): ViewerSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  setFiles(files: readonly LoadedFile[]): void {
    if (sameFiles(files, this.snapshot.files)) return;
    this.publish({ ...this.snapshot, files });
  }

  startLoading(fileId: number): void {
    if (this.snapshot.loading.includes(fileId)) return;
    this.publish({ ...this.snapshot, loading: [...this.snapshot.loading, fileId].sort((a, b) => a - b) });
  }

  endLoading(fileId: number): void {
    const loading = this.snapshot.loading.filter((id) => id !== fileId);
    if (sameIds(loading, this.snapshot.loading)) return;
    this.publish({ ...this.snapshot, loading });
  }

  reset(): void {
    this.setFiles([]);
    if (this.snapshot.loading.length) this.publish({ ...this.snapshot, loading: [] });
  }

  private publish(next: ViewerSnapshot): void {
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }
}

/** What the Entry List's In column shows for one file. */
export type FileViewState = 'absent' | 'loading' | 'shown' | 'hidden';

export function fileViewState(snapshot: ViewerSnapshot, fileId: number): FileViewState {
  if (snapshot.loading.includes(fileId)) return 'loading';
  const file = snapshot.files.find((f) => f.fileId === fileId);
  if (!file) return 'absent';
  return file.visible ? 'shown' : 'hidden';
}
