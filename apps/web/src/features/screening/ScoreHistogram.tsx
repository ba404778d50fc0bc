import type { ScreeningSummary } from '@medx/contract';
import { Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type Filters, isBinSelected } from './filters';
import { formatScore } from './format';

type Bin = ScreeningSummary['histogram'][number];

interface ScoreHistogramProps {
  bins: readonly Bin[];
  filters: Filters;
  onSelect: (bin: Bin) => void;
}

const WIDTH = 360;
const HEIGHT = 150;
const PAD = { left: 40, right: 8, top: 8, bottom: 36 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

/**
 * The docked scores' histogram as inline SVG (no chart library): one bar per bin, its count in
 * a <title> and in its accessible name; a bar is a button that filters the table to its range.
 */
export function ScoreHistogram({ bins, filters, onSelect }: ScoreHistogramProps) {
  const { t } = useTranslation('screening');
  const titleId = useId();
  if (bins.length === 0 || bins.every((bin) => bin.count === 0)) {
    return (
      <Typography.Text type="secondary" data-testid="screening-histogram-empty">
        {t('histogram.empty')}
      </Typography.Text>
    );
  }
  const max = Math.max(...bins.map((bin) => bin.count));
  const slot = PLOT_W / bins.length;
  const first = bins[0] as Bin;
  const last = bins[bins.length - 1] as Bin;
  const bottom = PAD.top + PLOT_H;

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="medx-screening-chart"
      aria-labelledby={titleId}
      data-testid="screening-histogram"
    >
      <title id={titleId}>{t('histogram.title')}</title>
      <line x1={PAD.left} y1={bottom} x2={WIDTH - PAD.right} y2={bottom} className="medx-screening-axis" />
      <line x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={bottom} className="medx-screening-axis" />
      <text x={PAD.left - 4} y={PAD.top + 8} textAnchor="end" className="medx-screening-tick">
        {max}
      </text>
      <text x={PAD.left - 4} y={bottom} textAnchor="end" className="medx-screening-tick">
        0
      </text>
      {bins.map((bin, i) => {
        const height = max > 0 ? (bin.count / max) * PLOT_H : 0;
        const x = PAD.left + i * slot;
        const selected = isBinSelected(filters, bin);
        const label = t('histogram.bar', { from: formatScore(bin.from), to: formatScore(bin.to), count: bin.count });
        return (
          // biome-ignore lint/a11y/useSemanticElements: an SVG shape cannot be a <button>; role and keys make it one.
          <g
            key={`${bin.from}:${bin.to}`}
            role="button"
            tabIndex={0}
            aria-label={label}
            aria-pressed={selected}
            className={selected ? 'medx-screening-bin medx-screening-bin-selected' : 'medx-screening-bin'}
            onClick={() => onSelect(bin)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' && event.key !== ' ') return;
              event.preventDefault();
              onSelect(bin);
            }}
            data-testid={`screening-bin-${i}`}
          >
            <title>{label}</title>
            {/* The whole column is clickable, so a bin of 1 among 1000 can still be chosen. */}
            <rect x={x} y={PAD.top} width={slot} height={PLOT_H} fill="transparent" />
            <rect
              x={x + 0.5}
              y={bottom - height}
              width={Math.max(slot - 1, 1)}
              height={height}
              className="medx-screening-bar"
            />
          </g>
        );
      })}
      <text x={PAD.left} y={bottom + 14} textAnchor="start" className="medx-screening-tick">
        {formatScore(first.from)}
      </text>
      <text x={WIDTH - PAD.right} y={bottom + 14} textAnchor="end" className="medx-screening-tick">
        {formatScore(last.to)}
      </text>
      <text x={PAD.left + PLOT_W / 2} y={HEIGHT - 4} textAnchor="middle" className="medx-screening-axis-label">
        {t('histogram.xAxis')}
      </text>
      <text
        x={-(PAD.top + PLOT_H / 2)}
        y={12}
        transform="rotate(-90)"
        textAnchor="middle"
        className="medx-screening-axis-label"
      >
        {t('histogram.yAxis')}
      </text>
    </svg>
  );
}
