/**
 * The built-in workflows: Galaxy workflow files (.ga, .gxwf.yml) in apps/server/workflows
 * (dist/workflows beside the bundle). A workflow's id is its file name without the
 * extension. They are read once; a broken file is a build error, found by the tests.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readWorkflow } from './workflow-check';
import type { WorkflowModel } from './workflow-model';

export interface CatalogueWorkflow {
  id: string;
  model: WorkflowModel;
  source: 'builtin' | 'imported';
  /** The user who imported it (null for built-in ones). */
  owner: number | null;
}

const EXTENSIONS = ['.gxwf.yml', '.gxwf.yaml', '.ga'];

export function builtInWorkflowsDir(): string {
  const candidates = [new URL('./workflows/', import.meta.url), new URL('../../../workflows/', import.meta.url)].map(
    (url) => fileURLToPath(url),
  );
  const found = candidates.find((dir) => existsSync(dir));
  if (!found) throw new Error(`The built-in workflows are missing: looked in ${candidates.join(' and ')}.`);
  return found;
}

let builtIns: Promise<CatalogueWorkflow[]> | undefined;

/** The built-in workflows, sorted by name. */
export function builtInWorkflows(dir = builtInWorkflowsDir()): Promise<CatalogueWorkflow[]> {
  builtIns ??= (async () => {
    const found: CatalogueWorkflow[] = [];
    for (const file of (await readdir(dir)).sort()) {
      const extension = EXTENSIONS.find((ext) => file.endsWith(ext));
      if (!extension) continue;
      const model = readWorkflow(await readFile(join(dir, file), 'utf8'), file);
      found.push({ id: file.slice(0, -extension.length), model, source: 'builtin', owner: null });
    }
    return found.sort((a, b) => a.model.name.localeCompare(b.model.name));
  })();
  return builtIns;
}
