/**
 * The one launcher of our Python programs: the package `medx_chem` (apps/server/python),
 * run with Debian's python3-rdkit and python3-pdbfixer. Those exist for /usr/bin/python3
 * only (the python3 first on PATH may be another interpreter without them), so that is
 * the default interpreter; MEDX_PYTHON overrides it.
 *
 * Every program follows one command line (medx_chem/cli.py):
 *
 *     python3 -m medx_chem.<program> REQUEST.json ANSWER.json      ("-" = stdin/stdout)
 *
 * with the package's folder on PYTHONPATH. Inside a job the two files are in the job's
 * directory and the executor runs `pythonCommand(...)` with `ctx.run` (the job's process
 * scope: cancel kills it); outside jobs `runPython` uses the process runner directly.
 *
 * The folder is apps/server/python when running from source (vitest, tsx) and
 * dist/python next to the bundle (build.mjs copies it there).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunOptions, type RunResult, runProcess } from '../lib/process';

export const pythonPath = () => process.env.MEDX_PYTHON ?? '/usr/bin/python3';

const PACKAGE = 'medx_chem';

/** The programs of medx_chem (one module each); the package's other modules are shared by them. */
export const PYTHON_PROGRAMS = [
  'embed_smiles',
  'enrichment',
  'fix_protein',
  'pose_checks',
  'prepare_ligand',
  'restore_poses',
  'ring_conformers',
  'screen_chunk',
  'transmol',
] as const;
export type PythonProgram = (typeof PYTHON_PROGRAMS)[number];

export interface PythonModule {
  /** What `-m` runs: `medx_chem.<program>`. */
  module: string;
  /**
   * Identifies the exact code run: SHA-256 of a `sha256sum`-style manifest (`<sha256>  <path>\n`
   * per file, paths in byte order) of the program's module and the package's shared modules,
   * i.e. `cd apps/server/python && sha256sum <those files> | sha256sum`.
   */
  sha256: string;
  /** The files hashed, relative to the package's folder. */
  files: string[];
}

let root: string | undefined;
let modules: ReadonlyMap<PythonProgram, PythonModule> | undefined;

/** The folder holding medx_chem: dist/python beside the bundle, or apps/server/python from source. */
export function pythonRoot(): string {
  if (root) return root;
  // import.meta.url is dist/main.js in the bundle and src/chem/python.ts from source.
  const candidates = [new URL('./python/', import.meta.url), new URL('../../python/', import.meta.url)].map((url) =>
    fileURLToPath(url),
  );
  const found = candidates.find((dir) => existsSync(join(dir, PACKAGE, '__init__.py')));
  if (!found) throw new Error(`The Python package ${PACKAGE} is missing: looked in ${candidates.join(' and ')}.`);
  root = found;
  return found;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/**
 * Each program's module name and hash, computed once (at start-up by `serve`, else at the
 * first call). Throws when the folder or a program's module is missing.
 */
export function pythonModules(): ReadonlyMap<PythonProgram, PythonModule> {
  if (modules) return modules;
  const dir = join(pythonRoot(), PACKAGE);
  const python = readdirSync(dir).filter((name) => name.endsWith('.py'));
  const programFiles = new Set(PYTHON_PROGRAMS.map((program) => `${program}.py`));
  const shared = python.filter((name) => !programFiles.has(name));
  const digest = new Map<string, string>(python.map((name) => [name, sha256(readFileSync(join(dir, name)))]));
  const map = new Map<PythonProgram, PythonModule>();
  for (const program of PYTHON_PROGRAMS) {
    if (!digest.has(`${program}.py`)) throw new Error(`The Python program ${PACKAGE}.${program} is missing in ${dir}.`);
    // Byte order, as `ls` sorts in the C locale (file names are ASCII).
    const files = [...shared, `${program}.py`]
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .map((n) => `${PACKAGE}/${n}`);
    const manifest = files.map((file) => `${digest.get(file.slice(PACKAGE.length + 1))}  ${file}\n`).join('');
    map.set(program, { module: `${PACKAGE}.${program}`, sha256: sha256(manifest), files });
  }
  modules = map;
  return map;
}

export function pythonModule(program: PythonProgram): PythonModule {
  return pythonModules().get(program)!;
}

/** A program's command line, environment and identity, ready for `ctx.run` or the process runner. */
export interface PythonCommand {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  module: string;
  sha256: string;
}

/**
 * `python3 -m medx_chem.<program> <request> <answer>`: request and answer are paths
 * (relative to the working directory) or "-" for stdin/stdout.
 */
export function pythonCommand(
  program: PythonProgram,
  request: string,
  answer: string,
  options: { python?: string } = {},
): PythonCommand {
  const { module, sha256: hash } = pythonModule(program);
  const existing = process.env.PYTHONPATH;
  return {
    command: options.python ?? pythonPath(),
    args: ['-m', module, request, answer],
    env: {
      ...process.env,
      // Ours first; a PYTHONPATH of the server's environment (RDKit elsewhere, say) still applies.
      PYTHONPATH: existing ? `${pythonRoot()}${delimiter}${existing}` : pythonRoot(),
      // -m would otherwise put the working directory (a job's, or the server's) first on
      // sys.path, where a stray rdkit.py could shadow the real one.
      PYTHONSAFEPATH: '1',
    },
    module,
    sha256: hash,
  };
}

/** Runs a program outside a job (an HTTP conversion, say) through the process runner. */
export function runPython(
  program: PythonProgram,
  request: string,
  answer: string,
  options: Omit<RunOptions, 'env'> & { python?: string } = {},
): Promise<RunResult> {
  const { python, ...run } = options;
  const call = pythonCommand(program, request, answer, { python });
  return runProcess(call.command, call.args, { ...run, env: call.env });
}
