import { TOOL_DRAFT_JOB_TYPE } from '@medx/contract';
import { defineFeature } from '../../platform';
import { catalogueOf } from '../tools/tool-admin';
import { ToolsRepository } from '../tools/tools.repository';
import { ToolBuilderRepository } from './tool-builder.repository';
import { parseCondaRoutes, publishAppRoutes, toolBuilderRoutes, toolReviewRoutes } from './tool-builder.routes';
import { ToolBuilderService } from './tool-builder.service';
import { toolDraftExecutor } from './tool-draft.executor';
import { ToolSubmissionsService } from './tool-submissions.service';

/**
 * The parameter builder (issue 16): authors' versions, preview, import, conda parsing and
 * test runs (/v1/tool-builder, /api/parse-conda), submissions (POST /v1/users/publish_app)
 * and their review (/v1/admin/tool-submissions), publishing into the tools catalogue.
 */
export const toolBuilderFeature = defineFeature({
  name: 'tool-builder',
  setup: ({ config, db, clock, log, jobs, access, files, storage, isAdmin, notices }) => {
    const repo = new ToolBuilderRepository(db.kysely);
    const builder = new ToolBuilderService(repo, {
      clock,
      jobs,
      access,
      files: files.repository,
      tools: new ToolsRepository(db.kysely),
    });
    const submissions = new ToolSubmissionsService(repo, builder, {
      config,
      clock,
      log,
      isAdmin,
      catalogue: catalogueOf(config),
      files: files.repository,
      storage,
      notices,
    });
    // A review's test run does not survive a restart: it is shown as not run, to be started again.
    jobs.onStarted(() => void repo.resetRunningTests().catch((err: unknown) => log.error({ err }, 'tool tests reset')));
    return {
      routes: [
        { prefix: '/v1/tool-builder', plugin: toolBuilderRoutes(builder, submissions) },
        { prefix: '/api', plugin: parseCondaRoutes(builder) },
        { prefix: '/v1/users', plugin: publishAppRoutes(submissions) },
        { prefix: '/v1/admin', plugin: toolReviewRoutes(submissions) },
      ],
      executors: { [TOOL_DRAFT_JOB_TYPE]: toolDraftExecutor({ files: files.repository, storage }) },
    };
  },
});
