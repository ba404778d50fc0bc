/**
 * Running an external chemistry program safely: an argument array (never a shell
 * string, so no quoting or injection issues), user content through stdin or files
 * in a private temporary directory, a hard time limit and an output cap.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunOptions {
  /** Written to the program's stdin (which is closed either way). */
  input?: string | Uint8Array;
  /** Killed (SIGKILL) after this long; default 60 s. */
  timeoutMs?: number;
  /** Killed when stdout or stderr grows past this; default 256 MiB. */
  maxOutputBytes?: number;
  /** Working directory; relative file arguments resolve against it. */
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

export interface RunResult {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** Set when the program could not be started (ENOENT: not installed). */
  spawnError: Error | null;
  outputTooLarge: boolean;
}

export const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_OUTPUT = 256 * 1024 * 1024;

/** Runs `command args...` to completion; never rejects: the caller judges the result. */
export function runProcess(command: string, args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxOutput = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT;
  return new Promise((resolve) => {
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let stdoutBytes = 0;
    let stderrBytes = 0;
    let timedOut = false;
    let outputTooLarge = false;
    let spawnError: Error | null = null;
    let settled = false;

    const child = spawn(command, [...args], {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      shell: false,
      windowsHide: true,
    });

    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);

    const collect = (sink: Buffer[], chunk: Buffer, which: 'out' | 'err') => {
      if (which === 'out') stdoutBytes += chunk.length;
      else stderrBytes += chunk.length;
      if (stdoutBytes > maxOutput || stderrBytes > maxOutput) {
        if (!outputTooLarge) child.kill('SIGKILL');
        outputTooLarge = true;
        return;
      }
      sink.push(chunk);
    };
    child.stdout.on('data', (chunk: Buffer) => collect(stdout, chunk, 'out'));
    child.stderr.on('data', (chunk: Buffer) => collect(stderr, chunk, 'err'));
    // A program that exits without reading all of stdin makes the write fail with
    // EPIPE; its exit status tells the story, so the write error is not one.
    child.stdin.on('error', () => {});

    const finish = (exitCode: number | null, signal: NodeJS.Signals | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        exitCode,
        signal,
        timedOut,
        spawnError,
        outputTooLarge,
      });
    };
    child.on('error', (error) => {
      spawnError = error;
      finish(null, null);
    });
    child.on('close', (code, signal) => finish(code, signal));

    if (options.input !== undefined) child.stdin.end(options.input);
    else child.stdin.end();
  });
}

/**
 * Runs `work` with a fresh private directory (mkdtemp, mode 0700) that is removed
 * afterwards, whether `work` succeeds, throws or times out.
 */
export async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'medx-chem-'));
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
