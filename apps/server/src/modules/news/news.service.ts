import {
  type AdminMessage,
  type AdminMessageInput,
  type AdminMessageList,
  type Lang,
  MESSAGE_TYPES,
  type MessageType,
  type SystemMessage,
  type SystemMessagesQuery,
  translate,
  type UnreadCount,
} from '@medx/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type IsAdmin, requireAdmin } from '../../http/admin-guard';
import { badRequest, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import { type Clock, iso } from '../../lib/clock';
import type { MailDelivery } from '../../lib/mailer';
import type { UserNotice } from '../../lib/user-notices';
import type { ProjectJoined } from '../projects/projects.service';
import type { AdminMessageRow, NewsRepository, SettledJob } from './news.repository';
import type { NewsHub } from './news-hub';
import { type EventParams, renderEvent, renderMessage } from './news-render';

export interface NewsSettings {
  /** JOB_MAIL_AFTER_MINUTES: e-mail when a job that ran at least this long ends; undefined: never. */
  jobMailAfterMinutes?: number;
  /** PUBLIC_URL: e-mails link to the job when set (there is no request to take an origin from). */
  publicUrl?: string;
}

type JobEventParams = Extract<EventParams, { seconds: number }>;

const NOTIFIED_STATUSES = new Set(['FINISHED', 'FAILED']);

/** The address that opens a job's result dialog in the workspace (spec §2: jobId, jobType, jobStatus). */
export function jobLink(job: Pick<SettledJob, 'id' | 'project_id' | 'job_type' | 'status'>): string {
  const query = new URLSearchParams({
    project: String(job.project_id),
    jobId: String(job.id),
    jobType: job.job_type,
    jobStatus: job.status,
  });
  return `/?${query.toString()}`;
}

function toAdminMessage(row: AdminMessageRow): AdminMessage {
  return {
    id: row.id,
    type: row.type === 'VERSION' ? 'VERSION' : 'NOTICE',
    status: row.status,
    title_en: row.title_en ?? '',
    title_zh: row.title_zh ?? '',
    content_en: row.content_en ?? '',
    content_zh: row.content_zh ?? '',
    author_id: row.author_id,
    created_at: row.created_at,
    published_at: row.published_at,
    withdrawn_at: row.withdrawn_at,
    read_count: Number(row.read_count ?? 0),
  };
}

/**
 * News (spec §2 "News", §3 "Message"; docs/decisions.md "News"): what a user reads and
 * acknowledges, what admins write, publish and withdraw, and the events the platform
 * reports to a user (its jobs ending, someone joining its project). Every change a reader
 * should see is also pushed to its open streams through the hub.
 */
export class NewsService {
  constructor(
    private readonly repo: NewsRepository,
    private readonly hub: NewsHub,
    private readonly clock: Clock,
    private readonly isAdmin: IsAdmin,
    private readonly mail: MailDelivery,
    private readonly settings: NewsSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  async unreadCounts(auth: AuthContext): Promise<UnreadCount[]> {
    const counts = await this.repo.unreadCounts(auth.user.id);
    return MESSAGE_TYPES.map((type) => ({ type, unread_count: counts.get(type) ?? 0 }));
  }

  async list(auth: AuthContext, query: SystemMessagesQuery, lang: Lang): Promise<SystemMessage[]> {
    const rows = await this.repo.list(auth.user.id, query.message_type, query.page, query.limit);
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      ack: Boolean(Number(row.acked)),
      content: JSON.stringify(renderMessage(row, lang)),
      created_at: row.published_at ?? row.created_at,
    }));
  }

  /** Marks a message read; the user's other tabs refresh their counts. */
  async ack(auth: AuthContext, id: number): Promise<void> {
    const message = await this.repo.findVisible(auth.user.id, id);
    if (!message) throw notFound('messageNotFound');
    await this.repo.ack(id, auth.user.id, iso(this.clock.now()));
    this.hub.publish(auth.user.id, { event: 'news', data: { type: message.type } });
  }

  async ackAll(auth: AuthContext, type: MessageType): Promise<void> {
    await this.repo.ackAll(auth.user.id, type, iso(this.clock.now()));
    this.hub.publish(auth.user.id, { event: 'news', data: { type } });
  }

  // ---- admins ----

  private requireAdmin(auth: AuthContext): void {
    requireAdmin(auth, this.isAdmin, 'messageAdminOnly');
  }

  private async adminMessage(id: number): Promise<AdminMessageRow> {
    const row = await this.repo.findAdminMessage(id);
    if (!row) throw notFound('messageNotFound');
    return row;
  }

  async adminList(auth: AuthContext, page: number, limit: number): Promise<AdminMessageList> {
    this.requireAdmin(auth);
    const { total, items } = await this.repo.adminList(page, limit);
    return { total, items: items.map(toAdminMessage) };
  }

  async create(auth: AuthContext, input: AdminMessageInput): Promise<AdminMessage> {
    this.requireAdmin(auth);
    const id = await this.repo.insert({
      ...input,
      user_id: null,
      status: 'DRAFT',
      event_kind: null,
      event_params: null,
      link: null,
      author_id: auth.user.id,
      created_at: iso(this.clock.now()),
      published_at: null,
      withdrawn_at: null,
    });
    return toAdminMessage(await this.adminMessage(id));
  }

  async update(auth: AuthContext, id: number, input: AdminMessageInput): Promise<AdminMessage> {
    this.requireAdmin(auth);
    const row = await this.adminMessage(id);
    if (row.status !== 'DRAFT') throw badRequest('messageNotDraft');
    await this.repo.update(id, input);
    return toAdminMessage(await this.adminMessage(id));
  }

  async publish(auth: AuthContext, id: number): Promise<AdminMessage> {
    this.requireAdmin(auth);
    const row = await this.adminMessage(id);
    if (row.status === 'PUBLISHED') throw badRequest('messageAlreadyPublished');
    if (row.status !== 'DRAFT') throw badRequest('messageNotDraft');
    await this.repo.update(id, { status: 'PUBLISHED', published_at: iso(this.clock.now()) });
    this.hub.publishAll({ event: 'news', data: { type: row.type } });
    return toAdminMessage(await this.adminMessage(id));
  }

  async withdraw(auth: AuthContext, id: number): Promise<AdminMessage> {
    this.requireAdmin(auth);
    const row = await this.adminMessage(id);
    if (row.status !== 'PUBLISHED') throw badRequest('messageNotPublished');
    await this.repo.update(id, { status: 'WITHDRAWN', withdrawn_at: iso(this.clock.now()) });
    this.hub.publishAll({ event: 'news', data: { type: row.type } });
    return toAdminMessage(await this.adminMessage(id));
  }

  // ---- events ----

  private async addEvent(userId: number, params: EventParams, link: string): Promise<void> {
    const now = iso(this.clock.now());
    await this.repo.insert({
      type: 'EVENT',
      user_id: userId,
      status: 'PUBLISHED',
      title_en: null,
      title_zh: null,
      content_en: null,
      content_zh: null,
      event_kind: params.kind,
      event_params: JSON.stringify(params),
      link,
      author_id: null,
      created_at: now,
      published_at: now,
      withdrawn_at: null,
    });
    this.hub.publish(userId, { event: 'news', data: { type: 'EVENT' } });
  }

  /**
   * A job ended: its submitter's streams hear of it (job lists refresh), and a finished or
   * failed job becomes an event notification (a stop is the user's own doing) and, when it
   * ran long enough, an e-mail.
   */
  async jobSettled(jobId: number): Promise<void> {
    const job = await this.repo.settledJob(jobId);
    if (!job) return;
    this.hub.publish(job.user_id, {
      event: 'job',
      data: { job_id: job.id, project_id: job.project_id, status: job.status },
    });
    if (!NOTIFIED_STATUSES.has(job.status)) return;
    const started = Date.parse(job.started_at ?? job.created_at);
    const ended = Date.parse(job.finished_at ?? iso(this.clock.now()));
    const params: JobEventParams = {
      kind: job.status === 'FINISHED' ? 'JOB_FINISHED' : 'JOB_FAILED',
      name: job.job_name || job.job_type,
      project: job.project_name,
      seconds: Math.max(0, (ended - started) / 1000),
    };
    await this.addEvent(job.user_id, params, jobLink(job));
    await this.mailIfLong(job, params);
  }

  private async mailIfLong(job: SettledJob, params: JobEventParams): Promise<void> {
    const threshold = this.settings.jobMailAfterMinutes;
    if (threshold === undefined || job.user_type !== 'REGISTERED' || !job.email) return;
    if (params.seconds < threshold * 60) return;
    // No stored language: both, as the verification e-mails.
    const en = renderEvent(params, 'en');
    const zh = renderEvent(params, 'zh-CN');
    const origin = this.settings.publicUrl?.replace(/\/+$/, '');
    const link = origin ? `\n${origin}${jobLink(job)}\n` : '';
    const text = [
      en.content,
      link,
      translate('jobMailFooter', 'en', { minutes: threshold }),
      '',
      zh.content,
      link,
      translate('jobMailFooter', 'zh-CN', { minutes: threshold }),
    ].join('\n');
    try {
      await this.mail.sendMail({
        to: job.email,
        kind: 'job_ended',
        subject: translate('jobMailSubject', 'en', { title: en.title }),
        text,
      });
    } catch (err) {
      // The notification is stored already; a mail server's failure must not undo it.
      this.log.warn({ err, jobId: job.id }, 'the job e-mail could not be sent');
    }
  }

  /** A feature's notice to one user (lib/user-notices.ts): an event notification in their News. */
  notice(userId: number, notice: UserNotice, link: string): Promise<void> {
    return this.addEvent(userId, notice, link);
  }

  /** Someone joined a shared project: its creator hears of it. */
  async joined(event: ProjectJoined): Promise<void> {
    const user = await this.repo.username(event.userId);
    await this.addEvent(
      event.creatorId,
      {
        kind: 'SHARE_JOINED',
        user: user && user.user_type === 'REGISTERED' ? user.username : null,
        project: event.projectName,
        access: event.access,
      },
      `/?project=${event.projectId}`,
    );
  }
}
