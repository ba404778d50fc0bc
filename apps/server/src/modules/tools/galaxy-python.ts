/**
 * Calls the programs of apps/server/python/medx_galaxy (load, render, judge, collect,
 * check; the parameter builder's build, unbuild, schema, conda): `python3 -m medx_galaxy.<program> - -`, JSON in on stdin, JSON out on stdout,
 * a one-line reason on stderr and exit 1 when the run fails. Inside a job the call belongs
 * to the job's process scope (lib/process.ts), so a cancel kills it.
 */
import { delimiter } from 'node:path';
import { pythonPath, pythonRoot } from '../../chem/python';
import { runProcess } from '../../lib/process';

export type GalaxyProgram =
  | 'load'
  | 'render'
  | 'judge'
  | 'collect'
  | 'check'
  | 'help_html'
  | 'build'
  | 'unbuild'
  | 'schema'
  | 'conda';

/** A medx_galaxy program that failed: `reason` is its last line on stderr. */
export class GalaxyProgramError extends Error {
  constructor(
    readonly program: GalaxyProgram,
    readonly reason: string,
  ) {
    super(reason);
  }
}

const TIMEOUT_MS: Record<GalaxyProgram, number> = {
  load: 120_000,
  render: 60_000,
  judge: 30_000,
  collect: 60_000,
  check: 60_000,
  help_html: 30_000,
  build: 60_000,
  unbuild: 60_000,
  schema: 60_000,
  conda: 60_000,
};

export function galaxyEnv(): NodeJS.ProcessEnv {
  const existing = process.env.PYTHONPATH;
  return {
    ...process.env,
    PYTHONPATH: existing ? `${pythonRoot()}${delimiter}${existing}` : pythonRoot(),
    PYTHONSAFEPATH: '1',
  };
}

export async function callGalaxy<T>(program: GalaxyProgram, request: unknown): Promise<T> {
  const result = await runProcess(pythonPath(), ['-m', `medx_galaxy.${program}`, '-', '-'], {
    input: JSON.stringify(request),
    env: galaxyEnv(),
    timeoutMs: TIMEOUT_MS[program],
  });
  if (result.spawnError) throw new GalaxyProgramError(program, result.spawnError.message);
  if (result.timedOut) throw new GalaxyProgramError(program, `medx_galaxy.${program} ran past its time limit`);
  if (result.exitCode !== 0) {
    const last = result.stderr.trim().split('\n').pop() ?? '';
    throw new GalaxyProgramError(program, last || `medx_galaxy.${program} exited with ${result.exitCode}`);
  }
  return JSON.parse(result.stdout) as T;
}
