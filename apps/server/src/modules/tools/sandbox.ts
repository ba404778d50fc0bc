/**
 * The confinement of user-submitted Galaxy tools (issue 16): a run sees a minimal read-only
 * system, its own job folder (read-write) and its tool folder (read-only), nothing else of
 * the machine; it has no network, runs as an unprivileged user, and has limits on CPU time,
 * memory, processes, file size and open files. docs/decisions.md "User-made tools run confined"
 *
 * The run is wrapped as
 *
 *     setpriv --reuid=65534 --regid=65534 --clear-groups --no-new-privs --   (server running as root only)
 *       bwrap --unshare-{user,ipc,pid,net,uts,cgroup} --disable-userns --die-with-parent
 *             --new-session --cap-drop ALL <mounts> --
 *         prlimit --cpu --as --nproc --fsize --nofile --core=0 --
 *           <command> <args>
 *
 * - The uid is dropped *before* bubblewrap, so bubblewrap itself runs unprivileged and maps
 *   the sandbox's user to the real uid 65534 (nobody). bwrap's own `--uid` (as root) maps the
 *   sandbox to the real uid 0, for which the kernel enforces no RLIMIT_NPROC (measured: a
 *   1000-process fork bomb started all 1000). Root-only files of the mounted /etc
 *   (/etc/shadow, a root-only EnvironmentFile) stay unreadable to nobody.
 * - prlimit runs inside the sandbox's user namespace: the kernel counts RLIMIT_NPROC per user
 *   namespace (and its parents, each against the limit of its creator), so the process limit
 *   is the sandbox's own: a fork bomb in one job does not stop the processes of another
 *   running as the same uid. The limits are hard limits: the tool cannot raise them.
 * - When bwrap dies (a cancel or time limit: lib/process.ts kills its process group; the
 *   server killed: --die-with-parent), every process of the sandbox dies: bwrap's pid-1
 *   reaper gets SIGKILL with it, and the end of a pid namespace's init kills the whole
 *   namespace, so a double-forked, setsid'd daemon cannot outlive a cancel.
 *
 * As root, the job folder is lent to uid 65534 for the run (chown -R, symlinks not followed)
 * and given back afterwards; a tool folder the sandbox's user could not read (a 0700
 * folder, as mkdtemp makes) is copied into the job folder first and that copy mounted at the
 * tool's path. A server not running as root confines tools as its own uid (no setpriv, no
 * chown): its user namespace and mounts still hide everything but the two folders.
 */
import { constants, lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { cp, lchown, lstat, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pythonPath } from '../../chem/python';
import { BUSY_MESSAGE, runProcess } from '../../lib/process';

export interface SandboxLimits {
  /** RLIMIT_CPU, per process: CPU seconds before the kernel kills it. */
  cpuSeconds: number;
  /** RLIMIT_AS, per process: address space (virtual memory) in bytes. */
  addressSpaceBytes: number;
  /** RLIMIT_NPROC: processes and threads of the sandbox at once. */
  processes: number;
  /** RLIMIT_FSIZE: largest file a process may write, in bytes. */
  fileSizeBytes: number;
  /** RLIMIT_NOFILE: open files per process. */
  openFiles: number;
  /** Size of the sandbox's private /tmp (memory-backed); TMPDIR points into the job folder anyway. */
  tmpBytes: number;
}

const GiB = 1024 ** 3;

export const DEFAULT_SANDBOX_LIMITS: Readonly<SandboxLimits> = Object.freeze({
  cpuSeconds: 3600,
  addressSpaceBytes: 8 * GiB,
  processes: 256,
  fileSizeBytes: 2 * GiB,
  openFiles: 1024,
  tmpBytes: 512 * 1024 ** 2,
});

/** The sandbox's user and group when the server runs as root: nobody / nogroup. */
export const SANDBOX_UID = 65534;
export const SANDBOX_GID = 65534;

/** A tool that must run confined cannot be (no sandbox here, a folder it cannot reach). */
export class SandboxError extends Error {}

const SYSTEM_PATHS = ['/usr/local/bin', '/usr/bin', '/bin', '/usr/local/sbin', '/usr/sbin', '/sbin'];

/** An installed program's absolute path: the system folders first, then the server's PATH. */
function findProgram(name: string): string | null {
  const extra = (process.env.PATH ?? '').split(delimiter).filter((dir) => dir.startsWith('/'));
  for (const dir of [...SYSTEM_PATHS, ...extra]) {
    const path = join(dir, name);
    try {
      const info = statSync(path);
      if (info.isFile() && info.mode & constants.S_IXUSR) return path;
    } catch {
      // not there
    }
  }
  return null;
}

const BWRAP = findProgram('bwrap');
const PRLIMIT = findProgram('prlimit');
const SETPRIV = findProgram('setpriv');
const asRoot = () => process.getuid?.() === 0;

function limitsOf(partial: Partial<SandboxLimits> | undefined): SandboxLimits {
  const limits = { ...DEFAULT_SANDBOX_LIMITS, ...partial };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value <= 0)
      throw new SandboxError(`Sandbox limit ${name} must be a positive integer.`);
  }
  return limits;
}

/**
 * The system the tool sees, read-only: /usr, /etc and the top-level links or folders of a
 * merged or unmerged /usr (/bin, /lib...), as they are on the host.
 */
function systemMounts(): string[] {
  const args = ['--ro-bind', '/usr', '/usr'];
  for (const path of ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32']) {
    let info: ReturnType<typeof lstatSync>;
    try {
      info = lstatSync(path);
    } catch {
      continue;
    }
    if (info.isSymbolicLink()) args.push('--symlink', readlinkSync(path), path);
    else if (info.isDirectory()) args.push('--ro-bind', path, path);
  }
  args.push('--ro-bind', '/etc', '/etc');
  return args;
}

const within = (path: string, dir: string) => path === dir || path.startsWith(dir.endsWith(sep) ? dir : `${dir}${sep}`);
const MOUNTED_SYSTEM = ['/usr', '/etc', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

/** Folders a sandbox never sees: the server's code (source or bundle), its working folder, DATA_DIR. */
const serverFolders = () =>
  [dirname(fileURLToPath(import.meta.url)), process.cwd(), process.env.DATA_DIR].flatMap((dir) =>
    dir ? [resolve(dir)] : [],
  );

/** Refuses to mount `dir` when it is the root or holds the server's folders or the job folder. */
function mountable(dir: string, what: string, jobDir: string): string {
  const holds = [...serverFolders(), jobDir].find((folder) => within(folder, dir));
  if (dir === '/' || holds)
    throw new SandboxError(
      `${what} ${dir} holds ${holds ?? 'the whole system'}: it cannot be shown to a confined tool. Give it a folder of its own.`,
    );
  return dir;
}

/**
 * The interpreter's installation when it lives outside the mounted system (MEDX_PYTHON = a
 * venv or conda python): its prefix (the folder above `bin/`), for the link `python` in the
 * job's bin and the interpreter it resolves to. A prefix that would expose the server's
 * folder, its working folder or the whole root is refused.
 */
function pythonMounts(python: string, jobDir: string): string[] {
  const paths = new Set<string>([python]);
  try {
    paths.add(realpathSync(python));
  } catch {
    // a missing interpreter fails inside the sandbox as it would outside
  }
  const prefixes = new Set<string>();
  for (const path of paths) {
    const folder = dirname(resolve(path));
    if (MOUNTED_SYSTEM.some((dir) => within(folder, dir))) continue;
    const prefix = basename(folder) === 'bin' ? dirname(folder) : folder;
    if (MOUNTED_SYSTEM.some((dir) => within(prefix, dir))) continue;
    prefixes.add(mountable(prefix, `The Python interpreter ${python} lives in`, jobDir));
  }
  return [...prefixes].flatMap((prefix) => ['--ro-bind', prefix, prefix]);
}

export interface ConfineOptions {
  /** The run's folder: mounted read-write at its own path (paths medx_galaxy rendered stay valid). */
  jobDir: string;
  /** The tool's folder: mounted read-only at its own path (`$__tool_directory__`). */
  toolDir: string;
  /** Where the tool folder's files come from, when not toolDir itself (a copy: see enterSandbox). */
  toolSource?: string;
  limits?: Partial<SandboxLimits>;
  /** The interpreter `python` means inside (default chem/python.ts's pythonPath()). */
  python?: string;
}

/**
 * `command args...` wrapped to run confined (see the module comment). The result is run as
 * any program is (lib/process.ts); the job folder must already be the sandbox user's
 * (enterSandbox), and the sandbox must work here (sandboxAvailable).
 */
export function confinedCommand(
  command: string,
  args: readonly string[],
  options: ConfineOptions,
): { command: string; args: string[] } {
  if (!BWRAP) throw new SandboxError('bubblewrap (bwrap) is not installed.');
  if (!PRLIMIT) throw new SandboxError('prlimit (util-linux) is not installed.');
  const limits = limitsOf(options.limits);
  const jobDir = resolve(options.jobDir);
  const toolDir = resolve(options.toolDir);
  const bwrap = [
    '--unshare-user',
    '--unshare-ipc',
    '--unshare-pid',
    '--unshare-net',
    '--unshare-uts',
    '--unshare-cgroup-try',
    // No user namespace inside: the kernel's most common attack surface for a local exploit.
    '--disable-userns',
    '--die-with-parent',
    // A new session: no TIOCSTI into a terminal, and no signals from the server's group.
    '--new-session',
    '--cap-drop',
    'ALL',
    '--hostname',
    'medx-tool',
    ...systemMounts(),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--perms',
    '1777',
    '--size',
    String(limits.tmpBytes),
    '--tmpfs',
    '/tmp',
    ...pythonMounts(options.python ?? pythonPath(), jobDir),
    '--bind',
    jobDir,
    jobDir,
    // After the job folder, so that a tool folder inside it still ends up read-only.
    '--ro-bind',
    options.toolSource ? resolve(options.toolSource) : toolDir,
    mountable(toolDir, 'The tool folder', jobDir),
    '--chdir',
    jobDir,
    '--',
    PRLIMIT,
    `--cpu=${limits.cpuSeconds}`,
    `--as=${limits.addressSpaceBytes}`,
    `--nproc=${limits.processes}`,
    `--fsize=${limits.fileSizeBytes}`,
    `--nofile=${limits.openFiles}`,
    '--core=0',
    '--',
    command,
    ...args,
  ];
  if (!asRoot()) return { command: BWRAP, args: bwrap };
  if (!SETPRIV) throw new SandboxError('setpriv (util-linux) is not installed.');
  return {
    command: SETPRIV,
    args: [
      `--reuid=${SANDBOX_UID}`,
      `--regid=${SANDBOX_GID}`,
      '--clear-groups',
      '--no-new-privs',
      '--',
      BWRAP,
      ...bwrap,
    ],
  };
}

/** Whether uid/gid SANDBOX_* may use `info` with `bits` (r=4, w=2, x=1) by its mode (ACLs aside). */
function sandboxMay(info: { uid: number; gid: number; mode: number }, bits: number): boolean {
  const shift = info.uid === SANDBOX_UID ? 6 : info.gid === SANDBOX_GID ? 3 : 0;
  return ((info.mode >> shift) & bits) === bits;
}

/** Whether every folder above `path` lets the sandbox's user through. */
async function ancestorsPassable(path: string): Promise<boolean> {
  let dir = dirname(path);
  for (;;) {
    if (!sandboxMay(await stat(dir), 1)) return false;
    if (dir === dirname(dir)) return true;
    dir = dirname(dir);
  }
}

/** Whether the sandbox's user can reach `dir` and read everything in it. */
async function treeReadable(dir: string): Promise<boolean> {
  if (!(await ancestorsPassable(dir))) return false;
  const walk = async (path: string): Promise<boolean> => {
    const info = await lstat(path);
    if (info.isSymbolicLink()) return true;
    if (!info.isDirectory()) return sandboxMay(info, 4);
    if (!sandboxMay(info, 5)) return false;
    for (const name of await readdir(path)) if (!(await walk(join(path, name)))) return false;
    return true;
  };
  return walk(dir);
}

/** chown -R without following symbolic links (a tool's link must not lend or take a file outside). */
async function chownTree(path: string, uid: number, gid: number): Promise<void> {
  const info = await lstat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (!info) return;
  await lchown(path, uid, gid);
  if (!info.isDirectory()) return;
  for (const name of await readdir(path)) await chownTree(join(path, name), uid, gid);
}

export interface Sandbox {
  /** `command args...` wrapped to run confined in this job folder. */
  wrap(command: string, args: readonly string[]): { command: string; args: string[] };
  /** Gives the job folder back to the server (after the run, however it ended). */
  leave(): Promise<void>;
}

/** The copy of an unreadable tool folder, inside the job folder. */
const TOOL_COPY = '.medx-tool';

async function prepare(jobDir: string, toolDir: string, limits: Partial<SandboxLimits> | undefined): Promise<Sandbox> {
  limitsOf(limits);
  let toolSource = toolDir;
  if (asRoot()) {
    if (!(await ancestorsPassable(resolve(jobDir))))
      throw new SandboxError(
        `The job folder ${jobDir} lies in a folder that user ${SANDBOX_UID} cannot pass: confined tools need a temporary folder open to others (as /tmp is).`,
      );
    if (!(await treeReadable(resolve(toolDir)))) {
      toolSource = join(jobDir, TOOL_COPY);
      await cp(toolDir, toolSource, { recursive: true, verbatimSymlinks: true });
    }
    await chownTree(jobDir, SANDBOX_UID, SANDBOX_GID);
  }
  const uid = process.getuid?.() ?? 0;
  const gid = process.getgid?.() ?? 0;
  return {
    wrap: (command, args) => confinedCommand(command, args, { jobDir, toolDir, toolSource, limits }),
    leave: async () => {
      if (asRoot()) await chownTree(jobDir, uid, gid);
    },
  };
}

/**
 * Readies a job folder for a confined run: refuses (SandboxError) when this machine cannot
 * confine, lends the folder to the sandbox's user. Call `leave()` after the run.
 */
export async function enterSandbox(jobDir: string, toolDir: string, limits?: Partial<SandboxLimits>): Promise<Sandbox> {
  const problem = await sandboxAvailable();
  if (problem) throw new SandboxError(`User tools run only confined, and this server cannot confine them: ${problem}`);
  return prepare(jobDir, toolDir, limits);
}

let checked: Promise<string | null> | undefined;

/**
 * null when confined runs work on this machine, else why not (bwrap or util-linux missing,
 * user namespaces refused by the kernel...). Tried once, by a real confined run of `/bin/sh`.
 */
export function sandboxAvailable(): Promise<string | null> {
  if (!checked) {
    checked = check().then((answer) => {
      if (answer.retry) checked = undefined;
      return answer.reason;
    });
  }
  return checked;
}

async function check(): Promise<{ reason: string | null; retry?: boolean }> {
  if (process.platform !== 'linux') return { reason: 'confinement needs Linux (bubblewrap).' };
  if (!BWRAP) return { reason: 'bubblewrap (bwrap) is not installed (Debian package bubblewrap).' };
  if (!PRLIMIT) return { reason: 'prlimit is not installed (Debian package util-linux).' };
  if (asRoot() && !SETPRIV) return { reason: 'setpriv is not installed (Debian package util-linux).' };
  const dir = await mkdtemp(join(tmpdir(), 'medx-sandbox-check-'));
  try {
    // A job folder and a tool folder inside it (not readable by others: the copy path too).
    const tool = join(dir, 'tool');
    await mkdir(tool);
    const sandbox = await prepare(dir, tool, undefined);
    const { command, args } = sandbox.wrap('/bin/sh', ['-c', 'echo confined']);
    const result = await runProcess(command, args, {
      env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' },
      timeoutMs: 30_000,
    });
    await sandbox.leave();
    // A check cut short (its job cancelled, the machine busy) says nothing about the machine.
    if (result.cancelled || result.timedOut || result.spawnError?.message === BUSY_MESSAGE)
      return { reason: 'the sandbox check could not run to its end; try again', retry: true };
    if (result.exitCode === 0 && result.stdout.trim() === 'confined') return { reason: null };
    const said = result.stderr.trim().split('\n').pop() || result.spawnError?.message;
    return {
      reason: `bubblewrap cannot start a sandbox here${said ? `: ${said}` : ` (exit ${result.exitCode ?? result.signal})`}`,
    };
  } catch (error) {
    return { reason: error instanceof Error ? error.message : String(error) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The uid a confined tool runs as: SANDBOX_UID under a root server, else the server's own. */
export const sandboxUid = () => (asRoot() ? SANDBOX_UID : (process.getuid?.() ?? SANDBOX_UID));
