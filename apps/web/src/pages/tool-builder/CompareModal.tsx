import { type BuilderDraft, type BuilderVersion, type DraftChange, diffDrafts } from '@medx/contract';
import { useQueries } from '@tanstack/react-query';
import { Alert, Empty, Modal, Spin, Table, type TableProps, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { unwrap } from '../../api/client';
import { toolBuilderApi, toolBuilderKey } from '../../api/tool-builder';

interface CompareModalProps {
  /** One version (compared with the current draft) or two (the older first). */
  ids: readonly number[] | null;
  current: BuilderDraft;
  onClose: () => void;
}

export const versionKey = (id: number) => [...toolBuilderKey, 'version', id] as const;

/** A changed value as text: strings as they are, anything else as JSON; nothing as a dash. */
export function changeText(value: unknown): string {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'string') return value === '' ? '""' : value;
  return JSON.stringify(value, null, 1);
}

/** The fields two versions (or a version and the current draft) differ in, path by path. */
export function CompareModal({ ids, current, onClose }: CompareModalProps) {
  const { t } = useTranslation('toolBuilder');
  const versions = useQueries({
    queries: (ids ?? []).map((id) => ({
      queryKey: versionKey(id),
      queryFn: async (): Promise<BuilderVersion> => unwrap(await toolBuilderApi.version(id)),
      staleTime: Infinity,
    })),
  });
  const loading = versions.some((q) => q.isPending);
  const failed = versions.some((q) => q.isError);
  const [first, second] = versions.map((q) => q.data);
  const before = first?.draft;
  const after = ids?.length === 2 ? second?.draft : current;

  const rows = useMemo<DraftChange[]>(() => (before && after ? diffDrafts(before, after) : []), [before, after]);

  const columns: TableProps<DraftChange>['columns'] = [
    {
      key: 'path',
      title: t('compare.path'),
      dataIndex: 'path',
      width: '26%',
      render: (path: string) => <Typography.Text code>{path}</Typography.Text>,
    },
    {
      key: 'before',
      title: first ? t('compare.versionTitle', { id: first.id, version: first.version }) : t('compare.before'),
      render: (_v, row) => <pre className="medx-builder-diff medx-builder-diff-before">{changeText(row.before)}</pre>,
    },
    {
      key: 'after',
      title:
        ids?.length === 2 && second
          ? t('compare.versionTitle', { id: second.id, version: second.version })
          : t('compare.current'),
      render: (_v, row) => <pre className="medx-builder-diff medx-builder-diff-after">{changeText(row.after)}</pre>,
    },
  ];

  return (
    <Modal
      open={ids !== null}
      title={t('compare.title')}
      onCancel={onClose}
      footer={null}
      width={960}
      destroyOnHidden
      data-testid="builder-compare-modal"
    >
      {failed ? (
        <Alert type="error" showIcon title={t('compare.failed')} />
      ) : loading ? (
        <Spin>
          <div style={{ minHeight: 120 }} />
        </Spin>
      ) : rows.length === 0 ? (
        <Empty description={t('compare.same')} data-testid="builder-compare-same" />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('compare.count', { count: rows.length })}</Typography.Paragraph>
          <Table<DraftChange>
            size="small"
            rowKey="path"
            columns={columns}
            dataSource={rows}
            pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
            scroll={{ y: 480 }}
            data-testid="builder-compare-table"
          />
        </>
      )}
    </Modal>
  );
}
