import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AdminSubmissionQuery,
  BuilderImport,
  BuilderImportRequest,
  BuilderPreview,
  BuilderPreviewRequest,
  BuilderTestRunRequest,
  BuilderVersion,
  BuilderVersionList,
  BuilderVersionQuery,
  BuilderVersionSummary,
  CONDA_EXTENSIONS,
  CondaDependencies,
  hasExtension,
  idParam,
  PublishSubmission,
  RejectSubmission,
  SaveBuilderVersion,
  TOOL_BUILDER_LIMITS,
  ToolJobSubmitted,
  ToolSubmission,
  ToolSubmissionDetail,
  ToolSubmissionList,
} from '@medx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../http/app-error';
import { ok, responses } from '../../http/envelope';
import { requireAuth } from '../../http/request-context';
import { readMultipartForm, registerMultipart } from './multipart-form';
import { requireRegistered, type ToolBuilderService, withTempDir } from './tool-builder.service';
import type { ToolSubmissionsService } from './tool-submissions.service';

const tags = ['tool-builder'];
const security = [{ token: [] }];
const byId = z.object({ id: idParam });

/** /v1/tool-builder: an author's versions, preview, import and test runs. Thin over the services. */
export function toolBuilderRoutes(
  builder: ToolBuilderService,
  submissions: ToolSubmissionsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/versions',
      { schema: { tags, security, querystring: BuilderVersionQuery, response: responses(BuilderVersionList) } },
      async (req) => ok(req, await builder.listVersions(requireAuth(req), req.query)),
    );
    app.post(
      '/versions',
      {
        schema: {
          tags,
          security,
          description: 'Saves the draft as a new version of its tool id (any draft, finished or not).',
          body: SaveBuilderVersion,
          response: responses(BuilderVersionSummary),
        },
      },
      async (req) =>
        ok(req, await builder.saveVersion(requireAuth(req), req.body.draft, req.body.note), 'saveSuccessful'),
    );
    app.get(
      '/versions/:id',
      { schema: { tags, security, params: byId, response: responses(BuilderVersion) } },
      async (req) => ok(req, await builder.getVersion(requireAuth(req), req.params.id)),
    );
    app.delete(
      '/versions/:id',
      { schema: { tags, security, params: byId, response: responses(z.null()) } },
      async (req) => {
        await builder.deleteVersion(requireAuth(req), req.params.id);
        return ok(req, null, 'deleteSuccessful');
      },
    );
    app.post(
      '/preview',
      {
        schema: {
          tags,
          security,
          description: "The draft's Galaxy tool XML, xmllint's verdict against Galaxy's XSD, and the tool form.",
          body: BuilderPreviewRequest,
          response: responses(BuilderPreview),
        },
      },
      async (req) => ok(req, await builder.preview(requireAuth(req), req.body.draft)),
    );
    app.post(
      '/import',
      {
        bodyLimit: TOOL_BUILDER_LIMITS.xmlBytes + TOOL_BUILDER_LIMITS.macrosBytes + 64 * 1024,
        schema: { tags, security, body: BuilderImportRequest, response: responses(BuilderImport) },
      },
      async (req) => ok(req, await builder.importXml(requireAuth(req), req.body.xml, req.body.macros)),
    );
    app.post(
      '/test-runs',
      {
        bodyLimit: 8 * 1024 * 1024,
        schema: {
          tags,
          security,
          description:
            'Runs the draft on project files (a TOOL_DRAFT job, confined); tool_inputs as POST /v1/jobs/tool.',
          body: BuilderTestRunRequest,
          response: responses(ToolJobSubmitted),
        },
      },
      async (req) => ok(req, { job_id: await builder.testRun(requireAuth(req), req.body) }, 'submitToolSuccessful'),
    );
    app.get(
      '/submissions',
      {
        schema: {
          tags,
          security,
          querystring: z.object({ page: BuilderVersionQuery.shape.page, limit: BuilderVersionQuery.shape.limit }),
          response: responses(ToolSubmissionList),
        },
      },
      async (req) => ok(req, await submissions.mine(requireAuth(req), req.query.page, req.query.limit)),
    );
  };
}

/** POST /api/parse-conda (spec §7): multipart `file`. */
export function parseCondaRoutes(builder: ToolBuilderService): FastifyPluginAsyncZod {
  return async (app) => {
    await registerMultipart(app, TOOL_BUILDER_LIMITS.condaBytes);
    app.post('/parse-conda', { schema: { tags, security, response: responses(CondaDependencies) } }, async (req) => {
      const auth = requireAuth(req);
      requireRegistered(auth);
      const { file } = await readMultipartForm(req, TOOL_BUILDER_LIMITS.condaBytes);
      if (!hasExtension(file.filename, CONDA_EXTENSIONS))
        throw badRequest('toolInvalidFormat', { formats: CONDA_EXTENSIONS.join(', ') });
      const name = file.filename.replace(/[^A-Za-z0-9._-]/g, '_');
      const answer = await withTempDir('medx-conda-', async (dir) => {
        const path = join(dir, name);
        await writeFile(path, file.content);
        return builder.parseConda(auth, path, name);
      });
      return ok(req, answer);
    });
  };
}

/** POST /v1/users/publish_app (spec §7): multipart `file` = `<user id>.zip`, fields tool_id, tool_name, version, test_job_id. */
export function publishAppRoutes(submissions: ToolSubmissionsService): FastifyPluginAsyncZod {
  return async (app) => {
    await registerMultipart(app, TOOL_BUILDER_LIMITS.submissionBytes);
    app.post('/publish_app', { schema: { tags, security, response: responses(ToolSubmission) } }, async (req) => {
      const auth = requireAuth(req);
      requireRegistered(auth);
      const { fields, file } = await readMultipartForm(req, TOOL_BUILDER_LIMITS.submissionBytes);
      const testJob = fields.test_job_id ? idParam.safeParse(fields.test_job_id) : null;
      if (testJob && !testJob.success) throw badRequest('invalidValue');
      const submission = await submissions.submit(auth, {
        fileName: file.filename,
        content: file.content,
        toolId: (fields.tool_id ?? '').trim(),
        toolName: (fields.tool_name ?? '').trim(),
        version: (fields.version ?? '').trim(),
        testJobId: testJob ? testJob.data : null,
      });
      return ok(req, submission, 'toolSubmitted');
    });
  };
}

/** /v1/admin/tool-submissions (admins): the review queue. */
export function toolReviewRoutes(submissions: ToolSubmissionsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/tool-submissions',
      { schema: { tags, security, querystring: AdminSubmissionQuery, response: responses(ToolSubmissionList) } },
      async (req) => ok(req, await submissions.list(requireAuth(req), req.query)),
    );
    app.get(
      '/tool-submissions/:id',
      { schema: { tags, security, params: byId, response: responses(ToolSubmissionDetail) } },
      async (req) => ok(req, await submissions.detail(requireAuth(req), req.params.id)),
    );
    app.post(
      '/tool-submissions/:id/test',
      {
        schema: {
          tags,
          security,
          description: "Runs the tool's <tests>, confined, in the background; poll the submission for the result.",
          params: byId,
          response: responses(ToolSubmission),
        },
      },
      async (req) => ok(req, await submissions.runTests(requireAuth(req), req.params.id)),
    );
    app.post(
      '/tool-submissions/:id/publish',
      { schema: { tags, security, params: byId, body: PublishSubmission, response: responses(ToolSubmission) } },
      async (req) =>
        ok(req, await submissions.publish(requireAuth(req), req.params.id, req.body.category), 'submissionPublished'),
    );
    app.post(
      '/tool-submissions/:id/reject',
      { schema: { tags, security, params: byId, body: RejectSubmission, response: responses(ToolSubmission) } },
      async (req) =>
        ok(req, await submissions.reject(requireAuth(req), req.params.id, req.body.reason), 'submissionRejected'),
    );
  };
}
