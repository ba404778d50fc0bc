import type { ProjectFile, ToolDataParam } from '@medx/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Input, Select, Table, type TableProps, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unwrap } from '../../api/client';
import { filesApi } from '../../api/files';
import { formatTime } from '../../lib/format-time';
import { testId } from '../../lib/test-id';
import { extOf } from '../../workspace/file-types';
import { filesKey } from '../../workspace/workspace-context';
import { acceptsFile } from './form-model';

/** Spec §9: file pickers show 5 a page. */
export const TOOL_PICKER_PAGE_SIZE = 5;
/** The newest files fetched at once (the API's largest page); formats and the search narrow them. */
const FETCH_LIMIT = 100;

/** The project's newest files matching the search, of the formats a data input accepts. */
export function useToolFiles(projectId: number, formats: readonly string[], query = '') {
  const list = useQuery({
    queryKey: [...filesKey, 'tool-picker', projectId, query],
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await filesApi.list({
          project_id: projectId,
          page: 1,
          limit: FETCH_LIMIT,
          query_item: query || undefined,
          order_by: 'created_at',
          sort: 'desc',
        }),
      ),
  });
  const key = formats.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the formats' content
  const files = useMemo(
    () => (list.data?.items ?? []).filter((file) => acceptsFile(formats, extOf(file))),
    [list.data, key],
  );
  return { files, loading: list.isFetching, pending: list.isPending };
}

export const formatsText = (formats: readonly string[]) => formats.join(', ');

interface PickerProps {
  projectId: number;
  param: ToolDataParam;
  value: number[];
  onChange: (ids: number[], files: ProjectFile[]) => void;
}

/**
 * A wizard step's file list (spec §4 Tool wizard): the project's files whose extension the input's
 * formats accept, newest first, searchable by name or id, 5 a page, several can be chosen (one
 * job per file unless the input takes them all).
 */
export function ToolFilePicker({ projectId, param, value, onChange }: PickerProps) {
  const { t } = useTranslation('tools');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const { files, loading } = useToolFiles(projectId, param.format, query);
  const [known, setKnown] = useState<Map<number, ProjectFile>>(new Map());

  // The slot window is narrow: name, id and type only (newest first, as the list comes).
  const columns: TableProps<ProjectFile>['columns'] = [
    {
      key: 'name',
      title: t('picker.name'),
      ellipsis: true,
      render: (_v, file) => <span title={`${file.name} · ${formatTime(file.created_at)}`}>{file.name}</span>,
    },
    { key: 'id', title: t('picker.id'), dataIndex: 'id', width: 56 },
    { key: 'type', title: t('picker.type'), width: 84, render: (_v, file) => <Tag>{file.file_type}</Tag> },
  ];

  const emit = (ids: number[]) => {
    const byId = new Map(known);
    for (const file of files) byId.set(file.id, file);
    setKnown(byId);
    onChange(
      ids,
      ids.map((id) => byId.get(id)).filter((file): file is ProjectFile => file !== undefined),
    );
  };
  const toggle = (file: ProjectFile) =>
    emit(value.includes(file.id) ? value.filter((id) => id !== file.id) : [...value, file.id]);

  return (
    <div data-testid={`tool-picker-${param.name}`}>
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
        data-testid={`tool-picker-search-${param.name}`}
      />
      <Table<ProjectFile>
        size="small"
        rowKey="id"
        loading={loading}
        columns={columns}
        dataSource={files}
        locale={{ emptyText: t('picker.empty', { formats: formatsText(param.format) || t('window.anyFormat') }) }}
        rowSelection={{
          type: 'checkbox',
          selectedRowKeys: value,
          preserveSelectedRowKeys: true,
          onChange: (keys) => emit(keys.map(Number)),
          getCheckboxProps: (file) => ({ ...testId(`tool-file-check-${file.id}`) }),
        }}
        onRow={(file) => ({
          ...testId(`tool-file-row-${file.id}`),
          onClick: (event) => {
            if ((event.target as Element).closest('.ant-table-selection-column')) return;
            toggle(file);
          },
          style: { cursor: 'pointer' },
        })}
        pagination={{
          current: page,
          pageSize: TOOL_PICKER_PAGE_SIZE,
          total: files.length,
          showSizeChanger: false,
          size: 'small',
          showTotal: (count) => t('picker.total', { count }),
          onChange: setPage,
        }}
      />
    </div>
  );
}

interface SelectProps {
  projectId: number;
  param: ToolDataParam;
  value: number[];
  onChange: (ids: number[]) => void;
  id: string;
  testId: string;
  status?: 'error';
}

/** A data param inside the settings (a conditional, section or repeat): a searchable file select. */
export function ToolFileSelect({ projectId, param, value, onChange, id, testId: dataTestId, status }: SelectProps) {
  const { t } = useTranslation('tools');
  const { files, pending } = useToolFiles(projectId, param.format);
  return (
    <Select<number | number[]>
      id={id}
      mode={param.multiple ? 'multiple' : undefined}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={pending}
      status={status}
      placeholder={param.multiple ? t('picker.selectFiles') : t('picker.selectFile')}
      value={param.multiple ? value : value[0]}
      onChange={(next) => onChange(Array.isArray(next) ? next : next === undefined || next === null ? [] : [next])}
      options={files.map((file) => ({ value: file.id, label: `${file.name} (#${file.id})` }))}
      notFoundContent={t('picker.empty', { formats: formatsText(param.format) || t('window.anyFormat') })}
      style={{ width: '100%', maxWidth: 560 }}
      data-testid={dataTestId}
    />
  );
}
