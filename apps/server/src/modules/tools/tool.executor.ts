import { readFile } from 'node:fs/promises';
import type { TOOL_JOB_TYPE, ToolOutputFile } from '@medx/contract';
import type { JobContext } from '../../jobs/job-context';
import type { ExecutorOf } from '../../platform';
import type { ObjectStorage } from '../../storage/object-storage';
import type { FilesRepository } from '../files/files.repository';
import type { GalaxyTool, Values } from './galaxy-model';
import { mapDataValues, stageDataset } from './staging';
import type { ToolCatalogue } from './tool-catalogue';
import type { FileRef } from './tool-form';
import { runGalaxyTool, tail } from './tool-run';

/** Tool jobs run without a time limit of their own (an MD run takes hours); cancel stops them. */
const TOOL_JOB_TIMEOUT_MS = 0;

/**
 * The TOOL executor: the job's project files staged as the tool's inputs, the tool run
 * (tool-run.ts), every output written stored as a project file of the job, even when the
 * tool failed (spec: outputs written before the error stay viewable); a failure's error
 * is the stdio rules' reason and the tail of stderr.
 */
export interface ToolJobDeps {
  catalogue: ToolCatalogue;
  files: FilesRepository;
  storage: ObjectStorage;
}

export function toolExecutor(deps: ToolJobDeps): ExecutorOf<typeof TOOL_JOB_TYPE> {
  return async (ctx) => {
    const { tool_id, tool_version, values } = ctx.params;
    // A user-made tool runs the version the job was submitted with (its versions live side
    // by side); a built-in tool runs the installed one.
    const entry = (await deps.catalogue.get(tool_id, tool_version)) ?? (await deps.catalogue.get(tool_id));
    if (!entry || (entry.confined && entry.tool.version !== tool_version))
      throw new Error(`The tool ${tool_id} ${tool_version} is no longer installed.`);
    if (entry.unavailable) throw new Error(entry.unavailable);
    await runToolJob(ctx, entry.tool, values as Values, deps, entry.confined);
  };
}

/**
 * A tool run as a job: the job's project files staged as the tool's inputs, the tool run
 * (tool-run.ts; confined when user-made), every output written stored as a project file of
 * the job, even when the tool failed (spec: outputs written before the error stay
 * viewable); a failure's error is the stdio rules' reason and the tail of stderr.
 */
export async function runToolJob(
  ctx: JobContext,
  tool: GalaxyTool,
  values: Values,
  deps: Pick<ToolJobDeps, 'files' | 'storage'>,
  confine: boolean,
): Promise<ToolOutputFile[]> {
  let index = 0;
  const staged = await mapDataValues(tool.inputs, values, async (value) => {
    const ref = value as FileRef;
    const file = await deps.files.findById(ref.file_id);
    if (!file || file.project_id !== ctx.job.project_id) throw new Error(`Input file ${ref.file_id} no longer exists.`);
    const content = await deps.storage.getBuffer(file.storage_key);
    return stageDataset(ctx.workDir, index++, `${file.name}.${file.ext}`, file.ext, content);
  });
  await ctx.log(`${tool.name} ${tool.version} (${tool.id})${confine ? ', confined' : ''}\n`);
  const result = await runGalaxyTool(
    tool,
    staged,
    ctx.workDir,
    (command, args, options) => ctx.execute(command, args, { ...options, timeoutMs: TOOL_JOB_TIMEOUT_MS }),
    { confine },
  );
  ctx.throwIfCancelled();
  const details: ToolOutputFile[] = [];
  for (const output of result.outputs) {
    const content = await readFile(output.path).catch(() => null);
    if (!content) continue;
    const fileId = await ctx.output(outputFileName(output.label || output.name, output.ext), output.ext, content, {
      showEntry: true,
    });
    details.push({ name: output.name, label: output.label, file_id: fileId, ext: output.ext });
  }
  await ctx.provenance({ tool_id: tool.id, tool_version: tool.version, exit_code: result.exitCode, details });
  if (result.failed) {
    const stderr = tail(result.stderr);
    throw new Error([...result.messages, stderr].filter(Boolean).join('\n'));
  }
  return details;
}

/**
 * A project file name from an output's label and format: no path separators, at most 100
 * characters, ending with the extension as every project file name does (uploads, docking
 * outputs), unless the label already does.
 */
export function outputFileName(label: string, ext: string): string {
  const base =
    label
      .replace(/[/\\\0]/g, '_')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 100) || 'output';
  return !ext || base.toLowerCase().endsWith(`.${ext.toLowerCase()}`) ? base : `${base}.${ext}`;
}
