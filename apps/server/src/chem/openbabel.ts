/**
 * Open Babel (`obabel`, Debian's 3.1.1) as a subprocess.
 *
 * User content reaches obabel only through stdin or files in a private temporary
 * directory; arguments are fixed strings of ours (formats come from an allowlist),
 * so a SMILES like "-O/etc/passwd" is data, never an option.
 *
 * Two obabel habits shape the checks: it reports "N molecules converted" on stderr,
 * and it exits 0 even when it converted nothing (an unparsable SMILES, an empty
 * file), so "0 molecules converted" is treated as the failure it is.
 */

import { DEFAULT_TIMEOUT_MS, type RunResult, runProcess } from '../lib/process';
import { ChemistryError } from './errors';
import { normalizeStructureExt } from './formats';
import { readFiles, withTempDir, writeFiles } from './temp-dir';

export type ObabelErrorKind =
  | 'notInstalled'
  | 'timeout'
  | 'exitCode'
  | 'noMolecules'
  | 'outputTooLarge'
  | 'emptyOutput';

export class ObabelError extends Error {
  override readonly name = 'ObabelError';

  constructor(
    readonly kind: ObabelErrorKind,
    readonly args: readonly string[],
    readonly stderr: string,
    readonly exitCode: number | null,
  ) {
    super(`obabel ${kind}: ${summarize(stderr) || `exit code ${exitCode}`}`);
  }
}

/** The informative part of obabel's stderr: warnings and errors, not banners and counts. */
function summarize(stderr: string): string {
  return stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^=+$/.test(l) && !/molecules? converted$/.test(l))
    .join(' ')
    .slice(0, 500);
}

export interface ObabelOptions {
  /** Sent on stdin. */
  input?: string;
  /** Default 60 s; the process is killed when it runs longer. */
  timeoutMs?: number;
  /**
   * Files to create in a fresh temporary directory, which becomes obabel's working
   * directory (so arguments can name them) and is removed afterwards.
   */
  files?: Readonly<Record<string, string>>;
  /** Names of files obabel writes in that directory (e.g. with -O) to read back. */
  outputs?: readonly string[];
  /** Executable; default `obabel` on PATH (or MEDX_OBABEL when set). */
  command?: string;
}

export interface ObabelResult {
  stdout: string;
  stderr: string;
  /** Contents of `outputs` (null for a file obabel did not write). */
  files: Record<string, string | null>;
  /** The "N molecules converted" count from stderr, or null when obabel did not report one. */
  converted: number | null;
}

function convertedCount(stderr: string): number | null {
  const matches = [...stderr.matchAll(/^\s*(\d+) molecules? converted\s*$/gm)];
  const last = matches[matches.length - 1];
  return last ? Number(last[1]) : null;
}

function judge(args: readonly string[], result: RunResult): void {
  if (result.spawnError) {
    const missing = (result.spawnError as NodeJS.ErrnoException).code === 'ENOENT';
    throw new ObabelError(missing ? 'notInstalled' : 'exitCode', args, result.spawnError.message, null);
  }
  if (result.timedOut) throw new ObabelError('timeout', args, result.stderr, result.exitCode);
  if (result.outputTooLarge) throw new ObabelError('outputTooLarge', args, result.stderr, result.exitCode);
  if (result.exitCode !== 0) throw new ObabelError('exitCode', args, result.stderr, result.exitCode);
  if (convertedCount(result.stderr) === 0) throw new ObabelError('noMolecules', args, result.stderr, 0);
}

/**
 * Open Babel's OpenMP threads busy-wait: two `--gen3d` runs at once on 2 cores took 30 s each
 * instead of 0.1 s (measured here; 0.12 s each with one thread). Our molecules are small, so
 * each run gets one thread and concurrent conversions stay independent.
 */
export const OBABEL_ENV: NodeJS.ProcessEnv = { ...process.env, OMP_NUM_THREADS: '1' };

/**
 * Runs obabel with an argument array. Throws ObabelError when it cannot start, times
 * out, exits non-zero or reports 0 molecules converted.
 */
export async function runObabel(args: readonly string[], options: ObabelOptions = {}): Promise<ObabelResult> {
  const command = options.command ?? process.env.MEDX_OBABEL ?? 'obabel';
  const run = async (cwd?: string) => {
    const result = await runProcess(command, args, {
      input: options.input,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      cwd,
      env: OBABEL_ENV,
    });
    judge(args, result);
    const files = cwd && options.outputs ? await readFiles(cwd, options.outputs) : {};
    return { stdout: result.stdout, stderr: result.stderr, files, converted: convertedCount(result.stderr) };
  };
  if (!options.files && !options.outputs) return run();
  return withTempDir(async (dir) => {
    await writeFiles(dir, options.files ?? {});
    return run(dir);
  });
}

/** Open Babel format codes; 'can' (canonical SMILES) is output-only. */
const OB_FORMATS = {
  pdb: 'pdb',
  pdbqt: 'pdbqt',
  sdf: 'sdf',
  mol2: 'mol2',
  smi: 'smi',
  xyz: 'xyz',
  cif: 'mmcif',
  can: 'can',
} as const;

/** The Open Babel reader for a file: mmCIF and small-molecule CIF share the .cif extension. */
export function obabelFormat(ext: string, content?: string): string {
  if (ext.toLowerCase() === 'can') return OB_FORMATS.can;
  const format = normalizeStructureExt(ext);
  if (!format) throw new ChemistryError('unsupportedFormat', `Open Babel conversion of '${ext}' is not supported`);
  if (format === 'cif' && content !== undefined && !/^_atom_site\./m.test(content)) return 'cif';
  return OB_FORMATS[format];
}

export interface ConvertOptions {
  /** Generate 3D coordinates (obabel --gen3d, which also adds hydrogens). */
  gen3d?: boolean;
  /** Add explicit hydrogens (-h). Ignored when pH is given: -p adds them. */
  addHydrogens?: boolean;
  /**
   * Add hydrogens for this pH (-p). Not combined with -h: obabel 3.1.1 warns "Both -p
   * and -h options are set. All implicit hydrogens (-h) will be added without
   * considering pH" and then ignores the pH.
   */
  pH?: number;
  timeoutMs?: number;
}

/**
 * Converts text between formats through obabel, output on stdout. Input goes on
 * stdin, except PDB and PDBQT: obabel reads only the first model of those from a
 * pipe (it stops at the first END/ENDMDL), so they go through a temporary file.
 */
export async function convert(
  content: string,
  fromExt: string,
  toExt: string,
  options: ConvertOptions = {},
): Promise<string> {
  const from = obabelFormat(fromExt, content);
  const args = [`-i${from}`, `-o${obabelFormat(toExt)}`];
  if (options.gen3d) args.push('--gen3d');
  if (options.pH !== undefined) {
    if (!Number.isFinite(options.pH) || options.pH < 0 || options.pH > 14) {
      throw new ChemistryError('invalidInput', `pH ${options.pH} is outside 0-14`);
    }
    args.push('-p', String(options.pH));
  } else if (options.addHydrogens) {
    args.push('-h');
  }
  const timeoutMs = options.timeoutMs ?? (options.gen3d ? 2 * DEFAULT_TIMEOUT_MS : DEFAULT_TIMEOUT_MS);
  const viaFile = from === 'pdb' || from === 'pdbqt';
  const input = `input.${from}`;
  const { stdout, stderr } = viaFile
    ? await runObabel([args[0]!, input, ...args.slice(1)], { files: { [input]: content }, timeoutMs })
    : await runObabel(args, { input: content, timeoutMs });
  if (stdout.trim() === '') throw new ObabelError('emptyOutput', args, stderr, 0);
  return stdout;
}
