/**
 * The admin's tool commands (`medx tool-list`, `medx tool-test`, `medx tool-install`), run
 * from the command line against the server's configuration; no HTTP.
 */
import { cp, mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Config } from '../../config';
import type { GalaxyLoadError, GalaxyTool } from './galaxy-model';
import { callGalaxy } from './galaxy-python';
import { builtInToolsDir, ToolCatalogue } from './tool-catalogue';
import { runToolTests } from './tool-test';

export const installedToolsDir = (config: Config) => join(config.dataDir, 'tools');
/** Where tools published from the parameter builder are installed: <tool id>/<version>/. */
export const userToolsDir = (config: Config) => join(installedToolsDir(config), 'user');

const catalogues = new WeakMap<Config, ToolCatalogue>();

/**
 * The catalogue of a configuration: one per server, so the tools feature and the builder's
 * publishing (which reloads it) share it.
 */
export function catalogueOf(config: Config): ToolCatalogue {
  let catalogue = catalogues.get(config);
  if (!catalogue) {
    catalogue = new ToolCatalogue(
      () => [builtInToolsDir(), installedToolsDir(config)],
      () => [userToolsDir(config)],
    );
    catalogues.set(config, catalogue);
  }
  return catalogue;
}

const where = (e: GalaxyLoadError) => `${e.file}${e.line ? `:${e.line}` : ''}`;

export async function toolList(config: Config, print: (line: string) => void): Promise<number> {
  const catalogue = catalogueOf(config);
  for (const { tool, unavailable } of await catalogue.list()) {
    print(
      `${tool.id}\t${tool.version}\t${tool.category}\t${unavailable ? `unavailable: ${unavailable}` : 'available'}`,
    );
  }
  const errors = await catalogue.errors();
  for (const error of errors) print(`error\t${where(error)}\t${error.message}`);
  return errors.length ? 1 : 0;
}

/** Runs the <tests> of the named tools (all with --all); exit status 1 when any fails. */
export async function toolTest(config: Config, ids: string[], print: (line: string) => void): Promise<number> {
  const catalogue = catalogueOf(config);
  const entries = ids.includes('--all')
    ? await catalogue.list()
    : await Promise.all(
        ids.map(async (id) => {
          const entry = await catalogue.get(id);
          if (!entry) throw new Error(`No tool ${id} (medx tool-list shows them).`);
          return entry;
        }),
      );
  let failed = 0;
  for (const { tool, unavailable } of entries) {
    if (unavailable) {
      print(`FAIL ${tool.id}: ${unavailable}`);
      failed++;
      continue;
    }
    if (tool.tests.length === 0) {
      print(`FAIL ${tool.id}: the tool has no <tests>`);
      failed++;
      continue;
    }
    for (const result of await runToolTests(tool)) {
      print(`${result.ok ? 'ok  ' : 'FAIL'} ${tool.id} test ${result.index} (${result.seconds} s)`);
      for (const problem of result.problems) print(`     ${problem}`);
      if (!result.ok) failed++;
    }
  }
  return failed ? 1 : 0;
}

/**
 * Installs a tool folder (its XML, macros, scripts, test-data) under DATA_DIR/tools/<id>:
 * read first (every error named with its file and line), copied to a temporary folder
 * beside the destination and renamed into place, so nothing is installed half-way.
 */
export async function toolInstall(config: Config, source: string, print: (line: string) => void): Promise<number> {
  const path = resolve(source);
  const folder = (await stat(path)).isDirectory() ? path : dirname(path);
  const { tools, errors } = await callGalaxy<{ tools: GalaxyTool[]; errors: GalaxyLoadError[] }>('load', {
    paths: [folder],
  });
  for (const error of errors) print(`error\t${where(error)}\t${error.message}`);
  if (errors.length || tools.length === 0) {
    if (!errors.length) print(`error\t${folder}\tno tool XML found`);
    return 1;
  }
  const root = installedToolsDir(config);
  await mkdir(root, { recursive: true });
  const target = join(root, basename(folder));
  const staging = await mkdtemp(join(root, '.install-'));
  try {
    await cp(folder, staging, { recursive: true });
    await rm(target, { recursive: true, force: true });
    await rename(staging, target);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  for (const tool of tools) print(`installed ${tool.id} ${tool.version} in ${target}`);
  return 0;
}
