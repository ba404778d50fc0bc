import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { BENCH_DIR } from './bench';

/**
 * A stand-in for the structure archive (never the internet in tests): 1W1P.pdb and
 * 7CNQ.pdb from the bench, 9BIG only as mmCIF (as large entries are), and 500 for 5ERR.
 */
export async function startPdbFixtureServer(): Promise<{ url: string; requests: string[]; stop(): Promise<void> }> {
  const requests: string[] = [];
  const files: Record<string, Buffer> = {
    '/1W1P.pdb': readFileSync(resolve(BENCH_DIR, '1w1p/receptor.pdb')),
    '/7CNQ.pdb': readFileSync(resolve(BENCH_DIR, '7cnq/receptor.pdb')),
    '/9BIG.cif': Buffer.from(
      [
        'data_9BIG',
        'loop_',
        '_atom_site.group_PDB',
        '_atom_site.id',
        '_atom_site.type_symbol',
        '_atom_site.label_atom_id',
        '_atom_site.label_comp_id',
        '_atom_site.label_asym_id',
        '_atom_site.label_seq_id',
        '_atom_site.Cartn_x',
        '_atom_site.Cartn_y',
        '_atom_site.Cartn_z',
        'ATOM 1 N N GLY A 1 1.000 2.000 3.000',
        'ATOM 2 C CA GLY A 1 2.400 2.000 3.000',
        '#',
        '',
      ].join('\n'),
    ),
  };
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url === '/5ERR.pdb') {
      res.writeHead(500).end('boom');
      return;
    }
    const body = files[req.url ?? ''];
    if (!body) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () => new Promise((ok) => server.close(() => ok())),
  };
}
