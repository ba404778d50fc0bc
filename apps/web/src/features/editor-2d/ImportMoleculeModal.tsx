import { useQuery } from '@tanstack/react-query';
import { App, Empty, Form, Input, Modal, Segmented, Select, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filesApi } from '../../api/files';
import { testId } from '../../lib/test-id';
import { useWorkspaceEntries } from '../../workspace/workspace-context';
import { importableFiles, needsLigandPick } from './entry-types';
import { ligandLabel, ligandPdb, pdbLigands } from './pdb-ligands';

type Source = 'smiles' | 'entry';

interface ImportMoleculeModalProps {
  open: boolean;
  onClose: () => void;
  /** Puts the structure on the canvas; false when the editor refuses it. */
  onLoad: (structure: string) => Promise<boolean>;
}

/**
 * The 2D WorkSpace's Import (viewer spec §2, §3): a SMILES typed by the user, or an entry of the
 * project of a type the workspace accepts (SMI, SMILES, SDF, MOL2, PDB). An entry goes through
 * the server's SMILES conversion (RDKit, Open Babel for the formats without bond orders), so the
 * editor lays the molecule out in 2D itself; from a PDB the user picks one ligand first.
 */
export function ImportMoleculeModal({ open, onClose, onLoad }: ImportMoleculeModalProps) {
  const { t } = useTranslation('editor2d');
  const { message } = App.useApp();
  const { rows } = useWorkspaceEntries();
  const files = useMemo(() => importableFiles(rows), [rows]);
  const [source, setSource] = useState<Source>('smiles');
  const [smiles, setSmiles] = useState('');
  const [fileId, setFileId] = useState<number | null>(null);
  const [ligandKey, setLigandKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const file = files.find((f) => f.id === fileId) ?? null;
  const pickLigand = file !== null && needsLigandPick(file);

  // A PDB entry's text, read for its ligand list.
  const pdb = useQuery({
    queryKey: ['editor2d', 'pdb-content', fileId],
    enabled: open && pickLigand,
    queryFn: async () => {
      const answer = await filesApi.content(fileId ?? 0);
      return answer.success && answer.data ? answer.data.content : null;
    },
  });
  const ligands = useMemo(() => (pdb.data ? pdbLigands(pdb.data) : []), [pdb.data]);

  const close = () => {
    setSmiles('');
    setFileId(null);
    setLigandKey(null);
    setBusy(false);
    onClose();
  };

  /** The SMILES of the chosen entry (or its chosen ligand), as the server converts it. */
  const entrySmiles = async (): Promise<string | null> => {
    if (!file) return null;
    if (pickLigand) {
      const block = pdb.data && ligandKey ? ligandPdb(pdb.data, ligandKey) : '';
      if (!block) return null;
      const answer = await filesApi.contentToSmiles('pdb', block);
      return answer.success && answer.data ? answer.data.smiles : null;
    }
    const answer = await filesApi.toSmiles(file.id, false);
    return answer.success && answer.data ? answer.data.smiles : null;
  };

  const run = async () => {
    setBusy(true);
    try {
      // A failed conversion was reported by the API client with the server's message.
      const structure = source === 'smiles' ? smiles.trim() : await entrySmiles();
      if (structure === null) return;
      if (await onLoad(structure)) close();
      else message.error(t('import.failed'));
    } finally {
      setBusy(false);
    }
  };

  const ready = source === 'smiles' ? smiles.trim() !== '' : file !== null && (!pickLigand || ligandKey !== null);

  return (
    <Modal
      open={open}
      title={t('import.title')}
      onCancel={close}
      onOk={() => void run()}
      okText={t('import.ok')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ disabled: !ready, loading: busy, ...testId('editor2d-import-ok') }}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => void run()}>
        <Form.Item>
          <Segmented<Source>
            block
            value={source}
            onChange={setSource}
            options={[
              { value: 'smiles', label: <span data-testid="editor2d-source-smiles">{t('import.fromSmiles')}</span> },
              { value: 'entry', label: <span data-testid="editor2d-source-entry">{t('import.fromEntry')}</span> },
            ]}
          />
        </Form.Item>
        {source === 'smiles' ? (
          <Form.Item label={t('import.smiles')}>
            <Input
              autoFocus
              value={smiles}
              onChange={(event) => setSmiles(event.target.value)}
              onPressEnter={() => ready && void run()}
              placeholder={t('import.smilesPlaceholder')}
              spellCheck={false}
              {...testId('editor2d-smiles-input')}
            />
          </Form.Item>
        ) : files.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('import.noEntries')} />
        ) : (
          <>
            <Form.Item label={t('import.entry')}>
              <Select<number>
                showSearch={{ optionFilterProp: 'label' }}
                value={fileId ?? undefined}
                onChange={(id) => {
                  setFileId(id);
                  setLigandKey(null);
                }}
                placeholder={t('import.entryPlaceholder')}
                options={files.map((f) => ({ value: f.id, label: f.name }))}
                {...testId('editor2d-entry-select')}
              />
            </Form.Item>
            {pickLigand && (
              <Form.Item label={t('import.ligand')}>
                {pdb.isFetching ? (
                  <Spin size="small" />
                ) : ligands.length === 0 ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('import.noLigands')} />
                ) : (
                  <Select<string>
                    value={ligandKey ?? undefined}
                    onChange={setLigandKey}
                    placeholder={t('import.ligandPlaceholder')}
                    options={ligands.map((l) => ({
                      value: l.key,
                      label: t('import.ligandOption', { label: ligandLabel(l), atoms: l.atoms }),
                    }))}
                    {...testId('editor2d-ligand-select')}
                  />
                )}
              </Form.Item>
            )}
          </>
        )}
      </Form>
    </Modal>
  );
}
