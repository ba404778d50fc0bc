import {
  INSTANCE_LEVELS,
  INSTANCE_STATUSES,
  type InstanceStatus,
  LEDGER_KINDS,
  ORDER_STATUSES,
  PAY_TYPES,
} from '@medx/contract';
import { renderHook } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { instanceDisplay, useBillingLabels } from './billing-labels';

function labelsIn(lang: string) {
  const fixed = i18n.cloneInstance({ lng: lang, fallbackLng: false });
  const { result } = renderHook(() => useBillingLabels(), {
    wrapper: ({ children }) => <I18nextProvider i18n={fixed}>{children}</I18nextProvider>,
  });
  return result.current;
}

describe('billing labels', () => {
  it('show the spec words for instance statuses, activating for the three early ones', () => {
    const statuses: InstanceStatus[] = ['pending', 'initializing', 'starting', 'running', 'failed', 'expired'];
    expect(statuses.map(instanceDisplay)).toEqual([
      'activating',
      'activating',
      'activating',
      'running',
      'failed',
      'expired',
    ]);
    const en = labelsIn('en');
    expect(statuses.map(en.instanceStatus)).toEqual([
      'Activating',
      'Activating',
      'Activating',
      'Running',
      'Activation failed',
      'Expired',
    ]);
    const zh = labelsIn('zh-CN');
    expect(statuses.map(zh.instanceStatus)).toEqual(['激活中', '激活中', '激活中', '运行中', '激活失败', '已过期']);
  });

  it('name levels, pay types, order statuses and ledger kinds in both languages', () => {
    const en = labelsIn('en');
    const zh = labelsIn('zh-CN');
    expect(INSTANCE_LEVELS.map(zh.level)).toEqual(['基础型', '标准型', '增强型', '专业型']);
    expect(PAY_TYPES.map(en.payType)).toEqual(['Monthly prepaid', 'Pay as you go']);
    expect(PAY_TYPES.map(zh.payType)).toEqual(['包月预付', '按量付费']);
    expect(ORDER_STATUSES.map(en.orderStatus)).toEqual(['Pending', 'Paid', 'Complete', 'Canceled', 'Payment error']);
    expect(ORDER_STATUSES.map(zh.orderStatus)).toEqual(['待支付', '已支付', '已完成', '已取消', '支付失败']);
    expect(LEDGER_KINDS.map(en.ledgerKind)).toEqual(['Recharge', 'Purchase', 'Usage', 'Adjustment', 'Refund']);
    expect(LEDGER_KINDS.map(zh.ledgerKind)).toEqual(['充值', '购买', '用量', '调整', '退款']);
    // Every status of the contract has a label (a new one would show its key).
    for (const status of INSTANCE_STATUSES) expect(en.instanceStatus(status)).not.toContain('instanceStatus.');
  });
});
