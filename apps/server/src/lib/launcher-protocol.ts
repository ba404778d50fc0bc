/** The messages between the server (lib/launcher.ts) and its program launcher (lib/launcher-process.ts). */

/** Server → launcher: start one program. */
export interface LaunchRequest {
  type: 'launch';
  id: number;
  command: string;
  args: readonly string[];
  cwd?: string;
  env: NodeJS.ProcessEnv;
  /** Written to the program's stdin, which is closed either way. */
  input?: string | Uint8Array;
  /** Written to /proc/<pid>/autogroup right after the start, before the input (lib/process.ts). */
  autogroupNiceness: number;
}

/** Launcher → server, about the program of request `id`. */
export type LaunchEvent =
  | { type: 'spawned'; id: number; pid: number }
  | { type: 'output'; id: number; stream: 'stdout' | 'stderr'; chunk: Uint8Array }
  | { type: 'error'; id: number; message: string; code?: string; syscall?: string }
  | { type: 'close'; id: number; code: number | null; signal: NodeJS.Signals | null };
