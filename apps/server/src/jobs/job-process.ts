import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface ProcessResult {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export class JobCancelledError extends Error {
  constructor() {
    super('cancelled');
  }
}

/**
 * Runs a tool as a child process in its own process group (argument array, never a
 * shell string), streaming its output to the job log. Aborting kills the whole group,
 * so tools that start their own children die with them.
 */
/**
 * Tools are started through util-linux's `setpriv --pdeathsig KILL` where it exists: if
 * the server dies (kill -9, OOM), the kernel kills them too, so a job recovered after a
 * crash never races an orphaned tool of the previous run. setpriv execs the tool, so the
 * pid we record is the tool's own.
 */
const SETPRIV = existsSync('/usr/bin/setpriv') ? '/usr/bin/setpriv' : null;

export function runProcess(
  command: string,
  args: readonly string[],
  options: {
    cwd: string;
    signal: AbortSignal;
    onOutput: (text: string) => void;
    onSpawn?: (pid: number) => void;
    env?: NodeJS.ProcessEnv;
    stdin?: string;
  },
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    if (options.signal.aborted) return reject(new JobCancelledError());
    const [cmd, argv] = SETPRIV ? [SETPRIV, ['--pdeathsig', 'KILL', '--', command, ...args]] : [command, args];
    const child = spawn(cmd, argv, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      detached: true,
      stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    if (options.stdin !== undefined) child.stdin?.end(options.stdin);
    child.stdout?.on('data', (chunk: Buffer) => options.onOutput(chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => options.onOutput(chunk.toString('utf8')));
    let killTimer: NodeJS.Timeout | undefined;
    const killGroup = (signal: NodeJS.Signals) => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, signal);
      } catch {
        // the group is already gone
      }
    };
    const onAbort = () => {
      killGroup('SIGTERM');
      killTimer = setTimeout(() => killGroup('SIGKILL'), 3000);
    };
    options.signal.addEventListener('abort', onAbort, { once: true });
    child.on('error', (err) => {
      options.signal.removeEventListener('abort', onAbort);
      reject(err);
    });
    child.on('close', (code, signal) => {
      options.signal.removeEventListener('abort', onAbort);
      if (killTimer) clearTimeout(killTimer);
      if (options.signal.aborted) {
        // Whatever the leader did, its group must not outlive the job.
        killGroup('SIGKILL');
        return reject(new JobCancelledError());
      }
      resolve({ code, signal });
    });
  });
}
