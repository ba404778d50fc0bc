/**
 * One run of a Galaxy tool in a folder, as Galaxy's job runner would: the command and
 * configfiles rendered by medx_galaxy (the real Cheetah), the script run by bash in the
 * working folder, the <stdio> rules judging it, the outputs collected. Shared by the TOOL
 * job executor and `medx tool-test` (a tool's own <tests>), so the tests exercise the path
 * users' jobs take.
 */
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pythonPath } from '../../chem/python';
import type { CollectedOutput, GalaxyTool, Values } from './galaxy-model';
import { callGalaxy } from './galaxy-python';
import { enterSandbox, type SandboxLimits } from './sandbox';

export interface ExecuteResult {
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
}

/** Runs a program in the run's folder: the job's `ctx.execute`, or the process runner for tests. */
export type Execute = (
  command: string,
  args: readonly string[],
  options: { env: NodeJS.ProcessEnv },
) => Promise<ExecuteResult>;

export interface ToolRunResult {
  failed: boolean;
  /** Why it failed (the stdio rules' messages, outputs not written). */
  messages: string[];
  exitCode: number | null;
  stdout: string;
  stderr: string;
  outputs: CollectedOutput[];
}

/**
 * The tool's environment: nothing of the server's (no database address or storage keys
 * reach a tool), a PATH with `python` meaning Debian's python3 (wrappers call `python`, as
 * conda environments provide it), GALAXY_SLOTS as Galaxy sets it.
 */
function toolEnv(dir: string, slots: number): NodeJS.ProcessEnv {
  return {
    PATH: `${join(dir, 'bin')}:/usr/local/bin:/usr/bin:/bin`,
    HOME: join(dir, 'home'),
    TMPDIR: join(dir, 'tmp'),
    TEMP: join(dir, 'tmp'),
    LANG: 'C.UTF-8',
    GALAXY_SLOTS: String(slots),
    GALAXY_MEMORY_MB: '4096',
    // GROMACS prints a random quote and checks for updates otherwise.
    GMX_NO_QUOTES: '1',
    OMP_NUM_THREADS: String(slots),
  };
}

export const toolSlots = () => Math.max(1, Math.min(4, availableParallelism()));

export interface RunToolOptions {
  /**
   * Run confined (sandbox.ts): user-submitted tools. `true` with the default limits, or
   * limits to change. A machine that cannot confine refuses the run (SandboxError).
   */
  confine?: Partial<SandboxLimits> | boolean;
}

export async function runGalaxyTool(
  tool: GalaxyTool,
  values: Values,
  dir: string,
  execute: Execute,
  options: RunToolOptions = {},
): Promise<ToolRunResult> {
  const working = join(dir, 'working');
  for (const sub of ['working', 'outputs', 'configs', 'home', 'tmp', 'bin'])
    await mkdir(join(dir, sub), { recursive: true });
  await symlink(pythonPath(), join(dir, 'bin', 'python')).catch(() => undefined);
  const slots = toolSlots();
  const outputs: Record<string, { path: string; ext: string }> = {};
  for (const output of tool.outputs) {
    if (output.collection) continue;
    outputs[output.name] = { path: join(dir, 'outputs', `${output.name}.dat`), ext: output.format ?? 'data' };
  }
  const rendered = await callGalaxy<{ command: string; script: string }>('render', {
    tool,
    values,
    outputs,
    job_dir: dir,
    working_dir: working,
    slots,
  });
  const script = join(dir, 'tool_script.sh');
  await writeFile(script, rendered.script);
  // A fixed bash program; the folder and script are its arguments, never part of its text.
  const bash = ['-c', 'cd "$1" && exec /bin/bash "$2"', 'medx-tool', working, script];
  const { confine } = options;
  const sandbox = confine ? await enterSandbox(dir, tool.tool_dir, confine === true ? {} : confine) : null;
  let run: ExecuteResult;
  try {
    const program = sandbox ? sandbox.wrap('/bin/bash', bash) : { command: '/bin/bash', args: bash };
    run = await execute(program.command, program.args, { env: toolEnv(dir, slots) });
  } finally {
    await sandbox?.leave();
  }
  const exitCode = run.exitCode ?? 128 + (run.signal ? 9 : 0);
  const judged = await callGalaxy<{ failed: boolean; messages: string[] }>('judge', {
    tool,
    exit_code: exitCode,
    stdout: run.stdout,
    stderr: run.stderr,
  });
  const collected = await callGalaxy<{ outputs: CollectedOutput[]; missing: string[] }>('collect', {
    tool,
    values,
    outputs,
    working_dir: working,
  });
  const messages = [...judged.messages];
  if (collected.missing.length) messages.push(`The tool wrote no ${collected.missing.join(', ')}.`);
  return {
    failed: judged.failed || collected.missing.length > 0,
    messages,
    exitCode: run.exitCode,
    stdout: run.stdout,
    stderr: run.stderr,
    outputs: collected.outputs,
  };
}

/** The last lines of a program's stderr, for a job's error. */
export function tail(text: string, lines = 15, chars = 1500): string {
  const kept = text.trimEnd().split('\n').slice(-lines).join('\n');
  return kept.length > chars ? kept.slice(-chars) : kept;
}
