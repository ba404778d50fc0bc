import {
  WorkflowByNameQuery,
  WorkflowCatalogue,
  WorkflowDetails,
  WorkflowExportQuery,
  WorkflowIdParams,
  WorkflowImported,
  WorkflowImportRequest,
  WorkflowInvocation,
  WorkflowJobIdParams,
  WorkflowJobList,
  WorkflowJobListQuery,
  WorkflowJobRequest,
  WorkflowJobSubmitted,
  WorkflowsPolicyUpdate,
} from '@medx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../http/envelope';
import { requireAuth } from '../../http/request-context';
import type { WorkflowsService } from './workflows.service';

const tags = ['workflows'];
const security = [{ token: [] }];

/** /v1/workflows: the catalogue, a workflow's steps, import, export, the workflows policy. Thin over WorkflowsService. */
export function workflowsRoutes(workflows: WorkflowsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/',
      {
        schema: {
          tags,
          security,
          description: 'Built-in and imported workflows grouped by tag (group_name, tag, items).',
          response: responses(WorkflowCatalogue),
        },
      },
      async (req) => ok(req, await workflows.catalogue(requireAuth(req))),
    );
    app.get(
      '/by_name',
      {
        schema: {
          tags,
          security,
          description: 'A workflow by its name (or id): workflow_id, tool_input_file, workflow_inputs and its steps.',
          querystring: WorkflowByNameQuery,
          response: responses(WorkflowDetails),
        },
      },
      async (req) => ok(req, await workflows.details(requireAuth(req), req.query.name)),
    );
    app.get(
      '/:id',
      {
        schema: {
          tags,
          security,
          description: "A workflow's inputs and steps: each tool step's form with the step's values, its connections.",
          params: WorkflowIdParams,
          response: responses(WorkflowDetails),
        },
      },
      async (req) => ok(req, await workflows.details(requireAuth(req), req.params.id)),
    );
    app.get(
      '/:id/export',
      {
        schema: {
          tags,
          security,
          description: 'The workflow as a Galaxy file: format=ga (.ga, format-version 0.1) or gxformat2 (.gxwf.yml).',
          params: WorkflowIdParams,
          querystring: WorkflowExportQuery,
        },
      },
      async (req, reply) => {
        const { name, text } = await workflows.export(requireAuth(req), req.params.id, req.query.format);
        return reply
          .header('content-type', req.query.format === 'ga' ? 'application/json' : 'application/yaml')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(text);
      },
    );
    app.post(
      '/import',
      {
        bodyLimit: 3 * 1024 * 1024,
        schema: {
          tags,
          security,
          description:
            'Imports a Galaxy workflow (.ga or gxformat2 text). One whose tools are not installed is kept, not runnable, its missing tools named.',
          body: WorkflowImportRequest,
          response: responses(WorkflowImported),
        },
      },
      async (req) => ok(req, await workflows.import(requireAuth(req), req.body)),
    );
    app.delete(
      '/:id',
      {
        schema: {
          tags,
          security,
          description: 'Deletes a workflow you imported.',
          params: WorkflowIdParams,
          response: responses(z.null()),
        },
      },
      async (req) => {
        await workflows.remove(requireAuth(req), req.params.id);
        return ok(req, null, 'deleteSuccessful');
      },
    );
    app.put(
      '/policy',
      {
        schema: {
          tags,
          security,
          description:
            "Admins: a user's workflows policy (true, false, a list of denied ids, or a map id → true/false/'deny'; null: default).",
          body: WorkflowsPolicyUpdate,
          response: responses(z.null()),
        },
      },
      async (req) => {
        await workflows.setPolicy(requireAuth(req), req.body);
        return ok(req, null, 'updateSuccessful');
      },
    );
  };
}

/** Workflow jobs under /v1/jobs (spec §7): submit, list, one invocation, cancel, re-run. */
export function workflowJobRoutes(workflows: WorkflowsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/workflow',
      {
        schema: {
          tags,
          security,
          description: 'Workflow jobs (invocations) of a project, newest first.',
          querystring: WorkflowJobListQuery,
          response: responses(WorkflowJobList),
        },
      },
      async (req) => ok(req, await workflows.listJobs(requireAuth(req), req.query)),
    );
    app.post(
      '/workflow',
      {
        schema: {
          tags,
          security,
          description:
            'Runs a workflow: workflow_inputs per input step (job-space files or a value), workflow_params per tool step (flat names).',
          body: WorkflowJobRequest,
          response: responses(WorkflowJobSubmitted),
        },
      },
      async (req) => ok(req, { job_id: await workflows.submit(requireAuth(req), req.body) }, 'submitToolSuccessful'),
    );
    app.get(
      '/workflow/:id',
      {
        schema: {
          tags,
          security,
          description: 'An invocation and its steps: state, jobs, outputs, error.',
          params: WorkflowJobIdParams,
          response: responses(WorkflowInvocation),
        },
      },
      async (req) => ok(req, await workflows.invocation(requireAuth(req), req.params.id)),
    );
    app.post(
      '/workflow/:id/cancel',
      {
        schema: {
          tags,
          security,
          description: "Stops the invocation: every running step's jobs are cancelled.",
          params: WorkflowJobIdParams,
          response: responses(z.null()),
        },
      },
      async (req) => {
        await workflows.cancel(requireAuth(req), req.params.id);
        return ok(req, null, 'cancelSuccessful');
      },
    );
    app.post(
      '/workflow/:id/rerun',
      {
        schema: {
          tags,
          security,
          description: 'Runs the same workflow again with the same inputs and params.',
          params: WorkflowJobIdParams,
          response: responses(WorkflowJobSubmitted),
        },
      },
      async (req) =>
        ok(req, { job_id: await workflows.rerun(requireAuth(req), req.params.id) }, 'submitToolSuccessful'),
    );
  };
}
