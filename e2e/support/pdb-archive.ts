// A stand-in for the public structure archive (tests never reach the internet):
// serves /<ID>.pdb for a few bench complexes, 404 for everything else. Started by
// global-setup.ts in the runner process; the server under test gets its URL as
// PDB_ARCHIVE_URL.

import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { REPO_ROOT } from './env';

const BENCH = join(REPO_ROOT, '..', 'shared', 'bench');

/** PDB ids the fixture archive knows, and the bench file each serves. */
export const ARCHIVE_ENTRIES: Record<string, string> = {
  '5X72': join(BENCH, '5x72', 'raw_5x72.pdb'),
  '1W1P': join(BENCH, '1w1p', 'receptor.pdb'),
};

export async function startPdbArchive(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const match = /^\/([0-9A-Z]{4})\.pdb$/.exec(req.url ?? '');
    const file = match ? ARCHIVE_ENTRIES[match[1]!] : undefined;
    if (!file) {
      res.writeHead(404).end('not found');
      return;
    }
    const body = readFileSync(file);
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  server.unref();
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
