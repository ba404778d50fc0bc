import { AdminAdjustment, type AdminUser, BILLING_LIMITS } from '@medx/contract';
import { App, Button, Col, Form, Input, InputNumber, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminUsersApi } from '../../../api/admin';
import { formatFen, yuanToFen } from '../../../lib/money';
import { zodRule } from '../../../lib/zod-rule';
import { useRefreshAdminUsers } from './use-admin-users';

interface AdjustmentFields {
  /** Yuan, signed, 2 decimals. */
  balance?: number | null;
  /** Core-hours, signed, whole. */
  quota?: number | null;
  reason?: string;
}

const MAX_YUAN = BILLING_LIMITS.adjustBalanceMaxFen / 100;
const MAX_HOURS = BILLING_LIMITS.adjustQuotaMaxCoreHours;

interface AdjustmentFormProps {
  user: AdminUser;
  onChange: (user: AdminUser) => void;
}

/**
 * POST /v1/admin/users/{id}/adjust: a signed change of balance (yuan, sent in fen) and/or of
 * compute quota (core-hours), with the reason the account record keeps.
 */
export function AdjustmentForm({ user, onChange }: AdjustmentFormProps) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const refresh = useRefreshAdminUsers();
  const [form] = Form.useForm<AdjustmentFields>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    // The schema's output: the trimmed reason the server would store.
    const parsed = AdminAdjustment.safeParse({
      balance_fen: yuanToFen(values.balance ?? 0),
      quota_core_hours: values.quota ?? 0,
      reason: values.reason ?? '',
    });
    if (!parsed.success) return;
    setBusy(true);
    const answer = await adminUsersApi.adjust(user.id, parsed.data);
    setBusy(false);
    if (!answer.success) return;
    message.success(answer.msg || t('msg:adjustmentSaved'));
    form.resetFields();
    onChange(answer.data);
    await refresh();
  };

  const range = (max: string) => t('users.adjust.range', { max });

  return (
    <Form<AdjustmentFields> form={form} layout="vertical" name={`admin-adjust-${user.id}`}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="balance"
            label={t('users.adjust.balance')}
            extra={t('users.adjust.balanceHelp', { balance: formatFen(user.balance_fen) })}
            dependencies={['quota']}
            rules={[
              {
                validator: async (_rule, value: number | null | undefined) => {
                  const fen = yuanToFen(value ?? 0);
                  if (Math.abs(fen) > BILLING_LIMITS.adjustBalanceMaxFen)
                    throw new Error(range(formatFen(MAX_YUAN * 100)));
                  if (fen === 0 && !form.getFieldValue('quota')) throw new Error(t('msg:adjustmentEmpty'));
                },
              },
            ]}
          >
            <InputNumber<number>
              prefix="¥"
              precision={2}
              step={1}
              min={-MAX_YUAN}
              max={MAX_YUAN}
              style={{ width: '100%' }}
              data-testid="admin-adjust-balance"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="quota"
            label={t('users.adjust.quota')}
            extra={t('users.adjust.quotaHelp')}
            rules={[
              {
                validator: async (_rule, value: number | null | undefined) => {
                  if (value && Math.abs(value) > MAX_HOURS) throw new Error(range(String(MAX_HOURS)));
                },
              },
            ]}
          >
            <InputNumber<number>
              precision={0}
              step={1}
              min={-MAX_HOURS}
              max={MAX_HOURS}
              style={{ width: '100%' }}
              data-testid="admin-adjust-quota"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="reason"
        label={t('users.adjust.reason')}
        required
        rules={[zodRule(AdminAdjustment.shape.reason, t)]}
      >
        <Input.TextArea
          maxLength={BILLING_LIMITS.reasonMax}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          placeholder={t('users.adjust.reasonPlaceholder')}
          data-testid="admin-adjust-reason"
        />
      </Form.Item>
      <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="admin-adjust-submit">
        {t('users.adjust.submit')}
      </Button>
    </Form>
  );
}
