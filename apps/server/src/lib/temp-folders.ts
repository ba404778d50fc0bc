/**
 * Working folders in the system temporary directory (jobs' `medx-job-*`, chemistry helpers'
 * `medx-chem-*`), named after the process that owns them, so the folders a killed server
 * left behind can be told from those of a server still running (two servers on one
 * machine, test suites in parallel) and removed at the next start.
 *
 * A folder's name carries its owner: `medx-job-42-h<host>p<pid>s<start>-XXXXXX`, where
 * <host> is a hash of the host name (a temporary directory shared between machines or
 * containers is left alone: their pids mean nothing here), and <start> the process's start
 * time as the kernel gives it (/proc/<pid>/stat), so a pid used again by another process
 * is not taken for the owner.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';

export type TempFolderKind = 'job' | 'chem';

const HOST = createHash('sha256').update(hostname()).digest('hex').slice(0, 6);
const HAS_PROC = existsSync('/proc/self/stat');

/** The start time of a process: clock ticks since boot (field 22 of /proc/<pid>/stat); null when it is gone or a zombie. */
function procStart(pid: number | 'self'): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, the fields after it do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z' || fields[0] === 'X') return null;
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

const START = (HAS_PROC ? procStart('self') : null) ?? String(Math.round(Date.now() / 1000 - process.uptime()));

/** This process as the owner of its folders. */
export const OWNER_TAG = `h${HOST}p${process.pid}s${START}`;

const OWNED = /^medx-(?:job|chem)-(?:.+-)?h([0-9a-f]{6})p(\d+)s(\d+)-[A-Za-z0-9]{6}$/;
/** Names of earlier versions, which carry no owner: `medx-job-<id>-XXXXXX`, `medx-chem-XXXXXX`. */
const LEGACY = /^medx-(?:job-\d+|chem)-[A-Za-z0-9]{6}$/;
/** A legacy folder untouched this long belongs to no job still running. */
const LEGACY_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** A fresh private folder (mode 0700) of this process, e.g. makeTempFolder('job', '42'). */
export function makeTempFolder(kind: TempFolderKind, label?: string, base: string = tmpdir()): Promise<string> {
  const safe = label?.replace(/[^A-Za-z0-9_]/g, '_');
  return mkdtemp(join(base, `medx-${kind}-${safe ? `${safe}-` : ''}${OWNER_TAG}-`));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process a folder name names is gone: false when it runs, or when this host cannot tell. */
export function ownerIsGone(name: string): boolean {
  const match = OWNED.exec(name);
  if (!match) return false;
  const [, host, pidText, start] = match;
  if (host !== HOST) return false;
  const pid = Number(pidText);
  if (pid === process.pid) return start !== START;
  if (HAS_PROC) return procStart(pid) !== start;
  return !isAlive(pid);
}

/**
 * Removes the working folders whose owner is gone (a killed server's jobs), and folders of
 * the earlier unowned naming untouched for a day. Never a folder of a process still running.
 * Answers the names removed.
 */
export async function removeStaleTempFolders(base: string = tmpdir(), now = Date.now()): Promise<string[]> {
  const names = await readdir(base).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith('medx-job-') && !name.startsWith('medx-chem-')) continue;
    const path = join(base, name);
    let stale = ownerIsGone(name);
    if (!stale && LEGACY.test(name)) {
      const info = await stat(path).catch(() => null);
      stale = info !== null && info.isDirectory() && now - info.mtimeMs > LEGACY_MAX_AGE_MS;
    }
    if (!stale) continue;
    try {
      await rm(path, { recursive: true, force: true });
      removed.push(name);
    } catch {
      // Not ours to remove (another user's folder): left alone.
    }
  }
  return removed;
}
