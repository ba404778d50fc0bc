import type { MessageKey } from '@medx/contract';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filesApi, groupsApi } from '../../api/files';
import { dispatchBrowserEvent } from '../../lib/browser-events';
import { saveBlob } from '../../lib/save-file';
import { testId } from '../../lib/test-id';
import { useOptionalViewer } from '../../viewer/ViewerProvider';
import { type EntryRow, type FileEntryRow, groupKey } from '../../workspace/entry-rows';
import { checkMerge, checkSplit, checkSplitChains, type RuleFailure } from '../../workspace/file-rules';
import { downloadName } from '../../workspace/file-types';
import type { MoleculeRow } from '../../workspace/molecule-board/MoleculeBoardModal';
import { useFileViewer } from '../../workspace/viewers/FileViewerHost';
import { useWorkspace } from '../../workspace/workspace-context';
import { runPreparation } from '../jobs';
import { actionTargets, type EntryAction, groupTargets } from './entry-menu';

/** Spec §7: new groups are created with this name (stored data, so not translated). */
export const NEW_GROUP_NAME = 'New Group';

interface EntryActionsOptions {
  /** The checked file rows. */
  selected: FileEntryRow[];
  /** Starts the inline rename of a row (by its key). */
  startRename: (key: string) => void;
  /** Unchecks files that are gone. */
  forget: (ids: number[]) => void;
}

export interface BoardState {
  open: boolean;
  loading: boolean;
  rows: MoleculeRow[];
}

/** What each right-click menu item does, with the spec's checks and success messages. */
export function useEntryActions({ selected, startRename, forget }: EntryActionsOptions) {
  const { t } = useTranslation('files');
  const { message, modal } = App.useApp();
  const { project, refresh } = useWorkspace();
  const { openFile } = useFileViewer();
  const viewer = useOptionalViewer();
  const [busy, setBusy] = useState(false);
  const [board, setBoard] = useState<BoardState>({ open: false, loading: false, rows: [] });

  const refuse = (failure: RuleFailure) => message.warning(t(`msg:${failure.key}`, failure.params ?? {}));
  const done = async (key: MessageKey) => {
    message.success(t(`msg:${key}`));
    await refresh();
  };

  /** Runs a change with the table's busy flag on. */
  const working = async (task: () => Promise<void>) => {
    setBusy(true);
    try {
      await task();
    } finally {
      setBusy(false);
    }
  };

  const confirm = (title: string, content: string, okTestId: string) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title,
        content,
        okText: t('common:actions.ok'),
        cancelText: t('common:actions.cancel'),
        okButtonProps: { danger: true, ...testId(okTestId) },
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  const convertToSmiles = async (files: FileEntryRow[]) => {
    setBoard({ open: true, loading: true, rows: [] });
    const rows: MoleculeRow[] = [];
    for (const row of files) {
      const answer = await filesApi.toSmiles(row.id, true, { silent: true });
      if (answer.success && answer.data) {
        rows.push({ key: String(row.id), name: row.title, smiles: answer.data.smiles, base64: answer.data.base64 });
      } else {
        message.error(`${t('msg:convertFailed')}: ${row.title}`);
      }
    }
    if (rows.length) setBoard({ open: true, loading: false, rows });
    else setBoard({ open: false, loading: false, rows: [] });
  };

  const runFile = async (action: EntryAction, row: FileEntryRow) => {
    const targets = actionTargets(action, row, selected);
    const ids = targets.map((file) => file.id);
    switch (action) {
      case 'rename':
        startRename(row.key);
        return;
      case 'edit':
        openFile(row.file, 'text');
        return;
      case 'split': {
        const failure = checkSplit(row.file);
        if (failure) return void refuse(failure);
        return working(async () => {
          const answer = await filesApi.split(row.id);
          if (!answer.success) return;
          dispatchBrowserEvent('splitSuccess');
          await done('splitSuccessful');
        });
      }
      case 'split-chains': {
        const failure = checkSplitChains(row.file);
        if (failure) return void refuse(failure);
        return working(async () => {
          const answer = await filesApi.splitChains(row.id);
          if (!answer.success) return;
          dispatchBrowserEvent('splitSuccess');
          await done('splitSuccessful');
        });
      }
      case 'merge': {
        const failure = checkMerge(targets.map((file) => file.file));
        if (failure) return void refuse(failure);
        return working(async () => {
          const answer = await filesApi.merge(ids);
          if (answer.success) await done('mergeSuccessful');
        });
      }
      case 'to-mol2':
        return working(async () => {
          const answer = await filesApi.toMol2(ids);
          if (!answer.success) return;
          message.success(t('actions.toMol2Done', { count: answer.data?.files.length ?? ids.length }));
          await refresh();
        });
      case 'to-smiles':
        return convertToSmiles(targets);
      case 'to-3d':
        return working(async () => {
          const answer = await filesApi.to3d(row.id, true);
          if (!answer.success) return;
          message.success(t('actions.to3dDone'));
          await refresh();
        });
      case 'prepare-protein':
      case 'prepare-ligand': {
        // The job may take a while: the list stays usable; the outcome comes as a toast.
        const kind = action === 'prepare-protein' ? 'protein' : 'ligand';
        const outcome = await runPreparation(kind, project.id, row.id, (jobId) =>
          message.info(t('jobs:prepare.submitted', { id: jobId })),
        );
        if (outcome.fileId !== null) return done('prepareSuccessful');
        if (outcome.jobId !== null) {
          message.error(t('jobs:prepare.failed', { id: outcome.jobId, status: outcome.job?.status ?? '-' }));
          // Whatever the outcome, the list shows what the job left (a partial result, or none).
          await refresh();
        }
        return;
      }
      case 'group': {
        const groupIds = groupTargets(row, selected);
        if (!groupIds) return;
        return working(async () => {
          const answer = await groupsApi.add({ name: NEW_GROUP_NAME, project_id: project.id, ids: groupIds });
          if (!answer.success || !answer.data) return;
          forget(groupIds);
          await refresh();
          startRename(groupKey(answer.data.id));
        });
      }
      case 'hide':
        return working(async () => {
          for (const id of ids) {
            const answer = await filesApi.disableEntry(id);
            if (!answer.success) break;
          }
          forget(ids);
          await done('updateSuccessful');
        });
      case 'delete': {
        const names = targets.map((file) => file.title);
        const ok = await confirm(
          t('actions.deleteConfirm', { count: names.length }),
          names.join(', '),
          'entry-delete-confirm',
        );
        if (!ok) return;
        return working(async () => {
          let removed = 0;
          for (const id of ids) {
            const answer = await filesApi.remove(id);
            if (!answer.success) break;
            removed += 1;
          }
          forget(ids);
          if (removed) await done('deleteSuccessful');
          else await refresh();
        });
      }
      case 'download':
        return working(async () => {
          for (const target of targets) {
            const answer = await filesApi.download(target.id);
            if (answer.success && answer.data) saveBlob(answer.data, downloadName(target.file));
          }
        });
      default:
        return;
    }
  };

  const runGroup = async (action: EntryAction, row: Extract<EntryRow, { kind: 'group' }>) => {
    switch (action) {
      case 'rename-group':
        startRename(row.key);
        return;
      case 'ungroup':
        return working(async () => {
          const answer = await groupsApi.ungroup(row.id);
          if (answer.success) await done('ungroupSuccessful');
        });
      case 'delete-group': {
        const ok = await confirm(t('actions.deleteGroupConfirm'), row.title, 'entry-delete-group-confirm');
        if (!ok) return;
        return working(async () => {
          const answer = await groupsApi.drop(row.id);
          if (!answer.success) return;
          forget((row.children ?? []).map((child) => child.id));
          // Spec §4: dropping a group hides its files in the viewer too.
          for (const child of row.children ?? []) viewer?.setVisible(child.id, false);
          await done('deleteGroupSuccessful');
        });
      }
      default:
        return;
    }
  };

  const run = (action: EntryAction, row: EntryRow) =>
    row.kind === 'file' ? runFile(action, row) : runGroup(action, row);

  /** Inline rename of a file or a group: true when stored. */
  const rename = async (row: EntryRow, name: string) => {
    const answer = row.kind === 'file' ? await filesApi.rename(row.id, name) : await groupsApi.rename(row.id, name);
    if (!answer.success) return false;
    await done('updateSuccessful');
    return true;
  };

  return { run, rename, busy, board, closeBoard: () => setBoard({ open: false, loading: false, rows: [] }) };
}
