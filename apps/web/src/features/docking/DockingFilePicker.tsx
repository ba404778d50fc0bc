import type { ProjectFile } from '@medx/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Input, Table, type TableProps, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unwrap } from '../../api/client';
import { filesApi } from '../../api/files';
import { formatTime } from '../../lib/format-time';
import { testId } from '../../lib/test-id';
import { filesKey } from '../../workspace/workspace-context';
import { isStandardResidueFile } from './wizard-rules';

/** Spec §9: pickers show 5 rows a page. */
export const DOCKING_PICKER_PAGE_SIZE = 5;
/** The newest files fetched at once (the API's largest page); the search narrows further. */
const FETCH_LIMIT = 100;

interface DockingFilePickerProps {
  projectId: number;
  fileTypes: readonly string[];
  multiple?: boolean;
  /** Leave out files named after the 21 standard residues (ligand lists, spec §9). */
  ligandsOnly?: boolean;
  value: ProjectFile[];
  onChange: (files: ProjectFile[]) => void;
  testIdPrefix: string;
}

export const dockingPickerKey = (projectId: number, types: string, query: string) =>
  [...filesKey, 'docking-picker', projectId, types, query] as const;

/**
 * The wizard's file lists: the project's files of the allowed types, newest first, searchable by
 * name or id, 5 a page; ligand lists drop standard residue names, which the server's paging
 * cannot, so the filtering and paging happen here over the newest 100 matches.
 */
export function DockingFilePicker({
  projectId,
  fileTypes,
  multiple = false,
  ligandsOnly = false,
  value,
  onChange,
  testIdPrefix,
}: DockingFilePickerProps) {
  const { t } = useTranslation('docking');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const types = fileTypes.join(',');

  const list = useQuery({
    queryKey: dockingPickerKey(projectId, types, query),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await filesApi.list({
          project_id: projectId,
          file_type: types,
          page: 1,
          limit: FETCH_LIMIT,
          query_item: query || undefined,
          order_by: 'created_at',
          sort: 'desc',
        }),
      ),
  });

  const rows = useMemo(
    () => (list.data?.items ?? []).filter((file) => !ligandsOnly || !isStandardResidueFile(file.name)),
    [list.data, ligandsOnly],
  );

  const columns: TableProps<ProjectFile>['columns'] = [
    { key: 'name', title: t('picker.name'), dataIndex: 'name', ellipsis: true },
    { key: 'id', title: t('picker.id'), dataIndex: 'id', width: 64 },
    {
      key: 'type',
      title: t('picker.type'),
      width: 80,
      render: (_v, file) => <Tag>{file.file_type}</Tag>,
    },
    {
      key: 'created',
      title: t('picker.createdAt'),
      width: 190,
      render: (_v, file) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(file.created_at)}</span>,
    },
  ];

  const selectedKeys = value.map((file) => file.id);
  const toggle = (file: ProjectFile) => {
    if (!multiple) return onChange([file]);
    const has = selectedKeys.includes(file.id);
    onChange(has ? value.filter((f) => f.id !== file.id) : [...value, file]);
  };

  return (
    <div data-testid={`${testIdPrefix}-picker`}>
      <Input.Search
        allowClear
        enterButton
        placeholder={t('picker.search')}
        aria-label={t('picker.search')}
        onSearch={(text) => {
          setQuery(text.trim());
          setPage(1);
        }}
        style={{ marginBottom: 8, maxWidth: 320 }}
        data-testid={`${testIdPrefix}-search`}
      />
      <Table<ProjectFile>
        size="small"
        rowKey="id"
        loading={list.isFetching}
        columns={columns}
        dataSource={rows}
        locale={{ emptyText: t(ligandsOnly ? 'picker.noLigands' : 'picker.noFiles', { types: fileTypes.join(', ') }) }}
        rowSelection={{
          type: multiple ? 'checkbox' : 'radio',
          selectedRowKeys: selectedKeys,
          preserveSelectedRowKeys: true,
          onChange: (_keys, picked) => {
            if (!multiple) return onChange(picked.filter(Boolean).slice(0, 1));
            // Rows of other pages stay picked: merge this page's choice into the rest.
            const pageIds = new Set(rows.map((r) => r.id));
            const kept = value.filter((file) => !pageIds.has(file.id) || picked.some((p) => p?.id === file.id));
            const added = picked.filter((p) => p && !kept.some((file) => file.id === p.id));
            onChange([...kept, ...added]);
          },
          getCheckboxProps: (file) => ({ ...testId(`${testIdPrefix}-check-${file.id}`) }),
        }}
        onRow={(file) => ({
          ...testId(`${testIdPrefix}-row-${file.id}`),
          onClick: (event) => {
            if ((event.target as Element).closest('.ant-table-selection-column')) return;
            toggle(file);
          },
          style: { cursor: 'pointer' },
        })}
        pagination={{
          current: page,
          pageSize: DOCKING_PICKER_PAGE_SIZE,
          total: rows.length,
          showSizeChanger: false,
          size: 'small',
          showTotal: (count) => t('picker.total', { count }),
          onChange: setPage,
        }}
      />
    </div>
  );
}
