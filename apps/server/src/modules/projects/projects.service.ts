import {
  JOIN_POLICY,
  type Project,
  type ProjectDetail,
  type ProjectList,
  type ProjectRole,
  type SharedProjectInfo,
  type ShareSettings,
  type UpdateShareRequest,
} from '@medx/contract';
import { badRequest, notFound, tooMany } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import { type Clock, HOUR, iso, MINUTE } from '../../lib/clock';
import { randomId } from '../../lib/secrets';
import type { ProjectAccess } from './project-access';
import { roleOf } from './project-access';
import type { ListScope, ProjectsRepository, ProjectWithCreator } from './projects.repository';

export function toProject(row: ProjectWithCreator, role: ProjectRole): Project {
  return {
    id: row.id,
    project_name: row.project_name,
    creator_id: row.creator_id,
    creator: { id: row.creator_id, username: row.creator_username, email: row.creator_email },
    created_at: row.created_at,
    updated_at: row.updated_at,
    role,
    is_shared: row.is_shared === 1,
  };
}

const shareUrlFor = (origin: string, shareId: string) => `${origin.replace(/\/$/, '')}/share/${shareId}`;

/** The project's entry list, provided by the files module. */
export type EntriesProvider = (projectId: number) => Promise<ProjectDetail['files']>;

/** Lets a new project through the creator's project quota (the quotas module implements it). */
export type ProjectAdmission = <T>(auth: AuthContext, work: () => Promise<T>) => Promise<T>;

/** Someone became a member of a shared project (the news feature tells its creator). */
export interface ProjectJoined {
  projectId: number;
  projectName: string;
  creatorId: number;
  userId: number;
  access: 'READ_ONLY' | 'READ_WRITE';
}

export class ProjectsService {
  private readonly joinedListeners: ((event: ProjectJoined) => Promise<void>)[] = [];

  constructor(
    private readonly projects: ProjectsRepository,
    private readonly access: ProjectAccess,
    private readonly clock: Clock,
    private readonly entries: EntriesProvider = async () => [],
    private readonly admit: ProjectAdmission = (_auth, work) => work(),
  ) {}

  /** Calls `listener` after each first join of a project; a listener's failure never fails the join. */
  onJoined(listener: (event: ProjectJoined) => Promise<void>): void {
    this.joinedListeners.push(listener);
  }

  async list(
    auth: AuthContext,
    query: { page: number; limit: number; is_shared?: 'true' | 'false'; recycled?: 'true' | 'false' },
  ): Promise<ProjectList> {
    const scope: ListScope =
      query.recycled === 'true'
        ? 'recycled'
        : query.is_shared === 'true'
          ? 'shared'
          : query.is_shared === 'false'
            ? 'owner'
            : 'all';
    const { total, items } = await this.projects.list(auth.user.id, scope, query.page, query.limit);
    const userId = auth.user.id;
    // Listed rows are the caller's own projects or joined shared ones, so the role follows directly.
    return { total, items: items.map((row) => toProject(row, roleOf(row, userId, true) ?? 'OWNER')) };
  }

  async create(auth: AuthContext, name: string): Promise<Project> {
    const id = await this.admit(auth, () => this.projects.insert(name, auth.user.id, iso(this.clock.now())));
    const row = await this.projects.findById(id);
    if (!row) throw notFound('projectNotFound');
    return toProject(row, 'OWNER');
  }

  async get(auth: AuthContext, id: number): Promise<ProjectDetail> {
    const { project, role } = await this.access.require(auth, id, 'read');
    return { ...toProject(project, role), files: await this.entries(id) };
  }

  async rename(auth: AuthContext, id: number, name: string): Promise<Project> {
    const { project } = await this.access.require(auth, id, 'owner');
    const now = iso(this.clock.now());
    await this.projects.update(id, { project_name: name, updated_at: now });
    return toProject({ ...project, project_name: name, updated_at: now }, 'OWNER');
  }

  /** Moves the project to the creator's recycle bin: hidden from every list and from members. */
  async addToRecycle(auth: AuthContext, id: number): Promise<void> {
    await this.access.require(auth, id, 'owner');
    await this.projects.update(id, { deleted_at: iso(this.clock.now()) });
  }

  async restore(auth: AuthContext, id: number): Promise<Project> {
    const project = await this.projects.findById(id);
    if (!project || project.creator_id !== auth.user.id || !project.deleted_at) throw notFound('projectNotFound');
    const now = iso(this.clock.now());
    await this.projects.update(id, { deleted_at: null, updated_at: now });
    return toProject({ ...project, deleted_at: null, updated_at: now }, 'OWNER');
  }

  async getShare(auth: AuthContext, id: number, origin: string): Promise<ShareSettings> {
    const { project } = await this.access.require(auth, id, 'owner');
    return {
      is_shared: project.is_shared === 1,
      share_code: project.share_code,
      share_type: project.share_type,
      share_url: project.share_id ? shareUrlFor(origin, project.share_id) : null,
    };
  }

  /** The share link names a random id, never the project id or the code. */
  async shareUrl(auth: AuthContext, id: number, origin: string): Promise<{ url: string }> {
    const { project } = await this.access.require(auth, id, 'owner');
    let shareId = project.share_id;
    if (!shareId) {
      shareId = randomId(16);
      await this.projects.update(id, { share_id: shareId });
    }
    return { url: shareUrlFor(origin, shareId) };
  }

  async updateShare(auth: AuthContext, id: number, input: UpdateShareRequest, origin: string): Promise<ShareSettings> {
    const { project } = await this.access.require(auth, id, 'owner');
    const now = iso(this.clock.now());
    if (input.is_shared) {
      if (!project.share_id || !input.share_url.endsWith(`/share/${project.share_id}`)) {
        throw badRequest('shareUrlRequired');
      }
      await this.projects.update(id, {
        is_shared: 1,
        share_code: input.share_code,
        share_type: input.share_type,
        updated_at: now,
      });
    } else {
      // Code and type are kept so switching sharing back on restores them.
      await this.projects.update(id, { is_shared: 0, updated_at: now });
    }
    return this.getShare(auth, id, origin);
  }

  /**
   * What a share link shows before joining. A link names the project by its random share
   * id; the project id works only for its creator and members, so walking sequential ids
   * lists nobody else's shared projects.
   */
  async sharedInfo(auth: AuthContext, codeOrId: string): Promise<SharedProjectInfo> {
    const byId = /^\d+$/.test(codeOrId);
    const project = byId ? await this.projects.findById(Number(codeOrId)) : await this.projects.findByShareId(codeOrId);
    if (!project || project.deleted_at || !project.is_shared || !project.share_type) throw notFound('shareNotFound');
    const member = await this.projects.isMember(project.id, auth.user.id);
    if (byId && !member && project.creator_id !== auth.user.id) throw notFound('shareNotFound');
    return {
      project_id: project.id,
      project_name: project.project_name,
      creator: { id: project.creator_id, username: project.creator_username },
      share_type: project.share_type,
      role: roleOf(project, auth.user.id, member),
    };
  }

  /**
   * Joins a shared project with its 4-character code (case-insensitive: the spec's
   * 36^4 code space). Wrong codes back off per (user, project) (JOIN_POLICY): one account
   * cannot walk the code space, and no number of other accounts can lock this one out.
   */
  async join(auth: AuthContext, id: number, code: string): Promise<Project> {
    const project = await this.projects.findById(id);
    if (!project || project.deleted_at || !project.is_shared || !project.share_type || !project.share_code) {
      throw notFound('shareNotFound');
    }
    const userId = auth.user.id;
    if (project.creator_id === userId) return toProject(project, 'OWNER');
    const wasMember = await this.projects.isMember(id, userId);

    const now = this.clock.now();
    const since = iso(new Date(now.getTime() - JOIN_POLICY.memoryHours * HOUR));
    const shareCode = project.share_code;
    // One join of the project at a time: a try is recorded (as failed), then counted with
    // every failure before it, so tries sent in parallel cannot all pass the limit together.
    // The outcome is decided in the transaction and thrown after it, so a failure is kept.
    const outcome = await this.projects.withProjectLock(id, async (locked) => {
      const attemptId = await locked.recordJoinAttempt(id, userId, false, iso(now));
      const before = await locked.failedJoinsSince(id, userId, since, attemptId - 1);
      const over = before.count - JOIN_POLICY.maxFailures;
      if (over >= 0 && before.newest) {
        const delay = Math.min(JOIN_POLICY.maxDelayMinutes, JOIN_POLICY.windowMinutes * 2 ** over) * MINUTE;
        const until = Date.parse(before.newest) + delay;
        if (until > now.getTime()) {
          // A refused try is not a failure: it neither extends nor deepens the wait.
          await locked.deleteJoinAttempt(attemptId);
          return { kind: 'locked', minutes: Math.max(1, Math.ceil((until - now.getTime()) / MINUTE)) } as const;
        }
      }
      if (code.toUpperCase() !== shareCode.toUpperCase()) return { kind: 'wrongCode' } as const;
      await locked.addMember(id, userId, iso(now));
      await locked.markJoinAttemptSucceeded(attemptId);
      return { kind: 'joined' } as const;
    });
    if (outcome.kind === 'locked') throw tooMany('tooManyAttempts', { minutes: outcome.minutes });
    if (outcome.kind === 'wrongCode') throw badRequest('wrongShareCode');
    if (!wasMember) {
      const event: ProjectJoined = {
        projectId: id,
        projectName: project.project_name,
        creatorId: project.creator_id,
        userId,
        access: project.share_type,
      };
      await Promise.allSettled(this.joinedListeners.map((listener) => listener(event)));
    }
    return toProject(project, project.share_type);
  }
}
