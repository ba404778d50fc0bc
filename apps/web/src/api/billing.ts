import {
  ACTIVATING_STATUSES,
  type BillingAccount,
  type Instance,
  type InstanceOrderRequest,
  type LedgerList,
  type LedgerQuery,
  type LevelSpec,
  type Order,
  type OrderList,
  type OrderQuery,
  type RechargeCheckout,
  type RechargeRequest,
} from '@medx/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, unwrap } from './client';

/** How often the account is read again while an instance is activating (it turns Running live). */
export const ACTIVATING_REFETCH_MS = 3000;

/** Pages of the account, purchase and recharge records. */
export const BILLING_PAGE_SIZE = 10;

export type LedgerParams = Pick<LedgerQuery, 'page' | 'limit' | 'sort_by' | 'order'>;
export type OrderParams = Pick<OrderQuery, 'kind' | 'page' | 'limit' | 'sort_by' | 'order'>;

/**
 * Billing (packages/contract/src/billing.ts, docs/decisions.md "Billing"): money in integer fen,
 * compute in core-seconds. Reads are silent (the cards and tables say a failed load themselves);
 * actions show the server's message on failure (balance short, guests, a non-pending order).
 */
export const billingApi = {
  levels: () => api.get<LevelSpec[]>('/billing/levels', undefined, { silent: true }),
  account: () => api.get<BillingAccount>('/billing/account', undefined, { silent: true }),
  ledger: (params: LedgerParams) => api.get<LedgerList>('/billing/ledger', { ...params }, { silent: true }),
  orders: (params: OrderParams) => api.get<OrderList>('/billing/orders', { ...params }, { silent: true }),
  createOrder: (body: InstanceOrderRequest) => api.post<Order>('/billing/orders', body),
  /** Pays a pending instance order from the balance; the instance starts activating. */
  payOrder: (orderNo: string) => api.post<Order>(`/billing/orders/${encodeURIComponent(orderNo)}/pay`, {}),
  cancelOrder: (orderNo: string) => api.post<Order>(`/billing/orders/${encodeURIComponent(orderNo)}/cancel`, {}),
  /** A pending recharge and the provider's checkout the browser goes to. */
  recharge: (body: RechargeRequest) => api.post<RechargeCheckout>('/billing/recharges', body),
  instances: () => api.get<Instance[]>('/billing/instances', undefined, { silent: true }),
  stopInstance: (id: number) => api.post<Instance>(`/billing/instances/${id}/stop`, {}),
};

/** Query keys; everything under `billingKey` changes with a payment, a recharge or a stop. */
export const billingKey = ['billing'] as const;
export const billingKeys = {
  levels: [...billingKey, 'levels'] as const,
  account: [...billingKey, 'account'] as const,
  ledger: (params: LedgerParams) => [...billingKey, 'ledger', params] as const,
  orders: (params: OrderParams) => [...billingKey, 'orders', params] as const,
  instances: [...billingKey, 'instances'] as const,
};

export const isActivating = (instance: Pick<Instance, 'status'>) => ACTIVATING_STATUSES.includes(instance.status);

/** The levels and their prices: they change only with the server's settings. */
export function useBillingLevels() {
  return useQuery({
    queryKey: billingKeys.levels,
    queryFn: async () => unwrap(await billingApi.levels()),
    staleTime: 5 * 60_000,
  });
}

/** Balance, compute quota and live instances; read every 3 s while one of them is activating. */
export function useBillingAccount() {
  return useQuery({
    queryKey: billingKeys.account,
    queryFn: async () => unwrap(await billingApi.account()),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.instances.some(isActivating) ? ACTIVATING_REFETCH_MS : false),
  });
}

/** All the user's instances, ended ones too, newest first. */
export function useInstances() {
  return useQuery({
    queryKey: billingKeys.instances,
    queryFn: async () => unwrap(await billingApi.instances()),
    staleTime: 0,
  });
}

/** The account record, sorted and paged by the server; the last page stays shown while the next loads. */
export function useLedger(params: LedgerParams) {
  return useQuery({
    queryKey: billingKeys.ledger(params),
    queryFn: async () => unwrap(await billingApi.ledger(params)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export interface OrdersOptions {
  /** Reads again every `refetchMs` while it returns true (a recharge just back from its checkout). */
  pollWhile?: (list: OrderList) => boolean;
  refetchMs?: number;
}

/** Purchase or recharge records, sorted and paged by the server. */
export function useOrders(params: OrderParams, { pollWhile, refetchMs = ACTIVATING_REFETCH_MS }: OrdersOptions = {}) {
  return useQuery({
    queryKey: billingKeys.orders(params),
    queryFn: async () => unwrap(await billingApi.orders(params)),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) => (pollWhile && query.state.data && pollWhile(query.state.data) ? refetchMs : false),
  });
}

/** After a payment, a cancel, a recharge or a stop: balances, records and instances are all stale. */
export function useInvalidateBilling(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: billingKey }), [queryClient]);
}
