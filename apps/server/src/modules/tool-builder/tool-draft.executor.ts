import { join } from 'node:path';
import type { TOOL_DRAFT_JOB_TYPE } from '@medx/contract';
import type { ExecutorOf } from '../../platform';
import type { Values } from '../tools/galaxy-model';
import { runToolJob, type ToolJobDeps } from '../tools/tool.executor';
import { buildTool, loadToolFolder, writeBundle } from './tool-bundle';

/**
 * The TOOL_DRAFT executor (a builder's test run): the draft's folder made again in the job's
 * folder (the build is deterministic: the job runs what the author previewed), then run as
 * any TOOL job of a user-made tool: confined, outputs kept as the job's project files.
 */
export function toolDraftExecutor(
  deps: Pick<ToolJobDeps, 'files' | 'storage'>,
): ExecutorOf<typeof TOOL_DRAFT_JOB_TYPE> {
  return async (ctx) => {
    const { draft, values } = ctx.params;
    const dir = join(ctx.workDir, 'tool');
    await writeBundle(dir, draft, await buildTool(draft, null));
    const { tool, error } = await loadToolFolder(dir);
    if (!tool) throw new Error(`The tool does not load: ${error}`);
    await runToolJob(ctx, tool, values as Values, deps, true);
  };
}
