/**
 * Mol*'s volume server (node_modules/molstar/lib/commonjs/servers/volume) as worker tasks: pack a
 * CCP4/MRC map into its block format (.mdb), read a packed file's header, answer a box or cell
 * query as BinaryCIF. Run in a worker thread (volume-streaming-worker.ts), never on the event loop.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type PackModule = typeof import('molstar/lib/commonjs/servers/volume/pack/main.js');
type CoordsModule = typeof import('molstar/lib/commonjs/servers/volume/server/algebra/coordinate.js');
type ApiModule = typeof import('molstar/lib/commonjs/servers/volume/server/api.js');

// Mol*'s server code is CommonJS that requires 'fs' at run time: loaded from node_modules as it
// ships, not bundled into the worker (an ESM bundle cannot require built-ins dynamically).
const require = createRequire(import.meta.url);
const { pack } = require('molstar/lib/commonjs/servers/volume/pack/main.js') as PackModule;
const Coords = require('molstar/lib/commonjs/servers/volume/server/algebra/coordinate.js') as CoordsModule;
const { getExtendedHeaderJson, queryBox } = require('molstar/lib/commonjs/servers/volume/server/api.js') as ApiModule;

/** Mol*'s block size for EM maps (its pack CLI's default). */
const BLOCK_SIZE_MB = 96;

export type PackOutcome = { ok: true; mdb: Uint8Array } | { ok: false; detail: string };

/** The map's bytes packed as one 'em' channel (Mol*'s EM mode: not periodic). */
export async function packMap(map: Uint8Array): Promise<PackOutcome> {
  const dir = await mkdtemp(join(tmpdir(), 'medx-volume-pack-'));
  const input = join(dir, 'input.ccp4');
  const output = join(dir, 'output.mdb');
  // Mol*'s pack prints progress to stdout; the worker's stdout is the server's log, keep it quiet.
  const write = process.stdout.write;
  const log = console.log;
  try {
    await writeFile(input, map);
    process.stdout.write = (() => true) as typeof process.stdout.write;
    console.log = () => {};
    await pack([{ name: 'em', filename: input }], BLOCK_SIZE_MB, false, output, 'ccp4');
    const mdb = await readFile(output);
    return { ok: true, mdb: new Uint8Array(mdb.buffer, mdb.byteOffset, mdb.byteLength) };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  } finally {
    process.stdout.write = write;
    console.log = log;
    await rm(dir, { recursive: true, force: true });
  }
}

/** Mol*'s extended header JSON (sampling, channels, available precisions) or null when unreadable. */
export async function packedHeader(path: string, sourceId: string): Promise<string | null> {
  return (await quiet(() => getExtendedHeaderJson(path, sourceId))) ?? null;
}

export interface BoxQuery {
  /** Cartesian corners in Å, or null for the whole cell. */
  box: { a: [number, number, number]; b: [number, number, number] } | null;
  detail: number;
}

export type QueryOutcome = { ok: true; data: Uint8Array } | { ok: false; detail: string };

/** The query's BinaryCIF (Mol*'s encoder writing into memory). */
export async function queryPacked(path: string, sourceId: string, query: BoxQuery): Promise<QueryOutcome> {
  const chunks: Uint8Array[] = [];
  const output = {
    writeBinary: (data: Uint8Array) => {
      chunks.push(Uint8Array.from(data));
      return true;
    },
    writeString: (data: string) => {
      chunks.push(new TextEncoder().encode(data));
      return true;
    },
    end: () => {},
  };
  const box = query.box
    ? {
        kind: 'Cartesian' as const,
        a: Coords.cartesian(...query.box.a),
        b: Coords.cartesian(...query.box.b),
      }
    : { kind: 'Cell' as const };
  const ok = await quiet(() =>
    queryBox({ sourceFilename: path, sourceId, asBinary: true, box, detail: query.detail }, () => output as never),
  );
  if (!ok) return { ok: false, detail: 'query failed' };
  const size = chunks.reduce((n, c) => n + c.byteLength, 0);
  const data = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    data.set(c, at);
    at += c.byteLength;
  }
  return { ok: true, data };
}

/** Mol*'s server logs every query to the console; the worker keeps it out of the server's log. */
async function quiet<T>(run: () => Promise<T>): Promise<T> {
  const { log, error } = console;
  console.log = () => {};
  console.error = () => {};
  try {
    return await run();
  } finally {
    console.log = log;
    console.error = error;
  }
}
