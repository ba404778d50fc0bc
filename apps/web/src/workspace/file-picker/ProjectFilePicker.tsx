import { EditOutlined } from '@ant-design/icons';
import type { ProjectFile } from '@medx/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Input, Space, Table, type TableProps, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unwrap } from '../../api/client';
import { filesApi } from '../../api/files';
import { formatSize } from '../../lib/format-size';
import { formatTime } from '../../lib/format-time';
import { testId } from '../../lib/test-id';
import { InlineRename } from '../components/InlineRename';
import { filesKey, useWorkspace } from '../workspace-context';

/** Spec §9: file pickers show 5 a page, newest first. */
export const PICKER_PAGE_SIZE = 5;

interface ProjectFilePickerProps {
  projectId: number;
  /** Only these file_type values (sent as a comma list). */
  fileTypes?: readonly string[];
  /** Radio (one file) or checkboxes. */
  multiple?: boolean;
  value: number[];
  onChange: (ids: number[], files: ProjectFile[]) => void;
}

export const pickerQueryKey = (projectId: number, types: string, page: number, query: string) =>
  [...filesKey, 'picker', projectId, types, page, query] as const;

/**
 * The project file picker (viewer spec §3/§5): paged search over the project's files by name
 * or id (query_item), newest first, single or multiple selection that survives paging, and
 * inline rename with a 70-character counter.
 */
export function ProjectFilePicker({ projectId, fileTypes, multiple = false, value, onChange }: ProjectFilePickerProps) {
  const { t } = useTranslation('files');
  const { message } = App.useApp();
  const { refresh, readOnly } = useWorkspace();
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const [picked, setPicked] = useState<Map<number, ProjectFile>>(new Map());
  const types = fileTypes?.join(',') ?? '';

  const list = useQuery({
    queryKey: pickerQueryKey(projectId, types, page, query),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await filesApi.list({
          project_id: projectId,
          file_type: types || undefined,
          page,
          limit: PICKER_PAGE_SIZE,
          query_item: query || undefined,
          order_by: 'created_at',
          sort: 'desc',
        }),
      ),
  });

  const rename = async (file: ProjectFile, name: string) => {
    const answer = await filesApi.rename(file.id, name);
    if (!answer.success) return false;
    message.success(t('msg:updateSuccessful'));
    await refresh();
    return true;
  };

  const columns: TableProps<ProjectFile>['columns'] = [
    {
      key: 'name',
      title: t('picker.name'),
      render: (_v, file) =>
        editing === file.id ? (
          <InlineRename
            value={file.name}
            onSave={(name) => rename(file, name)}
            onDone={() => setEditing(null)}
            testId="picker-rename-input"
          />
        ) : (
          <Space size={4}>
            <span>{file.name}</span>
            {!readOnly && (
              <Tooltip title={t('picker.rename')}>
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('picker.rename')}
                  onClick={(event) => {
                    event.stopPropagation();
                    setEditing(file.id);
                  }}
                  data-testid="picker-rename"
                />
              </Tooltip>
            )}
          </Space>
        ),
    },
    { key: 'id', title: t('picker.id'), dataIndex: 'id', width: 72 },
    {
      key: 'type',
      title: t('picker.type'),
      width: 90,
      render: (_v, file) => <Tag>{(file.ext || file.file_type).toUpperCase()}</Tag>,
    },
    {
      key: 'source',
      title: t('picker.source'),
      width: 130,
      render: (_v, file) =>
        file.is_job_result ? (
          <Tag color="purple">{t('picker.jobResult', { id: file.job_id ?? '-' })}</Tag>
        ) : (
          <Typography.Text type="secondary">{t(`picker.sourceType.${file.source_type}`)}</Typography.Text>
        ),
    },
    { key: 'size', title: t('picker.size'), width: 100, render: (_v, file) => formatSize(file.size) },
    {
      key: 'created',
      title: t('picker.createdAt'),
      width: 210,
      render: (_v, file) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(file.created_at)}</span>,
    },
  ];

  const select = (keys: React.Key[], rows: ProjectFile[]) => {
    const ids = keys.map(Number);
    const next = new Map(multiple ? picked : []);
    for (const row of rows) if (row) next.set(row.id, row);
    for (const id of [...next.keys()]) if (!ids.includes(id)) next.delete(id);
    setPicked(next);
    onChange(
      ids,
      ids.map((id) => next.get(id)).filter((file): file is ProjectFile => Boolean(file)),
    );
  };

  return (
    <div data-testid="file-picker">
      <Input.Search
        allowClear
        enterButton
        placeholder={t('picker.search')}
        aria-label={t('picker.search')}
        onSearch={(text) => {
          setQuery(text.trim());
          setPage(1);
        }}
        style={{ marginBottom: 12, maxWidth: 360 }}
        data-testid="file-picker-search"
      />
      <Table<ProjectFile>
        size="small"
        rowKey="id"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.items ?? []}
        rowSelection={{
          type: multiple ? 'checkbox' : 'radio',
          selectedRowKeys: value,
          preserveSelectedRowKeys: true,
          onChange: select,
        }}
        onRow={(file) => ({
          ...testId(`picker-row-${file.id}`),
          onClick: (event) => {
            // The checkbox or radio toggles by itself; buttons and the rename field are not a pick.
            const target = event.target as Element;
            if (editing !== null || target.closest('.ant-table-selection-column, button, input')) return;
            const has = value.includes(file.id);
            if (multiple) {
              const keys = has ? value.filter((id) => id !== file.id) : [...value, file.id];
              const rows = [...picked.values(), file];
              select(keys, rows);
            } else select([file.id], [file]);
          },
          style: { cursor: 'pointer' },
        })}
        pagination={{
          current: page,
          pageSize: PICKER_PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (count) => t('picker.total', { count }),
          onChange: setPage,
        }}
        scroll={{ x: 820 }}
      />
    </div>
  );
}
