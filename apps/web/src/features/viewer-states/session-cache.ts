/**
 * The local database (viewer spec §3 "Local database"): IndexedDB `medielixir` version 1 with
 * the store `file` (edited copies of structure contents: {id, content}) and the store
 * `3dviewer` caching the project's viewer session, one record per project.
 */

export const DB_NAME = 'medielixir';
export const DB_VERSION = 1;
export const FILE_STORE = 'file';
export const VIEWER_STORE = '3dviewer';

export interface SessionRecord {
  /** `project-<id>`. */
  id: string;
  projectId: number;
  data: Blob;
  /** SHA-256 of `data`. */
  etag: string;
  /** The server copy's etag this cache last loaded or saved. */
  base: string | null;
  savedAt: number;
}

const recordId = (projectId: number) => `project-${projectId}`;

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(FILE_STORE)) db.createObjectStore(FILE_STORE, { keyPath: 'id' });
      if (!db.objectStoreNames.contains(VIEWER_STORE)) db.createObjectStore(VIEWER_STORE, { keyPath: 'id' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('IndexedDB blocked'));
  });
}

async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(VIEWER_STORE, mode);
      const request = work(tx.objectStore(VIEWER_STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

export async function readCachedSession(projectId: number): Promise<SessionRecord | null> {
  const found = await withStore<SessionRecord | undefined>('readonly', (s) => s.get(recordId(projectId)));
  return found ?? null;
}

export async function writeCachedSession(record: Omit<SessionRecord, 'id'>): Promise<void> {
  await withStore('readwrite', (s) => s.put({ ...record, id: recordId(record.projectId) }));
}
