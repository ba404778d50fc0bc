/**
 * Private temporary directories for external chemistry programs: user content is
 * written to files of names we choose (never paths, never option-like), in a fresh
 * directory (mode 0700) that is removed afterwards. The programs themselves run
 * through lib/process.ts.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeTempFolder } from '../lib/temp-folders';

/**
 * Runs `work` with a fresh private directory (mkdtemp, mode 0700) that is removed
 * afterwards, whether `work` succeeds, throws or times out; named after this process
 * (`medx-chem-*`, lib/temp-folders.ts), so one a killed server leaves is removed at the next start.
 */
export async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await makeTempFolder('chem');
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// A file name we write for a program: a plain name (no path, no leading '-' that the
// program could read as an option).
const SAFE_FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,100}$/;

export function assertSafeFileName(name: string): void {
  if (!SAFE_FILE_NAME.test(name) || name.includes('..')) throw new Error(`unsafe temporary file name '${name}'`);
}

/** Writes `files` into `dir` (names checked by assertSafeFileName). */
export async function writeFiles(dir: string, files: Readonly<Record<string, string | Uint8Array>>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    assertSafeFileName(name);
    await writeFile(join(dir, name), content, { mode: 0o600 });
  }
}

/** Reads `names` from `dir`; a file the program did not write reads as null. */
export async function readFiles(dir: string, names: readonly string[]): Promise<Record<string, string | null>> {
  const out: Record<string, string | null> = {};
  for (const name of names) {
    assertSafeFileName(name);
    out[name] = await readFile(join(dir, name), 'utf8').catch(() => null);
  }
  return out;
}
