import { type AuthResult, VIEWER_LIMITS } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ViewerRepository } from '../../src/modules/viewer/viewer.repository';
import { ViewerSweep } from '../../src/modules/viewer/viewer-sweep';
import { countRows, DAY, expectFailure } from '../support/helpers';
import { createProject, createTestApp, guestLogin, registerUser, type TestApp } from '../support/test-app';
import { waitUntil } from '../support/wait';
import {
  asEnvelope,
  molx,
  type RawResponse,
  raw,
  snapshot,
  stateServer,
  upload,
  viewerObjects,
} from './viewer-support';

/**
 * What time does to Med View's server side: remote state addresses expire, and the states and
 * session of a project that is gone (a purged guest's) are swept from storage and the database.
 * The clock moves forward in order through the file.
 */

let t: TestApp;
let owner: AuthResult;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t);
});
afterAll(async () => {
  await t?.app.jobs.runner.stop();
  await t?.close();
});

const list = (path: string) => raw(t, 'GET', `${path}/list`);
const uploaded = (res: RawResponse) => {
  expect(res.status, res.text).toBe(200);
  return JSON.parse(res.text) as { id: string };
};

describe('lifetimes', () => {
  it('an address expires after 30 days', async () => {
    const project = await createProject(t, owner.token, 'Expiry');
    const { path } = await stateServer(t, owner.token, project);
    t.clock.advance(VIEWER_LIMITS.stateKeyDays * DAY - 1000);
    expect((await list(path)).text).toBe('[]');
    t.clock.advance(1000);
    expectFailure(asEnvelope(await list(path)), 404, 'viewerStateKeyInvalid');
  });

  it('a purged guest’s states and session are swept: objects first, then rows; other projects keep theirs', async () => {
    const visitor = await guestLogin(t);
    const project = await createProject(t, visitor.token, 'Guest');
    const { path } = await stateServer(t, visitor.token, project);
    uploaded(await upload(t, path, { name: 'Guest view' }, snapshot()));
    const put = await raw(t, 'PUT', `/v1/projects/${project}/viewer/session`, {
      token: visitor.token,
      headers: { 'content-type': 'application/octet-stream', 'if-none-match': '*' },
      payload: molx(),
    });
    expect(put.status, put.text).toBe(200);
    // The clock moved 30 days in the test before: a new account keeps a project.
    const other = await registerUser(t);
    const keeper = await createProject(t, other.token, 'Keeper');
    const kept = uploaded(
      await upload(t, (await stateServer(t, other.token, keeper)).path, { name: 'Kept' }, snapshot()),
    );
    expect(await viewerObjects(t, project)).toHaveLength(2);

    t.clock.advance(31 * DAY);
    expect(await t.app.services.guestPurge.purgeExpired()).toBeGreaterThan(0);
    expect(await t.db.kysely.selectFrom('projects').where('id', '=', project).selectAll().execute()).toEqual([]);

    // The rows outlive the project (no foreign key) until the sweep, which runs when the server starts
    // (states first, sessions last: the session row is the last thing it deletes).
    expect(await countRows(t, 'viewer_sessions')).toBe(1);
    expect(await viewerObjects(t, project)).toHaveLength(2);
    t.app.jobs.runner.start();
    await waitUntil(
      () => countRows(t, 'viewer_sessions'),
      (n) => n === 0,
      { timeoutMs: 10_000, intervalMs: 50, what: 'the start-up sweep removing the gone project’s session' },
    );
    expect(await viewerObjects(t, project)).toEqual([]);
    const left = await t.db.kysely
      .selectFrom('viewer_states')
      .select('project_id')
      .where('project_id', '=', project)
      .execute();
    expect(left).toEqual([]);
    expect(await countRows(t, 'viewer_sessions')).toBe(0);
    expect(await viewerObjects(t, keeper)).toEqual([`projects/${keeper}/viewer/states/${kept.id}.json`]);
    const sweep = new ViewerSweep(new ViewerRepository(t.db.kysely), t.app.storage, t.app.http.log);
    expect(await sweep.run()).toBe(0);
  });
});
