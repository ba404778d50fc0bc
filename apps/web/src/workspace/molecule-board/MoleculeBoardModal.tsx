import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Modal, Table, type TableProps, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/copy-text';

/** Spec §9: the molecule board shows 5 rows a page. */
export const MOLECULE_BOARD_PAGE_SIZE = 5;

export interface MoleculeRow {
  key: string;
  name: string;
  smiles: string;
  /** PNG as base64 (with or without the data: prefix), or null when the server drew none. */
  base64: string | null;
}

/** Leading base64 of the formats a depiction may come in (the server draws SVG). */
const SIGNATURES: ReadonlyArray<[string, string]> = [
  ['PHN2', 'image/svg+xml'],
  ['PD94', 'image/svg+xml'],
  ['iVBORw0KGgo', 'image/png'],
  ['/9j/', 'image/jpeg'],
  ['R0lGOD', 'image/gif'],
];

/** A depiction as an image address: a data URI as is, bare base64 typed by its first bytes. */
export function imageSrc(base64: string | null): string | null {
  if (!base64) return null;
  if (base64.startsWith('data:')) return base64;
  const mime = SIGNATURES.find(([prefix]) => base64.startsWith(prefix))?.[1] ?? 'image/png';
  return `data:${mime};base64,${base64}`;
}

interface MoleculeBoardModalProps {
  open: boolean;
  rows: MoleculeRow[];
  loading: boolean;
  onClose: () => void;
}

/** The 2D Molecule Board (spec §2): image and SMILES per row, 5 a page, SMILES copyable. */
export function MoleculeBoardModal({ open, rows, loading, onClose }: MoleculeBoardModalProps) {
  const { t } = useTranslation('files');
  const { message } = App.useApp();

  const copy = async (smiles: string) => {
    if (await copyText(smiles)) message.success({ content: t('board.copied'), duration: 1.5 });
    else message.error(t('common:errors.copyFailed'));
  };

  const columns: TableProps<MoleculeRow>['columns'] = [
    {
      key: 'image',
      title: t('board.image'),
      width: 180,
      render: (_v, row) => {
        const src = imageSrc(row.base64);
        return src ? (
          <img src={src} alt={row.smiles} width={160} height={120} style={{ objectFit: 'contain', display: 'block' }} />
        ) : (
          <Typography.Text type="secondary">{t('board.noImage')}</Typography.Text>
        );
      },
    },
    {
      key: 'smiles',
      title: t('board.smiles'),
      render: (_v, row) => (
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.name}
          </Typography.Text>
          <div style={{ display: 'flex', alignItems: 'flex-start', gap: 4 }}>
            <Typography.Text code style={{ wordBreak: 'break-all' }} data-testid="board-smiles">
              {row.smiles}
            </Typography.Text>
            <Tooltip title={t('board.copy')}>
              <Button
                type="text"
                size="small"
                icon={<CopyOutlined />}
                aria-label={t('board.copy')}
                onClick={() => void copy(row.smiles)}
                data-testid="board-copy"
              />
            </Tooltip>
          </div>
        </div>
      ),
    },
  ];

  return (
    <Modal open={open} width={640} title={t('board.title')} onCancel={onClose} footer={null} destroyOnHidden>
      <Table<MoleculeRow>
        size="small"
        rowKey="key"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={{ pageSize: MOLECULE_BOARD_PAGE_SIZE, hideOnSinglePage: true }}
        data-testid="molecule-board"
      />
    </Modal>
  );
}
