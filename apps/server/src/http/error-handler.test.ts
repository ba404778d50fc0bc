import { DockingRequest, DockingResultQuery, translate } from '@medx/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldName, registerErrorHandling } from './error-handler';

/** A bare app with the error handler and two routes validated by contract schemas. */
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post('/docking', { schema: { body: DockingRequest } }, async () => ({ ok: true }));
  typed.get('/results', { schema: { querystring: DockingResultQuery } }, async () => ({ ok: true }));
  typed.post(
    '/strict',
    { schema: { body: z.strictObject({ kind: z.enum(['a', 'b'], { error: 'invalidValue' }) }) } },
    async () => ({ ok: true }),
  );
  await app.ready();
});
afterAll(() => app?.close());

const pocket = { size_x: 20, size_y: 20, size_z: 20, center_x: 1, center_y: 2, center_z: 3 };
const valid = { project_id: 1, protein_id: 2, ligand_ids: [3], pocket };

async function msg(body: unknown, lang = 'en', url = '/docking') {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { 'accept-language': lang, 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
  expect(res.statusCode).toBe(400);
  return (res.json() as { msg: string }).msg;
}

describe('fieldName', () => {
  it('spells a path as the request does', () => {
    expect(fieldName('/pocket/center_x')).toBe('pocket.center_x');
    expect(fieldName('/ligand_ids/0')).toBe('ligand_ids[0]');
    expect(fieldName('/')).toBe('body');
    expect(fieldName('', 'querystring')).toBe('query');
  });
});

describe('validation refusals name the field and what is wrong', () => {
  it('a number out of range: the whole range when the schema states both ends', async () => {
    expect(await msg({ ...valid, pocket: { ...pocket, center_x: 1e308 } })).toBe(
      'pocket.center_x: must be between -10000 and 10000.',
    );
    expect(await msg({ ...valid, settings: { seed: 2 ** 31 } })).toBe(
      'settings.seed: must be between 1 and 2147483647.',
    );
    expect(await msg({ ...valid, settings: { seed: 2 ** 60 } })).toBe(
      'settings.seed: must be between 1 and 2147483647.',
    );
    expect(await msg({ ...valid, settings: { energy_range: 0 } })).toBe(
      'settings.energy_range: must be greater than 0 and at most 10.',
    );
    expect(await msg({ ...valid, pocket: { ...pocket, size_x: 0 } })).toBe('pocket.size_x: must be greater than 0.');
  });

  it('missing, wrong type, not whole, list items, too many items, text too long, not one of', async () => {
    const { project_id: _, ...noProject } = valid;
    expect(await msg(noProject)).toBe('project_id: this field is required.');
    expect(await msg({ ...valid, project_id: 'abc' })).toBe('project_id: must be a number.');
    expect(await msg({ ...valid, settings: { exhaustiveness: 1.5 } })).toBe(
      'settings.exhaustiveness: must be a whole number.',
    );
    expect(await msg({ ...valid, ligand_ids: [3, -4] })).toBe(
      'ligand_ids[1]: must be greater than 0 and at most 2147483647.',
    );
    expect(await msg({ ...valid, ligand_ids: Array(1001).fill(3) })).toBe('ligand_ids: must have at most 1000 items.');
    expect(await msg({ ...valid, settings: { job_name: 'x'.repeat(71) } })).toBe(
      'settings.job_name: must be at most 70 characters.',
    );
    expect(await msg({ ...valid, settings: 'fast' })).toBe('settings: must be an object.');
    expect(await msg({ kind: 'c' }, 'en', '/strict')).toBe('kind: must be one of "a", "b".');
    expect(await msg({ kind: 'a', extra: 1 }, 'en', '/strict')).toBe('extra: is not a known field.');
  });

  it('keeps the spec’s own texts where the schema uses them', async () => {
    const { protein_id: _, ...noProtein } = valid;
    expect(await msg(noProtein)).toBe(translate('dockingProteinRequired', 'en'));
    expect(await msg({ ...valid, pocket: { ...pocket, size_x: 0, size_y: 0, size_z: 0 } })).toBe(
      translate('dockingPocketRequired', 'en'),
    );
    expect(await msg({ ...valid, settings: { retain_count: 0 } })).toBe(translate('dockingRetainCountMin', 'en'));
  });

  it('answers in the request’s language', async () => {
    expect(await msg({ ...valid, pocket: { ...pocket, center_y: -2e4 } }, 'zh-CN')).toBe(
      'pocket.center_y：必须在 -10000 到 10000 之间。',
    );
    const { project_id: _, ...noProject } = valid;
    expect(await msg(noProject, 'zh-CN')).toBe('project_id：此项为必填项。');
  });

  it('names query fields, and says when a body is not JSON', async () => {
    const res = await app.inject({ method: 'GET', url: '/results?limit=500' });
    expect(res.json()).toMatchObject({ success: false, msg: 'limit: must be between 1 and 100.' });
    expect(await msg('{"project_id": 1,')).toBe(translate('requestBodyNotJson', 'en'));
    const form = await app.inject({
      method: 'POST',
      url: '/docking',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect({ status: form.statusCode, msg: form.json().msg }).toEqual({
      status: 415,
      msg: translate('requestContentType', 'en'),
    });
  });
});
