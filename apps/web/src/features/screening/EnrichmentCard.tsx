import type { ScreeningEnrichment } from '@medx/contract';
import { Card, Col, Row, Statistic } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const SIZE = 170;
const PAD = { left: 34, right: 8, top: 8, bottom: 30 };
const PLOT = SIZE - PAD.left - PAD.right;

/** A rate (0 to 1) as an SVG point of the square plot. */
const px = (fpr: number) => PAD.left + fpr * PLOT;
const py = (tpr: number) => PAD.top + (1 - tpr) * PLOT;

/** The ROC curve as inline SVG: false positive rate across, true positive rate up, the chance diagonal dashed. */
function RocCurve({ roc }: { roc: ScreeningEnrichment['roc'] }) {
  const { t } = useTranslation('screening');
  const titleId = useId();
  const points = roc.map(([fpr, tpr]) => `${px(fpr).toFixed(1)},${py(tpr).toFixed(1)}`).join(' ');
  const bottom = PAD.top + PLOT;
  return (
    <svg
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      className="medx-screening-roc"
      role="img"
      aria-labelledby={titleId}
      data-testid="screening-roc"
    >
      <title id={titleId}>{t('enrichment.rocTitle')}</title>
      <line x1={PAD.left} y1={bottom} x2={PAD.left + PLOT} y2={bottom} className="medx-screening-axis" />
      <line x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={bottom} className="medx-screening-axis" />
      <line x1={px(0)} y1={py(0)} x2={px(1)} y2={py(1)} className="medx-screening-diagonal" />
      <polyline points={points} className="medx-screening-roc-line" data-testid="screening-roc-line" />
      {[0, 0.5, 1].map((v) => (
        <g key={v}>
          <text x={px(v)} y={bottom + 11} textAnchor="middle" className="medx-screening-tick">
            {v}
          </text>
          <text x={PAD.left - 4} y={py(v) + 3} textAnchor="end" className="medx-screening-tick">
            {v}
          </text>
        </g>
      ))}
      <text x={PAD.left + PLOT / 2} y={SIZE - 4} textAnchor="middle" className="medx-screening-axis-label">
        {t('enrichment.fpr')}
      </text>
      <text
        x={-(PAD.top + PLOT / 2)}
        y={10}
        transform="rotate(-90)"
        textAnchor="middle"
        className="medx-screening-axis-label"
      >
        {t('enrichment.tpr')}
      </text>
    </svg>
  );
}

/**
 * How well the ranking puts the known actives before the decoys (shown when the library was
 * labelled): ROC AUC, enrichment factors at 1 % and 5 %, BEDROC (α 20), and the ROC curve.
 */
export function EnrichmentCard({ enrichment }: { enrichment: ScreeningEnrichment }) {
  const { t } = useTranslation('screening');
  const tiles = [
    { key: 'roc_auc', title: t('enrichment.rocAuc'), value: enrichment.roc_auc, precision: 3 },
    { key: 'ef1', title: t('enrichment.ef1'), value: enrichment.ef1, precision: 1 },
    { key: 'ef5', title: t('enrichment.ef5'), value: enrichment.ef5, precision: 1 },
    { key: 'bedroc', title: t('enrichment.bedroc'), value: enrichment.bedroc, precision: 3 },
  ];
  return (
    <Card
      size="small"
      title={t('enrichment.title')}
      extra={t('enrichment.counts', { actives: enrichment.actives, decoys: enrichment.decoys })}
      data-testid="screening-enrichment"
    >
      <Row gutter={[12, 12]} align="middle">
        <Col flex="1 1 220px">
          <Row gutter={[12, 12]}>
            {tiles.map((tile) => (
              <Col span={12} key={tile.key}>
                <Statistic
                  title={tile.title}
                  value={tile.value}
                  precision={tile.precision}
                  data-testid={`screening-${tile.key}`}
                />
              </Col>
            ))}
          </Row>
        </Col>
        <Col flex="0 0 190px">
          <RocCurve roc={enrichment.roc} />
        </Col>
      </Row>
    </Card>
  );
}
