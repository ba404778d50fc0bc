import { EyeInvisibleOutlined, EyeOutlined, FileOutlined, FolderOutlined, LoadingOutlined } from '@ant-design/icons';
import { Dropdown, Empty, type MenuProps, Table, type TableProps, Tooltip, Typography } from 'antd';
import { createContext, type HTMLAttributes, type ReactNode, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../lib/format-size';
import { formatTime } from '../../lib/format-time';
import { testId } from '../../lib/test-id';
import { type FileViewState, fileViewState } from '../../viewer/loaded-files';
import { toggleEntry } from '../../viewer/open-file';
import { useOptionalViewer, useOptionalViewerSnapshot } from '../../viewer/ViewerProvider';
import { InlineRename } from '../../workspace/components/InlineRename';
import type { EntryRow, FileEntryRow } from '../../workspace/entry-rows';
import type { EntryAction, MenuLine } from './entry-menu';
import './entry-list.css';
import { titleParts } from './title-parts';

/** Spec §9: the Entry List shows every row (page size 9999). */
export const ENTRY_PAGE_SIZE = 9999;

interface EntryTableProps {
  rows: EntryRow[];
  loading: boolean;
  selectedKeys: string[];
  onSelect: (keys: string[]) => void;
  expandedKeys: string[];
  onExpand: (keys: string[]) => void;
  editingKey: string | null;
  onRename: (row: EntryRow, name: string) => Promise<boolean>;
  onRenameDone: () => void;
  menuFor: (row: EntryRow) => MenuLine[];
  onAction: (action: EntryAction, row: EntryRow) => void;
  onOpen: (row: FileEntryRow) => void;
  onImport: () => void;
}

interface RowContextValue {
  byKey: Map<string, EntryRow>;
  menu: (row: EntryRow) => MenuProps;
}

const RowContext = createContext<RowContextValue | null>(null);

/** Each body row opens its own right-click menu (antd Dropdown, trigger contextMenu, at the pointer). */
function BodyRow(props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key'?: string }) {
  const context = useContext(RowContext);
  const row = context?.byKey.get(String(props['data-row-key']));
  if (!context || !row) return <tr {...props} />;
  return (
    <Dropdown trigger={['contextMenu']} menu={context.menu(row)} destroyOnHidden>
      <tr {...props} />
    </Dropdown>
  );
}

const IN_ICONS: Record<FileViewState, ReactNode> = {
  absent: <EyeInvisibleOutlined />,
  loading: <LoadingOutlined />,
  shown: <EyeOutlined />,
  hidden: <EyeInvisibleOutlined />,
};

/**
 * The In column (spec §4): absent → download and load; shown → hide (PLY: remove); hidden → show.
 * It follows the viewer's state tree live, whoever changed it (this list, the State Tree, a drop).
 */
function InToggle({ row }: { row: FileEntryRow }) {
  const { t } = useTranslation('files');
  const viewer = useOptionalViewer();
  const state = fileViewState(useOptionalViewerSnapshot(), row.id);
  const label = t(`viewer:in.${state}`);
  return (
    <Tooltip title={label} mouseEnterDelay={0.4}>
      <button
        type="button"
        className={`medx-entry-in medx-entry-in-${state}`}
        aria-label={`${label}: ${row.title}`}
        aria-pressed={state === 'shown'}
        disabled={!viewer || state === 'loading'}
        data-testid={`entry-in-${row.id}`}
        data-state={state}
        onClick={(event) => {
          // The row's own click (selection, double-click to open) is not this button's business.
          event.stopPropagation();
          if (viewer) void toggleEntry(viewer, { id: row.id, ext: row.file.ext });
        }}
        onDoubleClick={(event) => event.stopPropagation()}
      >
        {IN_ICONS[state]}
      </button>
    </Tooltip>
  );
}

/** A title cut in the middle when the column is narrow: the end and the extension stay visible. */
function EntryTitleText({ title }: { title: string }) {
  const { head, tail } = titleParts(title);
  return (
    <>
      <span className="medx-entry-title-head">{head}</span>
      {tail && <span className="medx-entry-title-tail">{tail}</span>}
    </>
  );
}

/** Opens a row's right-click menu from the keyboard: a contextmenu event just under its start. */
function openMenuAt(element: HTMLElement) {
  const box = element.getBoundingClientRect();
  element.dispatchEvent(
    new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: box.left + 48, clientY: box.bottom - 4 }),
  );
  // Then the arrow keys move through the items and Enter picks one.
  setTimeout(() => {
    document.querySelector<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu')?.focus();
  }, 50);
}

function indexRows(rows: EntryRow[]): Map<string, EntryRow> {
  const map = new Map<string, EntryRow>();
  for (const row of rows) {
    map.set(row.key, row);
    if (row.kind === 'group') for (const child of row.children ?? []) map.set(child.key, child);
  }
  return map;
}

/** The Entry List table (spec §2): Row, In, Title; groups expand; a checkbox per file row. */
export function EntryTable(props: EntryTableProps) {
  const { rows, loading, selectedKeys, onSelect, expandedKeys, onExpand, editingKey } = props;
  const { t } = useTranslation('files');

  const context = useMemo<RowContextValue>(
    () => ({
      byKey: indexRows(rows),
      menu: (row) => ({
        items: props.menuFor(row).map((line, i) =>
          line === 'divider'
            ? { type: 'divider' as const, key: `divider-${i}` }
            : {
                key: line.action,
                danger: line.danger,
                disabled: line.disabled,
                label: line.count ? `${t(`menu.${line.action}`)} (${line.count})` : t(`menu.${line.action}`),
                ...testId(`ctx-${line.action}`),
              },
        ),
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          const run = () => props.onAction(key as EntryAction, row);
          // Picked with Enter: act after the key event, or a dialog opened now gets its Enter too.
          if (domEvent.type.startsWith('key')) setTimeout(run, 0);
          else run();
        },
      }),
    }),
    [rows, props.menuFor, props.onAction, t],
  );

  const columns: TableProps<EntryRow>['columns'] = [
    {
      key: 'index',
      title: t('entryList.row'),
      // Narrow enough for four digits: the Title column gets the room (issue 12.9).
      width: 34,
      // Row is the file index; groups have none of their own.
      render: (_v, row) => (row.kind === 'file' ? row.index : null),
      className: 'medx-entry-index',
    },
    {
      key: 'in',
      title: t('entryList.in'),
      width: 30,
      align: 'center',
      className: 'medx-entry-in-cell',
      render: (_v, row) => (row.kind === 'file' ? <InToggle row={row} /> : null),
    },
    {
      key: 'title',
      title: t('entryList.title'),
      ellipsis: true,
      render: (_v, row) => {
        if (editingKey === row.key) {
          return (
            <span className="medx-entry-rename">
              <InlineRename
                value={row.title}
                onSave={(name) => props.onRename(row, name)}
                onDone={props.onRenameDone}
                testId={row.kind === 'file' ? 'entry-rename-input' : 'group-rename-input'}
              />
            </span>
          );
        }
        if (row.kind === 'group') {
          return (
            <span className="medx-entry-title">
              <FolderOutlined />
              {row.title}{' '}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                ({row.children?.length ?? 0})
              </Typography.Text>
            </span>
          );
        }
        const info = [
          row.file.file_type || row.file.ext.toUpperCase(),
          formatSize(row.file.size),
          formatTime(row.file.created_at),
        ]
          .filter(Boolean)
          .join(' · ');
        return (
          <Tooltip
            title={
              <>
                <div style={{ wordBreak: 'break-all' }}>{row.title}</div>
                <div style={{ opacity: 0.75, fontSize: 12 }}>{info}</div>
              </>
            }
            placement="right"
            mouseEnterDelay={0.3}
          >
            <span className="medx-entry-title">
              <FileOutlined />
              <EntryTitleText title={row.title} />
            </span>
          </Tooltip>
        );
      },
    },
  ];

  return (
    <RowContext.Provider value={context}>
      <Table<EntryRow>
        size="small"
        rowKey="key"
        className="medx-entry-table"
        columns={columns}
        dataSource={rows}
        loading={loading}
        components={{ body: { row: BodyRow } }}
        pagination={{ pageSize: ENTRY_PAGE_SIZE, hideOnSinglePage: true }}
        expandable={{
          expandedRowKeys: expandedKeys,
          onExpandedRowsChange: (keys) => onExpand(keys.map(String)),
          indentSize: 12,
          // antd counts its own expand placeholder: 4 puts the expand button in the Title column.
          expandIconColumnIndex: 4,
        }}
        rowSelection={{
          checkStrictly: true,
          columnWidth: 24,
          selectedRowKeys: selectedKeys,
          onChange: (keys) => onSelect(keys.map(String)),
          getCheckboxProps: (row) => ({
            disabled: row.kind === 'group',
            'aria-label': row.title,
          }),
          renderCell: (_checked, row, _index, node) => (row.kind === 'group' ? null : node),
          hideSelectAll: false,
        }}
        onRow={(row) => ({
          ...testId(row.kind === 'file' ? `entry-row-${row.id}` : `entry-group-${row.id}`),
          className: row.kind === 'group' ? 'medx-entry-group' : 'medx-entry-file',
          tabIndex: 0,
          onDoubleClick: () => {
            if (row.kind === 'file' && editingKey !== row.key) props.onOpen(row);
          },
          onKeyDown: (event) => {
            if (event.target !== event.currentTarget || editingKey === row.key) return;
            if (event.key === 'Enter' && row.kind === 'file') {
              // Without this the Enter also activates the button the opening dialog focuses (its ×).
              event.preventDefault();
              props.onOpen(row);
            }
            // The menu key or Shift+F10 opens the right-click menu under the row.
            if (event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10')) {
              event.preventDefault();
              openMenuAt(event.currentTarget);
            }
          },
        })}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('entryList.noData')}>
              <Typography.Link onClick={props.onImport} data-testid="entry-empty-import">
                {t('entryList.importLink')}
              </Typography.Link>
            </Empty>
          ),
        }}
      />
    </RowContext.Provider>
  );
}
