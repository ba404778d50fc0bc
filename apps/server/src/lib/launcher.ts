/**
 * The server's side of the program launcher (launcher-process.ts, where the reason is): one
 * launcher process per thread that starts programs, started at the first program and again
 * after it ended. Only lib/process.ts uses it.
 *
 * The launcher keeps nothing alive: with no program running, neither it nor its channel holds
 * the server's event loop open, so a command that ran a program still exits.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LaunchEvent, LaunchRequest } from './launcher-protocol';

/** util-linux's setpriv, where it exists: programs and the launcher get a parent-death signal. */
export const SETPRIV = existsSync('/usr/bin/setpriv') ? '/usr/bin/setpriv' : null;

/** What the caller hears of its program, in this order: onSpawn, onOutput..., then onError or onClose. */
export interface LaunchHandlers {
  onSpawn(pid: number): void;
  onOutput(stream: 'stdout' | 'stderr', chunk: Buffer): void;
  /** The program could not start, or the launcher stopped while it ran (then the program is dead too). */
  onError(error: NodeJS.ErrnoException): void;
  onClose(code: number | null, signal: NodeJS.Signals | null): void;
}

interface Launcher {
  child: ChildProcess;
  pending: Map<number, LaunchHandlers>;
}

let launcher: Launcher | null = null;
let nextId = 1;

/** `launcher-process.ts` from source (run through tsx, as tests do), `launcher-process.js` beside the bundle. */
function entry(): string[] {
  const own = import.meta.url;
  if (own.endsWith('.ts')) return ['--import', 'tsx', fileURLToPath(new URL('./launcher-process.ts', own))];
  return [fileURLToPath(new URL('./launcher-process.js', own))];
}

function holdLoop(child: ChildProcess, hold: boolean): void {
  if (hold) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

function stopped(own: Launcher, reason: string): void {
  if (launcher === own) launcher = null;
  const error: NodeJS.ErrnoException = new Error(`the program launcher ${reason}`);
  for (const handlers of own.pending.values()) handlers.onError(error);
  own.pending.clear();
}

function start(): Launcher {
  const command = [process.execPath, ...entry()];
  const [cmd, args] = SETPRIV
    ? [SETPRIV, ['--pdeathsig', 'KILL', '--', ...command]]
    : [command[0] as string, command.slice(1)];
  // No execArgv of ours (a test runner's or a profiler's flags): the launcher is plain Node.
  const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
  const own: Launcher = { child, pending: new Map() };
  child.on('message', (event: LaunchEvent) => {
    const handlers = own.pending.get(event.id);
    if (!handlers) return;
    switch (event.type) {
      case 'spawned':
        handlers.onSpawn(event.pid);
        break;
      case 'output':
        handlers.onOutput(
          event.stream,
          Buffer.from(event.chunk.buffer, event.chunk.byteOffset, event.chunk.byteLength),
        );
        break;
      case 'error': {
        const error: NodeJS.ErrnoException = new Error(event.message);
        if (event.code) error.code = event.code;
        if (event.syscall) error.syscall = event.syscall;
        settle(own, event.id);
        handlers.onError(error);
        break;
      }
      case 'close':
        settle(own, event.id);
        handlers.onClose(event.code, event.signal);
        break;
    }
  });
  child.on('error', (error) => stopped(own, `could not run: ${error.message}`));
  child.on('exit', (code, signal) => stopped(own, `exited (${code ?? signal})`));
  holdLoop(child, false);
  return own;
}

function settle(own: Launcher, id: number): void {
  own.pending.delete(id);
  if (own.pending.size === 0) holdLoop(own.child, false);
}

/** Starts a program through the launcher; `handlers` hear what becomes of it. */
export function launch(request: Omit<LaunchRequest, 'type' | 'id'>, handlers: LaunchHandlers): void {
  launcher ??= start();
  const own = launcher;
  const id = nextId++;
  own.pending.set(id, handlers);
  if (own.pending.size === 1) holdLoop(own.child, true);
  own.child.send({ type: 'launch', id, ...request } satisfies LaunchRequest, (error) => {
    // The launcher died before it read the request: 'exit' fails every pending program.
    if (error && own.pending.has(id)) stopped(own, `could not be reached: ${error.message}`);
  });
}

/** The launcher's process id, once started (tests check that programs are its children, not the server's). */
export function launcherPid(): number | undefined {
  return launcher?.child.pid;
}
