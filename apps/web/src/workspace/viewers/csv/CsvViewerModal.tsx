import { DownloadOutlined } from '@ant-design/icons';
import type { ProjectFile } from '@medx/contract';
import { Button, Input, Modal, Result, Space, Table, type TableProps, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveText } from '../../../lib/save-file';
import { downloadName } from '../../file-types';
import { useFileContent } from '../use-file-content';
import {
  CSV_PAGE_SIZE,
  CSV_PAGE_SIZES,
  type CsvTable,
  compareCells,
  filterRows,
  imageCellSrc,
  parseCsv,
} from './csv-table';

interface CsvRow {
  key: number;
  cells: string[];
}

type ParseOutcome = { table: CsvTable; error: null } | { table: null; error: string };

function parse(text: string | undefined): ParseOutcome | null {
  if (text === undefined) return null;
  try {
    return { table: parseCsv(text), error: null };
  } catch (error) {
    return { table: null, error: error instanceof Error ? error.message : String(error) };
  }
}

function Cell({ value }: { value: string }) {
  const src = imageCellSrc(value);
  if (src) return <img src={src} alt="" width={80} height={60} style={{ objectFit: 'contain', display: 'block' }} />;
  return <>{value}</>;
}

/**
 * The CSV table viewer (spec §9): 20-row sniffing for numeric columns, 100 rows a page (50,
 * 100, 200, 500), image cells as 80×60 thumbnails, sortable columns, search, a row count
 * and an export of the raw text. Loaded lazily with papaparse.
 */
export function CsvViewerModal({ file, onClose }: { file: ProjectFile; onClose: () => void }) {
  const { t } = useTranslation('files');
  const content = useFileContent(file.id);
  const outcome = useMemo(() => parse(content.data), [content.data]);
  const [query, setQuery] = useState('');
  const [pageSize, setPageSize] = useState<number>(CSV_PAGE_SIZE);

  const table = outcome?.table ?? null;
  const rows = useMemo<CsvRow[]>(
    () => (table ? filterRows(table.rows, query).map((cells, i) => ({ key: i, cells })) : []),
    [table, query],
  );

  const columns = useMemo<TableProps<CsvRow>['columns']>(
    () =>
      table?.columns.map((name, index) => {
        const numeric = table.numeric[index] ?? false;
        return {
          key: String(index),
          title: name,
          align: numeric ? ('right' as const) : undefined,
          sorter: (a: CsvRow, b: CsvRow) => compareCells(a.cells[index] ?? '', b.cells[index] ?? '', numeric),
          render: (_: unknown, row: CsvRow) => <Cell value={row.cells[index] ?? ''} />,
          ellipsis: false,
        };
      }) ?? [],
    [table],
  );

  const failed = content.isError || outcome?.error;

  return (
    <Modal open width="80%" title={file.name} onCancel={onClose} footer={null} destroyOnHidden>
      {failed ? (
        <Result status="warning" subTitle={content.isError ? t('msg:loadContentFailed') : t('csv.parseFailed')} />
      ) : (
        <>
          <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
            <Input.Search
              allowClear
              placeholder={t('csv.search')}
              aria-label={t('csv.search')}
              onChange={(event) => setQuery(event.target.value)}
              onSearch={setQuery}
              style={{ width: 280 }}
              data-testid="csv-search"
            />
            <Space>
              <Typography.Text type="secondary" data-testid="csv-row-count">
                {query.trim() && table
                  ? t('csv.rowsFiltered', { count: rows.length, total: table.rows.length })
                  : t('csv.rows', { count: rows.length })}
              </Typography.Text>
              <Button
                icon={<DownloadOutlined />}
                disabled={content.data === undefined}
                onClick={() => saveText(content.data ?? '', downloadName(file), 'text/csv;charset=utf-8')}
                data-testid="csv-export"
              >
                {t('csv.export')}
              </Button>
            </Space>
          </Space>
          <Table<CsvRow>
            size="small"
            bordered
            loading={content.isLoading}
            columns={columns}
            dataSource={rows}
            scroll={{ x: 'max-content', y: '60vh' }}
            pagination={{
              pageSize,
              pageSizeOptions: [...CSV_PAGE_SIZES],
              showSizeChanger: true,
              onShowSizeChange: (_page, size) => setPageSize(size),
              showTotal: (count) => t('csv.rows', { count }),
            }}
            data-testid="csv-table"
          />
        </>
      )}
    </Modal>
  );
}
