import type { AuthResult, Instance, Job, Order } from '@medx/contract';
import { translate } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../src/http/request-context';
import { DAY, expectFailure, expectOk, login, SECOND } from '../support/helpers';
import { createProject, createTestApp, guestLogin, registerUser, type TestApp, uniqueEmail } from '../support/test-app';
import { TEST_JOB_TYPES } from '../support/test-job-types';
import { waitUntil } from '../support/wait';
import { account, expectLedgerBalances, ledger, order, recharge, SANDBOX_SECRET } from './billing-support';

/**
 * Instances as capacity (issue 15 part 3): bought from the balance, activated through the
 * spec's states, given their own queue lane, metered, charged (post-paid), expiring mid-job,
 * stopped; and the compute quota enforced at submit and before a queued job starts.
 */
const ADMIN = uniqueEmail('billadmin');
let t: TestApp;
let admin: AuthResult;
const gates = new Map<number, () => void>();

async function authOf(token: string): Promise<AuthContext> {
  return (await t.app.services.sessions.resolve(token))!;
}
/** A job that holds until the test releases it (the clock is the test's, so its run time is too). */
async function hold(token: string, projectId: number): Promise<number> {
  return t.app.jobs.service.submitRaw(await authOf(token), projectId, 'SLEEP', 'hold', {});
}
const release = (jobId: number) => gates.get(jobId)?.();
const jobRow = (id: number) =>
  t.db.kysely.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const waitJob = (id: number, done: (status: string) => boolean) =>
  waitUntil(
    () => jobRow(id),
    (j) => done(j.status),
    { timeoutMs: 15_000, intervalMs: 25, what: `job ${id}` },
  );
const instances = async (token: string) =>
  expectOk(await t.request<Instance[]>('GET', '/v1/billing/instances', { token }));
const waitInstance = (token: string, id: number, status: Instance['status']) =>
  waitUntil(
    async () => (await instances(token)).find((i) => i.id === id),
    (i) => i?.status === status,
    { timeoutMs: 10_000, intervalMs: 50, what: `instance ${id} ${status}` },
  );

const newOrder = (token: string, body: Record<string, unknown>) =>
  t.request<Order>('POST', '/v1/billing/orders', { token, body: { accept_terms: true, ...body } });
const pay = (token: string, no: string) => t.request<Order>('POST', `/v1/billing/orders/${no}/pay`, { token });
async function buy(token: string, body: Record<string, unknown>): Promise<Order> {
  const created = expectOk(await newOrder(token, body), 'orderCreated');
  return expectOk(await pay(token, created.order_no), 'orderPaid');
}
/** Past the activation time: the ticker (real time) sees the test's clock. */
async function activate(token: string, instanceId: number): Promise<Instance> {
  t.clock.advance(61 * SECOND);
  return (await waitInstance(token, instanceId, 'running'))!;
}

beforeAll(async () => {
  t = await createTestApp(
    {
      paymentSandboxSecret: SANDBOX_SECRET,
      adminEmails: ADMIN,
      instanceActivationSeconds: 60,
      instanceCapacityCores: 6,
    },
    { jobTypes: TEST_JOB_TYPES },
  );
  const { runner } = t.app.jobs;
  runner.register('ECHO', async (ctx) => {
    await ctx.run('/bin/echo', ['metered']);
  });
  runner.register('SLEEP', async (ctx) => {
    await new Promise<void>((resolve) => {
      gates.set(ctx.job.id, resolve);
      ctx.signal.addEventListener('abort', () => resolve());
    });
  });
  runner.register('FAIL', async (ctx) => {
    await ctx.run('/bin/sh', ['-c', 'exit 3']);
  });
  runner.start();
  admin = await registerUser(t, ADMIN);
});
afterAll(async () => {
  for (const open of gates.values()) open();
  await t?.app.jobs.runner.stop();
  await t?.close();
});

describe('ordering an instance', () => {
  let user: AuthResult;
  beforeAll(async () => {
    user = await registerUser(t);
  });

  it('refuses bad orders clearly and writes nothing', async () => {
    const cases: [Record<string, unknown>, Parameters<typeof expectFailure>[2]][] = [
      [{ level: 'Huge', pay_type: 'prePaid', months: 1 }, 'levelUnknown'],
      [{ level: 'Basic', pay_type: 'yearly', months: 1 }, 'payTypeUnknown'],
      [{ level: 'Basic', pay_type: 'prePaid' }, 'monthsInvalid'],
      [{ level: 'Basic', pay_type: 'prePaid', months: 0 }, 'monthsInvalid'],
      [{ level: 'Basic', pay_type: 'prePaid', months: 13 }, 'monthsInvalid'],
      [{ level: 'Basic', pay_type: 'prePaid', months: 1.5 }, 'monthsInvalid'],
      [{ level: 'Basic', pay_type: 'prePaid', months: 1, accept_terms: false }, 'termsNotAccepted'],
    ];
    for (const [body, key] of cases) expectFailure(await newOrder(user.token, body), 400, key);
    const noTerms = await t.request('POST', '/v1/billing/orders', {
      token: user.token,
      body: { level: 'Basic', pay_type: 'prePaid', months: 1 },
    });
    expectFailure(noTerms, 400, 'termsNotAccepted');
    // The spec's terms message is Chinese whatever the language.
    expect(translate('termsNotAccepted', 'en')).toBe(translate('termsNotAccepted', 'zh-CN'));
    expect(translate('termsNotAccepted', 'en')).toMatch(/[\u4e00-\u9fff]/);
    const guest = await guestLogin(t);
    expectFailure(
      await newOrder(guest.token, { level: 'Basic', pay_type: 'prePaid', months: 1 }),
      403,
      'guestCannotPurchase',
    );
    expect(
      await t.db.kysely
        .selectFrom('orders')
        .selectAll()
        .where('user_id', 'in', [user.user.id, guest.user.id])
        .execute(),
    ).toEqual([]);
  });

  it('a balance too small refuses payment; the order stays pending and nothing is charged', async () => {
    const created = expectOk(
      await newOrder(user.token, { level: 'Basic', pay_type: 'prePaid', months: 1 }),
      'orderCreated',
    );
    expect(created).toMatchObject({
      status: 'pending',
      amount_fen: 9_900,
      level: 'Basic',
      months: 1,
      provider: 'balance',
    });
    expectFailure(await pay(user.token, created.order_no), 400, 'balanceInsufficient', {
      params: { balance: '¥0.00', amount: '¥99.00' },
    });
    expect((await order(t, user.token, 'INSTANCE', created.order_no))?.status).toBe('pending');
    expect(await instances(user.token)).toEqual([]);
    expect((await ledger(t, user.token)).total).toBe(0);
  });

  it('two orders paid at once from a balance for one: exactly one is paid', async () => {
    await recharge(t, user.token, 9_900);
    const a = expectOk(await newOrder(user.token, { level: 'Basic', pay_type: 'prePaid', months: 1 }), 'orderCreated');
    const b = expectOk(await newOrder(user.token, { level: 'Basic', pay_type: 'prePaid', months: 1 }), 'orderCreated');
    const results = await Promise.all([pay(user.token, a.order_no), pay(user.token, b.order_no)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect((await account(t, user.token)).balance_fen).toBe(0);
    expect(await instances(user.token)).toHaveLength(1);
    expect((await ledger(t, user.token)).items.filter((r) => r.kind === 'PURCHASE').map((r) => r.amount_fen)).toEqual([
      -9_900,
    ]);
    // Stopped before it activates: the whole payment comes back.
    const [instance] = await instances(user.token);
    const stopped = expectOk(
      await t.request<Instance>('POST', `/v1/billing/instances/${instance!.id}/stop`, { token: user.token }),
      'instanceStopped',
    );
    expect(stopped).toMatchObject({ status: 'expired', end_reason: 'stopped' });
    expect((await account(t, user.token)).balance_fen).toBe(9_900);
    expect((await ledger(t, user.token)).items[0]).toMatchObject({ kind: 'REFUND', amount_fen: 9_900 });
    expect((await order(t, user.token, 'INSTANCE', stopped.order_no!))?.status).toBe('canceled');
  });
});

describe('a prepaid instance', () => {
  let alice: AuthResult;
  let projectId: number;
  let instance: Instance;
  beforeAll(async () => {
    alice = await registerUser(t);
    projectId = await createProject(t, alice.token, 'Inst');
    await recharge(t, alice.token, 20_000);
  });

  it('activates through pending, initializing and starting, then runs; its order completes', async () => {
    const paid = await buy(alice.token, { level: 'Basic', pay_type: 'prePaid', months: 1 });
    expect(paid.status).toBe('paid');
    [instance] = (await account(t, alice.token)).instances as [Instance];
    expect(instance).toMatchObject({
      level: 'Basic',
      status: 'pending',
      cores: 2,
      concurrent_jobs: 1,
      order_no: paid.order_no,
    });
    t.clock.advance(25 * SECOND);
    await waitInstance(alice.token, instance.id, 'initializing');
    t.clock.advance(20 * SECOND);
    await waitInstance(alice.token, instance.id, 'starting');
    instance = await activate(alice.token, instance.id);
    expect(Date.parse(instance.expires_at!) - Date.parse(instance.activated_at!)).toBe(30 * DAY);
    expect((await order(t, alice.token, 'INSTANCE', paid.order_no))?.status).toBe('complete');
    expect((await account(t, alice.token)).balance_fen).toBe(20_000 - 9_900);
  });

  it("runs its owner's jobs in its own lane; prepaid time costs neither quota nor balance", async () => {
    const id = await t.app.jobs.service.submitRaw(await authOf(alice.token), projectId, 'ECHO', 'on instance', {
      words: 'x',
    });
    const done = await waitJob(id, (s) => s === 'FINISHED');
    expect(done.lane).toBe(`instance:${instance.id}`);
    await waitUntil(
      () => jobRow(id),
      (j) => j.core_seconds !== null,
      { what: 'metering' },
    );
    expect(Number((await jobRow(id)).quota_core_seconds)).toBe(0);
    expect((await account(t, alice.token)).balance_fen).toBe(10_100);
    expect((await instances(alice.token)).find((i) => i.id === instance.id)).toMatchObject({
      jobs_total: 1,
      jobs_running: 0,
    });
  });

  it('refuses a level the remaining capacity cannot host; the order stays pending', async () => {
    const big = expectOk(await newOrder(alice.token, { level: 'Enhanced', pay_type: 'postPaid' }), 'orderCreated');
    expectFailure(await pay(alice.token, big.order_no), 409, 'capacityUnavailable', {
      params: { level: 'Enhanced', cores: 8, free: 4 },
    });
    expect((await order(t, alice.token, 'INSTANCE', big.order_no))?.status).toBe('pending');
  });

  it('expiring mid-job: the job finishes on shared capacity and its log says so', async () => {
    const id = await hold(alice.token, projectId);
    await waitJob(id, (s) => s === 'RUNNING');
    expect((await jobRow(id)).lane).toBe(`instance:${instance.id}`);
    t.clock.advance(30 * DAY);
    // A month later the session has ended too: sign in again.
    alice = await login(t, alice.user.email!);
    await waitInstance(alice.token, instance.id, 'expired');
    t.clock.advance(100 * SECOND);
    release(id);
    await waitJob(id, (s) => s === 'FINISHED');
    const metered = await waitUntil(
      () => jobRow(id),
      (j) => j.core_seconds !== null && j.log.includes('shared capacity'),
      {
        what: 'the expiry note',
      },
    );
    expect(metered.log).toContain(`Instance #${instance.id} expired`);
    expect(Number(metered.quota_core_seconds)).toBeGreaterThanOrEqual(100);
    expect((await instances(alice.token)).find((i) => i.id === instance.id)?.end_reason).toBe('expired');
    // Its next job goes to the shared pool.
    const next = await t.app.jobs.service.submitRaw(await authOf(alice.token), projectId, 'ECHO', 'shared', {
      words: 'y',
    });
    expect((await waitJob(next, (s) => s === 'FINISHED')).lane).toBe('shared');
  });
});

describe('a post-paid instance', () => {
  let carol: AuthResult;
  let projectId: number;
  let instance: Instance;
  beforeAll(async () => {
    carol = await registerUser(t);
    projectId = await createProject(t, carol.token, 'Post');
    await recharge(t, carol.token, 1_000);
  });

  it('costs nothing up front and charges each job its core-hours, once', async () => {
    const paid = await buy(carol.token, { level: 'Basic', pay_type: 'postPaid' });
    expect(paid.amount_fen).toBe(0);
    [instance] = (await account(t, carol.token)).instances as [Instance];
    instance = await activate(carol.token, instance.id);
    expect(instance.expires_at).toBeNull();
    const id = await hold(carol.token, projectId);
    await waitJob(id, (s) => s === 'RUNNING');
    t.clock.advance(3600 * SECOND);
    release(id);
    await waitJob(id, (s) => s === 'FINISHED');
    await waitUntil(
      () => jobRow(id),
      (j) => j.core_seconds !== null,
      { what: 'metering' },
    );
    const row = await jobRow(id);
    // Basic: 2 cores for its one job, an hour at ¥0.30 per core-hour.
    expect(Number(row.core_seconds)).toBe(7_200);
    expect(Number(row.quota_core_seconds)).toBe(0);
    const usage = (await ledger(t, carol.token)).items.filter((r) => r.kind === 'USAGE');
    expect(usage).toEqual([expect.objectContaining({ amount_fen: -60, job_id: id, instance_id: instance.id })]);
    expect((await account(t, carol.token)).balance_fen).toBe(940);
  });

  it('is stopped by its owner only, once', async () => {
    const stranger = await registerUser(t);
    expectFailure(
      await t.request('POST', `/v1/billing/instances/${instance.id}/stop`, { token: stranger.token }),
      404,
      'instanceNotFound',
    );
    expectFailure(await t.request('POST', `/v1/billing/instances/${instance.id}/stop`), 401, 'sessionExpired');
    const stopped = expectOk(
      await t.request<Instance>('POST', `/v1/billing/instances/${instance.id}/stop`, { token: carol.token }),
      'instanceStopped',
    );
    expect(stopped).toMatchObject({ status: 'expired', end_reason: 'stopped' });
    expectFailure(
      await t.request('POST', `/v1/billing/instances/${instance.id}/stop`, { token: carol.token }),
      400,
      'instanceAlreadyEnded',
    );
    // Stopped after it ran: a post-paid instance has nothing to refund.
    expect((await ledger(t, carol.token)).items.some((r) => r.kind === 'REFUND')).toBe(false);
  });
});

describe('the compute quota', () => {
  it('is checked at submit: used up, the job is refused with 402 and no row is written', async () => {
    admin = await login(t, ADMIN);
    const erin = await registerUser(t);
    const projectId = await createProject(t, erin.token, 'Quota');
    expectOk(
      await t.request('POST', `/v1/admin/users/${erin.user.id}/adjust`, {
        token: admin.token,
        body: { quota_core_hours: -100, reason: 'test: no shared compute' },
      }),
      'adjustmentSaved',
    );
    const before = await t.db.kysely.selectFrom('jobs').select('id').where('user_id', '=', erin.user.id).execute();
    const res = await t.request('POST', '/v1/jobs/transmol', {
      token: erin.token,
      body: {
        project_id: projectId,
        smiles1: 'CCO',
        smiles2: 'CCN',
        epsilon: 0.5,
        number: 10,
        remain_range_ge: 0,
        remain_range_le: 100,
      },
    });
    expectFailure(res, 402, 'computeQuotaExhausted', { params: { used: '0.00', total: '0.00' } });
    const after = await t.db.kysely.selectFrom('jobs').select('id').where('user_id', '=', erin.user.id).execute();
    expect(after).toEqual(before);
  });

  it('counts shared run time against the quota', async () => {
    const frank = await registerUser(t);
    const projectId = await createProject(t, frank.token, 'Used');
    const id = await hold(frank.token, projectId);
    await waitJob(id, (s) => s === 'RUNNING');
    t.clock.advance(90 * SECOND);
    release(id);
    await waitUntil(
      () => jobRow(id),
      (j) => j.quota_core_seconds !== null,
      { what: 'metering' },
    );
    expect((await account(t, frank.token)).quota_used_core_seconds).toBe(90);
  });

  it('the ledger balances for every user', async () => {
    expect(await expectLedgerBalances(t)).toBeGreaterThan(5);
  });
});

describe('a queued job whose owner ran out of quota while it waited', () => {
  let q: TestApp;
  afterAll(async () => {
    await q?.app.jobs.runner.stop();
    await q?.close();
  });

  it('fails before it starts, with the reason, and never runs', async () => {
    q = await createTestApp({ adminEmails: ADMIN }, { jobTypes: TEST_JOB_TYPES });
    let ran = false;
    q.app.jobs.runner.register('ECHO', async () => {
      ran = true;
    });
    q.app.jobs.runner.register('SLEEP', async () => {});
    q.app.jobs.runner.register('FAIL', async () => {});
    const qAdmin = await registerUser(q, ADMIN);
    const user = await registerUser(q);
    const projectId = await createProject(q, user.token, 'Wait');
    const auth = (await q.app.services.sessions.resolve(user.token))!;
    // Queued while the engine is not running yet: admitted, waiting.
    const id = await q.app.jobs.service.submitRaw(auth, projectId, 'ECHO', 'waits', { words: 'z' });
    expectOk(
      await q.request('POST', `/v1/admin/users/${user.user.id}/adjust`, {
        token: qAdmin.token,
        body: { quota_core_hours: -100, reason: 'quota withdrawn' },
      }),
      'adjustmentSaved',
    );
    q.app.jobs.runner.start();
    const failed = await waitUntil(
      () => q.request<Job>('GET', `/v1/jobs/${id}`, { token: user.token }),
      (r) => r.body.data?.status === 'FAILED',
      { what: 'the refused job' },
    );
    expect(failed.body.data.error).toBe(translate('computeQuotaExhausted', 'en', { used: '0.00', total: '0.00' }));
    expect(failed.body.data.start_time).toBeNull();
    expect(ran).toBe(false);
  });
});
