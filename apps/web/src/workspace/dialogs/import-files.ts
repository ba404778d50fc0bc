import {
  type CreateFileRequest,
  type CreateFileResult,
  fileTypeForExt,
  IMPORT_EXTENSIONS,
  LIMITS,
  type ProjectFile,
  type UploadCredentials,
} from '@medx/contract';

export type ImportStatus = 'waiting' | 'uploading' | 'saving' | 'done' | 'error';

/** What one import step gives back: a value, or the reason it failed (shown with the file). */
export type StepResult<T> = { ok: true; value: T } | { ok: false; detail: string };

export interface ImportSteps {
  credentials: () => Promise<StepResult<UploadCredentials>>;
  upload: (file: File, credentials: UploadCredentials, onProgress: (percent: number) => void) => Promise<string>;
  create: (body: CreateFileRequest) => Promise<StepResult<CreateFileResult>>;
  /** The reason shown for a file over the server's size limit. */
  tooLarge: (limit: number) => string;
}

export interface ImportEvents {
  onStatus: (index: number, status: ImportStatus, detail?: string) => void;
  onProgress: (index: number, percent: number) => void;
  /** A file was skipped (spec §8: 'Failed to sync file {name} to the cloud'); the others go on. */
  onFailure: (file: File, detail: string) => void;
}

/** The lower-case extension of a file name ('' without one). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function isImportable(name: string): boolean {
  return (IMPORT_EXTENSIONS as readonly string[]).includes(extensionOf(name));
}

/** The entry name: the file name, its base shortened so the whole stays within 70 characters. */
export function entryName(fileName: string): string {
  const name = fileName.trim();
  if (name.length <= LIMITS.fileNameMax) return name;
  const ext = extensionOf(name);
  const suffix = ext ? `.${ext}` : '';
  return `${name.slice(0, LIMITS.fileNameMax - suffix.length)}${suffix}`;
}

/** POST /v1/files body for an uploaded file (spec §3 "Entry created on import"). */
export function createRequest(file: File, projectId: number, uploadId: string): CreateFileRequest {
  const ext = extensionOf(file.name);
  return {
    name: entryName(file.name),
    project_id: projectId,
    file_url: uploadId,
    ext,
    file_type: fileTypeForExt(ext),
    source_type: 'ALIYUN',
    is_show_entry: true,
  };
}

function errorDetail(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // tus-js-client's DetailedError carries the server's answer: prefer its envelope message.
  const response = (error as { originalResponse?: { getBody?: () => string; getStatus?: () => number } | null })
    .originalResponse;
  const body = response?.getBody?.();
  if (body) {
    try {
      const parsed = JSON.parse(body) as { msg?: unknown };
      if (typeof parsed.msg === 'string' && parsed.msg) return parsed.msg;
    } catch {
      if (body.length < 200) return body;
    }
  }
  if (response?.getStatus?.()) return `HTTP ${response.getStatus()}`;
  return error.message;
}

/** Spec §9: two uploads in flight at once. tus chunks of one file go in parallel only when the
 * server can concatenate them, so the two parallel streams are two files at a time. */
export const PARALLEL_FILES = 2;

/**
 * Spec §4 import: for each file, fresh upload settings, the tus upload, then the entry. A file
 * that fails is reported and skipped; the others continue. Resolves with the created entries
 * (an archive gives several), in the order the files were chosen.
 */
export async function importFiles(
  files: readonly File[],
  projectId: number,
  steps: ImportSteps,
  events: ImportEvents,
): Promise<{ created: ProjectFile[]; succeeded: number; failed: number }> {
  const createdByFile: ProjectFile[][] = files.map(() => []);
  let failed = 0;
  let succeeded = 0;
  const importOne = async (index: number, file: File) => {
    const fail = (detail: string) => {
      failed += 1;
      events.onStatus(index, 'error', detail);
      events.onFailure(file, detail);
    };
    events.onStatus(index, 'uploading');
    events.onProgress(index, 0);
    const credentials = await steps.credentials();
    if (!credentials.ok) return fail(credentials.detail);
    if (credentials.value.max_size > 0 && file.size > credentials.value.max_size) {
      return fail(steps.tooLarge(credentials.value.max_size));
    }
    let uploadId: string;
    try {
      uploadId = await steps.upload(file, credentials.value, (percent) => events.onProgress(index, percent));
    } catch (error) {
      return fail(errorDetail(error));
    }
    events.onStatus(index, 'saving');
    const entry = await steps.create(createRequest(file, projectId, uploadId));
    if (!entry.ok) return fail(entry.detail);
    events.onProgress(index, 100);
    events.onStatus(index, 'done');
    succeeded += 1;
    createdByFile[index] = entry.value.files ?? [];
  };
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const index = next++;
      await importOne(index, files[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_FILES, files.length) }, worker));
  return { created: createdByFile.flat(), succeeded, failed };
}
