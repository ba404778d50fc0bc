import type { ProjectFile } from '@medx/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Image, Modal, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filesApi } from '../../api/files';
import { extOf, imageMimeType } from '../file-types';

/** Downloads a file with the token header and gives it as a Blob (null while loading). */
export function useFileBlob(fileId: number) {
  return useQuery({
    queryKey: ['file-blob', fileId],
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const answer = await filesApi.download(fileId, { silent: true });
      if (!answer.success || !answer.data) throw new Error(answer.msg);
      return answer.data;
    },
  });
}

/** The image viewer: the bytes with the MIME type of the extension (spec §9), zoomable. */
export function ImageViewerModal({ file, onClose }: { file: ProjectFile; onClose: () => void }) {
  const { t } = useTranslation('files');
  const { message } = App.useApp();
  const blob = useFileBlob(file.id);
  const [src, setSrc] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);

  useEffect(() => {
    if (!blob.data) return;
    const url = URL.createObjectURL(new Blob([blob.data], { type: imageMimeType(extOf(file)) }));
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [blob.data, file]);

  useEffect(() => {
    if (blob.isError) message.error(t('image.downloadFailed'));
  }, [blob.isError, message, t]);

  return (
    <Modal open width={720} title={file.name} onCancel={onClose} footer={null} destroyOnHidden>
      <div style={{ minHeight: 240, display: 'grid', placeItems: 'center' }} data-testid="image-viewer">
        {blob.isError || broken ? (
          <Result status="warning" subTitle={broken ? t('image.unsupported') : t('image.loadFailed')} />
        ) : src ? (
          <Image
            src={src}
            alt={file.name}
            style={{ maxWidth: '100%', maxHeight: '65vh', objectFit: 'contain' }}
            onError={() => {
              setBroken(true);
              message.error(t('image.unsupported'));
            }}
          />
        ) : (
          <Spin />
        )}
      </div>
    </Modal>
  );
}
