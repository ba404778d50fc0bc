import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type BuilderDraft,
  BuilderDraft as BuilderDraftSchema,
  type BuilderImport,
  type BuilderPreview,
  type BuilderTestRunRequest,
  type BuilderVersion,
  type BuilderVersionList,
  type BuilderVersionSummary,
  builderProblems,
  type CondaDependencies,
  TOOL_BUILDER_LIMITS,
  TOOL_DRAFT_JOB_TYPE,
  ToolDraftJobParams,
} from '@medx/contract';
import type { ToolBuilderVersionRecord } from '../../db/schema';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import type { Clock } from '../../lib/clock';
import type { FilesRepository } from '../files/files.repository';
import type { JobsService } from '../jobs/jobs.service';
import type { ProjectAccess } from '../projects/project-access';
import type { GalaxyTool } from '../tools/galaxy-model';
import { callGalaxy, GalaxyProgramError } from '../tools/galaxy-python';
import { RequirementResolver } from '../tools/requirements';
import { sandboxAvailable } from '../tools/sandbox';
import { buildValues, type Flat, toDetails, unsupportedReason } from '../tools/tool-form';
import { resolveJobSpace, type ToolsRepository } from '../tools/tools.repository';
import type { ToolBuilderRepository } from './tool-builder.repository';
import { type BuilderTestCase, buildTool, loadToolFolder, schemaErrors, writeBundle } from './tool-bundle';

const iso = (date: Date) => date.toISOString();

/** Registered users build tools; a guest's work would vanish with the guest (and could flood review). */
export function requireRegistered(auth: AuthContext): void {
  if (auth.user.user_type === 'GUEST') throw forbidden('builderRegisteredOnly');
}

/** The draft's problems (contract/tool-builder.ts builderProblems) as one 400: the count and where the first is. */
export function requireValidDraft(draft: BuilderDraft): void {
  const problems = builderProblems(draft);
  if (problems.length) throw badRequest('builderDraftInvalid', { count: problems.length, first: problems[0]!.path });
}

/** Runs fn with a temporary folder, removed afterwards whatever happens. */
export async function withTempDir<T>(prefix: string, fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const requirements = new RequirementResolver();

/**
 * Whether the tool could run here, as the catalogue will say: its requirements resolve to what
 * the server has installed (conda packages are not installed: requirements.ts), and its
 * params are ones MedX supports.
 */
async function availability(tool: GalaxyTool) {
  const unavailable =
    (await requirements.unmet(tool.requirements)) ?? unsupportedReason({ tool: { inputs: tool.inputs } });
  return { available: unavailable === null, unavailable_reason: unavailable, allowed: true };
}

/** A file of the author's test run, named as the tool's <tests> name it in test-data/. */
export interface TestDataFile {
  name: string;
  file_id: number;
}

/**
 * The parameter builder's calls for authors (issue 16): versions, preview, import, conda
 * parsing and test runs. Submissions and review are in tool-submissions.service.ts.
 */
export class ToolBuilderService {
  constructor(
    private readonly repo: ToolBuilderRepository,
    private readonly deps: {
      clock: Clock;
      jobs: JobsService;
      access: ProjectAccess;
      files: FilesRepository;
      tools: ToolsRepository;
    },
  ) {}

  // ---- versions ----

  async saveVersion(auth: AuthContext, draft: BuilderDraft, note: string): Promise<BuilderVersionSummary> {
    requireRegistered(auth);
    const toolId = draft.info.toolId.trim();
    if (!toolId) throw badRequest('fieldRequired');
    const max = TOOL_BUILDER_LIMITS.versionsPerTool;
    if ((await this.repo.countVersions(auth.user.id, toolId)) >= max)
      throw new AppError(409, 'builderTooManyVersions', { max });
    const row = {
      user_id: auth.user.id,
      tool_id: toolId,
      version: draft.info.version,
      note,
      draft: JSON.stringify(draft),
      created_at: iso(this.deps.clock.now()),
    };
    const id = await this.repo.insertVersion(row);
    return toSummary({ id, ...row });
  }

  async listVersions(
    auth: AuthContext,
    query: { tool_id?: string | undefined; page: number; limit: number },
  ): Promise<BuilderVersionList> {
    requireRegistered(auth);
    const { total, items } = await this.repo.listVersions(auth.user.id, query.tool_id, query);
    return { total, items: items.map(toSummary) };
  }

  async getVersion(auth: AuthContext, id: number): Promise<BuilderVersion> {
    requireRegistered(auth);
    const row = await this.repo.findVersion(auth.user.id, id);
    if (!row) throw notFound('builderVersionNotFound');
    return { ...toSummary(row), draft: BuilderDraftSchema.parse(JSON.parse(row.draft)) };
  }

  async deleteVersion(auth: AuthContext, id: number): Promise<void> {
    requireRegistered(auth);
    if (!(await this.repo.deleteVersion(auth.user.id, id))) throw notFound('builderVersionNotFound');
  }

  // ---- preview and import ----

  /** The XML, the XSD's verdict and the form users will see (the catalogue's own reader and form). */
  async preview(auth: AuthContext, draft: BuilderDraft): Promise<BuilderPreview> {
    requireRegistered(auth);
    requireValidDraft(draft);
    const test = draft.test ? (await this.testCase(auth, draft.test.job_id)).testCase : null;
    const built = await buildTool(draft, test);
    const schema_errors = await schemaErrors(built);
    return withTempDir('medx-builder-', async (dir) => {
      await writeBundle(dir, draft, built);
      const { tool, error } = await loadToolFolder(dir);
      return {
        xml: built.xml,
        schema_errors,
        tool: tool ? toDetails(tool, await availability(tool), null) : null,
        load_error: error,
      };
    });
  }

  async importXml(auth: AuthContext, xml: string, macros: string): Promise<BuilderImport> {
    requireRegistered(auth);
    try {
      const answer = await callGalaxy<{ draft: unknown; warnings: string[] }>('unbuild', { xml, macros });
      return { draft: BuilderDraftSchema.parse(answer.draft), warnings: answer.warnings };
    } catch (error) {
      if (!(error instanceof GalaxyProgramError)) throw error;
      if (error.reason.startsWith('Invalid XML: No tool element found')) throw badRequest('builderInvalidXml');
      throw badRequest('builderParseFailed', { message: error.reason.replace(/^Failed to parse file: /, '') });
    }
  }

  /** POST /api/parse-conda: the packages a conda package, a requirements XML or an environment zip names. */
  async parseConda(auth: AuthContext, path: string, name: string): Promise<CondaDependencies> {
    requireRegistered(auth);
    try {
      return await callGalaxy<CondaDependencies>('conda', { path, name });
    } catch (error) {
      if (!(error instanceof GalaxyProgramError)) throw error;
      throw badRequest('condaNotPackage', { reason: error.reason });
    }
  }

  // ---- test runs ----

  /** Runs the draft as it stands on the caller's project files: a TOOL_DRAFT job, confined. */
  async testRun(auth: AuthContext, request: BuilderTestRunRequest): Promise<number> {
    requireRegistered(auth);
    requireValidDraft(request.draft);
    await this.deps.access.require(auth, request.project_id, 'write');
    const unavailable = await sandboxAvailable();
    if (unavailable) throw badRequest('toolUnavailable', { reason: unavailable });
    const draft: BuilderDraft = { ...request.draft, test: null };
    const built = await buildTool(draft, null);
    const tool = await withTempDir('medx-builder-', async (dir) => {
      await writeBundle(dir, draft, built);
      const loaded = await loadToolFolder(dir);
      if (!loaded.tool) throw badRequest('builderParseFailed', { message: loaded.error ?? 'no tool' });
      return loaded.tool;
    });
    const { unavailable_reason } = await availability(tool);
    if (unavailable_reason) throw badRequest('toolUnavailable', { reason: unavailable_reason });
    const flat = request.tool_inputs as Flat;
    const ids = Object.values(flat).flatMap((value) =>
      value && typeof value === 'object' && !Array.isArray(value) && 'values' in value
        ? value.values.map((v) => v.id)
        : [],
    );
    const resolved = await resolveJobSpace(this.deps.tools, this.deps.files, request.project_id, ids);
    const values = buildValues(tool.inputs, flat, (id) => {
      const file = resolved.get(id);
      if (!file) throw notFound('toolFileNotInProject', { id });
      return file;
    });
    return this.deps.jobs.submitRaw(auth, request.project_id, TOOL_DRAFT_JOB_TYPE, `${tool.name} (test run)`, {
      tool_id: tool.id,
      tool_version: tool.version,
      values,
      draft,
    });
  }

  /**
   * The <tests> of the author's finished test run (their own TOOL_DRAFT job): its values,
   * its input files and its outputs as the expected files, each named in test-data/.
   */
  async testCase(auth: AuthContext, jobId: number): Promise<{ testCase: BuilderTestCase; files: TestDataFile[] }> {
    const job = await this.deps.jobs.requireJob(auth, jobId, 'read');
    if (job.job_type !== TOOL_DRAFT_JOB_TYPE || job.user_id !== auth.user.id) throw notFound('jobNotFound');
    if (job.status !== 'FINISHED') throw badRequest('builderTestRunNotFinished');
    const params = ToolDraftJobParams.parse(JSON.parse(job.params));
    const testCase: BuilderTestCase = { values: {}, inputs: {}, outputs: {} };
    const files: TestDataFile[] = [];
    const refs: { key: string; fileId: number }[] = [];
    flattenValues(params.values, '', testCase.values, refs);
    const rows = new Map((await this.deps.files.findManyByIds(refs.map((r) => r.fileId))).map((f) => [f.id, f]));
    const counts = new Map<string, number>();
    for (const { key, fileId } of refs) {
      const i = counts.get(key) ?? 0;
      counts.set(key, i + 1);
      const name = `in_${key.replaceAll('|', '_')}_${i + 1}.${rows.get(fileId)?.ext ?? 'dat'}`;
      testCase.inputs[key] = [...(testCase.inputs[key] ?? []), name];
      files.push({ name, file_id: fileId });
    }
    const provenance = job.provenance ? (JSON.parse(job.provenance) as { details?: unknown }) : {};
    const details = Array.isArray(provenance.details) ? provenance.details : [];
    for (const detail of details as { name: string; file_id: number; ext: string }[]) {
      const name = `out_${detail.name}.${detail.ext || 'dat'}`;
      testCase.outputs[detail.name] = name;
      files.push({ name, file_id: detail.file_id });
    }
    return { testCase, files };
  }
}

/** A job's values tree as Galaxy's flat keys (`cond|param`); data inputs' file ids apart, in order. */
function flattenValues(
  values: Record<string, unknown>,
  prefix: string,
  flat: Record<string, unknown>,
  refs: { key: string; fileId: number }[],
): void {
  for (const [name, value] of Object.entries(values)) {
    const key = `${prefix}${name}`;
    const fileRefs = Array.isArray(value) ? value : [value];
    if (fileRefs.length && fileRefs.every((v) => v && typeof v === 'object' && 'file_id' in v)) {
      for (const ref of fileRefs as { file_id: number }[]) refs.push({ key, fileId: ref.file_id });
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      flattenValues(value as Record<string, unknown>, `${key}|`, flat, refs);
    } else {
      flat[key] = value;
    }
  }
}

function toSummary(row: Omit<ToolBuilderVersionRecord, 'draft' | 'user_id'>): BuilderVersionSummary {
  return { id: row.id, tool_id: row.tool_id, version: row.version, timestamp: row.created_at, note: row.note };
}
