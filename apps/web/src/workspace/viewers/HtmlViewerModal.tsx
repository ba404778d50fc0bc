import type { ProjectFile } from '@medx/contract';
import { useQuery } from '@tanstack/react-query';
import { Modal, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFileBlob } from './ImageViewerModal';

/**
 * An HTML report in a sandboxed frame: without allow-same-origin the frame is an opaque origin,
 * so it cannot read the app's storage, the token, or call the API with the user's session. The
 * srcdoc frame also inherits the app's Content-Security-Policy, so the report's inline scripts
 * and event handlers do not run at all (docs/decisions.md, "Security headers"); its markup,
 * styles and data: images show.
 */
export function HtmlFrame({ html, title }: { html: string; title: string }) {
  return (
    <iframe
      title={title}
      sandbox="allow-scripts"
      srcDoc={html}
      referrerPolicy="no-referrer"
      style={{ width: '100%', height: '70vh', border: '1px solid var(--ant-color-border-secondary, #f0f0f0)' }}
      data-testid="html-frame"
    />
  );
}

export function HtmlViewerModal({ file, onClose }: { file: ProjectFile; onClose: () => void }) {
  const { t } = useTranslation('files');
  const blob = useFileBlob(file.id);
  const text = useQuery({
    queryKey: ['file-text', file.id, blob.dataUpdatedAt],
    enabled: Boolean(blob.data),
    gcTime: 0,
    queryFn: () => (blob.data ? blob.data.text() : ''),
  });

  return (
    <Modal open width="80%" title={file.name} onCancel={onClose} footer={null} destroyOnHidden>
      {blob.isError ? (
        <Result status="warning" subTitle={t('msg:loadContentFailed')} />
      ) : text.data === undefined ? (
        <div style={{ height: '70vh', display: 'grid', placeItems: 'center' }}>
          <Spin />
        </div>
      ) : (
        <HtmlFrame html={text.data} title={file.name} />
      )}
    </Modal>
  );
}
