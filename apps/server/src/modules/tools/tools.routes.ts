import {
  JobSpaceImport,
  JobSpaceImportRequest,
  ToolDetails,
  ToolIdRequest,
  ToolJobRequest,
  ToolJobSubmitted,
  ToolPanel,
  ToolsPolicyUpdate,
  ToolTutorial,
} from '@medx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../http/envelope';
import { requireAuth } from '../../http/request-context';
import type { ToolsService } from './tools.service';

const tags = ['tools'];
const security = [{ token: [] }];

/** /v1/tools: the panel, a tool's form and tutorial, the job space, the tools policy. Thin over ToolsService. */
export function toolsRoutes(tools: ToolsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/panel',
      {
        schema: {
          tags,
          security,
          description: 'Every tool: category, tags, whether it can run here and whether your tools policy allows it.',
          response: responses(ToolPanel),
        },
      },
      async (req) => ok(req, await tools.panel(requireAuth(req))),
    );
    app.post(
      '/details',
      {
        schema: {
          tags,
          security,
          description: "A tool's form (spec §3 Tool): data inputs, params, conditionals, repeats, outputs.",
          body: ToolIdRequest,
          response: responses(ToolDetails),
        },
      },
      async (req) => ok(req, await tools.details(requireAuth(req), req.body.tool_id)),
    );
    app.post(
      '/tutorial',
      {
        schema: {
          tags,
          security,
          description: "A tool's tutorial: its help rendered as HTML (no raw HTML), else its description.",
          body: ToolIdRequest,
          response: responses(ToolTutorial),
        },
      },
      async (req) => ok(req, await tools.tutorial(requireAuth(req), req.body.tool_id)),
    );
    app.post(
      '/import',
      {
        schema: {
          tags,
          security,
          description:
            'Imports project files into job space: a galaxy_file_id for each, to name in POST /v1/jobs/tool.',
          body: JobSpaceImportRequest,
          response: responses(JobSpaceImport),
        },
      },
      async (req) => ok(req, await tools.importFiles(requireAuth(req), req.body.project_id, req.body.file_ids)),
    );
    app.put(
      '/policy',
      {
        schema: {
          tags,
          security,
          description:
            "Admins: a user's tools policy ('MENUS', true, false or a list of denied tool ids; null: default).",
          body: ToolsPolicyUpdate,
          response: responses(z.null()),
        },
      },
      async (req) => {
        await tools.setPolicy(requireAuth(req), req.body);
        return ok(req, null, 'updateSuccessful');
      },
    );
  };
}

/** POST /v1/jobs/tool (spec §7). */
export function toolJobRoutes(tools: ToolsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/tool',
      {
        schema: {
          tags,
          security,
          description:
            "Submits one job of a tool. tool_inputs: Galaxy's flat names (cond|param, rep_0|param); data inputs {batch:false, values:[{id, src:'hda'}]}.",
          body: ToolJobRequest,
          response: responses(ToolJobSubmitted),
        },
      },
      async (req) => ok(req, { job_id: await tools.submit(requireAuth(req), req.body) }, 'submitToolSuccessful'),
    );
  };
}
