/**
 * The tools this server offers: the Galaxy tool XMLs of the built-in catalogue
 * (apps/server/galaxy-tools, dist/galaxy-tools beside the bundle, read through its
 * tool_conf.xml) and those an admin installed (`medx tool-install`, under
 * DATA_DIR/tools). medx_galaxy's `load` reads them once, at the first call; a tool whose
 * XML is broken is left out and its error kept for the admin (`medx tool-list`).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GalaxyLoadError, GalaxyTool } from './galaxy-model';
import { callGalaxy } from './galaxy-python';
import { RequirementResolver } from './requirements';

export interface CatalogueEntry {
  tool: GalaxyTool;
  /** Why it cannot run here; null when every requirement is met. */
  unavailable: string | null;
  /** A user-made tool (published from the parameter builder): it runs confined (sandbox.ts). */
  confined: boolean;
}

/** Versions compared as Galaxy's tool shed sorts them: numeric parts as numbers (1.10 > 1.9). */
export const compareVersions = (a: string, b: string) =>
  a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });

/** The built-in catalogue's folder: beside the bundle (dist/galaxy-tools) or in the source tree. */
export function builtInToolsDir(): string {
  const candidates = [
    new URL('./galaxy-tools/', import.meta.url),
    new URL('../../../galaxy-tools/', import.meta.url),
  ].map((url) => fileURLToPath(url));
  const found = candidates.find((dir) => existsSync(join(dir, 'tool_conf.xml')));
  if (!found) throw new Error(`The tool catalogue is missing: looked in ${candidates.join(' and ')}.`);
  return found;
}

export class ToolCatalogue {
  private loading:
    | Promise<{
        entries: Map<string, CatalogueEntry>;
        versions: Map<string, CatalogueEntry>;
        errors: GalaxyLoadError[];
      }>
    | undefined;
  private readonly requirements = new RequirementResolver();

  /**
   * paths: the folders read; confinedRoots: the folders whose tools are user-made (every
   * version of such a tool is kept, so a job runs the version it was submitted with).
   */
  constructor(
    private readonly paths: () => string[],
    private readonly confinedRoots: () => string[] = () => [],
  ) {}

  private load() {
    this.loading ??= (async () => {
      const paths = this.paths().filter((path) => existsSync(path));
      const { tools, errors } = await callGalaxy<{ tools: GalaxyTool[]; errors: GalaxyLoadError[] }>('load', { paths });
      const roots = this.confinedRoots().map((root) => `${root.replace(/\/+$/, '')}/`);
      const entries = new Map<string, CatalogueEntry>();
      const versions = new Map<string, CatalogueEntry>();
      for (const tool of tools) {
        const key = `${tool.id}@${tool.version}`;
        const confined = roots.some((root) => tool.file.startsWith(root));
        const existing = entries.get(tool.id);
        // Versions of one user-made tool live side by side; any other repeat of an id is an error.
        if (versions.has(key) || (existing && !(existing.confined && confined))) {
          errors.push({
            file: tool.file,
            line: null,
            message: `Tool id ${tool.id} is used twice; this one is left out.`,
          });
          continue;
        }
        const entry = { tool, unavailable: await this.requirements.unmet(tool.requirements), confined };
        versions.set(key, entry);
        if (!existing || compareVersions(tool.version, existing.tool.version) > 0) entries.set(tool.id, entry);
      }
      return { entries, versions, errors };
    })();
    // A failed load (Python missing, say) is tried again at the next call, not cached.
    this.loading.catch(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  /** Reads the tools again (after an install). */
  reload(): Promise<void> {
    this.loading = undefined;
    return this.load().then(() => undefined);
  }

  async list(): Promise<CatalogueEntry[]> {
    return [...(await this.load()).entries.values()];
  }

  /** The newest version of a tool, or the given version (a user-made tool's older one). */
  async get(id: string, version?: string): Promise<CatalogueEntry | undefined> {
    const { entries, versions } = await this.load();
    return version === undefined ? entries.get(id) : versions.get(`${id}@${version}`);
  }

  async errors(): Promise<GalaxyLoadError[]> {
    return (await this.load()).errors;
  }
}
