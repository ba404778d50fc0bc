import { randomBytes } from 'node:crypto';
import { defineFeature } from '../../platform';
import { adminAccountsRoutes } from './admin-accounts.routes';
import { AdminAccountsService } from './admin-accounts.service';
import { billingRoutes } from './billing.routes';
import { BillingService } from './billing.service';
import { BillingStore } from './billing-store';
import { InstancesService } from './instances.service';
import { ComputeQuota, MeteringService } from './metering.service';
import { paymentRoutes } from './payments/payments.routes';
import { sandboxCheckoutRoutes } from './payments/sandbox-checkout.routes';
import { SandboxPaymentProvider } from './payments/sandbox-provider';

/**
 * Billing (issue 15 parts 2–5, docs/decisions.md "Billing"): balances and the ledger,
 * orders, recharges through a payment provider (the sandbox ships), instances as queue
 * lanes, metering and the compute quota, and the admin area's accounts. It plugs into the
 * job engine through the platform's hooks: a submit check, a start gate, the lane router
 * and the settled listener.
 */
export const billingFeature = defineFeature({
  name: 'billing',
  setup: (platform) => {
    const { config, db, clock, log, jobs } = platform;
    const store = new BillingStore(db.kysely);
    const quota = new ComputeQuota(store, {
      registeredCoreHours: config.computeQuotaCoreHours,
      guestCoreHours: config.guestComputeQuotaCoreHours,
    });
    const instances = new InstancesService(
      store,
      jobs,
      { capacityCores: config.instanceCapacityCores, activationSeconds: config.instanceActivationSeconds },
      clock,
      log,
    );
    const metering = new MeteringService(store, quota, jobs, clock, log);
    const provider = new SandboxPaymentProvider(
      store.repos.orders,
      config.paymentSandboxSecret ?? randomBytes(32).toString('hex'),
      clock,
    );
    const billing = new BillingService(store, instances, quota, provider, clock);
    const admin = new AdminAccountsService(
      store,
      billing,
      instances,
      quota,
      {
        isAdmin: platform.isAdmin,
        isAdminByConfig: platform.isAdminByConfig,
        permissions: platform.permissions,
        quotas: platform.quotas,
        jobs,
        capacityCores: config.instanceCapacityCores,
      },
      clock,
    );

    jobs.routeLanes((jobId) => metering.laneOf(jobId));
    jobs.addSubmitCheck((auth) => metering.checkSubmit(auth));
    jobs.addStartGate((job, lane) => metering.checkStart(job, lane));
    jobs.onSettled((jobId) => {
      metering.settle(jobId).catch((err: unknown) => log.error({ err, jobId }, 'metering a job failed'));
    });
    jobs.onStarted(() => instances.start());

    return {
      routes: [
        { prefix: '/v1/billing', plugin: billingRoutes(billing, instances, config) },
        { prefix: '/v1/payments', plugin: paymentRoutes(billing, provider) },
        { prefix: '/sandbox-pay', plugin: sandboxCheckoutRoutes(provider) },
        { prefix: '/v1/admin', plugin: adminAccountsRoutes(admin) },
      ],
    };
  },
});
