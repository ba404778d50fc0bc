import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { ListMultipartUploadsCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseStorageUrl } from '../src/storage/create-storage';
import { LocalStorage } from '../src/storage/local.storage';
import {
  InvalidKeyError,
  KeyConflictError,
  ObjectNotFoundError,
  type ObjectStorage,
  ObjectTooLargeError,
} from '../src/storage/object-storage';
import { S3_PART_SIZE, S3Storage } from '../src/storage/s3.storage';
import { startS3Server, type TestS3Server } from './support/s3-server';

/** One implementation under test, fresh for every test. */
interface Harness {
  storage: ObjectStorage;
  /** What an aborted put could leave behind: temp files on disk, pending multipart uploads on S3. */
  leftovers(): Promise<string[]>;
  dispose(): Promise<void>;
}

let s3: TestS3Server;
let s3Client: S3Client;

beforeAll(async () => {
  s3 = await startS3Server();
  s3Client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: s3.credentials,
  });
});

afterAll(async () => {
  s3Client?.destroy();
  await s3?.stop();
});

async function localHarness(): Promise<Harness> {
  const root = join(mkdtempSync(join(tmpdir(), 'medx-storage-')), 'storage');
  const storage = new LocalStorage(root);
  return {
    storage,
    async leftovers() {
      const keys = new Set(await storage.list(''));
      return filesUnder(root).filter((file) => !keys.has(file));
    },
    async dispose() {
      rmSync(dirname(root), { recursive: true, force: true });
    },
  };
}

async function s3Harness(): Promise<Harness> {
  // A key prefix per test keeps tests apart in the one bucket, and proves the prefix is honoured.
  const prefix = `t-${randomUUID()}`;
  // pageSize 2: listing and deletePrefix go through several pages with a handful of objects.
  const storage = new S3Storage(parseStorageUrl(`${s3.url}&prefix=${prefix}`), { pageSize: 2 });
  return {
    storage,
    async leftovers() {
      const out = await s3Client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket, Prefix: `${prefix}/` }));
      return (out.Uploads ?? []).map((upload) => `${upload.Key} (${upload.UploadId})`);
    },
    async dispose() {
      await storage.close();
    },
  };
}

/** Every file below root as a '/'-separated relative path. */
function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

const text = (value: string) => Buffer.from(value, 'utf8');
const sha256 = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex');

/** Streams a buffer in 64 KiB chunks, so nothing downstream learns its length up front. */
function streamOf(buffer: Buffer): Readable {
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < buffer.length; offset += 64 * 1024) {
    chunks.push(buffer.subarray(offset, offset + 64 * 1024));
  }
  return Readable.from(chunks);
}

/** Sends `bytes` bytes, then fails the way a dropped client connection does. */
function failingStream(bytes: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) {
        this.destroy(new Error('client went away'));
        return;
      }
      const size = Math.min(1024 * 1024, bytes - sent);
      sent += size;
      this.push(Buffer.alloc(size, 7));
    },
  });
}

async function readText(stream: Readable): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
}

const BAD_KEYS = ['../x', 'a/../../x', '/abs', 'a\\b', 'a//b', 'a/', '', 'a/./b', 'nul\0x', 'sp ace', 'é'];

describe.each([
  ['local', localHarness],
  ['s3', s3Harness],
] as const)('ObjectStorage contract: %s', (kind, makeHarness) => {
  let h: Harness;
  let storage: ObjectStorage;

  beforeEach(async () => {
    h = await makeHarness();
    storage = h.storage;
  });
  afterEach(() => h.dispose());

  it('reports its kind', () => {
    expect(storage.kind).toBe(kind);
  });

  it('round-trips text through put, get and getBuffer', async () => {
    const body = text('HETATM    1  C1  LIG A   1      11.104  13.207   9.447  1.00  0.00           C\n');
    expect(await storage.put('projects/1/ligand.pdb', body, { contentType: 'chemical/x-pdb' })).toEqual({
      size: body.length,
    });
    expect(await readText(await storage.get('projects/1/ligand.pdb'))).toBe(body.toString());
    expect(await storage.getBuffer('projects/1/ligand.pdb')).toEqual(body);
  });

  it('streams a 25 MB binary object in and out intact (multipart on S3)', async () => {
    const body = randomBytes(25 * 1024 * 1024);
    expect(body.length).toBeGreaterThan(2 * S3_PART_SIZE);
    expect(await storage.put('projects/1/big.bin', streamOf(body))).toEqual({ size: body.length });
    expect((await storage.head('projects/1/big.bin'))?.size).toBe(body.length);
    const fromStream = Buffer.concat(await (await storage.get('projects/1/big.bin')).toArray());
    expect(sha256(fromStream)).toBe(sha256(body));
    expect(sha256(await storage.getBuffer('projects/1/big.bin'))).toBe(sha256(body));
  });

  it('stores a short stream and an empty body', async () => {
    expect(await storage.put('a/short.txt', Readable.from([text('ab'), text('cd')]))).toEqual({ size: 4 });
    expect((await storage.getBuffer('a/short.txt')).toString()).toBe('abcd');
    expect(await storage.put('a/empty.txt', Buffer.alloc(0))).toEqual({ size: 0 });
    expect(await storage.getBuffer('a/empty.txt')).toEqual(Buffer.alloc(0));
    expect(await storage.head('a/empty.txt')).toMatchObject({ size: 0 });
  });

  it('answers head and exists', async () => {
    expect(await storage.head('projects/1/x.sdf')).toBeNull();
    expect(await storage.exists('projects/1/x.sdf')).toBe(false);
    const before = Date.now();
    await storage.put('projects/1/x.sdf', text('12345'));
    const info = await storage.head('projects/1/x.sdf');
    expect(info?.size).toBe(5);
    expect(info?.lastModified).toBeInstanceOf(Date);
    // S3 dates have one-second resolution.
    expect(Math.abs((info?.lastModified.getTime() ?? 0) - before)).toBeLessThan(60_000);
    expect(await storage.exists('projects/1/x.sdf')).toBe(true);
    // A folder of objects is not an object.
    expect(await storage.exists('projects/1')).toBe(false);
    expect(await storage.head('projects')).toBeNull();
  });

  it('overwrites an existing object', async () => {
    await storage.put('k/v.txt', text('first version, longer'));
    await storage.put('k/v.txt', streamOf(text('second')));
    expect((await storage.getBuffer('k/v.txt')).toString()).toBe('second');
    expect((await storage.head('k/v.txt'))?.size).toBe(6);
    expect(await storage.list('k')).toEqual(['k/v.txt']);
  });

  it('copies and moves', async () => {
    await storage.put('src/a.txt', text('alpha'));
    await storage.put('dst/existing.txt', text('old'));

    await storage.copy('src/a.txt', 'dst/deep/b.txt');
    expect((await storage.getBuffer('src/a.txt')).toString()).toBe('alpha');
    expect((await storage.getBuffer('dst/deep/b.txt')).toString()).toBe('alpha');

    await storage.copy('src/a.txt', 'dst/existing.txt');
    expect((await storage.getBuffer('dst/existing.txt')).toString()).toBe('alpha');

    await storage.copy('src/a.txt', 'src/a.txt');
    expect((await storage.getBuffer('src/a.txt')).toString()).toBe('alpha');

    await storage.move('dst/deep/b.txt', 'moved/c.txt');
    expect(await storage.exists('dst/deep/b.txt')).toBe(false);
    expect((await storage.getBuffer('moved/c.txt')).toString()).toBe('alpha');

    await storage.move('moved/c.txt', 'moved/c.txt');
    expect(await storage.exists('moved/c.txt')).toBe(true);

    await expect(storage.copy('src/missing.txt', 'dst/z.txt')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage.move('src/missing.txt', 'dst/z.txt')).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await storage.exists('dst/z.txt')).toBe(false);
    expect(await storage.list('')).toEqual(['dst/existing.txt', 'moved/c.txt', 'src/a.txt']);
  });

  it('deletes idempotently', async () => {
    await storage.put('d/one.txt', text('1'));
    await storage.delete('d/one.txt');
    expect(await storage.exists('d/one.txt')).toBe(false);
    await storage.delete('d/one.txt');
    await storage.delete('never/was/here.txt');
    expect(await storage.list('')).toEqual([]);
  });

  it('deletes a prefix, counts what it deleted and leaves other prefixes alone', async () => {
    const doomed = [
      'projects/1/a.pdb',
      'projects/1/b.sdf',
      'projects/1/c.mol2',
      'projects/1/sub/d.csv',
      'projects/1/z',
    ];
    const kept = ['projects/12/a.pdb', 'projects/2/a.pdb', 'projects/1.txt', 'other/x'];
    for (const key of [...doomed, ...kept]) await storage.put(key, text(key));

    expect(await storage.deletePrefix('projects/1')).toBe(doomed.length);
    expect(await storage.list('')).toEqual([...kept].sort());
    for (const key of doomed) expect(await storage.exists(key)).toBe(false);

    expect(await storage.deletePrefix('projects/1/')).toBe(0);
    expect(await storage.deletePrefix('nothing/here')).toBe(0);
    await expect(storage.deletePrefix('')).rejects.toBeInstanceOf(InvalidKeyError);
    expect(await storage.list('')).toEqual([...kept].sort());
  });

  it('lists keys under a folder-like prefix, sorted', async () => {
    const keys = ['p/7/b.pdb', 'p/7/a.pdb', 'p/7/sub/c.sdf', 'p/70/d.pdb', 'p/8/e.pdb'];
    for (const key of keys) await storage.put(key, text(key));
    expect(await storage.list('p/7')).toEqual(['p/7/a.pdb', 'p/7/b.pdb', 'p/7/sub/c.sdf']);
    expect(await storage.list('p/7/')).toEqual(['p/7/a.pdb', 'p/7/b.pdb', 'p/7/sub/c.sdf']);
    expect(await storage.list('p/7/sub')).toEqual(['p/7/sub/c.sdf']);
    expect(await storage.list('p')).toEqual([...keys].sort());
    expect(await storage.list('')).toEqual([...keys].sort());
    expect(await storage.list('p/9')).toEqual([]);
    expect(await storage.list('p/7/a.pdb')).toEqual([]);
  });

  it('refuses getBuffer past maxBytes', async () => {
    await storage.put('m/hundred.bin', Buffer.alloc(100, 1));
    await expect(storage.getBuffer('m/hundred.bin', 99)).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect((await storage.getBuffer('m/hundred.bin', 100)).length).toBe(100);
  });

  it('reports a missing key as ObjectNotFoundError', async () => {
    await expect(storage.get('missing/key.pdb')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage.getBuffer('missing/key.pdb')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await storage.put('folder/inner.txt', text('x'));
    await expect(storage.get('folder')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage.get('folder/inner.txt/deeper')).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it.each(BAD_KEYS.map((key) => [JSON.stringify(key), key]))('rejects the bad key %s everywhere', async (_, bad) => {
    await storage.put('good/key.txt', text('fine'));
    const calls: [string, () => Promise<unknown>][] = [
      ['put', () => storage.put(bad, text('x'))],
      ['put stream', () => storage.put(bad, streamOf(text('x')))],
      ['get', () => storage.get(bad)],
      ['getBuffer', () => storage.getBuffer(bad)],
      ['head', () => storage.head(bad)],
      ['exists', () => storage.exists(bad)],
      ['copy from', () => storage.copy(bad, 'good/copy.txt')],
      ['copy to', () => storage.copy('good/key.txt', bad)],
      ['move from', () => storage.move(bad, 'good/moved.txt')],
      ['move to', () => storage.move('good/key.txt', bad)],
      ['delete', () => storage.delete(bad)],
    ];
    if (bad !== '' && bad !== 'a/') {
      // '' and 'a/' are valid prefixes ('' = everything, 'a/' = the folder a).
      calls.push(['deletePrefix', () => storage.deletePrefix(bad)], ['list', () => storage.list(bad)]);
    }
    for (const [name, call] of calls) {
      await expect(call(), name).rejects.toBeInstanceOf(InvalidKeyError);
    }
    expect(await storage.list('')).toEqual(['good/key.txt']);
  });

  it('leaves nothing behind when the body stream fails midway', async () => {
    // Past one part, so S3 has a multipart upload to abort.
    const failAfter = S3_PART_SIZE + 5 * 1024 * 1024;
    await expect(storage.put('fail/new.bin', failingStream(failAfter))).rejects.toThrow('client went away');
    expect(await storage.exists('fail/new.bin')).toBe(false);
    expect(await storage.list('')).toEqual([]);
    expect(await h.leftovers()).toEqual([]);

    // A failed overwrite keeps the previous object whole.
    await storage.put('fail/old.txt', text('previous'));
    await expect(storage.put('fail/old.txt', failingStream(failAfter))).rejects.toThrow('client went away');
    await expect(storage.put('fail/old.txt', failingStream(1000))).rejects.toThrow('client went away');
    expect((await storage.getBuffer('fail/old.txt')).toString()).toBe('previous');
    expect(await storage.list('')).toEqual(['fail/old.txt']);
    expect(await h.leftovers()).toEqual([]);
  });
});

describe('LocalStorage on disk', () => {
  let root: string;
  beforeEach(() => {
    root = join(mkdtempSync(join(tmpdir(), 'medx-local-')), 'storage');
  });
  afterEach(() => rmSync(dirname(root), { recursive: true, force: true }));

  it('keeps files under the root, as the key says, and prunes emptied folders', async () => {
    const storage = new LocalStorage(root);
    await storage.put('projects/5/a/b/c.txt', text('c'));
    expect(existsSync(join(root, 'projects', '5', 'a', 'b', 'c.txt'))).toBe(true);
    await storage.move('projects/5/a/b/c.txt', 'projects/6/c.txt');
    expect(existsSync(join(root, 'projects', '5'))).toBe(false);
    await storage.delete('projects/6/c.txt');
    expect(readdirSync(root)).toEqual([]);
    await storage.put('projects/7/x/y.txt', text('y'));
    await storage.deletePrefix('projects/7');
    expect(readdirSync(root)).toEqual([]);
  });

  it('leaves neither temp files nor new folders after a failed put', async () => {
    const storage = new LocalStorage(root);
    await expect(storage.put('a/b/c.bin', failingStream(3 * 1024 * 1024))).rejects.toThrow('client went away');
    expect(readdirSync(root)).toEqual([]);
    await storage.put('a/kept.txt', text('kept'));
    await expect(storage.put('a/b/c.bin', failingStream(1024))).rejects.toThrow('client went away');
    expect(readdirSync(root, { recursive: true })).toEqual(['a', join('a', 'kept.txt')]);
  });

  it('refuses a key that would need a path to be both a file and a folder', async () => {
    const storage = new LocalStorage(root);
    await storage.put('a/b', text('object'));
    await storage.put('c/d/e', text('object'));
    await expect(storage.put('a/b/c', text('x'))).rejects.toBeInstanceOf(KeyConflictError);
    await expect(storage.put('c/d', text('x'))).rejects.toBeInstanceOf(KeyConflictError);
    await expect(storage.copy('a/b', 'c/d')).rejects.toBeInstanceOf(KeyConflictError);
    await expect(storage.move('a/b', 'a/b/c')).rejects.toBeInstanceOf(KeyConflictError);
    expect(await storage.list('')).toEqual(['a/b', 'c/d/e']);
    expect(filesUnder(root)).toEqual(expect.arrayContaining(['a/b', 'c/d/e']));
    expect(filesUnder(root)).toHaveLength(2);
  });

  it('never writes outside the root for a hostile key', async () => {
    const storage = new LocalStorage(root);
    await expect(storage.put('../escaped.txt', text('x'))).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(storage.put('../../escaped.txt', text('x'))).rejects.toBeInstanceOf(InvalidKeyError);
    expect(readdirSync(dirname(root))).toEqual([]);
  });
});

describe('S3Storage specifics', () => {
  it('keeps objects under the STORAGE_URL prefix and leaves other prefixes alone', async () => {
    const a = new S3Storage(parseStorageUrl(`${s3.url}&prefix=tenant-a/medx`));
    const b = new S3Storage(parseStorageUrl(`${s3.url}&prefix=tenant-b`));
    try {
      await a.put('projects/1/x.txt', text('a'));
      await b.put('projects/1/x.txt', text('b'));
      expect(await a.list('')).toEqual(['projects/1/x.txt']);
      expect(await a.deletePrefix('projects')).toBe(1);
      expect((await b.getBuffer('projects/1/x.txt')).toString()).toBe('b');
      expect(await b.deletePrefix('projects')).toBe(1);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('fails clearly when the bucket does not exist', async () => {
    const storage = new S3Storage({ ...parseStorageUrl(s3.url), bucket: 'no-such-bucket' });
    try {
      await expect(storage.get('a/b.txt')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    } finally {
      await storage.close();
    }
  });
});
