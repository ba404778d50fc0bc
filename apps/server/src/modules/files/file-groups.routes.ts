import {
  AddGroupRequest,
  FileGroup,
  FileIdParams,
  GroupFilesQuery,
  ProjectFile,
  ProjectIdParams,
  RenameGroupRequest,
} from '@medx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../http/envelope';
import { requireAuth } from '../../http/request-context';
import type { GroupsService } from './groups.service';

const tags = ['file groups'];
const security = [{ token: [] }];

/** /v1/file_groups: thin routes over GroupsService. */
export function fileGroupsRoutes(groups: GroupsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/add',
      { schema: { tags, security, body: AddGroupRequest, response: responses(FileGroup) } },
      async (req) => ok(req, await groups.add(requireAuth(req), req.body)),
    );
    app.get(
      '/files',
      { schema: { tags, security, querystring: GroupFilesQuery, response: responses(z.array(ProjectFile)) } },
      async (req) =>
        ok(req, await groups.filesOf(requireAuth(req), req.query.group_id.split(',').map(Number), req.query.file_type)),
    );
    app.put(
      '/:id/name',
      { schema: { tags, security, params: FileIdParams, body: RenameGroupRequest, response: responses(FileGroup) } },
      async (req) => ok(req, await groups.rename(requireAuth(req), req.params.id, req.body.name), 'updateSuccessful'),
    );
    app.post(
      '/:id/ungroup',
      { schema: { tags, security, params: FileIdParams, response: responses(z.null()) } },
      async (req) => {
        await groups.ungroup(requireAuth(req), req.params.id);
        return ok(req, null, 'ungroupSuccessful');
      },
    );
    app.post(
      '/:id/drop_group',
      { schema: { tags, security, params: FileIdParams, response: responses(z.null()) } },
      async (req) => {
        await groups.drop(requireAuth(req), req.params.id);
        return ok(req, null, 'deleteGroupSuccessful');
      },
    );
  };
}

/** GET /v1/projects/{id}/groups: the project's file groups (mounted under /v1/projects). */
export function projectGroupsRoutes(groups: GroupsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/:id/groups',
      { schema: { tags: ['projects'], security, params: ProjectIdParams, response: responses(z.array(FileGroup)) } },
      async (req) => ok(req, await groups.list(requireAuth(req), req.params.id)),
    );
  };
}
