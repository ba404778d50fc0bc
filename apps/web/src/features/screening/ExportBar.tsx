import { DownloadOutlined } from '@ant-design/icons';
import { Button, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { screeningApi } from '../../api/screening';
import { saveBlob } from '../../lib/save-file';
import { EXPORT_TOP_DEFAULT, EXPORT_TOP_MAX, exportQuery, type Filters } from './filters';

interface ExportBarProps {
  jobId: number;
  /** The filters the table shows (the export takes the best N of those). */
  filters: Filters;
  disabled: boolean;
}

/** The file a download is saved as (the server's Content-Disposition is not read by the blob client). */
export const exportFileName = (jobId: number, format: 'sdf' | 'csv', top: number) =>
  `screening_${jobId}_top${top}.${format}`;

/**
 * Export SDF / Export CSV of the best N ligands (by score) that pass the current filters,
 * downloaded with the session's headers as other downloads are (api.blob, then saveBlob).
 */
export function ExportBar({ jobId, filters, disabled }: ExportBarProps) {
  const { t } = useTranslation('screening');
  const [top, setTop] = useState(EXPORT_TOP_DEFAULT);
  const [busy, setBusy] = useState<'sdf' | 'csv' | null>(null);

  const download = async (format: 'sdf' | 'csv') => {
    const query = exportQuery(filters, format, top);
    setBusy(format);
    const answer = await screeningApi.exportFile(jobId, query);
    setBusy(null);
    // A failure was shown by the client.
    if (answer.success && answer.data) saveBlob(answer.data, exportFileName(jobId, format, query.top));
  };

  return (
    <Space size={4} wrap data-testid="screening-export">
      <Typography.Text type="secondary">{t('export.top')}</Typography.Text>
      <InputNumber
        size="small"
        min={1}
        max={EXPORT_TOP_MAX}
        precision={0}
        value={top}
        onChange={(value) => setTop(typeof value === 'number' ? value : EXPORT_TOP_DEFAULT)}
        aria-label={t('export.top')}
        style={{ width: 96 }}
        data-testid="screening-export-top"
      />
      <Space.Compact>
        {(['sdf', 'csv'] as const).map((format) => (
          <Button
            key={format}
            size="small"
            icon={<DownloadOutlined />}
            disabled={disabled}
            loading={busy === format}
            onClick={() => void download(format)}
            data-testid={`screening-export-${format}`}
          >
            {format === 'sdf' ? t('export.sdf') : t('export.csv')}
          </Button>
        ))}
      </Space.Compact>
    </Space>
  );
}
