import { translate } from '@medx/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../http/error-handler';
import { readMultipartForm, registerMultipart } from './multipart-form';

/** A bare app with one multipart route limited to 1 KB, behind the real error handler. */
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  registerErrorHandling(app);
  await app.register(async (scope) => {
    await registerMultipart(scope, 1024);
    scope.post('/upload', async (req) => {
      const { fields, file } = await readMultipartForm(req, 1024);
      return { fields, name: file.filename, bytes: file.content.length };
    });
  });
  await app.ready();
});
afterAll(() => app?.close());

/** A multipart body as a browser encodes it. */
async function post(parts: { file?: { name: string; bytes: number }; fields?: Record<string, string> }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(parts.fields ?? {})) form.append(key, value);
  if (parts.file) form.append('file', new Blob([new Uint8Array(parts.file.bytes)]), parts.file.name);
  const request = new Request('http://localhost/upload', { method: 'POST', body: form });
  const res = await app.inject({
    method: 'POST',
    url: '/upload',
    headers: { 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json() };
}

describe('readMultipartForm', () => {
  it('reads the fields and the one file, whatever their order', async () => {
    expect(await post({ file: { name: '7.zip', bytes: 1024 }, fields: { tool_id: 'x' } })).toEqual({
      status: 200,
      body: { fields: { tool_id: 'x' }, name: '7.zip', bytes: 1024 },
    });
  });

  it('refuses a file over the limit with the limit, and a form without a file', async () => {
    const big = await post({ file: { name: '7.zip', bytes: 1025 } });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ success: false, msg: translate('builderFileTooLarge', 'en', { max: 0 }), data: null });
    const none = await post({ fields: { tool_id: 'x' } });
    expect(none).toEqual({
      status: 400,
      body: { success: false, msg: translate('builderFileMissing', 'en'), data: null },
    });
  });
});
