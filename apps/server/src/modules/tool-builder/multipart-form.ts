import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../http/app-error';

/** One uploaded file of a multipart form, read whole (the callers' files are small: a zip, a conda package). */
export interface MultipartForm {
  fields: Record<string, string>;
  file: { filename: string; content: Buffer };
}

/** @fastify/multipart for one plugin scope: one file, a few short fields, nothing else. */
export async function registerMultipart(app: FastifyInstance, maxFileBytes: number): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: maxFileBytes, files: 1, fields: 20, fieldSize: 10_000, parts: 25 },
  });
}

/**
 * The form's fields and its one file (field `file`). A file over the limit is refused with
 * the limit in MB; no file at all is 'Please choose a file.'.
 */
export async function readMultipartForm(req: FastifyRequest, maxFileBytes: number): Promise<MultipartForm> {
  if (!req.isMultipart()) throw badRequest('builderFileMissing');
  const fields: Record<string, string> = {};
  let file: MultipartForm['file'] | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === 'file') file = { filename: part.filename, content };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'builderFileTooLarge', { max: Math.round(maxFileBytes / 1024 / 1024) });
    if (code?.startsWith('FST_')) throw badRequest('invalidValue');
    throw error;
  }
  if (!file) throw badRequest('builderFileMissing');
  return { fields, file };
}
