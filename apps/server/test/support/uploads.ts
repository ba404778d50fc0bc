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
  /** Abort once at least this many bytes were acknowledged (to test resuming). */
  abortAfterBytes?: number;
  uploadUrl?: string;
  metadata?: Record<string, string>;
}

/** Uploads with the real tus client, as the browser does; resolves to the upload URL. */
export function tusUpload(
  base: string,
  token: string,
  projectId: number,
  name: string,
  content: Buffer,
  options: TusOptions = {},
): Promise<{ url: string; aborted: boolean; uploadedBytes: number }> {
  return new Promise((resolve, reject) => {
    let uploadedBytes = 0;
    const upload = new tus.Upload(content, {
      endpoint: `${base}/v1/uploads`,
      uploadUrl: options.uploadUrl ?? null,
      headers: { token },
      metadata: options.metadata ?? { filename: name, project_id: String(projectId) },
      chunkSize: options.chunkSize ?? 10 * 1024 * 1024,
      retryDelays: [],
      storeFingerprintForResuming: false,
      onChunkComplete: (_chunk, accepted) => {
        uploadedBytes = accepted;
        if (options.abortAfterBytes !== undefined && accepted >= options.abortAfterBytes && accepted < content.length) {
          void upload.abort().then(() => resolve({ url: upload.url!, aborted: true, uploadedBytes }));
        }
      },
      onError: (err) => reject(err),
      onSuccess: () => resolve({ url: upload.url!, aborted: false, uploadedBytes: content.length }),
    });
    upload.start();
  });
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
