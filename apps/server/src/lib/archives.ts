import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

export interface ArchiveEntry {
  path: string;
  content: Buffer;
}

export interface ArchiveLimits {
  maxEntries: number;
  /** Total bytes after decompression. */
  maxTotalBytes: number;
  /** Uncompressed / compressed, per zip entry: beyond this it is treated as a bomb. */
  maxRatio: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxEntries: 2000,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxRatio: 200,
};

export class UnsafeArchiveError extends Error {}

/**
 * A damaged archive: an entry whose data do not match its CRC-32, that cannot be
 * decompressed, or that ends early. An UnsafeArchiveError, so callers refuse it the same way.
 */
export class CorruptArchiveError extends UnsafeArchiveError {}

const DAMAGED = 'a corrupt or truncated archive';

/**
 * A path inside an archive is safe when it is relative and stays inside the target:
 * no absolute paths, drive letters, backslashes, '..' segments or NUL bytes.
 */
export function isSafeArchivePath(path: string): boolean {
  if (!path || path.includes('\0') || path.includes('\\')) return false;
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return false;
  return !path.split('/').some((segment) => segment === '..');
}

function checkTotals(count: number, total: number, limits: ArchiveLimits) {
  if (count > limits.maxEntries) throw new UnsafeArchiveError(`more than ${limits.maxEntries} entries`);
  if (total > limits.maxTotalBytes) throw new UnsafeArchiveError('expands beyond the size limit (decompression bomb)');
}

/**
 * Reads a zip fully into memory, refusing traversal paths, bombs and symlinks, and damaged
 * entries: yauzl checks no CRC-32 (its README: "No CRC-32 Checking"), so every entry's data
 * are checked against the CRC-32 its central directory records, after reading it to its end.
 */
export async function readZip(buffer: Buffer, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): Promise<ArchiveEntry[]> {
  const yauzl = await import('yauzl');
  const zip = await new Promise<import('yauzl').ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (err, z) =>
      err || !z ? reject(new CorruptArchiveError(err?.message ?? 'unreadable zip')) : resolve(z),
    ),
  );
  const entries: ArchiveEntry[] = [];
  let total = 0;
  return new Promise((resolve, reject) => {
    let failed = false;
    // The first problem is the answer: a zip broken in one place often reports it twice.
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      zip.close();
      const message = String((err as Error)?.message ?? err);
      reject(err instanceof UnsafeArchiveError ? err : new CorruptArchiveError(`${message} (${DAMAGED})`));
    };
    zip.on('error', fail);
    zip.on('end', () => {
      if (!failed) resolve(entries);
    });
    zip.on('entry', (entry: import('yauzl').Entry) => {
      const name = entry.fileName;
      if (!isSafeArchivePath(name)) return fail(new UnsafeArchiveError(`unsafe path ${JSON.stringify(name)}`));
      if (name.endsWith('/')) return zip.readEntry();
      // Unix mode bits live in the high 16 bits of the external attributes: 0o120000 is a symlink.
      if (((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000) {
        return fail(new UnsafeArchiveError(`symbolic link ${JSON.stringify(name)}`));
      }
      total += entry.uncompressedSize;
      try {
        checkTotals(entries.length + 1, total, limits);
        if (entry.compressedSize > 0 && entry.uncompressedSize / entry.compressedSize > limits.maxRatio) {
          throw new UnsafeArchiveError(`entry ${JSON.stringify(name)} has a compression ratio over ${limits.maxRatio}`);
        }
      } catch (err) {
        return fail(err);
      }
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream)
          return fail(
            new CorruptArchiveError(`entry ${JSON.stringify(name)}: ${err?.message ?? 'unreadable'} (${DAMAGED})`),
          );
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          // validateEntrySizes catches lies at the end; this stops a liar early.
          if (size > entry.uncompressedSize) stream.destroy(new UnsafeArchiveError('entry larger than declared'));
          chunks.push(chunk);
        });
        stream.on('error', (error: Error) =>
          fail(
            error instanceof UnsafeArchiveError
              ? error
              : new CorruptArchiveError(`entry ${JSON.stringify(name)} cannot be read: ${error.message} (${DAMAGED})`),
          ),
        );
        stream.on('end', () => {
          const content = Buffer.concat(chunks);
          if (crc32(content) !== entry.crc32) {
            return fail(
              new CorruptArchiveError(
                `entry ${JSON.stringify(name)} is damaged: its data do not match their CRC-32 checksum (${DAMAGED})`,
              ),
            );
          }
          entries.push({ path: name, content });
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}

/** Reads a tar fully into memory; only regular files and directories are allowed. */
export async function readTar(buffer: Buffer, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): Promise<ArchiveEntry[]> {
  const tar = await import('tar-stream');
  const extract = tar.extract();
  const entries: ArchiveEntry[] = [];
  let total = 0;
  return new Promise((resolve, reject) => {
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      extract.destroy();
      reject(err instanceof UnsafeArchiveError ? err : new UnsafeArchiveError(String((err as Error)?.message ?? err)));
    };
    extract.on('entry', (header, stream, next) => {
      const name = header.name.replace(/^\.\//, '');
      if (!isSafeArchivePath(name)) return fail(new UnsafeArchiveError(`unsafe path ${JSON.stringify(header.name)}`));
      if (header.type === 'directory') {
        stream.resume();
        return next();
      }
      if (header.type !== 'file') return fail(new UnsafeArchiveError(`${header.type} entry ${JSON.stringify(name)}`));
      total += header.size ?? 0;
      try {
        checkTotals(entries.length + 1, total, limits);
      } catch (err) {
        return fail(err);
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: unknown) => chunks.push(c as Buffer));
      stream.on('end', () => {
        entries.push({ path: name, content: Buffer.concat(chunks) });
        next();
      });
      stream.on('error', fail);
    });
    extract.on('finish', () => {
      if (!failed) resolve(entries);
    });
    // tar-stream checks each header's checksum and notices data that end early; a tar has no
    // checksum of its data (the entries' own validation is what catches a damaged file there).
    extract.on('error', (error: Error) =>
      fail(error instanceof UnsafeArchiveError ? error : new CorruptArchiveError(`${error.message} (${DAMAGED})`)),
    );
    Readable.from([buffer]).pipe(extract);
  });
}
