import { Button, Tooltip } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dispatchBrowserEvent, useBrowserEvent } from '../../lib/browser-events';
import { ExportStructureModal } from '../../workspace/dialogs/ExportStructureModal';
import { GetPdbModal } from '../../workspace/dialogs/GetPdbModal';
import { ImportStructureModal } from '../../workspace/dialogs/ImportStructureModal';
import { type EntryRow, type FileEntryRow, fileKey, fileRows } from '../../workspace/entry-rows';
import { MoleculeBoardModal } from '../../workspace/molecule-board/MoleculeBoardModal';
import { useFileViewer } from '../../workspace/viewers/FileViewerHost';
import { useWorkspace, useWorkspaceEntries } from '../../workspace/workspace-context';
import { EntryTable } from './EntryTable';
import { type EntryAction, menuFor } from './entry-menu';
import { useEntryActions } from './use-entry-actions';

type Dialog = 'import' | 'getPdb' | 'export' | null;

/**
 * The Entry List window (spec §2): toolbar Import Structure, Get PDB and Export Structure (the
 * last two through the openGetPDBModal / openExportStructureModal browser events), the entry
 * table with its right-click menu, and their dialogs.
 */
export function EntryListWindow() {
  const { t } = useTranslation('files');
  const { rows, loading } = useWorkspaceEntries();
  const { readOnly } = useWorkspace();
  const { openFile } = useFileViewer();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [editingKey, setEditingKey] = useState<string | null>(null);

  const files = useMemo(() => fileRows(rows), [rows]);
  const selected = useMemo<FileEntryRow[]>(
    () => files.filter((row) => selectedKeys.includes(row.key)),
    [files, selectedKeys],
  );

  // Files that left the list (deleted, hidden, replaced) drop out of the selection.
  useEffect(() => {
    const present = new Set(files.map((row) => row.key));
    setSelectedKeys((keys) => (keys.every((key) => present.has(key)) ? keys : keys.filter((key) => present.has(key))));
  }, [files]);

  const forget = useCallback((ids: number[]) => {
    const gone = new Set(ids.map(fileKey));
    setSelectedKeys((keys) => keys.filter((key) => !gone.has(key)));
  }, []);

  const actions = useEntryActions({ selected, startRename: setEditingKey, forget });

  useBrowserEvent('openGetPDBModal', () => setDialog('getPdb'));
  useBrowserEvent('openExportStructureModal', () => setDialog('export'));

  const groups = rows.filter((row) => row.kind === 'group').map((row) => row.key);
  const expandedKeys = groups.filter((key) => !collapsed.has(key));

  const menu = useCallback((row: EntryRow) => menuFor(row, selected, readOnly), [selected, readOnly]);
  const onAction = useCallback((action: EntryAction, row: EntryRow) => void actions.run(action, row), [actions]);

  return (
    <section className="medx-window medx-window-entry-list" aria-labelledby="entry-list-title" data-testid="entry-list">
      <header className="medx-window-header">
        <h2 id="entry-list-title">{t('entryList.window')}</h2>
      </header>
      <div className="medx-window-toolbar" role="toolbar" aria-label={t('entryList.toolbar')}>
        <Tooltip title={readOnly ? t('readOnly') : undefined}>
          <Button size="small" disabled={readOnly} onClick={() => setDialog('import')} data-testid="import-structure">
            {t('toolbar.import')}
          </Button>
        </Tooltip>
        <Tooltip title={readOnly ? t('readOnly') : undefined}>
          <Button
            size="small"
            disabled={readOnly}
            onClick={() => dispatchBrowserEvent('openGetPDBModal')}
            data-testid="get-pdb"
          >
            {t('toolbar.getPdb')}
          </Button>
        </Tooltip>
        <Button
          size="small"
          onClick={() => dispatchBrowserEvent('openExportStructureModal')}
          data-testid="export-structure"
        >
          {t('toolbar.export')}
        </Button>
      </div>
      <div className="medx-window-body">
        <EntryTable
          rows={rows}
          loading={loading || actions.busy}
          selectedKeys={selectedKeys}
          onSelect={setSelectedKeys}
          expandedKeys={expandedKeys}
          onExpand={(keys) => setCollapsed(new Set(groups.filter((key) => !keys.includes(key))))}
          editingKey={editingKey}
          onRename={actions.rename}
          onRenameDone={() => setEditingKey(null)}
          menuFor={menu}
          onAction={onAction}
          onOpen={(row) => openFile(row.file)}
          onImport={() => !readOnly && setDialog('import')}
        />
      </div>

      <ImportStructureModal open={dialog === 'import'} onClose={() => setDialog(null)} />
      <GetPdbModal open={dialog === 'getPdb'} onClose={() => setDialog(null)} />
      <ExportStructureModal open={dialog === 'export'} onClose={() => setDialog(null)} />
      <MoleculeBoardModal
        open={actions.board.open}
        loading={actions.board.loading}
        rows={actions.board.rows}
        onClose={actions.closeBoard}
      />
    </section>
  );
}
