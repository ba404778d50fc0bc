import { deflateRawSync } from 'node:zlib';
import * as tar from 'tar-stream';
import { describe, expect, it } from 'vitest';
import { CorruptArchiveError, readTar, readZip, UnsafeArchiveError } from './archives';
import { makeZip } from './zip-writer';

const PDB = Buffer.from(
  Array.from(
    { length: 40 },
    (_, i) =>
      `ATOM  ${String(i + 1).padStart(5)}  CA  ALA A${String(i + 1).padStart(4)}    ${(i * 1.5).toFixed(3).padStart(8)}   0.000   0.000  1.00  0.00           C`,
  ).join('\n'),
);
const SDF = Buffer.from(
  'one\n  test\n\n  1  0  0  0  0  0  0  0  0  0999 V2000\n    0.0000    0.0000    0.0000 C\nM  END\n$$$$\n',
);

/** Offset of the first entry's data in a makeZip archive: a 30-byte local header, then the name. */
const dataStart = (name: string) => 30 + Buffer.byteLength(name);

async function refusal(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => null,
    (err: unknown) => err as Error,
  );
  if (!error) throw new Error('expected the archive to be refused');
  return error;
}

describe('readZip: damaged archives are refused (yauzl checks no CRC-32 of its own)', () => {
  it('reads stored and deflated entries whose data match their CRC-32', async () => {
    const zip = makeZip([
      { name: 'rec.pdb', content: PDB, deflate: true },
      { name: 'lig.sdf', content: SDF },
    ]);
    const entries = await readZip(zip);
    expect(entries.map((e) => [e.path, e.content.equals(e.path === 'rec.pdb' ? PDB : SDF)])).toEqual([
      ['rec.pdb', true],
      ['lig.sdf', true],
    ]);
  });

  it('refuses a stored entry with one byte changed, naming the entry and the checksum', async () => {
    const zip = makeZip([{ name: 'lig.sdf', content: SDF }]);
    zip[dataStart('lig.sdf') + 40]! ^= 0x01;
    const error = await refusal(readZip(zip));
    expect(error).toBeInstanceOf(CorruptArchiveError);
    expect(error).toBeInstanceOf(UnsafeArchiveError);
    expect(error.message).toBe(
      'entry "lig.sdf" is damaged: its data do not match their CRC-32 checksum (a corrupt or truncated archive)',
    );
  });

  it('never returns other data than were stored: any byte of deflated data changed is refused, or decodes the same', async () => {
    const zip = makeZip([
      { name: 'rec.pdb', content: PDB, deflate: true },
      { name: 'lig.sdf', content: SDF },
    ]);
    const compressed = deflateRawSync(PDB).length;
    let refused = 0;
    for (let i = 0; i < compressed; i++) {
      const bad = Buffer.from(zip);
      bad[dataStart('rec.pdb') + i]! ^= 0x10;
      const result = await readZip(bad).then(
        (entries) => entries,
        (err: unknown) => err as Error,
      );
      if (result instanceof Error) {
        refused++;
        expect(result, `byte ${i}`).toBeInstanceOf(CorruptArchiveError);
        expect(result.message, `byte ${i}`).toMatch(/^entry "rec\.pdb" .*\(a corrupt or truncated archive\)$/);
      } else {
        // Only bits the decoder never reads (the padding after the last block) can change unnoticed.
        expect(result[0]!.content.equals(PDB), `byte ${i}`).toBe(true);
      }
    }
    expect(refused).toBeGreaterThanOrEqual(compressed - 1);
  });

  it('refuses a zip cut short, or with bytes of an entry missing', async () => {
    const zip = makeZip([
      { name: 'rec.pdb', content: PDB, deflate: true },
      { name: 'lig.sdf', content: SDF },
    ]);
    expect(await refusal(readZip(zip.subarray(0, zip.length - 10)))).toBeInstanceOf(CorruptArchiveError);
    const start = dataStart('rec.pdb');
    const gap = Buffer.concat([zip.subarray(0, start + 20), zip.subarray(start + 30)]);
    expect(await refusal(readZip(gap))).toBeInstanceOf(CorruptArchiveError);
  });
});

async function tarOf(files: Record<string, Buffer>): Promise<Buffer> {
  const pack = tar.pack();
  for (const [name, content] of Object.entries(files)) pack.entry({ name }, content);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('readTar: damaged archives are refused', () => {
  it('refuses a tar cut inside an entry, or with a damaged header', async () => {
    const archive = await tarOf({ 'rec.pdb': PDB, 'lig.sdf': SDF });
    expect((await readTar(archive)).map((e) => e.path)).toEqual(['rec.pdb', 'lig.sdf']);
    const cut = await refusal(readTar(archive.subarray(0, 512 + 100)));
    expect(cut).toBeInstanceOf(CorruptArchiveError);
    expect(cut.message).toMatch(/\(a corrupt or truncated archive\)$/);
    const header = Buffer.from(archive);
    header[3]! ^= 0xff; // inside the first entry's name: its header checksum no longer holds
    expect(await refusal(readTar(header))).toBeInstanceOf(CorruptArchiveError);
  });
});
