import type { ProjectFile } from '@medx/contract';
import { App, Modal, Spin } from 'antd';
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reloadEditedFile } from '../../viewer/open-file';
import { useOptionalViewer } from '../../viewer/ViewerProvider';
import { type ViewerKind, viewerFor } from '../file-types';
import { HtmlViewerModal } from './HtmlViewerModal';
import { ImageViewerModal } from './ImageViewerModal';
import { TextEditorModal } from './TextEditorModal';

const CsvViewerModal = lazy(() => import('./csv/CsvViewerModal').then((m) => ({ default: m.CsvViewerModal })));

interface FileViewerValue {
  /** Opens the dialog for the file's type, or the given one; false when no dialog fits. */
  openFile: (file: ProjectFile, kind?: ViewerKind) => boolean;
}

const FileViewerContext = createContext<FileViewerValue | null>(null);

function Loading() {
  return (
    <Modal open footer={null} closable={false} width={240} centered>
      <div style={{ display: 'grid', placeItems: 'center', padding: 24 }}>
        <Spin />
      </div>
    </Modal>
  );
}

/** Holds the open viewer (text editor, CSV table, image, HTML) for every window of the workspace. */
export function FileViewerProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('files');
  const { message } = App.useApp();
  const viewer = useOptionalViewer();
  const [open, setOpen] = useState<{ file: ProjectFile; kind: ViewerKind } | null>(null);

  const openFile = useCallback(
    (file: ProjectFile, kind?: ViewerKind) => {
      const chosen = kind ?? viewerFor(file);
      if (!chosen) {
        message.info(t('viewer.noViewer', { type: file.file_type || file.ext }));
        return false;
      }
      setOpen({ file, kind: chosen });
      return true;
    },
    [message, t],
  );
  const value = useMemo(() => ({ openFile }), [openFile]);
  const close = () => setOpen(null);
  // Spec §4 "Editing content": a loaded 3D copy of the saved file is reloaded (for GET_PDB the
  // new file replaces the old one in the viewer). Files that are not in Med View stay out of it.
  const onSaved = (file: ProjectFile, replacedId: number | null) => {
    if (viewer) void reloadEditedFile(viewer, file.id, replacedId);
  };

  return (
    <FileViewerContext.Provider value={value}>
      {children}
      {open?.kind === 'text' && (
        <TextEditorModal key={open.file.id} file={open.file} onClose={close} onSaved={onSaved} />
      )}
      {open?.kind === 'csv' && (
        <Suspense fallback={<Loading />}>
          <CsvViewerModal key={open.file.id} file={open.file} onClose={close} />
        </Suspense>
      )}
      {open?.kind === 'image' && <ImageViewerModal key={open.file.id} file={open.file} onClose={close} />}
      {open?.kind === 'html' && <HtmlViewerModal key={open.file.id} file={open.file} onClose={close} />}
    </FileViewerContext.Provider>
  );
}

export function useFileViewer(): FileViewerValue {
  const value = useContext(FileViewerContext);
  if (!value) throw new Error('useFileViewer needs a <FileViewerProvider>');
  return value;
}
