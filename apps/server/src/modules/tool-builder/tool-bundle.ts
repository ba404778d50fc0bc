/**
 * A draft as Galaxy sees it: medx_galaxy.build makes the tool XML (and macros.xml), written
 * with the draft's scripts into one folder, the tool's folder (`$__tool_directory__`).
 * The same folder is what a submission's zip holds and what publishing installs.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BuilderDraft } from '@medx/contract';
import { isSafeArchivePath } from '../../lib/archives';
import type { GalaxyLoadError, GalaxyTool } from '../tools/galaxy-model';
import { callGalaxy } from '../tools/galaxy-python';

/** The <tests> of a draft: the values, input files and expected outputs of the author's test run. */
export interface BuilderTestCase {
  /** Flat Galaxy keys (`cond|param`) of the non-data params. */
  values: Record<string, unknown>;
  /** Flat keys of data inputs: their files' names in test-data/. */
  inputs: Record<string, string[]>;
  /** Output name: its expected file's name in test-data/. */
  outputs: Record<string, string>;
}

export interface BuiltTool {
  xml: string;
  /** Extra files beside the XML (macros.xml), name → text. */
  files: Record<string, string>;
}

export const toolXmlName = (draft: BuilderDraft) => `${draft.info.toolId}.xml`;

export function buildTool(draft: BuilderDraft, test: BuilderTestCase | null): Promise<BuiltTool> {
  return callGalaxy<BuiltTool>('build', { draft, test });
}

/** Writes the tool's folder: the XML, its extra files and the draft's scripts. */
export async function writeBundle(dir: string, draft: BuilderDraft, built: BuiltTool): Promise<string> {
  await mkdir(dir, { recursive: true });
  const xmlPath = join(dir, toolXmlName(draft));
  await writeFile(xmlPath, built.xml);
  for (const [name, text] of Object.entries(built.files)) {
    if (!isSafeArchivePath(name)) throw new Error(`medx_galaxy.build named an unsafe file: ${name}`);
    await writeFile(join(dir, name), text);
  }
  for (const script of draft.scripts) {
    // builderProblems refused any other name; this guards the folder all the same.
    if (!isSafeArchivePath(script.name) || script.name.includes('/'))
      throw new Error(`Unsafe script name ${script.name}`);
    await writeFile(
      join(dir, script.name),
      Buffer.from(script.content, script.encoding === 'base64' ? 'base64' : 'utf8'),
    );
  }
  return xmlPath;
}

/** Loads one tool folder with medx_galaxy (the catalogue's reader): the tool, or its first error. */
export async function loadToolFolder(dir: string): Promise<{ tool: GalaxyTool | null; error: string | null }> {
  const { tools, errors } = await callGalaxy<{ tools: GalaxyTool[]; errors: GalaxyLoadError[] }>('load', {
    paths: [dir],
  });
  if (errors.length) return { tool: null, error: errors[0]!.message };
  if (tools.length !== 1) return { tool: null, error: `${tools.length} tools found` };
  return { tool: tools[0]!, error: null };
}

/** xmllint's complaints against Galaxy's tool XSD (medx_galaxy.schema); empty when valid. */
export async function schemaErrors(built: BuiltTool): Promise<string[]> {
  return (await callGalaxy<{ errors: string[] }>('schema', { xml: built.xml, files: built.files })).errors;
}
