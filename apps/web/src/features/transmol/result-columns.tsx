import { EditOutlined } from '@ant-design/icons';
import type { TransMolResultRow } from '@medx/contract';
import { Button, type TableColumnType, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { imageSrc } from '../../workspace/molecule-board/MoleculeBoardModal';
import { formatScore, lipinskiSummary, sortOrderOf, type TransMolSort, type TransMolSortField } from './result-rules';

interface ColumnOptions {
  t: TFunction;
  sort: TransMolSort;
  onOpen2d: (row: TransMolResultRow) => void;
}

const LIPINSKI_COLORS = ['error', 'error', 'error', 'warning', 'success'] as const;

/**
 * The TransMol Result columns: 2D image, rank, SMILES (copyable), the scores (sortable on the
 * server: rank, SA score, QED, both similarities, MW, logP), Lipinski, SYBA, name and the 2D
 * editor action; what matters most comes first, as the slot is narrow and the table scrolls.
 * Score cells carry test ids so end-to-end tests can read the order.
 */
export function resultColumns({ t, sort, onOpen2d }: ColumnOptions): TableColumnType<TransMolResultRow>[] {
  const sortable = (
    field: TransMolSortField,
    title: string,
    width: number,
    decimals: number,
  ): TableColumnType<TransMolResultRow> => ({
    key: field,
    title,
    width,
    sorter: true,
    sortOrder: sortOrderOf(sort, field),
    showSorterTooltip: false,
    onHeaderCell: () => ({ 'data-testid': `transmol-sort-${field}` }) as React.HTMLAttributes<HTMLElement>,
    render: (_v, row) => <span data-testid={`transmol-${field}`}>{formatScore(row[field], decimals)}</span>,
  });

  return [
    {
      key: 'image',
      title: t('transmol:result.columns.image'),
      width: 112,
      render: (_v, row) => {
        const src = imageSrc(row.image);
        return src ? (
          <img
            className="medx-transmol-result-image"
            src={src}
            alt={t('transmol:result.imageAlt', { name: row.filename })}
            data-testid="transmol-image"
          />
        ) : null;
      },
    },
    sortable('rank', t('transmol:result.columns.rank'), 76, 0),
    {
      key: 'smiles',
      title: t('transmol:result.columns.smiles'),
      width: 200,
      render: (_v, row) => (
        <Typography.Text
          copyable={{ text: row.smiles }}
          style={{ wordBreak: 'break-all' }}
          data-testid="transmol-smiles"
        >
          {row.smiles}
        </Typography.Text>
      ),
    },
    sortable('sa_score', t('transmol:result.columns.sa'), 100, 2),
    sortable('qed', t('transmol:result.columns.qed'), 80, 2),
    sortable('similarity1', t('transmol:result.columns.similarity1'), 120, 2),
    sortable('similarity2', t('transmol:result.columns.similarity2'), 120, 2),
    sortable('molecular_weight', t('transmol:result.columns.mw'), 90, 1),
    sortable('logp', t('transmol:result.columns.logp'), 80, 2),
    {
      key: 'lipinski',
      title: t('transmol:result.columns.lipinski'),
      width: 130,
      render: (_v, row) => {
        const { passed, total, failed } = lipinskiSummary(row.lipinski);
        return (
          <span data-testid="transmol-lipinski">
            <Tag color={LIPINSKI_COLORS[passed]}>{`${passed}/${total}`}</Tag>
            {failed.length > 0 && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('transmol:result.lipinskiFails', {
                  rules: failed.map((rule) => t(`transmol:result.lipinskiRules.${rule}`)).join(', '),
                })}
              </Typography.Text>
            )}
          </span>
        );
      },
    },
    {
      key: 'syba',
      title: t('transmol:result.columns.syba'),
      width: 70,
      render: (_v, row) => <span data-testid="transmol-syba">{formatScore(row.syba_score)}</span>,
    },
    {
      key: 'filename',
      title: t('transmol:result.columns.filename'),
      dataIndex: 'filename',
      width: 150,
      ellipsis: true,
    },
    {
      key: 'action',
      title: t('transmol:result.columns.action'),
      width: 170,
      render: (_v, row) => (
        <Button
          size="small"
          icon={<EditOutlined />}
          onClick={() => onOpen2d(row)}
          data-testid={`transmol-open2d-${row.rank}`}
        >
          {t('transmol:result.open2d')}
        </Button>
      ),
    },
  ];
}
