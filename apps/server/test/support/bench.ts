import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** ../shared/bench beside the repository: real protein-ligand complexes. */
export const BENCH_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../shared/bench');

export const benchFile = (id: string, file: string): Buffer => readFileSync(resolve(BENCH_DIR, id, file));
