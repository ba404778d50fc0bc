/**
 * The one way this server starts another program (obabel, vina, python3 with RDKit,
 * pdbfixer...). Everything goes through `runProcess`:
 * - started by the program launcher (launcher.ts), never by a fork of the server, whose
 *   page tables would be copied on the event loop at every start;
 * - an argument array, never a shell string, so user data cannot become a command;
 * - its own process group (detached), so a program's children die with it;
 * - under util-linux's `setpriv --pdeathsig KILL` where it exists: if the server dies
 *   (kill -9, OOM), the kernel kills the program too, so nothing outlives the server;
 * - at a lower CPU priority (nice 10, for its session's autogroup too): a docking run or a 3D
 *   build using every core yields to the server's own threads, so the API stays quick while
 *   programs run;
 * - a time limit and an output cap, each killing the whole group;
 * - an abort signal (a cancelled job) killing the whole group.
 *
 * Inside a job, the job runner opens a process scope (`withProcessScope`): every program
 * started under it, however deep in the chemistry layer, gets the job's abort signal,
 * its process ids are recorded with the job, and it is killed when the job is
 * cancelled. Chemistry code therefore needs no job parameter to be cancellable.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { delimiter, join } from 'node:path';
import { launch, SETPRIV } from './launcher';
import { Semaphore } from './semaphore';

export interface RunOptions {
  /** Written to the program's stdin (which is closed either way). */
  input?: string | Uint8Array;
  /** Killed (the whole group, SIGKILL) after this long; default 60 s. 0: no limit. */
  timeoutMs?: number;
  /** Killed when stdout or stderr grows past this; default 256 MiB. */
  maxOutputBytes?: number;
  /** Working directory; relative file arguments resolve against it. */
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Aborting kills the group (SIGTERM, SIGKILL 3 s later); the result says `cancelled`. */
  signal?: AbortSignal;
  /** Each chunk of stdout and stderr as it comes (a job's log, a progress parser). */
  onOutput?: (text: string) => void;
}

export interface RunResult {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** The abort signal (given, or the process scope's) fired while the program ran. */
  cancelled: boolean;
  /** Set when the program could not be started (ENOENT: not installed). */
  spawnError: Error | null;
  outputTooLarge: boolean;
}

/** What a job lends the programs started inside it (see the module comment). */
export interface ProcessScope {
  signal: AbortSignal;
  /** The program's process id (= its process group id) once it runs. */
  onSpawn?: (pid: number) => void;
  /** The program ended; its group is gone. */
  onExit?: (pid: number) => void;
}

export const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_OUTPUT = 256 * 1024 * 1024;
/** After SIGTERM on cancel, how long a program may take to exit before SIGKILL. */
const TERM_GRACE_MS = 3000;

/**
 * Programs started outside any job (conversions an HTTP call asks for) share this
 * bound: as many at once as the machine has cores, a short queue, and beyond it an
 * immediate refusal. Jobs are bounded by the job runner instead. Without it, a few
 * users asking for slow 3D builds at once would take every core from docking.
 */
const interactive = new Semaphore(Math.max(2, availableParallelism()), 64);

const NICE = existsSync('/usr/bin/nice') ? '/usr/bin/nice' : null;
/**
 * Niceness of every program the server starts, and of its worker threads: on a few cores the
 * event loop that answers every user comes first (nice 10 weighs about a tenth of nice 0); a
 * program still gets all the CPU the server leaves idle. 19 measured no better (bench:api while
 * jobs run, p99 105-176 ms against 144-162 ms) and would starve jobs behind any busy process. bench:api measured p99 of the listing calls at 200 clients
 * while docking ran (2 cores): see docs/decisions.md "Programs run niced".
 */
export const PROGRAM_NICENESS = 10;

/*
 * A detached program leads a session of its own, and with the kernel's autogroup scheduling
 * (on in Debian's kernels: /proc/sys/kernel/sched_autogroup_enabled) every session is one
 * scheduling group, weighted like the server's whole session: nice then only orders the threads
 * inside the program's own group, and a Vina took the CPU as if it were not niced at all. The
 * group has a nice value of its own (/proc/<pid>/autogroup, proc(5)); the launcher sets it right
 * after the start, before the program reads its input, so it covers everything the program
 * starts. Where the kernel has no autogroup the file is absent and plain nice already applies.
 */
const scopes = new AsyncLocalStorage<ProcessScope>();

/** Runs `work` so that every program it starts (directly or not) belongs to `scope`. */
export function withProcessScope<T>(scope: ProcessScope, work: () => Promise<T>): Promise<T> {
  return scopes.run(scope, work);
}

/** The scope of the current job, if any (for code that must check cancellation itself). */
export function currentProcessScope(): ProcessScope | undefined {
  return scopes.getStore();
}

/**
 * Whether `command` names an executable (a path, or a name on PATH). setpriv would start
 * and report a missing program as its own exit code 127; checking first keeps "not
 * installed" an ENOENT spawn error, as a direct spawn reports it.
 */
function executable(command: string, env: NodeJS.ProcessEnv): boolean {
  const candidates = command.includes('/')
    ? [command]
    : (env.PATH ?? '')
        .split(delimiter)
        .filter(Boolean)
        .map((dir) => join(dir, command));
  return candidates.some((path) => {
    try {
      accessSync(path, constants.X_OK);
      return statSync(path).isFile();
    } catch {
      return false;
    }
  });
}

function missingProgram(command: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`spawn ${command} ENOENT`);
  error.code = 'ENOENT';
  error.syscall = `spawn ${command}`;
  return error;
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is already gone
  }
}

/** The error of a program refused because too many interactive programs are waiting. */
export const BUSY_MESSAGE = 'the server is running too many programs; try again shortly';

/**
 * Runs `command args...` to completion; never rejects: the caller judges the result.
 * Outside a job it first waits for a slot of the interactive bound (the time limit
 * counts from the start of the program, not from the wait).
 */
export async function runProcess(
  command: string,
  args: readonly string[],
  options: RunOptions = {},
): Promise<RunResult> {
  if (scopes.getStore()) return startProcess(command, args, options);
  const release = await interactive.acquire();
  if (!release) {
    return {
      stdout: '',
      stderr: '',
      exitCode: null,
      signal: null,
      timedOut: false,
      cancelled: false,
      spawnError: new Error(BUSY_MESSAGE),
      outputTooLarge: false,
    };
  }
  try {
    return await startProcess(command, args, options);
  } finally {
    release();
  }
}

function startProcess(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  const scope = scopes.getStore();
  const abort = options.signal ?? scope?.signal;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxOutput = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT;
  return new Promise((resolve) => {
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let stdoutBytes = 0;
    let stderrBytes = 0;
    let timedOut = false;
    let cancelled = false;
    let outputTooLarge = false;
    let spawnError: Error | null = null;
    let settled = false;
    const result = (exitCode: number | null, signal: NodeJS.Signals | null): RunResult => ({
      stdout: Buffer.concat(stdout).toString('utf8'),
      stderr: Buffer.concat(stderr).toString('utf8'),
      exitCode,
      signal,
      timedOut,
      cancelled,
      spawnError,
      outputTooLarge,
    });
    if (abort?.aborted) {
      cancelled = true;
      resolve(result(null, null));
      return;
    }
    const env = options.env ?? process.env;
    if (SETPRIV && !executable(command, env)) {
      spawnError = missingProgram(command);
      resolve(result(null, null));
      return;
    }

    // setpriv and nice exec the program, so the pid (and process group) we see is the
    // program's own. Niceness is set before the program starts, so its threads inherit it.
    const program = NICE ? [NICE, '-n', String(PROGRAM_NICENESS), command, ...args] : [command, ...args];
    const [cmd, argv] = SETPRIV
      ? [SETPRIV, ['--pdeathsig', 'KILL', '--', ...program]]
      : [program[0] as string, program.slice(1)];
    // The program's pid (= its process group) comes back from the launcher; a kill asked for
    // before then (a cancel, a time limit) is held and sent the moment it is known.
    let pid: number | undefined;
    let heldKill: NodeJS.Signals | null = null;
    const kill = (signal: NodeJS.Signals) => {
      if (pid !== undefined) killGroup(pid, signal);
      else if (heldKill !== 'SIGKILL') heldKill = signal;
    };

    let termTimer: NodeJS.Timeout | undefined;
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            kill('SIGKILL');
          }, timeoutMs)
        : undefined;
    const onAbort = () => {
      cancelled = true;
      kill('SIGTERM');
      termTimer = setTimeout(() => kill('SIGKILL'), TERM_GRACE_MS);
    };
    abort?.addEventListener('abort', onAbort, { once: true });

    const collect = (sink: Buffer[], chunk: Buffer, which: 'out' | 'err') => {
      if (which === 'out') stdoutBytes += chunk.length;
      else stderrBytes += chunk.length;
      if (stdoutBytes > maxOutput || stderrBytes > maxOutput) {
        if (!outputTooLarge) kill('SIGKILL');
        outputTooLarge = true;
        return;
      }
      sink.push(chunk);
      options.onOutput?.(chunk.toString('utf8'));
    };

    const finish = (exitCode: number | null, signal: NodeJS.Signals | null) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      if (termTimer) clearTimeout(termTimer);
      abort?.removeEventListener('abort', onAbort);
      // Whatever the leader did, its group must not outlive it when it was stopped.
      if (cancelled || timedOut || outputTooLarge) killGroup(pid, 'SIGKILL');
      if (pid !== undefined) scope?.onExit?.(pid);
      resolve(result(exitCode, signal));
    };
    launch(
      { command: cmd, args: argv, cwd: options.cwd, env, input: options.input, autogroupNiceness: PROGRAM_NICENESS },
      {
        onSpawn: (started) => {
          pid = started;
          scope?.onSpawn?.(started);
          if (heldKill) killGroup(started, heldKill);
        },
        onOutput: (stream, chunk) =>
          collect(stream === 'stdout' ? stdout : stderr, chunk, stream === 'stdout' ? 'out' : 'err'),
        onError: (error) => {
          spawnError = error;
          // Started, then its launcher died: nobody reads it any more (the parent-death signal
          // has usually killed it already; without setpriv it would live on).
          if (pid !== undefined) killGroup(pid, 'SIGKILL');
          finish(null, null);
        },
        onClose: finish,
      },
    );
  });
}

/** A one-line reason for a run that did not succeed (the last lines of its output). */
export function failureOf(command: string, result: RunResult): string {
  if (result.spawnError) return `${command} could not start: ${result.spawnError.message}`;
  if (result.timedOut) return `${command} ran past its time limit`;
  if (result.outputTooLarge) return `${command} wrote more output than allowed`;
  const tail = `${result.stderr}\n${result.stdout}`.trim().split('\n').slice(-3).join(' ');
  return `${command} exited with ${result.exitCode ?? result.signal}${tail ? `: ${tail}` : ''}`.slice(0, 500);
}
