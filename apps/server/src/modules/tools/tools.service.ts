import { randomBytes } from 'node:crypto';
import {
  type JobSpaceImport,
  type Permissions,
  TOOL_JOB_TYPE,
  type ToolDetails,
  type ToolJobRequest,
  type ToolPanelItem,
  type ToolsPolicyUpdate,
  type ToolTutorial,
} from '@medx/contract';
import type { UserRow } from '../../db/schema';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import type { Clock } from '../../lib/clock';
import type { FilesRepository } from '../files/files.repository';
import type { JobsService } from '../jobs/jobs.service';
import type { ProjectAccess } from '../projects/project-access';
import { callGalaxy } from './galaxy-python';
import { toolAllowed } from './tool-access';
import type { CatalogueEntry, ToolCatalogue } from './tool-catalogue';
import { buildValues, type Flat, type ResolvedFile, toDetails, unsupportedReason } from './tool-form';
import { resolveJobSpace, type ToolsRepository } from './tools.repository';

const iso = (date: Date) => date.toISOString();

/**
 * Tools (spec §3, §6, §7): the panel, a tool's form and tutorial, the job space, and
 * submitting a TOOL job. Every right is checked here: the tools policy on submission
 * (whatever the client shows), project access on the job space and the job.
 */
export class ToolsService {
  private readonly tutorials = new Map<string, Promise<string | null>>();

  constructor(
    private readonly catalogue: ToolCatalogue,
    private readonly repository: ToolsRepository,
    private readonly files: FilesRepository,
    private readonly access: ProjectAccess,
    private readonly jobs: JobsService,
    private readonly permissions: (user: UserRow) => Permissions,
    private readonly clock: Clock,
  ) {}

  private state(auth: AuthContext, entry: CatalogueEntry) {
    const unavailable = entry.unavailable ?? unsupportedReason(entry);
    return {
      available: unavailable === null,
      unavailable_reason: unavailable,
      allowed: toolAllowed(this.permissions(auth.user).tools, entry.tool.id),
    };
  }

  async panel(auth: AuthContext): Promise<ToolPanelItem[]> {
    const entries = await this.catalogue.list();
    return entries
      .map((entry) => {
        const { id, name, version, description, category, tags } = entry.tool;
        return { id, name, version, description, category, tags, ...this.state(auth, entry) };
      })
      .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
  }

  private async entry(toolId: string): Promise<CatalogueEntry> {
    const entry = await this.catalogue.get(toolId);
    if (!entry) throw notFound('toolNotFound');
    return entry;
  }

  async details(auth: AuthContext, toolId: string): Promise<ToolDetails> {
    const entry = await this.entry(toolId);
    return toDetails(entry.tool, this.state(auth, entry), await this.helpHtml(entry));
  }

  /** The tutorial (spec §7): description_help (the tool's help as HTML), else its description. */
  async tutorial(_auth: AuthContext, toolId: string): Promise<ToolTutorial> {
    const entry = await this.entry(toolId);
    const html = await this.helpHtml(entry);
    if (html) return { tool_id: toolId, kind: 'html', content: html };
    return { tool_id: toolId, kind: 'text', content: entry.tool.description };
  }

  /** The tool's RST help as HTML (docutils, raw HTML and file inclusion off), once per tool. */
  private helpHtml(entry: CatalogueEntry): Promise<string | null> {
    const { id, help } = entry.tool;
    let html = this.tutorials.get(id);
    if (!html) {
      html = help.trim()
        ? callGalaxy<{ html: string }>('help_html', { rst: help }).then(
            (answer) => answer.html,
            () => null,
          )
        : Promise.resolve(null);
      this.tutorials.set(id, html);
    }
    return html;
  }

  /** Project files into the job space (spec §7): one random galaxy_file_id each. */
  async importFiles(auth: AuthContext, projectId: number, fileIds: number[]): Promise<JobSpaceImport> {
    await this.access.require(auth, projectId, 'write');
    const unique = [...new Set(fileIds)];
    const rows = await this.files.findManyByIds(unique);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const missing = unique.find((id) => byId.get(id)?.project_id !== projectId);
    if (missing !== undefined) throw notFound('toolFileNotInProject', { id: missing });
    const now = iso(this.clock.now());
    const items = unique.map((fileId) => {
      const file = byId.get(fileId)!;
      return { galaxy_file_id: randomBytes(12).toString('hex'), file_id: fileId, name: file.name, ext: file.ext };
    });
    await this.repository.insertItems(
      items.map((item) => ({
        id: item.galaxy_file_id,
        project_id: projectId,
        file_id: item.file_id,
        user_id: auth.user.id,
        created_at: now,
      })),
    );
    return { items };
  }

  async submit(auth: AuthContext, request: ToolJobRequest): Promise<number> {
    const policy = this.permissions(auth.user).tools;
    if (policy === false && auth.user.user_type === 'GUEST') throw forbidden('noToolsPermission');
    const entry = await this.entry(request.tool_id);
    if (!toolAllowed(policy, entry.tool.id)) throw forbidden('noLicense');
    const unavailable = entry.unavailable ?? unsupportedReason(entry);
    if (unavailable) throw badRequest('toolUnavailable', { reason: unavailable });
    await this.access.require(auth, request.project_id, 'write');
    const resolved = await this.resolveJobSpace(request.project_id, request.tool_inputs);
    const values = buildValues(entry.tool.inputs, request.tool_inputs, (id) => {
      const file = resolved.get(id);
      if (!file) throw notFound('toolFileNotInProject', { id });
      return file;
    });
    return this.jobs.submit(auth, request.project_id, TOOL_JOB_TYPE, request.job_name || entry.tool.name, {
      tool_id: entry.tool.id,
      tool_version: entry.tool.version,
      values,
    });
  }

  /** The project files behind the job-space ids a submission names (only this project's). */
  private resolveJobSpace(projectId: number, inputs: Flat): Promise<Map<string, ResolvedFile>> {
    const ids = Object.values(inputs).flatMap((value) =>
      value && typeof value === 'object' && !Array.isArray(value) ? value.values.map((v) => v.id) : [],
    );
    return resolveJobSpace(this.repository, this.files, projectId, ids);
  }

  /** PUT /v1/tools/policy: admins set a user's tools policy (null: the default). */
  async setPolicy(auth: AuthContext, update: ToolsPolicyUpdate): Promise<void> {
    if (auth.user.user_type === 'GUEST' || !this.permissions(auth.user).ADMIN_PANEL) {
      throw new AppError(403, 'forbidden');
    }
    const stored = update.tools === null ? null : JSON.stringify(update.tools);
    if (!(await this.repository.setToolsPolicy(update.user_id, stored))) throw notFound('notFound');
  }
}
