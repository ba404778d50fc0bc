import {
  Job,
  JobComment,
  JobCount,
  JobCountQuery,
  JobIdParams,
  JobList,
  JobListQuery,
  ProjectFile,
} from '@medx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../http/envelope';
import { requireAuth } from '../../http/request-context';
import type { JobsService } from './jobs.service';

const tags = ['jobs'];
const security = [{ token: [] }];

/** /v1/jobs: thin routes over JobsService. */
export function jobsRoutes(jobs: JobsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/', { schema: { tags, security, querystring: JobListQuery, response: responses(JobList) } }, async (req) =>
      ok(req, await jobs.list(requireAuth(req), req.query)),
    );
    app.get(
      '/count',
      { schema: { tags, security, querystring: JobCountQuery, response: responses(JobCount) } },
      async (req) => ok(req, { running_count: await jobs.runningCount(requireAuth(req), req.query.project_id) }),
    );
    app.get('/:id', { schema: { tags, security, params: JobIdParams, response: responses(Job) } }, async (req) =>
      ok(req, await jobs.get(requireAuth(req), req.params.id)),
    );
    app.post(
      '/:id/cancel',
      { schema: { tags, security, params: JobIdParams, response: responses(z.null()) } },
      async (req) => {
        await jobs.cancel(requireAuth(req), req.params.id);
        return ok(req, null, 'cancelSuccessful');
      },
    );
    app.get(
      '/:id/comment',
      { schema: { tags, security, params: JobIdParams, response: responses(JobComment) } },
      async (req) => ok(req, { comment: await jobs.comment(requireAuth(req), req.params.id) }),
    );
    app.get(
      '/:id/files',
      { schema: { tags, security, params: JobIdParams, response: responses(z.array(ProjectFile)) } },
      async (req) => ok(req, await jobs.outputs(requireAuth(req), req.params.id)),
    );
    app.get(
      '/:id/file_detail',
      { schema: { tags, security, params: JobIdParams, response: responses(z.array(z.unknown())) } },
      async (req) => ok(req, await jobs.details(requireAuth(req), req.params.id)),
    );
    app.post(
      '/:id/export',
      { schema: { tags, security, params: JobIdParams, description: 'A zip of the job outputs and its log.' } },
      async (req, reply) => {
        const { name, zip } = await jobs.export(requireAuth(req), req.params.id);
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(zip);
      },
    );
  };
}
