import { ExportOutlined, ImportOutlined } from '@ant-design/icons';
import { App, Button, Spin, Tooltip } from 'antd';
import type { Ketcher } from 'ketcher-core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkspace } from '../../workspace/workspace-context';
import { type ExportRequest, ExportSdfModal } from './ExportSdfModal';
import { molfileAtomCount } from './export-sdf';
import { ImportMoleculeModal } from './ImportMoleculeModal';
import { KetcherCanvas } from './KetcherCanvas';
import { loadIntoKetcher } from './ketcher-load';
import { onMoleculeRequest, takePendingMolecule } from './pending-molecule';
import './editor-2d.css';
import { saveToEntries } from './save-to-entries';

/** The drawing as a V2000 molfile; '' when the editor has nothing (or only what a molfile cannot hold). */
async function currentMolfile(ketcher: Ketcher): Promise<string> {
  try {
    return await ketcher.getMolfile('v2000');
  } catch {
    // Over 999 atoms V2000 cannot count them: V3000 then.
    try {
      return await ketcher.getMolfile('v3000');
    } catch {
      return '';
    }
  }
}

/**
 * The 2D WorkSpace (viewer spec §2 "2D editor window"): Ketcher with most of its toolbar hidden,
 * under our own Import (a SMILES or an entry) and Export (an SDF entry, and a 3D one if asked).
 * After a save the project's entries reload; a project that fails to load sends the user to
 * /project (the workspace page does that for every reload).
 */
export function Editor2dWindow() {
  const { t } = useTranslation('editor2d');
  const { message } = App.useApp();
  const { project, refresh, readOnly } = useWorkspace();
  const ketcher = useRef<Ketcher | null>(null);
  const [ready, setReady] = useState(false);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const onReady = useCallback((instance: Ketcher) => {
    ketcher.current = instance;
    setReady(true);
  }, []);
  // Ketcher's own complaints (a paste it cannot read, ...): shown, not swallowed.
  const onError = useCallback((text: string) => void message.warning(text), [message]);

  const load = async (structure: string) => (ketcher.current ? loadIntoKetcher(ketcher.current, structure) : false);

  // A molecule another window sent (openIn2dEditor): shown once Ketcher is ready, and at each new request.
  useEffect(() => {
    if (!ready) return;
    const showPending = () => {
      const smiles = takePendingMolecule();
      if (smiles && ketcher.current) {
        void loadIntoKetcher(ketcher.current, smiles).then((ok) => ok || message.error(t('import.failed')));
      }
    };
    showPending();
    return onMoleculeRequest(showPending);
  }, [ready, message, t]);

  const exportDrawing = async ({ name, make3d }: ExportRequest): Promise<boolean> => {
    const molfile = ketcher.current ? await currentMolfile(ketcher.current) : '';
    if (molfileAtomCount(molfile) === 0) {
      message.error(t('export.empty'));
      return false;
    }
    const outcome = await saveToEntries({ molfile, name, make3d, projectId: project.id }, t, (detail) =>
      message.error(`${t('files:import.syncFailed', { name })}${detail ? `: ${detail}` : ''}`),
    );
    if (!outcome.entry) return false;
    // The "reload" of the project: its entry tree and file lists are fetched again.
    await refresh();
    message.success(t(outcome.made3d ? 'export.saved3d' : 'export.saved', { name: outcome.entry.name }));
    return true;
  };

  return (
    <div className="medx-editor2d" data-testid="editor2d" data-ready={ready}>
      <div className="medx-editor2d-toolbar">
        <Button
          size="small"
          icon={<ImportOutlined />}
          disabled={!ready}
          onClick={() => setImporting(true)}
          data-testid="editor2d-import"
        >
          {t('toolbar.import')}
        </Button>
        <Tooltip title={t('toolbar.exportTip')}>
          <Button
            size="small"
            type="primary"
            icon={<ExportOutlined />}
            disabled={!ready || readOnly}
            aria-label={t('toolbar.exportTip')}
            onClick={() => setExporting(true)}
            data-testid="editor2d-export"
          >
            {t('toolbar.export')}
          </Button>
        </Tooltip>
        {!ready && <Spin size="small" aria-label={t('loading')} />}
      </div>
      <div className="medx-editor2d-canvas">
        <KetcherCanvas onReady={onReady} onError={onError} />
      </div>
      <ImportMoleculeModal open={importing} onClose={() => setImporting(false)} onLoad={load} />
      <ExportSdfModal open={exporting} onClose={() => setExporting(false)} onExport={exportDrawing} />
    </div>
  );
}
