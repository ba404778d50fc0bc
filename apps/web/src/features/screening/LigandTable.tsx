import { EyeOutlined } from '@ant-design/icons';
import type { LigandStatus, ScreeningLigand } from '@medx/contract';
import { Button, Descriptions, Table, type TableProps, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { columnSortOrder, PAGE_SIZES, type SortState, sortFromTable } from './filters';
import { formatFixed, formatScore } from './format';
import { PoseChecks } from './PoseChecks';
import { canShowPose } from './show-screening-pose';

const STATUS_COLORS: Record<LigandStatus, string> = {
  PENDING: 'default',
  RUNNING: 'processing',
  DONE: 'success',
  FAILED: 'error',
};

/** Residues the table shows before "+N" (all of them in the expanded row). */
const RESIDUES_SHOWN = 3;

interface LigandTableProps {
  items: readonly ScreeningLigand[];
  total: number;
  loading: boolean;
  sort: SortState;
  page: number;
  pageSize: number;
  onSort: (sort: SortState) => void;
  onPaginate: (page: number, pageSize: number) => void;
  /** Whether Med View is there to show poses in. */
  viewer: boolean;
  /** The ligand whose pose is being opened. */
  opening: number | null;
  onOpen3d: (ligand: ScreeningLigand) => void;
  emptyText: ReactNode;
  /** Failures only: the error comes right after the status, where it is seen without scrolling. */
  errorFirst?: boolean;
}

export const statusTag = (t: TFunction, status: LigandStatus) => (
  <Tag color={STATUS_COLORS[status]}>{t(`screening:status.${status}`)}</Tag>
);

function residuesText(residues: readonly string[]): string {
  if (residues.length === 0) return '-';
  const head = residues.slice(0, RESIDUES_SHOWN).join(', ');
  return residues.length > RESIDUES_SHOWN ? `${head} +${residues.length - RESIDUES_SHOWN}` : head;
}

/** The columns with the error moved next to the status. */
function errorAfterStatus(columns: NonNullable<TableProps<ScreeningLigand>['columns']>) {
  const error = columns.find((c) => c.key === 'error');
  const rest = columns.filter((c) => c.key !== 'error');
  const at = rest.findIndex((c) => c.key === 'status') + 1;
  return error ? [...rest.slice(0, at), error, ...rest.slice(at)] : columns;
}

/** The expanded row: every check with why it failed, every residue touched, the SMILES, the error. */
function LigandDetails({ ligand }: { ligand: ScreeningLigand }) {
  const { t } = useTranslation('screening');
  const items = [
    { key: 'checks', label: t('table.checks'), children: <PoseChecks ligand={ligand} detailed /> },
    {
      key: 'residues',
      label: t('table.residues'),
      children: ligand.residues.length ? ligand.residues.map((r) => <Tag key={r}>{r}</Tag>) : '-',
    },
    {
      key: 'smiles',
      label: t('table.smiles'),
      children: ligand.smiles ? (
        <Typography.Text code copyable className="medx-screening-smiles">
          {ligand.smiles}
        </Typography.Text>
      ) : (
        '-'
      ),
    },
  ];
  if (ligand.error) {
    items.push({
      key: 'error',
      label: t('table.error'),
      children: <Typography.Text type="danger">{ligand.error}</Typography.Text>,
    });
  }
  return (
    <Descriptions size="small" column={1} bordered items={items} data-testid={`screening-details-${ligand.index}`} />
  );
}

/**
 * The screen's ligands, paged, sorted and filtered on the server: rank, name, score, status,
 * the pose checks, properties, the residues the pose touches, the error of a failed ligand,
 * and the 3D button; a row expands to the details.
 */
export function LigandTable(props: LigandTableProps) {
  const { t } = useTranslation('screening');
  const { sort } = props;
  const sortable = (key: SortState['sort']) => ({
    sorter: true,
    sortOrder: columnSortOrder(sort, key),
    sortDirections: ['ascend' as const, 'descend' as const],
  });

  const columns: TableProps<ScreeningLigand>['columns'] = [
    { key: 'rank', title: t('table.rank'), width: 64, render: (_v, row) => row.rank ?? '-' },
    {
      key: 'name',
      title: t('table.name'),
      width: 180,
      ellipsis: true,
      ...sortable('name'),
      render: (_v, row) => (
        <span>
          {row.name}
          {row.active === true && (
            <Tag color="green" style={{ marginInlineStart: 4 }}>
              {t('activity.active')}
            </Tag>
          )}
          {row.active === false && <Tag style={{ marginInlineStart: 4 }}>{t('activity.inactive')}</Tag>}
        </span>
      ),
    },
    {
      key: 'score',
      title: t('table.score'),
      width: 96,
      ...sortable('score'),
      render: (_v, row) => formatScore(row.score),
    },
    { key: 'status', title: t('table.status'), width: 100, render: (_v, row) => statusTag(t, row.status) },
    { key: 'checks', title: t('table.checks'), width: 170, render: (_v, row) => <PoseChecks ligand={row} /> },
    { key: 'mw', title: t('table.mw'), width: 84, ...sortable('mw'), render: (_v, row) => formatFixed(row.mw, 1) },
    {
      key: 'logp',
      title: t('table.logp'),
      width: 76,
      ...sortable('logp'),
      render: (_v, row) => formatFixed(row.logp, 2),
    },
    {
      key: 'hbd_hba',
      title: t('table.hbdHba'),
      width: 90,
      render: (_v, row) => `${row.hbd ?? '-'} / ${row.hba ?? '-'}`,
    },
    {
      key: 'rotatable_bonds',
      title: t('table.rotatable'),
      width: 90,
      ...sortable('rotatable_bonds'),
      render: (_v, row) => row.rotatable_bonds ?? '-',
    },
    {
      key: 'heavy_atoms',
      title: t('table.heavyAtoms'),
      width: 96,
      ...sortable('heavy_atoms'),
      render: (_v, row) => row.heavy_atoms ?? '-',
    },
    {
      key: 'residues',
      title: t('table.residues'),
      width: 160,
      ellipsis: true,
      render: (_v, row) => residuesText(row.residues),
    },
    {
      key: 'error',
      title: t('table.error'),
      width: 220,
      ellipsis: true,
      render: (_v, row) =>
        row.status === 'FAILED' && row.error ? (
          <Typography.Text type="danger" data-testid={`screening-error-${row.index}`}>
            {row.error}
          </Typography.Text>
        ) : null,
    },
    {
      key: 'action',
      title: t('table.action'),
      width: 80,
      fixed: 'right',
      render: (_v, row) => (
        <Tooltip title={props.viewer ? t('table.show3d') : t('table.noViewer')}>
          <Button
            size="small"
            icon={<EyeOutlined />}
            disabled={!props.viewer || !canShowPose(row)}
            loading={props.opening === row.index}
            onClick={() => props.onOpen3d(row)}
            aria-label={t('table.show3dOf', { name: row.name })}
            data-testid={`screening-3d-${row.index}`}
          >
            3D
          </Button>
        </Tooltip>
      ),
    },
  ];

  const shown = props.errorFirst ? errorAfterStatus(columns) : columns;

  return (
    <Table<ScreeningLigand>
      size="small"
      rowKey="index"
      columns={shown}
      dataSource={[...props.items]}
      loading={props.loading}
      locale={{ emptyText: props.emptyText }}
      expandable={{ expandedRowRender: (row) => <LigandDetails ligand={row} /> }}
      onRow={(row) => ({ 'data-testid': `screening-row-${row.index}` }) as React.HTMLAttributes<HTMLElement>}
      onChange={(pagination, _filters, sorter, extra) => {
        if (extra.action === 'sort' && !Array.isArray(sorter)) {
          props.onSort(sortFromTable(sorter.columnKey, sorter.order));
        } else if (extra.action === 'paginate') {
          props.onPaginate(pagination.current ?? 1, pagination.pageSize ?? props.pageSize);
        }
      }}
      pagination={{
        current: props.page,
        pageSize: props.pageSize,
        total: props.total,
        pageSizeOptions: PAGE_SIZES,
        showSizeChanger: true,
        size: 'small',
        showTotal: (count) => t('table.total', { count }),
      }}
      scroll={{ x: 1700 }}
    />
  );
}
