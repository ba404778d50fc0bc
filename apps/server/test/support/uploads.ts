import type { AddressInfo } from 'node:net';
import type { CreateFileResult, ProjectFile } from '@medx/contract';
import * as tus from 'tus-js-client';
import type { TestApp, TestResponse } from './test-app';

/** tus needs a real socket: the app listens on a free loopback port once per test app. */
export async function baseUrlOf(t: TestApp): Promise<string> {
  const server = t.app.http.server;
  if (!server.listening) await t.app.http.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export interface TusOptions {
  chunkSize?: number;
  uploadUrl?: string;
  metadata?: Record<string, string>;
  /** tus-js-client's retries (none by default: most tests want the first answer). */
  retryDelays?: number[];
}

/** Uploads with the real tus client, as the browser does; resolves to the upload URL. */
export function tusUpload(
  base: string,
  token: string,
  projectId: number,
  name: string,
  content: Buffer,
  options: TusOptions = {},
): Promise<{ url: string }> {
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(content, {
      endpoint: `${base}/v1/uploads`,
      uploadUrl: options.uploadUrl ?? null,
      headers: { token },
      metadata: options.metadata ?? { filename: name, project_id: String(projectId) },
      chunkSize: options.chunkSize ?? 10 * 1024 * 1024,
      retryDelays: options.retryDelays ?? [],
      storeFingerprintForResuming: false,
      onError: (err) => reject(err),
      onSuccess: () => resolve({ url: upload.url! }),
    });
    upload.start();
  });
}

const tusHeaders = (token: string) => ({ token, 'Tus-Resumable': '1.0.0' });

/**
 * An upload that stopped part-way, as a closed tab leaves it: created for the whole
 * content, but only the first `bytes` sent (one complete PATCH). Built by hand rather
 * than by aborting tus-js-client mid-request, whose timing made the outcome racy.
 */
export async function partialUpload(
  base: string,
  token: string,
  projectId: number,
  name: string,
  content: Buffer,
  bytes: number,
): Promise<string> {
  const b64 = (v: string) => Buffer.from(v).toString('base64');
  const created = await fetch(`${base}/v1/uploads`, {
    method: 'POST',
    headers: {
      ...tusHeaders(token),
      'Upload-Length': String(content.length),
      'Upload-Metadata': `filename ${b64(name)},project_id ${b64(String(projectId))}`,
    },
  });
  if (created.status !== 201) throw new Error(`create failed: ${created.status}`);
  const url = new URL(created.headers.get('location')!, base).toString();
  const patched = await fetch(url, {
    method: 'PATCH',
    headers: { ...tusHeaders(token), 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: content.subarray(0, bytes),
  });
  if (patched.status !== 204) throw new Error(`patch failed: ${patched.status}`);
  return url;
}

/**
 * Counts the tus requests the app is working on, by wrapping its tus server's `handler`
 * (the step that ends once the request's work is done: body written, lock released,
 * offset final). A test waits on these counts with waitUntil instead of sleeping. Not
 * `handle`: after a client cut, sending the answer to the closed socket never settles.
 */
export async function watchTusRequests(t: TestApp): Promise<{
  started(): number;
  inFlight(): number;
  restore(): void;
}> {
  const server = (await t.app.services.uploads.tusServer()) as unknown as {
    handler(req: unknown): Promise<unknown>;
  };
  const original = server.handler;
  let started = 0;
  let inFlight = 0;
  server.handler = async (req) => {
    started++;
    inFlight++;
    try {
      return await original.call(server, req);
    } finally {
      inFlight--;
    }
  };
  return {
    started: () => started,
    inFlight: () => inFlight,
    restore: () => {
      server.handler = original;
    },
  };
}

/** The offset the server holds for an upload (tus HEAD). */
export async function uploadOffset(url: string, token: string): Promise<number> {
  const head = await fetch(url, { method: 'HEAD', headers: tusHeaders(token) });
  return Number(head.headers.get('upload-offset'));
}

export const uploadIdOf = (url: string) => url.split('/').pop()!;

/** Upload then create the entry: the browser's import flow. */
export async function importFile(
  t: TestApp,
  token: string,
  projectId: number,
  name: string,
  content: Buffer | string,
  extra: Record<string, unknown> = {},
): Promise<TestResponse<CreateFileResult>> {
  const base = await baseUrlOf(t);
  const body = typeof content === 'string' ? Buffer.from(content) : content;
  const { url } = await tusUpload(base, token, projectId, name, body);
  const ext = name.includes('.') ? name.split('.').pop()! : '';
  return t.request<CreateFileResult>('POST', '/v1/files', {
    token,
    body: {
      name,
      project_id: projectId,
      file_url: uploadIdOf(url),
      ext,
      source_type: 'ALIYUN',
      is_show_entry: true,
      ...extra,
    },
  });
}

export async function importOk(
  t: TestApp,
  token: string,
  projectId: number,
  name: string,
  content: Buffer | string,
): Promise<ProjectFile> {
  const res = await importFile(t, token, projectId, name, content);
  if (res.status !== 200) throw new Error(`import of ${name} failed: ${JSON.stringify(res.body)}`);
  return res.body.data.files[0]!;
}

/** Every object key under a prefix, from the app's own storage. */
export const objectsUnder = (t: TestApp, prefix: string) => t.app.storage.list(prefix);
