import { DeleteOutlined, DiffOutlined, DownloadOutlined } from '@ant-design/icons';
import type { BuilderDraft, BuilderVersion, BuilderVersionSummary } from '@medx/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Popconfirm, Space, Switch, Table, type TableProps, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unwrap } from '../../api/client';
import { toolBuilderApi, toolBuilderKey } from '../../api/tool-builder';
import { formatTime } from '../../lib/format-time';
import { testId } from '../../lib/test-id';
import { CompareModal, versionKey } from './CompareModal';

export const VERSIONS_PAGE_SIZE = 10;
export const versionsKey = [...toolBuilderKey, 'versions'] as const;

/** A value that follows `value` once it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

interface VersionsPanelProps {
  toolId: string;
  current: BuilderDraft;
  /** The draft has changes no version holds (loading one then asks first). */
  dirty: boolean;
  onLoad: (version: BuilderVersion) => void;
}

/**
 * Spec §4 versions: the saved versions (of this tool id, or all), newest first; load one (asking
 * first when the draft has unsaved changes), delete one, compare two (or one with the draft).
 */
export function VersionsPanel({ toolId, current, dirty, onLoad }: VersionsPanelProps) {
  const { t } = useTranslation('toolBuilder');
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [allTools, setAllTools] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [comparing, setComparing] = useState<number[] | null>(null);
  const [loadingId, setLoadingId] = useState<number | null>(null);
  const filter = useDebounced(allTools ? '' : toolId.trim(), 400);

  const list = useQuery({
    queryKey: [...versionsKey, filter, page],
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(await toolBuilderApi.versions({ tool_id: filter || undefined, page, limit: VERSIONS_PAGE_SIZE })),
  });

  const load = async (summary: BuilderVersionSummary) => {
    setLoadingId(summary.id);
    try {
      const version = await queryClient.fetchQuery({
        queryKey: versionKey(summary.id),
        queryFn: async () => unwrap(await toolBuilderApi.version(summary.id)),
        staleTime: Infinity,
      });
      if (!dirty) {
        onLoad(version);
        return;
      }
      modal.confirm({
        title: t('versions.loadConfirmTitle', { id: version.id }),
        content: t('versions.loadConfirmText'),
        okText: t('versions.load'),
        cancelText: t('common:actions.cancel'),
        okButtonProps: { danger: true, ...testId('builder-version-load-confirm') },
        onOk: () => onLoad(version),
      });
    } catch {
      // The client has toasted the failure.
    } finally {
      setLoadingId(null);
    }
  };

  const remove = async (id: number) => {
    const answer = await toolBuilderApi.deleteVersion(id);
    if (!answer.success) return;
    message.success(answer.msg || t('msg:deleteSuccessful'));
    setSelected((ids) => ids.filter((other) => other !== id));
    await queryClient.invalidateQueries({ queryKey: versionsKey });
  };

  const compare = () => setComparing([...selected].sort((a, b) => a - b));

  const columns: TableProps<BuilderVersionSummary>['columns'] = [
    { key: 'id', title: t('versions.id'), dataIndex: 'id', width: 70 },
    ...(allTools || !filter
      ? [{ key: 'tool', title: t('versions.tool'), dataIndex: 'tool_id', ellipsis: true } as const]
      : []),
    { key: 'version', title: t('versions.version'), dataIndex: 'version', width: 110 },
    {
      key: 'date',
      title: t('versions.date'),
      dataIndex: 'timestamp',
      width: 240,
      render: (value: string) => formatTime(value),
    },
    {
      key: 'note',
      title: t('versions.note'),
      dataIndex: 'note',
      ellipsis: true,
      render: (note: string) => note || <Typography.Text type="secondary">–</Typography.Text>,
    },
    {
      key: 'actions',
      width: 150,
      render: (_v, row) => (
        <Space size={4}>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            loading={loadingId === row.id}
            onClick={() => void load(row)}
            data-testid={`builder-version-load-${row.id}`}
          >
            {t('versions.load')}
          </Button>
          <Popconfirm
            title={t('versions.deleteConfirm', { id: row.id })}
            okText={t('versions.delete')}
            cancelText={t('common:actions.cancel')}
            okButtonProps={{ danger: true, ...testId(`builder-version-delete-confirm-${row.id}`) }}
            onConfirm={() => remove(row.id)}
          >
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('versions.deleteOf', { id: row.id })}
              data-testid={`builder-version-delete-${row.id}`}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="builder-versions">
      <Flex align="center" justify="space-between" wrap gap={8} style={{ marginBottom: 8 }}>
        <Space wrap>
          <Button
            icon={<DiffOutlined />}
            disabled={selected.length === 0}
            onClick={compare}
            data-testid="builder-versions-compare"
          >
            {selected.length === 1 ? t('versions.compareWithDraft') : t('versions.compare')}
          </Button>
          <Typography.Text type="secondary">{t('versions.compareHint')}</Typography.Text>
        </Space>
        <Space>
          <Switch
            id="builder-versions-all"
            size="small"
            checked={allTools}
            onChange={(checked) => {
              setAllTools(checked);
              setPage(1);
            }}
            data-testid="builder-versions-all"
          />
          <label htmlFor="builder-versions-all">{t('versions.allTools')}</label>
        </Space>
      </Flex>
      <Table<BuilderVersionSummary>
        size="small"
        rowKey="id"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.items ?? []}
        rowSelection={{
          selectedRowKeys: selected,
          hideSelectAll: true,
          onChange: (keys) => setSelected(keys.map(Number).slice(-2)),
          getCheckboxProps: (row) => ({
            disabled: selected.length >= 2 && !selected.includes(row.id),
            ...testId(`builder-version-select-${row.id}`),
          }),
        }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={list.isError ? t('versions.failed') : t('versions.empty')}
            />
          ),
        }}
        pagination={{
          current: page,
          pageSize: VERSIONS_PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        data-testid="builder-versions-table"
      />
      <CompareModal ids={comparing} current={current} onClose={() => setComparing(null)} />
    </div>
  );
}
