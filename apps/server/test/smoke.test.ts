import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, createTestApp, registerUser, type TestApp } from './support/test-app';

describe('server smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers health with the database dialect in use', async () => {
    const res = await t.request<{ database: string }>('GET', '/v1/health');
    expect(res.status).toBe(200);
    expect(res.body.data.database).toBe(process.env.MEDX_TEST_PG_URL ? 'postgres' : 'sqlite');
  });

  it('signs up, creates and lists a project', async () => {
    const { token } = await registerUser(t);
    const id = await createProject(t, token, 'First');
    const list = await t.request<{ total: number; items: { id: number }[] }>('GET', '/v1/projects', { token });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.items[0]?.id).toBe(id);
  });
});
