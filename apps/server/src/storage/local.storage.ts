import { randomBytes } from 'node:crypto';
import { constants, type Dirent } from 'node:fs';
import { copyFile, type FileHandle, mkdir, open, readdir, rename, rmdir, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import {
  InvalidKeyError,
  isKeySegment,
  KeyConflictError,
  normalizePrefix,
  type ObjectInfo,
  ObjectNotFoundError,
  type ObjectStorage,
  ObjectTooLargeError,
  type PutOptions,
  readAll,
  validateKey,
} from './object-storage';

/**
 * Objects as plain files under a root directory (DATA_DIR/storage in the embedded mode).
 * Every write goes to a temp file in the target's directory and is renamed into place, so a
 * reader never sees half an object and a failed put leaves nothing. Temp names contain '~',
 * which no key segment may, so they can never be mistaken for (or collide with) an object.
 */
export class LocalStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async put(key: string, body: Buffer | Readable, _options?: PutOptions): Promise<{ size: number }> {
    const target = this.pathOf(key);
    const { path: temp, handle } = await this.openTemp(target, key);
    try {
      let size: number;
      try {
        size = await writeAll(handle, body);
      } finally {
        await handle.close();
      }
      await rename(temp, target);
      return { size };
    } catch (err) {
      await this.discard(temp);
      throw asConflict(err, key);
    }
  }

  async get(key: string): Promise<Readable> {
    const handle = await this.openObject(key);
    return handle.createReadStream();
  }

  async getBuffer(key: string, maxBytes?: number): Promise<Buffer> {
    const handle = await this.openObject(key);
    const { size } = await handle.stat();
    if (maxBytes !== undefined && size > maxBytes) {
      await handle.close();
      throw new ObjectTooLargeError(key, maxBytes);
    }
    // Still bounded while reading: the file may grow between stat and read.
    return readAll(handle.createReadStream(), key, maxBytes);
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size, lastModified: info.mtime } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    const source = this.pathOf(fromKey);
    const target = this.pathOf(toKey);
    if (!(await this.exists(fromKey))) throw new ObjectNotFoundError(fromKey);
    if (source === target) return;
    const { path: temp, handle } = await this.openTemp(target, toKey);
    await handle.close();
    try {
      // FICLONE makes the copy a cheap reflink where the filesystem supports it.
      await copyFile(source, temp, constants.COPYFILE_FICLONE);
      await syncFile(temp);
      await rename(temp, target);
    } catch (err) {
      await this.discard(temp);
      if (isMissing(err) && !(await this.exists(fromKey))) throw new ObjectNotFoundError(fromKey);
      throw asConflict(err, toKey);
    }
  }

  async move(fromKey: string, toKey: string): Promise<void> {
    const source = this.pathOf(fromKey);
    const target = this.pathOf(toKey);
    if (!(await this.exists(fromKey))) throw new ObjectNotFoundError(fromKey);
    if (source === target) return;
    try {
      await mkdir(dirname(target), { recursive: true });
      await rename(source, target);
    } catch (err) {
      await this.pruneEmptyDirs(dirname(target));
      if (isMissing(err) && !(await this.exists(fromKey))) throw new ObjectNotFoundError(fromKey);
      throw asConflict(err, toKey);
    }
    await this.pruneEmptyDirs(dirname(source));
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    try {
      await unlink(path);
    } catch (err) {
      if (isMissing(err)) return;
      // macOS reports unlink of a directory as EPERM; a folder of other objects is not an object.
      if (code(err) === 'EPERM' && (await stat(path).catch(() => null))?.isDirectory()) return;
      throw err;
    }
    await this.pruneEmptyDirs(dirname(path));
  }

  async deletePrefix(prefix: string): Promise<number> {
    const folder = normalizePrefix(prefix);
    if (folder === '') throw new InvalidKeyError(prefix, 'deletePrefix needs a non-empty prefix');
    const dir = this.pathOf(folder.slice(0, -1));
    const { files, dirs } = await this.walk(dir);
    let deleted = 0;
    for (const file of files) {
      try {
        await unlink(file.path);
        if (file.key !== null) deleted++;
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    }
    // Deepest first, so each directory is empty by the time it is reached.
    for (const sub of dirs.reverse()) await removeIfEmpty(sub);
    await this.pruneEmptyDirs(dir);
    return deleted;
  }

  async list(prefix: string): Promise<string[]> {
    const folder = normalizePrefix(prefix);
    const dir = folder === '' ? this.root : this.pathOf(folder.slice(0, -1));
    const { files } = await this.walk(dir);
    return files
      .map((file) => file.key)
      .filter((key): key is string => key !== null)
      .sort();
  }

  private pathOf(key: string): string {
    return join(this.root, ...validateKey(key).split('/'));
  }

  private keyOf(path: string): string | null {
    const segments = path.slice(this.root.length + 1).split(sep);
    return segments.every(isKeySegment) ? segments.join('/') : null;
  }

  private async openObject(key: string): Promise<FileHandle> {
    let handle: FileHandle;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (err) {
      if (isMissing(err)) throw new ObjectNotFoundError(key);
      throw err;
    }
    // On Linux a directory opens fine and only fails on read; a folder is not an object.
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      throw new ObjectNotFoundError(key);
    }
    return handle;
  }

  private async openTemp(target: string, key: string): Promise<{ path: string; handle: FileHandle }> {
    const dir = dirname(target);
    const path = join(dir, `~${randomBytes(8).toString('hex')}.partial`);
    for (let attempt = 1; ; attempt++) {
      try {
        await mkdir(dir, { recursive: true });
      } catch (err) {
        throw asConflict(err, key);
      }
      try {
        return { path, handle: await open(path, 'wx') };
      } catch (err) {
        // A concurrent delete may prune the directory between mkdir and open; make it again.
        if (code(err) !== 'ENOENT' || attempt === 3) throw err;
      }
    }
  }

  private async discard(temp: string): Promise<void> {
    await unlink(temp).catch(() => {});
    await this.pruneEmptyDirs(dirname(temp));
  }

  /** Removes empty directories from dir up to (not including) the root. */
  private async pruneEmptyDirs(dir: string): Promise<void> {
    let current = dir;
    while (current.startsWith(this.root + sep)) {
      if (!(await removeIfEmpty(current))) return;
      current = dirname(current);
    }
  }

  private async walk(dir: string): Promise<{ files: { path: string; key: string | null }[]; dirs: string[] }> {
    const files: { path: string; key: string | null }[] = [];
    const dirs: string[] = [];
    const visit = async (current: string): Promise<void> => {
      let entries: Dirent[];
      try {
        entries = await readdir(current, { withFileTypes: true });
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
      for (const entry of entries) {
        const path = join(current, entry.name);
        if (entry.isDirectory()) {
          dirs.push(path);
          await visit(path);
        } else if (entry.isFile()) {
          files.push({ path, key: this.keyOf(path) });
        }
      }
    };
    await visit(dir);
    return { files, dirs };
  }
}

async function writeAll(handle: FileHandle, body: Buffer | Readable): Promise<number> {
  if (Buffer.isBuffer(body)) {
    await handle.writeFile(body);
    await handle.sync();
    return body.length;
  }
  let size = 0;
  for await (const chunk of body) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    for (let offset = 0; offset < buffer.length; ) {
      offset += (await handle.write(buffer, offset)).bytesWritten;
    }
    size += buffer.length;
  }
  // Data on disk before the rename, so a crash right after it cannot leave an empty object.
  await handle.sync();
  return size;
}

async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** True when the directory was removed (or is already gone). */
async function removeIfEmpty(dir: string): Promise<boolean> {
  try {
    await rmdir(dir);
    return true;
  } catch (err) {
    if (code(err) === 'ENOENT') return true;
    // ENOTDIR: the path is an object, not a folder, so there is nothing to prune.
    if (code(err) === 'ENOTEMPTY' || code(err) === 'EEXIST' || code(err) === 'ENOTDIR') return false;
    throw err;
  }
}

/** A key whose parent is an object, or which is itself a folder of objects, cannot exist on disk. */
function asConflict(err: unknown, key: string): unknown {
  const c = code(err);
  return c === 'EEXIST' || c === 'ENOTDIR' || c === 'EISDIR' ? new KeyConflictError(key, { cause: err }) : err;
}

function code(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | null)?.code;
}

/** ENOTDIR: a parent segment is a file; EISDIR: the key names a folder, not an object. */
function isMissing(err: unknown): boolean {
  const c = code(err);
  return c === 'ENOENT' || c === 'ENOTDIR' || c === 'EISDIR';
}
