// Project files through the API, the way the web client creates them (spec §4): a tus upload
// to /v1/uploads, then POST /v1/files with the upload id. For tests whose subject is not the
// Import dialog (which has its own test in files.spec.ts).

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { expect } from '@playwright/test';
import { baseURL } from './env';

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** Uploads `content` as `name` into the project and returns the new entry's id. */
export async function importContentByApi(
  token: string,
  projectId: number,
  name: string,
  content: string | Buffer,
): Promise<number> {
  const body = typeof content === 'string' ? Buffer.from(content) : content;
  const created = await fetch(`${baseURL}/v1/uploads`, {
    method: 'POST',
    headers: {
      token,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(body.length),
      'Upload-Metadata': `filename ${b64(name)},project_id ${b64(String(projectId))}`,
    },
  });
  expect(created.status, 'tus create').toBe(201);
  const location = new URL(created.headers.get('location') ?? '', baseURL);
  const patched = await fetch(location, {
    method: 'PATCH',
    headers: {
      token,
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': '0',
      'Content-Type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(body),
  });
  expect(patched.status, 'tus patch').toBe(204);
  const entry = await fetch(`${baseURL}/v1/files`, {
    method: 'POST',
    headers: { token, 'Content-Type': 'application/json', 'Accept-Language': 'en' },
    body: JSON.stringify({
      name,
      project_id: projectId,
      file_url: location.pathname.split('/').pop(),
      ext: name.split('.').pop(),
    }),
  });
  const answer = (await entry.json()) as {
    success: boolean;
    msg: string;
    data: { id?: number; file?: { id: number }; files?: { id: number }[] };
  };
  expect(answer.success, `POST /v1/files: ${answer.msg}`).toBe(true);
  const id = answer.data.file?.id ?? answer.data.id ?? answer.data.files?.[0]?.id ?? 0;
  expect(id, 'new file id').toBeGreaterThan(0);
  return id;
}

/** Uploads a file from disk under `name` (default: its own name). */
export function importFileByApi(token: string, projectId: number, path: string, name = basename(path)) {
  return importContentByApi(token, projectId, name, readFileSync(path));
}
