import type { InstanceLevel, LevelSpec } from '@medx/contract';
import { Card, Col, Flex, Row, Typography, theme } from 'antd';
import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFen } from '../../lib/money';
import { useBillingLabels } from '../billing/billing-labels';

export interface LevelCardsProps {
  levels: LevelSpec[];
  value: InstanceLevel;
  onChange: (level: InstanceLevel) => void;
}

const NEXT_KEYS = ['ArrowRight', 'ArrowDown'];
const PREVIOUS_KEYS = ['ArrowLeft', 'ArrowUp'];

/**
 * The four levels as cards that form one radio group (WAI-ARIA radiogroup: the checked card
 * is the tab stop, arrows move the choice, Space or Enter takes the focused card), each with
 * its configuration and both prices.
 */
export function LevelCards({ levels, value, onChange }: LevelCardsProps) {
  const { t } = useTranslation('billing');
  const labels = useBillingLabels();
  const { token } = theme.useToken();
  const cards = useRef<(HTMLDivElement | null)[]>([]);

  const choose = (index: number) => {
    const spec = levels[(index + levels.length) % levels.length];
    if (!spec) return;
    onChange(spec.level);
    cards.current[levels.indexOf(spec)]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    if (NEXT_KEYS.includes(event.key)) choose(index + 1);
    else if (PREVIOUS_KEYS.includes(event.key)) choose(index - 1);
    else if (event.key === ' ' || event.key === 'Enter') choose(index);
    else return;
    event.preventDefault();
  };

  return (
    <Row gutter={[16, 16]} role="radiogroup" aria-label={t('purchase.level')}>
      {levels.map((spec, index) => {
        const checked = spec.level === value;
        return (
          <Col key={spec.level} xs={24} sm={12} xl={6}>
            <Card
              ref={(node) => {
                cards.current[index] = node;
              }}
              role="radio"
              aria-checked={checked}
              tabIndex={checked ? 0 : -1}
              data-testid={`purchase-level-${spec.level}`}
              hoverable
              size="small"
              title={labels.level(spec.level)}
              onClick={() => onChange(spec.level)}
              onKeyDown={(event) => onKeyDown(event, index)}
              style={{
                height: '100%',
                cursor: 'pointer',
                borderColor: checked ? token.colorPrimary : undefined,
                boxShadow: checked ? `0 0 0 1px ${token.colorPrimary}` : undefined,
              }}
            >
              <Flex vertical gap={4}>
                <Spec label={t('purchase.cores')} value={spec.cores} />
                <Spec label={t('purchase.memory')} value={t('purchase.memoryValue', { gb: spec.memory_gb })} />
                <Spec label={t('purchase.concurrentJobs')} value={spec.concurrent_jobs} />
                <Typography.Text strong style={{ marginTop: 8 }}>
                  {t('purchase.perMonth', { price: formatFen(spec.month_price_fen) })}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {t('purchase.perCoreHour', { price: formatFen(spec.core_hour_price_fen) })}
                </Typography.Text>
              </Flex>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

function Spec({ label, value }: { label: string; value: string | number }) {
  return (
    <Flex justify="space-between" gap={8}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text>{value}</Typography.Text>
    </Flex>
  );
}
