/**
 * The program launcher: a small process the server starts once (lib/launcher.ts) and that
 * starts every program for it, so the server itself never forks. Node starts a program by
 * fork() + exec() on the calling thread, and fork() copies the page tables of the whole
 * process: from the server (hundreds of MB resident, RDKit's WebAssembly heaps) each start
 * held the event loop 15-25 ms, long enough to show in every user's latency while 3D builds
 * ran (docs/decisions.md, "Programs start from a launcher"). From this process, which holds
 * nothing but Node's runtime, a start costs a few milliseconds of its own time.
 *
 * It imports only Node's built-ins, so it stays small. It is started under
 * `setpriv --pdeathsig KILL` by the server's thread, and starts each program under the same
 * (the command it is given), so a server killed with -9 takes this process and then its
 * programs with it; it also exits when the server closes the channel.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { LaunchEvent, LaunchRequest } from './launcher-protocol';

const send = (event: LaunchEvent) => {
  process.send?.(event);
};

/** See lib/process.ts: a detached program's session is a scheduling group of its own. */
function lowerAutogroup(pid: number, niceness: number): void {
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(niceness));
  } catch {
    // No autogroup on this kernel, or the program has already ended.
  }
}

function launch(request: LaunchRequest): void {
  const { id } = request;
  let child: ChildProcess;
  try {
    child = spawn(request.command, [...request.args], {
      cwd: request.cwd,
      env: request.env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      shell: false,
    });
  } catch (error) {
    // Arguments Node refuses outright (a NUL byte): reported like a failed start.
    send({ type: 'error', id, message: error instanceof Error ? error.message : String(error) });
    return;
  }
  child.on('error', (error: NodeJS.ErrnoException) => {
    send({ type: 'error', id, message: error.message, code: error.code, syscall: error.syscall });
  });
  child.on('close', (code, signal) => send({ type: 'close', id, code, signal }));
  const pid = child.pid;
  if (pid === undefined) return; // the start failed: 'error' follows
  lowerAutogroup(pid, request.autogroupNiceness);
  send({ type: 'spawned', id, pid });
  child.stdout?.on('data', (chunk: Buffer) => send({ type: 'output', id, stream: 'stdout', chunk }));
  child.stderr?.on('data', (chunk: Buffer) => send({ type: 'output', id, stream: 'stderr', chunk }));
  // A program that exits without reading all of its input makes the write fail (EPIPE); its exit says why.
  child.stdin?.on('error', () => {});
  if (request.input !== undefined) child.stdin?.end(request.input);
  else child.stdin?.end();
}

process.on('message', (message: LaunchRequest) => {
  if (message.type === 'launch') launch(message);
});
// The server has gone: its programs die with this process (their parent-death signal).
process.on('disconnect', () => process.exit(0));
