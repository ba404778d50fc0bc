import type { ShareType } from '@medx/contract';
import type { FileRow, JobRow, UserRow } from '../../src/db/schema';
import type { AuthContext } from '../../src/http/request-context';
import { iso } from '../../src/lib/clock';
import { hashPassword, randomId } from '../../src/lib/secrets';
import type { JobWithNames } from '../../src/modules/jobs/jobs.repository';
import type { ProjectWithCreator } from '../../src/modules/projects/projects.repository';
import type { MediumContext } from './medium';

/**
 * Factories of the medium tier: each builds its rows through the platform's own
 * services and repositories (no SQL of its own) and answers typed rows. Every call
 * makes new, unique rows, so tests in one database never step on each other.
 */

export interface UserOptions {
  /** A guest made by UsersService.guestLogin (no e-mail, no password). */
  guest?: boolean;
  /** A registered user whose e-mail is one of the context's ADMIN_EMAILS. */
  admin?: boolean;
  email?: string;
  username?: string;
  password?: string;
}

export interface BuiltUser {
  user: UserRow;
  /** What a route hands to a service after resolving the token: the user and its session. */
  auth: AuthContext;
  token: string;
  /** The registered user's password; null for guests. */
  password: string | null;
}

export interface ProjectOptions {
  /** A new registered user when omitted. */
  owner?: BuiltUser;
  name?: string;
  /** Shares the project (link, code and type) and lets every member join with the code. */
  share?: { type: ShareType; members?: BuiltUser[]; code?: string };
  /** Moves it to the owner's recycle bin. */
  recycled?: boolean;
}

export interface BuiltProject {
  id: number;
  /** The row as ProjectAccess sees it after the factory finished. */
  row: ProjectWithCreator;
  owner: BuiltUser;
  members: BuiltUser[];
  shareId: string | null;
  code: string | null;
}

export interface FileOptions {
  /** The creator; the project's owner when omitted. */
  by?: BuiltUser;
  name?: string;
  content?: Buffer | string;
  groupId?: number | null;
  isShowEntry?: boolean;
}

export interface JobOptions {
  by?: BuiltUser;
  /** A type of the context's registry; ECHO (an engine test type) when omitted. */
  type?: string;
  params?: unknown;
  name?: string | null;
  /**
   * Where the row ends: PRE_PROCESSING as submitted (the default), or moved on through
   * JobsRepository.transition the way the runner moves it (claimed, then finished...).
   */
  status?: JobRow['status'];
}

let sequence = 0;
const next = () => `${++sequence}${randomId(4).toLowerCase()}`;

const hashes = new Map<string, Promise<string>>();
/** scrypt is slow on purpose; one hash per password per test process is enough for factories. */
const hashOf = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

/** E-mails the medium context lists in ADMIN_EMAILS; buildUser({ admin: true }) takes the first one still free. */
export const MEDIUM_ADMIN_EMAILS = Array.from({ length: 5 }, (_, i) => `admin${i + 1}@medium.example.org`);

async function authOf(m: MediumContext, token: string): Promise<AuthContext> {
  const auth = await m.users.sessions.resolve(token);
  if (!auth) throw new Error('the factory made a session that does not resolve');
  return auth;
}

async function freeAdminEmail(m: MediumContext): Promise<string> {
  for (const email of MEDIUM_ADMIN_EMAILS) if (!(await m.users.repository.findByEmail(email))) return email;
  throw new Error('every ADMIN_EMAILS address of the medium context is taken');
}

/** A registered user (UsersRepository + SessionService), or a guest (UsersService.guestLogin); signed in. */
export async function buildUser(m: MediumContext, options: UserOptions = {}): Promise<BuiltUser> {
  if (options.guest) {
    const { token } = await m.users.service.guestLogin(null);
    const auth = await authOf(m, token);
    return { user: auth.user, auth, token, password: null };
  }
  const email = options.admin ? await freeAdminEmail(m) : (options.email ?? `user${next()}@medium.example.org`);
  const password = options.password ?? 'secret123';
  const now = iso(m.clock.now());
  const user = await m.users.repository.insert({
    username: options.username ?? email.split('@')[0]!,
    user_type: 'REGISTERED',
    email,
    phone: null,
    region: null,
    password_hash: await hashOf(password),
    identity: 'Student',
    organization: null,
    research_field: null,
    source: null,
    created_at: now,
    updated_at: now,
  });
  const token = await m.users.sessions.create(user);
  return { user, auth: await authOf(m, token), token, password };
}

/** A project through ProjectsService: created, optionally shared and joined, optionally recycled. */
export async function buildProject(m: MediumContext, options: ProjectOptions = {}): Promise<BuiltProject> {
  const projects = m.projects.service;
  const owner = options.owner ?? (await buildUser(m));
  const { id } = await projects.create(owner.auth, options.name ?? `P${next()}`.slice(0, 12));
  let shareId: string | null = null;
  let code: string | null = null;
  const members: BuiltUser[] = [];
  if (options.share) {
    code = options.share.code ?? 'AB12';
    const { url } = await projects.shareUrl(owner.auth, id, ORIGIN);
    shareId = url.split('/share/')[1]!;
    await projects.updateShare(
      owner.auth,
      id,
      { is_shared: true, share_code: code, share_type: options.share.type, share_url: url },
      ORIGIN,
    );
    for (const member of options.share.members ?? []) {
      await projects.join(member.auth, id, code);
      members.push(member);
    }
  }
  if (options.recycled) await projects.addToRecycle(owner.auth, id);
  const row = await m.projects.repository.findById(id);
  if (!row) throw new Error(`project ${id} vanished`);
  return { id, row, owner, members, shareId, code };
}

const ORIGIN = 'http://medium.example.org';

/** A few atoms of a PDB: a valid structure for anything that reads one. */
export const SMALL_PDB = [
  'ATOM      1  N   GLY A   1       1.000   2.000   3.000  1.00  0.00           N',
  'ATOM      2  CA  GLY A   1       2.400   2.000   3.000  1.00  0.00           C',
  'END',
  '',
].join('\n');

/** A stored file through the real FileWriter: its object in the context's storage, then its row. */
export async function buildFile(m: MediumContext, project: BuiltProject, options: FileOptions = {}): Promise<FileRow> {
  const name = options.name ?? `file${next()}.pdb`;
  const dot = name.lastIndexOf('.');
  const content = options.content ?? SMALL_PDB;
  const [row] = await m.files.writer.createMany(project.id, (options.by ?? project.owner).user.id, [
    {
      name,
      ext: dot > 0 ? name.slice(dot + 1) : 'txt',
      content: typeof content === 'string' ? Buffer.from(content) : content,
      groupId: options.groupId ?? null,
      isShowEntry: options.isShowEntry,
    },
  ]);
  return row!;
}

const DEFAULT_PARAMS: Record<string, unknown> = { ECHO: { words: 'medium' }, SLEEP: {}, FAIL: {} };

/** Where each status is reached from, the way the runner moves a job. */
const PATH: Partial<Record<JobRow['status'], JobRow['status'][]>> = {
  RUNNING: ['RUNNING'],
  POST_PROCESSING: ['RUNNING', 'POST_PROCESSING'],
  FINISHED: ['RUNNING', 'FINISHED'],
  FAILED: ['RUNNING', 'FAILED'],
  STOPPED: ['RUNNING', 'STOPPED'],
};

/**
 * A job submitted through JobsService.submitRaw (the registry validates its params, the
 * queue gets its id), then moved to `status` through JobsRepository.transition.
 */
export async function buildJob(
  m: MediumContext,
  project: BuiltProject,
  options: JobOptions = {},
): Promise<JobWithNames> {
  const type = options.type ?? 'ECHO';
  const by = options.by ?? project.owner;
  const id = await m.jobs.service.submitRaw(
    by.auth,
    project.id,
    type,
    options.name === undefined ? `${type} job` : options.name,
    options.params ?? DEFAULT_PARAMS[type],
  );
  let from: JobRow['status'] = 'PRE_PROCESSING';
  for (const status of PATH[options.status ?? 'PRE_PROCESSING'] ?? []) {
    const now = iso(m.clock.now());
    const patch: Partial<JobRow> & { status: JobRow['status'] } =
      status === 'RUNNING'
        ? { status, runner_id: 'medium-factory', started_at: now, heartbeat_at: now, attempts: 1 }
        : { status, finished_at: status === 'POST_PROCESSING' ? null : now };
    if (!(await m.jobs.repository.transition(id, [from], patch))) {
      throw new Error(`job ${id} could not move from ${from} to ${status}`);
    }
    from = status;
  }
  const row = await m.jobs.repository.findById(id);
  if (!row) throw new Error(`job ${id} vanished`);
  return row;
}
