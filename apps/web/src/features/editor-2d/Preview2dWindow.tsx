import { CopyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Spin, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filesApi } from '../../api/files';
import { copyText } from '../../lib/copy-text';
import { useViewerPlugin } from '../../viewer/ViewerProvider';
import { imageSrc } from '../../workspace/molecule-board/MoleculeBoardModal';
import { onFocusOrSelection, viewedLigand } from './ligand-in-view-molstar';
import './editor-2d.css';

/** Spec §8: 'Copied to clipboard.' shows for 1500 ms. */
const COPIED_SECONDS = 1.5;

/**
 * The floating 2D preview (viewer spec §2 "viewer2d"): the ligand focused or selected in Med
 * View drawn in 2D with its SMILES (the server's RDKit depiction of the residue's atoms; bond
 * orders perceived from the geometry), and a button to copy the SMILES.
 */
export function Preview2dWindow() {
  const { t } = useTranslation('editor2d');
  const { message } = App.useApp();
  const plugin = useViewerPlugin();
  const [tick, setTick] = useState(0);

  useEffect(() => (plugin ? onFocusOrSelection(plugin, () => setTick((n) => n + 1)) : undefined), [plugin]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick stands for Med View's focus and selection, read inside.
  const ligand = useMemo(() => (plugin ? viewedLigand(plugin) : null), [plugin, tick]);

  const depiction = useQuery({
    queryKey: ['editor2d', 'preview', ligand?.pdb ?? ''],
    enabled: ligand !== null,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const answer = await filesApi.contentToSmiles('pdb', ligand?.pdb ?? '', { silent: true });
      if (!answer.success || !answer.data) throw new Error(answer.msg);
      return answer.data;
    },
  });

  const copy = async (smiles: string) => {
    if (await copyText(smiles)) message.success({ content: t('files:board.copied'), duration: COPIED_SECONDS });
    else message.error(t('common:errors.copyFailed'));
  };

  if (!ligand) {
    return (
      <div className="medx-preview2d medx-preview2d-empty" data-testid="preview2d" data-state="empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('preview.empty')} />
      </div>
    );
  }
  if (depiction.isError) {
    return (
      <div className="medx-preview2d medx-preview2d-empty" data-testid="preview2d" data-state="error">
        <Typography.Text type="secondary">{t('preview.failed', { label: ligand.label })}</Typography.Text>
      </div>
    );
  }
  if (!depiction.data) {
    return (
      <div className="medx-preview2d medx-preview2d-empty" data-testid="preview2d" data-state="loading">
        <Spin />
      </div>
    );
  }
  const { smiles, base64 } = depiction.data;
  const src = imageSrc(base64);
  return (
    <div className="medx-preview2d" data-testid="preview2d" data-state="ready">
      <Typography.Text strong data-testid="preview2d-label">
        {ligand.label}
      </Typography.Text>
      {src && <img className="medx-preview2d-image" src={src} alt={t('preview.alt', { label: ligand.label })} />}
      <div className="medx-preview2d-smiles">
        <Typography.Text code data-testid="preview2d-smiles">
          {smiles}
        </Typography.Text>
        <Tooltip title={t('preview.copy')}>
          <Button
            type="text"
            size="small"
            icon={<CopyOutlined />}
            aria-label={t('preview.copy')}
            onClick={() => void copy(smiles)}
            data-testid="preview2d-copy"
          />
        </Tooltip>
      </div>
    </div>
  );
}
