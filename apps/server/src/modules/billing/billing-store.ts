import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AccountsRepository } from './accounts.repository';
import { InstancesRepository } from './instances.repository';
import { LedgerRepository } from './ledger.repository';
import { MeteringRepository } from './metering.repository';
import { OrdersRepository } from './orders.repository';

/** The billing repositories over one connection or one transaction. */
export interface BillingRepos {
  accounts: AccountsRepository;
  ledger: LedgerRepository;
  orders: OrdersRepository;
  instances: InstancesRepository;
  metering: MeteringRepository;
}

function reposOf(db: Kysely<Database>): BillingRepos {
  return {
    accounts: new AccountsRepository(db),
    ledger: new LedgerRepository(db),
    orders: new OrdersRepository(db),
    instances: new InstancesRepository(db),
    metering: new MeteringRepository(db),
  };
}

/**
 * Billing's data: repositories for reads, and `atomic` for every change of money, so an
 * order's move and its ledger row commit together or not at all.
 */
export class BillingStore {
  readonly repos: BillingRepos;

  constructor(private readonly db: Kysely<Database>) {
    this.repos = reposOf(db);
  }

  atomic<T>(work: (repos: BillingRepos) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((tx) => work(reposOf(tx)));
  }
}
