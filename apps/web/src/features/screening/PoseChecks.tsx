import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { POSE_CHECKS, type ScreeningLigand } from '@medx/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface PoseChecksProps {
  ligand: Pick<ScreeningLigand, 'checks' | 'check_details'>;
  /** The expanded row: names and failure details as visible text, one check a line. */
  detailed?: boolean;
}

/**
 * The PoseBusters-style checks of a pose, in POSE_CHECKS order: a green check or a red cross
 * each. Compact in the table (names read by screen readers and on hover), in full when expanded.
 */
export function PoseChecks({ ligand, detailed = false }: PoseChecksProps) {
  const { t } = useTranslation('screening');
  const shown = POSE_CHECKS.filter((check) => ligand.checks[check] !== undefined);
  if (shown.length === 0) return <span>-</span>;
  const passed = shown.filter((check) => ligand.checks[check]).length;
  return (
    <span className="medx-screening-checks-cell">
      {!detailed && (
        <Typography.Text type={passed === shown.length ? 'success' : 'danger'} className="medx-screening-check-count">
          {`${passed}/${shown.length}`}
        </Typography.Text>
      )}
      <ul
        className={detailed ? 'medx-screening-checks medx-screening-checks-detailed' : 'medx-screening-checks'}
        aria-label={t('checks.label')}
      >
        {shown.map((check) => {
          const ok = ligand.checks[check] === true;
          const name = t(`checks.names.${check}`);
          const detail = ligand.check_details[check];
          return (
            <li key={check} title={detailed ? undefined : name} data-testid={`check-${check}`}>
              {ok ? (
                <CheckCircleFilled className="medx-screening-check-ok" aria-hidden />
              ) : (
                <CloseCircleFilled className="medx-screening-check-failed" aria-hidden />
              )}
              <span className={detailed ? undefined : 'medx-screening-sr'}>
                {` ${name}: ${ok ? t('checks.passed') : t('checks.failed')}`}
              </span>
              {detailed && !ok && detail && <Typography.Text type="secondary">{` — ${detail}`}</Typography.Text>}
            </li>
          );
        })}
      </ul>
    </span>
  );
}
