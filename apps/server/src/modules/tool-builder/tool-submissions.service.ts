import { randomBytes } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import {
  type AdminSubmissionQuery,
  TOOL_BUILDER_LIMITS,
  type ToolSubmission,
  type ToolSubmissionDetail,
  type ToolSubmissionList,
} from '@medx/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { type IsAdmin, requireAdmin } from '../../http/admin-guard';
import { AppError, badRequest, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import { isSafeArchivePath, readZip, UnsafeArchiveError } from '../../lib/archives';
import type { Clock } from '../../lib/clock';
import type { UserNotices } from '../../lib/user-notices';
import type { ObjectStorage } from '../../storage/object-storage';
import type { FilesRepository } from '../files/files.repository';
import { userToolsDir } from '../tools/tool-admin';
import type { ToolCatalogue } from '../tools/tool-catalogue';
import { runToolTests } from '../tools/tool-test';
import type { SubmissionRow, ToolBuilderRepository } from './tool-builder.repository';
import { requireRegistered, type ToolBuilderService } from './tool-builder.service';
import { loadToolFolder } from './tool-bundle';

const iso = (date: Date) => date.toISOString();

/** Where submitted tool folders are kept, by submission id. */
export const submissionsDir = (config: Config) => join(config.dataDir, 'tool-submissions');

/** A file shown to the reviewer as text: at most this size, and no NUL byte. */
const TEXT_PREVIEW_BYTES = 256 * 1024;

export interface PublishAppInput {
  fileName: string;
  content: Buffer;
  toolId: string;
  toolName: string;
  version: string;
  testJobId: number | null;
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Submissions and their review (issue 16 part 4): POST /v1/users/publish_app keeps the zip's
 * tool folder under DATA_DIR/tool-submissions/<id>; an admin runs its tests (confined),
 * reads it, and publishes it into DATA_DIR/tools/user/<tool id>/<version> under a category
 * of the catalogue, or rejects it; the author hears of either in News.
 */
export class ToolSubmissionsService {
  /** Tests running in the background, so a shutdown (or a test) can wait for them. */
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly repo: ToolBuilderRepository,
    private readonly builder: ToolBuilderService,
    private readonly deps: {
      config: Config;
      clock: Clock;
      log: FastifyBaseLogger;
      isAdmin: IsAdmin;
      catalogue: ToolCatalogue;
      files: FilesRepository;
      storage: ObjectStorage;
      notices: UserNotices;
    },
  ) {}

  // ---- authors ----

  async submit(auth: AuthContext, input: PublishAppInput): Promise<ToolSubmission> {
    requireRegistered(auth);
    if (!auth.user.email) throw badRequest('submissionNeedsUser');
    if (!input.toolId.trim() || !input.toolName.trim()) throw badRequest('fieldRequired');
    const expectedName = `${auth.user.id}.zip`;
    if (input.fileName !== expectedName) throw badRequest('submissionZipName', { name: expectedName });
    const entries = await readZip(input.content, {
      maxEntries: TOOL_BUILDER_LIMITS.submissionMembers,
      maxTotalBytes: TOOL_BUILDER_LIMITS.submissionUnpackedBytes,
      maxRatio: 200,
    }).catch((error: unknown) => {
      if (error instanceof UnsafeArchiveError) throw badRequest('submissionZipInvalid', { reason: error.message });
      throw error;
    });
    const xmlName = `${input.toolId}.xml`;
    if (!entries.some((entry) => entry.path === xmlName))
      throw badRequest('submissionZipInvalid', { reason: `no ${xmlName} at the top of the zip` });
    // The test run's files are fetched before anything is written: a refusal leaves nothing.
    const testFiles = input.testJobId === null ? [] : (await this.builder.testCase(auth, input.testJobId)).files;

    const root = submissionsDir(this.deps.config);
    await mkdir(root, { recursive: true });
    const staging = join(root, `.staging-${randomBytes(8).toString('hex')}`);
    let id: number | null = null;
    try {
      for (const entry of entries) {
        if (!isSafeArchivePath(entry.path)) throw badRequest('submissionZipInvalid', { reason: entry.path });
        if (entry.path.endsWith('/')) continue;
        await mkdir(dirname(join(staging, entry.path)), { recursive: true });
        await writeFile(join(staging, entry.path), entry.content);
      }
      for (const file of testFiles) {
        const row = await this.deps.files.findById(file.file_id);
        if (!row) throw badRequest('builderTestRunNotFinished');
        await mkdir(join(staging, 'test-data'), { recursive: true });
        await writeFile(join(staging, 'test-data', file.name), await this.deps.storage.getBuffer(row.storage_key));
      }
      const { tool, error } = await loadToolFolder(staging);
      if (!tool) throw badRequest('submissionZipInvalid', { reason: error ?? 'no tool' });
      if (tool.id !== input.toolId)
        throw badRequest('submissionXmlMismatch', { found: tool.id, expected: input.toolId });
      if (input.version && tool.version !== input.version)
        throw badRequest('submissionXmlMismatch', {
          found: `${tool.id} ${tool.version}`,
          expected: `${input.toolId} ${input.version}`,
        });
      await this.requireFreeVersion(auth, tool.id, tool.version);
      id = await this.repo.insertSubmission({
        user_id: auth.user.id,
        tool_id: tool.id,
        tool_name: tool.name,
        version: tool.version,
        created_at: iso(this.deps.clock.now()),
      });
      await rename(staging, join(root, String(id)));
      return this.toSubmission(await this.requireRow(id));
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      if (id !== null) await this.repo.deleteSubmission(id);
      throw error;
    }
  }

  /**
   * A tool id belongs to whoever first submitted it and is not a built-in's; its author
   * submits new versions, each version once (a rejected one may come again).
   */
  private async requireFreeVersion(auth: AuthContext, toolId: string, version: string): Promise<void> {
    const installed = await this.deps.catalogue.get(toolId);
    if (installed && !installed.confined) throw new AppError(409, 'submissionIdTaken', { id: toolId });
    const live = await this.repo.liveSubmissionsOf(toolId);
    if (live.some((row) => row.user_id !== auth.user.id)) throw new AppError(409, 'submissionIdTaken', { id: toolId });
    if (live.some((row) => row.version === version))
      throw new AppError(409, 'submissionVersionExists', { id: toolId, version });
  }

  async mine(auth: AuthContext, page: number, limit: number): Promise<ToolSubmissionList> {
    requireRegistered(auth);
    const { total, items } = await this.repo.listSubmissions({ userId: auth.user.id }, { page, limit });
    return { total, items: items.map((row) => this.toSubmission(row)) };
  }

  // ---- admins ----

  private requireAdmin(auth: AuthContext): void {
    requireAdmin(auth, this.deps.isAdmin, 'submissionAdminOnly');
  }

  private async requireRow(id: number): Promise<SubmissionRow> {
    const row = await this.repo.findSubmission(id);
    if (!row) throw notFound('submissionNotFound');
    return row;
  }

  async list(auth: AuthContext, query: AdminSubmissionQuery): Promise<ToolSubmissionList> {
    this.requireAdmin(auth);
    const status = query.status === 'ALL' ? undefined : query.status;
    const { total, items } = await this.repo.listSubmissions({ status }, query);
    return { total, items: items.map((row) => this.toSubmission(row)) };
  }

  /** What the reviewer reads: the tool XML and every file of the folder (text when it is text). */
  async detail(auth: AuthContext, id: number): Promise<ToolSubmissionDetail> {
    this.requireAdmin(auth);
    const row = await this.requireRow(id);
    const dir = join(submissionsDir(this.deps.config), String(id));
    const files: ToolSubmissionDetail['files'] = [];
    for (const path of await listFiles(dir)) {
      const size = (await stat(join(dir, path))).size;
      let text: string | null = null;
      if (size <= TEXT_PREVIEW_BYTES) {
        const content = await readFile(join(dir, path));
        if (!content.includes(0)) text = content.toString('utf8');
      }
      files.push({ path, size, text });
    }
    const xml = await readFile(join(dir, `${row.tool_id}.xml`), 'utf8').catch(() => '');
    return { ...this.toSubmission(row), xml, files };
  }

  /** Starts the tool's own <tests>, confined, in the background; GET shows the result. */
  async runTests(auth: AuthContext, id: number): Promise<ToolSubmission> {
    this.requireAdmin(auth);
    await this.requireRow(id);
    if (!(await this.repo.setTest(id, { test_status: 'RUNNING', test_report: '' }, ['NOT_RUN', 'PASSED', 'FAILED'])))
      throw new AppError(409, 'submissionTestsRunning');
    const run = this.testInBackground(id).finally(() => this.running.delete(run));
    this.running.add(run);
    return this.toSubmission(await this.requireRow(id));
  }

  private async testInBackground(id: number): Promise<void> {
    const lines: string[] = [];
    let passed = false;
    try {
      const { tool, error } = await loadToolFolder(join(submissionsDir(this.deps.config), String(id)));
      if (!tool) lines.push(`FAIL the tool does not load: ${error}`);
      else if (tool.tests.length === 0) lines.push(`FAIL ${tool.id}: the tool has no <tests>`);
      else {
        const results = await runToolTests(tool, { confine: true });
        for (const result of results) {
          lines.push(`${result.ok ? 'ok  ' : 'FAIL'} test ${result.index} (${result.seconds} s)`);
          for (const problem of result.problems) lines.push(`     ${problem}`);
        }
        passed = results.every((result) => result.ok);
      }
    } catch (error) {
      lines.push(`FAIL ${error instanceof Error ? error.message : String(error)}`);
    }
    await this.repo
      .setTest(id, { test_status: passed ? 'PASSED' : 'FAILED', test_report: lines.join('\n') })
      .catch((err: unknown) => this.deps.log.error({ err, id }, 'a tool test result could not be stored'));
  }

  /** Waits for the tests running in the background (shutdown, tests). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  async publish(auth: AuthContext, id: number, category: string): Promise<ToolSubmission> {
    this.requireAdmin(auth);
    const row = await this.requireReviewable(id);
    const target = join(userToolsDir(this.deps.config), row.tool_id, row.version);
    const staging = `${target}.installing-${randomBytes(6).toString('hex')}`;
    await mkdir(dirname(target), { recursive: true });
    try {
      await cp(join(submissionsDir(this.deps.config), String(id)), staging, { recursive: true });
      // The category is the section of a tool_conf.xml beside the tool, as Galaxy's toolbox gives it.
      await writeFile(
        join(staging, 'tool_conf.xml'),
        `<?xml version="1.0"?>\n<toolbox>\n  <section id="user" name="${xmlEscape(category)}">\n    <tool file="${xmlEscape(row.tool_id)}.xml"/>\n  </section>\n</toolbox>\n`,
      );
      await rm(target, { recursive: true, force: true });
      await rename(staging, target);
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      throw error;
    }
    if (!(await this.repo.review(id, { status: 'PUBLISHED', category, reason: null }, this.now(), auth.user.id))) {
      // Another admin ended the review meanwhile: this install is undone.
      await rm(target, { recursive: true, force: true });
      throw new AppError(409, 'submissionReviewed');
    }
    await this.deps.catalogue.reload();
    await this.deps.notices.notify(
      row.user_id,
      { kind: 'TOOL_PUBLISHED', name: row.tool_name, version: row.version, category },
      '/shop',
    );
    return this.toSubmission(await this.requireRow(id));
  }

  async reject(auth: AuthContext, id: number, reason: string): Promise<ToolSubmission> {
    this.requireAdmin(auth);
    const row = await this.requireReviewable(id);
    if (!(await this.repo.review(id, { status: 'REJECTED', category: null, reason }, this.now(), auth.user.id)))
      throw new AppError(409, 'submissionReviewed');
    await this.deps.notices.notify(
      row.user_id,
      { kind: 'TOOL_REJECTED', name: row.tool_name, version: row.version, reason },
      '/tool-builder',
    );
    return this.toSubmission(await this.requireRow(id));
  }

  private async requireReviewable(id: number): Promise<SubmissionRow> {
    const row = await this.requireRow(id);
    if (row.status !== 'SUBMITTED') throw new AppError(409, 'submissionReviewed');
    if (row.test_status === 'RUNNING') throw new AppError(409, 'submissionTestsRunning');
    return row;
  }

  private now(): string {
    return iso(this.deps.clock.now());
  }

  private toSubmission(row: SubmissionRow): ToolSubmission {
    return {
      id: row.id,
      tool_id: row.tool_id,
      tool_name: row.tool_name,
      version: row.version,
      status: row.status,
      test_status: row.test_status,
      test_report: row.test_report,
      category: row.category,
      reason: row.reason,
      created_at: row.created_at,
      reviewed_at: row.reviewed_at,
      user: { id: row.user_id, username: row.username, email: row.email },
    };
  }
}

/** Every file under dir, as paths relative to it, sorted. */
async function listFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (folder: string) => {
    for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) found.push(relative(dir, path));
    }
  };
  await walk(dir);
  return found.sort();
}
