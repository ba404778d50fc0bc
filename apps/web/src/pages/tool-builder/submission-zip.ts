import type { BuilderDraft } from '@medx/contract';
import { strToU8, zipSync } from 'fflate';
import { scriptBytes } from './file-bytes';

/** The conda package or environment file uploaded beside the dependencies (not part of the draft). */
export interface CondaUpload {
  name: string;
  bytes: Uint8Array;
}

export interface SubmissionInput {
  draft: BuilderDraft;
  /** The preview's XML (POST /v1/tool-builder/preview). */
  xml: string;
  userId: number;
  conda: CondaUpload | null;
}

/** Macros given as Galaxy XML (`<macros>`); `@TOKEN@ value` text is folded into the tool XML by the server. */
export const isXmlMacros = (macros: string) => macros.trim().startsWith('<');

/**
 * The members of the submission zip (spec §7 publish_app): `<toolId>.xml`, `macros.xml` when
 * the macros are XML (the XML imports it), every script at the root (base64 ones decoded),
 * the conda file under `conda/`.
 */
export function submissionFiles({ draft, xml, conda }: SubmissionInput): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = { [`${draft.info.toolId}.xml`]: strToU8(xml) };
  if (draft.info.macros.trim() && isXmlMacros(draft.info.macros)) files['macros.xml'] = strToU8(draft.info.macros);
  for (const script of draft.scripts) files[script.name] = scriptBytes(script);
  if (conda) files[`conda/${conda.name}`] = conda.bytes;
  return files;
}

/** The zip POST /v1/users/publish_app takes: named `<user id>.zip`. */
export function buildSubmissionZip(input: SubmissionInput): File {
  const zipped = zipSync(submissionFiles(input), { level: 6 });
  return new File([zipped as Uint8Array<ArrayBuffer>], `${input.userId}.zip`, { type: 'application/zip' });
}
