import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runProcess } from '../../../lib/process';

export interface SlurmSettings {
  /** Array tasks per submission at most: each runs one `medx worker --job <id>` on one core. */
  tasks: number;
  /** Ligands a worker claims at a time (WORKER_CHUNK_SIZE): no more tasks than chunks. */
  chunkSize: number;
  partition?: string;
  /** Where the tasks' output goes (default: nowhere). */
  logDir?: string;
}

/** The batch script: runs its arguments (the worker's command line), so nothing is built as shell text. */
const SCRIPT = '#!/bin/sh\n# A MedX screening worker for one screen (a Slurm array task).\nexec "$@"\n';

/** Slurm programs run to their end even while the job is being cancelled (scancel is how it is cancelled). */
const own = () => new AbortController().signal;

async function slurm(command: string, args: string[]): Promise<string> {
  const result = await runProcess(command, args, { signal: own(), timeoutMs: 60_000 });
  if (result.spawnError) throw new Error(`${command}: ${result.spawnError.message}`);
  if (result.exitCode !== 0) {
    throw new Error(
      `${command} exited with ${result.exitCode}: ${(result.stderr || result.stdout).trim().slice(-300)}`,
    );
  }
  return result.stdout;
}

/**
 * A screen's chunks as a Slurm array job (SCREEN_CHUNKS=slurm): `sbatch --array` of workers
 * for that one screen, followed with `squeue`, cancelled with `scancel`. The tasks reach the
 * database and the object store like any `medx worker`; Slurm only places them.
 */
export class SlurmArray {
  constructor(
    readonly id: string,
    private readonly settings: SlurmSettings,
  ) {}

  /** Submits `tasks` array tasks running `command` (argv); answers the array's job id. */
  static async submit(
    settings: SlurmSettings,
    workDir: string,
    jobId: number,
    tasks: number,
    command: readonly string[],
  ): Promise<SlurmArray> {
    const script = join(workDir, 'medx-screen-task.sh');
    await writeFile(script, SCRIPT, { mode: 0o755 });
    const output = settings.logDir ? join(settings.logDir, `medx-screen-${jobId}-%A_%a.out`) : '/dev/null';
    const args = [
      '--parsable',
      `--array=0-${Math.max(1, tasks) - 1}`,
      `--job-name=medx-screen-${jobId}`,
      '--ntasks=1',
      '--cpus-per-task=1',
      `--output=${output}`,
      `--chdir=${process.cwd()}`,
      '--export=ALL,WORKER_SLOTS=1',
      ...(settings.partition ? [`--partition=${settings.partition}`] : []),
      script,
      ...command,
    ];
    const answer = (await slurm('sbatch', args)).trim();
    // --parsable: "<job id>[;<cluster>]".
    const id = answer.split(';')[0] ?? '';
    if (!/^\d+$/.test(id)) throw new Error(`sbatch answered no job id: ${answer.slice(0, 200)}`);
    return new SlurmArray(id, settings);
  }

  /** Array tasks still pending or running. */
  async active(): Promise<number> {
    try {
      const out = await slurm('squeue', ['--noheader', '--array', `--jobs=${this.id}`, '--format=%i %T']);
      return out.split('\n').filter((line) => line.trim()).length;
    } catch (error) {
      // A job Slurm has already forgotten (MinJobAge) is a job with nothing left.
      if (/Invalid job id/i.test((error as Error).message)) return 0;
      throw error;
    }
  }

  async cancel(): Promise<void> {
    await slurm('scancel', [this.id]);
  }
}
