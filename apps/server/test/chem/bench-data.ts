import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The bench complexes (../shared/bench beside the repository; MEDX_BENCH_DIR
 * overrides). A missing bench fails loudly: these suites exist to check real files.
 */
export const BENCH_DIR =
  process.env.MEDX_BENCH_DIR ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../shared/bench');

if (!existsSync(BENCH_DIR)) throw new Error(`bench complexes not found at ${BENCH_DIR} (set MEDX_BENCH_DIR)`);

export const benchIds = readdirSync(BENCH_DIR)
  .filter((id) => existsSync(resolve(BENCH_DIR, id, 'receptor.pdb')))
  .sort();

export const readBench = (id: string, file: string): string => readFileSync(resolve(BENCH_DIR, id, file), 'utf8');

/** Every PDB of the bench: each receptor and the full 5x72 entry (ligands, waters, ANISOU). */
export const benchPdbs: { label: string; id: string; file: string }[] = [
  ...benchIds.map((id) => ({ label: `${id}/receptor.pdb`, id, file: 'receptor.pdb' })),
  { label: '5x72/raw_5x72.pdb', id: '5x72', file: 'raw_5x72.pdb' },
];

/** Every reference ligand file: [id, file name, extension]. */
export const benchLigands: { id: string; file: string; ext: 'sdf' | 'mol2' }[] = benchIds.flatMap((id) =>
  readdirSync(resolve(BENCH_DIR, id))
    .filter((f) => /^ligand.*\.(sdf|mol2)$/.test(f))
    .map((file) => ({ id, file, ext: file.endsWith('.mol2') ? ('mol2' as const) : ('sdf' as const) })),
);
