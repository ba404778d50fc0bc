import {
  JoinProjectRequest,
  NewProjectRequest,
  Project,
  ProjectDetail,
  ProjectIdParams,
  ProjectList,
  ProjectListQuery,
  RenameProjectRequest,
  SharedProjectInfo,
  ShareSettings,
  ShareUrlResult,
  UpdateShareRequest,
} from '@medx/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { ok, responses } from '../../http/envelope';
import { requireAuth } from '../../http/request-context';
import type { ProjectsService } from './projects.service';

const tags = ['projects'];
const security = [{ token: [] }];

/** /v1/projects: thin routes; rules and permission checks live in ProjectsService / ProjectAccess. */
export function projectsRoutes(service: ProjectsService, config: Config): FastifyPluginAsyncZod {
  const origin = (req: FastifyRequest) => config.publicUrl ?? `${req.protocol}://${req.host}`;
  return async (app) => {
    app.get(
      '/',
      { schema: { tags, security, querystring: ProjectListQuery, response: responses(ProjectList) } },
      async (req) => ok(req, await service.list(requireAuth(req), req.query)),
    );
    app.post(
      '/new',
      { schema: { tags, security, body: NewProjectRequest, response: responses(Project) } },
      async (req) => ok(req, await service.create(requireAuth(req), req.body.project_name), 'createProjectSuccessful'),
    );
    app.get(
      '/shares/:codeOrId',
      {
        schema: {
          tags,
          security,
          params: z.object({ codeOrId: z.string().min(1).max(64) }),
          response: responses(SharedProjectInfo),
        },
      },
      async (req) => ok(req, await service.sharedInfo(requireAuth(req), req.params.codeOrId)),
    );
    app.get(
      '/:id',
      { schema: { tags, security, params: ProjectIdParams, response: responses(ProjectDetail) } },
      async (req) => ok(req, await service.get(requireAuth(req), req.params.id)),
    );
    app.put(
      '/:id/name',
      { schema: { tags, security, params: ProjectIdParams, body: RenameProjectRequest, response: responses(Project) } },
      async (req) =>
        ok(req, await service.rename(requireAuth(req), req.params.id, req.body.name), 'renameProjectSuccessful'),
    );
    app.post(
      '/:id/add_to_recycle',
      { schema: { tags, security, params: ProjectIdParams, response: responses(z.null()) } },
      async (req) => {
        await service.addToRecycle(requireAuth(req), req.params.id);
        return ok(req, null, 'deleteSuccessful');
      },
    );
    app.post(
      '/:id/restore',
      { schema: { tags, security, params: ProjectIdParams, response: responses(Project) } },
      async (req) => ok(req, await service.restore(requireAuth(req), req.params.id), 'restoreSuccessful'),
    );
    app.get(
      '/:id/share',
      { schema: { tags, security, params: ProjectIdParams, response: responses(ShareSettings) } },
      async (req) => ok(req, await service.getShare(requireAuth(req), req.params.id, origin(req))),
    );
    app.put(
      '/:id/share',
      {
        schema: {
          tags,
          security,
          params: ProjectIdParams,
          body: UpdateShareRequest,
          response: responses(ShareSettings),
        },
      },
      async (req) =>
        ok(req, await service.updateShare(requireAuth(req), req.params.id, req.body, origin(req)), 'applySuccessful'),
    );
    app.post(
      '/:id/share_url',
      { schema: { tags, security, params: ProjectIdParams, response: responses(ShareUrlResult) } },
      async (req) => ok(req, await service.shareUrl(requireAuth(req), req.params.id, origin(req))),
    );
    app.post(
      '/:id/join',
      {
        // Per client address as well as per (user, project) in the service: throwaway
        // guest accounts from one address cannot multiply the tries on a share code.
        config: { rateLimit: { max: config.rateLimitLoginPerMinute, timeWindow: '1 minute' } },
        schema: { tags, security, params: ProjectIdParams, body: JoinProjectRequest, response: responses(Project) },
      },
      async (req) =>
        ok(req, await service.join(requireAuth(req), req.params.id, req.body.share_code), 'joinSuccessful'),
    );
  };
}
