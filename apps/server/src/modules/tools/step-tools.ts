/**
 * What a workflow's tool step can run: a Galaxy tool of the catalogue (a TOOL job) or one
 * of MedX's own jobs that a feature offers as a step (Quick Prepare, ligand preparation,
 * pocket detection, docking: their results stay the jobs users know, and open in their
 * own windows). Features add their sources to platform.stepTools at setup; the
 * workflow engine knows neither kind, only this interface.
 */
import type { JobRow } from '../../db/schema';
import type { GalaxyParam } from './galaxy-model';

/** A step tool's values: as a TOOL job's (tools/tool-form.ts), data inputs as [{file_id}] lists. */
export type StepValues = { [name: string]: unknown };

export interface StepToolOutput {
  name: string;
  format: string | null;
  label: string | null;
}

export interface StepTool {
  id: string;
  name: string;
  version: string;
  description: string;
  /** The form: Galaxy params (the same shapes a catalogue tool has). */
  inputs: GalaxyParam[];
  outputs: StepToolOutput[];
  /** Why it cannot run on this server; null when it can. */
  unavailable: string | null;
  /** The job a step submits for these values (checked by the job registry on submission). */
  job(
    values: StepValues,
    context: { projectId: number; read: (fileId: number) => Promise<Buffer> },
  ): Promise<{ jobType: string; params: unknown }>;
  /** A finished job's outputs: output name → project file ids. */
  outputsOf(job: JobRow): Promise<Record<string, number[]>>;
}

/** Where step tools come from: a feature answers the ids it owns. */
export interface StepToolSource {
  get(id: string): Promise<StepTool | undefined>;
}

/** The step tools of every feature, asked in registration order. */
export class StepToolRegistry {
  private readonly sources: StepToolSource[] = [];

  add(source: StepToolSource): void {
    this.sources.push(source);
  }

  async get(id: string): Promise<StepTool | undefined> {
    for (const source of this.sources) {
      const tool = await source.get(id);
      if (tool) return tool;
    }
    return undefined;
  }

  /**
   * The tool a workflow step names: its id as written, else the short id of a Tool Shed
   * guid (`toolshed.g2.bx.psu.edu/repos/owner/repo/<id>/<version>`), so a published
   * workflow finds a wrapper installed under its own id.
   */
  async resolve(toolId: string): Promise<StepTool | undefined> {
    const exact = await this.get(toolId);
    if (exact) return exact;
    const parts = toolId.split('/');
    const repos = parts.indexOf('repos');
    if (repos >= 0 && parts.length >= repos + 4) return this.get(parts[repos + 3]!);
    return undefined;
  }
}

/** A StepTool's job result rows as TOOL jobs and features record them: {name, file_id}. */
export function outputsFromDetails(job: JobRow): Record<string, number[]> {
  const provenance = job.provenance ? (JSON.parse(job.provenance) as { details?: unknown }) : {};
  const rows = Array.isArray(provenance.details) ? provenance.details : [];
  const outputs: Record<string, number[]> = {};
  for (const row of rows as { name?: unknown; file_id?: unknown }[]) {
    if (typeof row.name === 'string' && typeof row.file_id === 'number') {
      outputs[row.name] = [...(outputs[row.name] ?? []), row.file_id];
    }
  }
  return outputs;
}
