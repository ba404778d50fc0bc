import { TOOL_JOB_TYPE } from '@medx/contract';
import { outputsFromDetails, type StepToolSource } from './step-tools';
import type { ToolCatalogue } from './tool-catalogue';
import { unsupportedReason } from './tool-form';

/** The catalogue's Galaxy tools as workflow steps: each step is a TOOL job. */
export function catalogueStepTools(catalogue: ToolCatalogue): StepToolSource {
  return {
    async get(id) {
      const entry = await catalogue.get(id);
      if (!entry) return undefined;
      const { tool } = entry;
      return {
        id: tool.id,
        name: tool.name,
        version: tool.version,
        description: tool.description,
        inputs: tool.inputs,
        outputs: tool.outputs.map(({ name, format, label }) => ({ name, format, label })),
        unavailable: entry.unavailable ?? unsupportedReason(entry),
        job: async (values) => ({
          jobType: TOOL_JOB_TYPE,
          params: { tool_id: tool.id, tool_version: tool.version, values },
        }),
        outputsOf: async (job) => outputsFromDetails(job),
      };
    },
  };
}
