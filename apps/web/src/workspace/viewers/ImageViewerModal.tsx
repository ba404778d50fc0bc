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

/** Image types whose documents can run script (an SVG's <script>, onload=...). */
const SCRIPTABLE_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/svg+xml']);

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/**
 * The image viewer: the bytes with the MIME type of the extension (spec §9), zoomable. An SVG
 * is shown from a data: address only: an <img> never runs its script, and opened on its own
 * ("Open image in new tab") it is a document of an opaque origin, never this app's, where a
 * blob: address would be one of the app's origin (docs/decisions.md, "Security headers").
 * Other types cannot run script and keep the cheaper blob: address.
 */
export function ImageViewerModal({ file, onClose }: { file: ProjectFile; onClose: () => void }) {
  const { t } = useTranslation('files');
  const { message } = App.useApp();
  const blob = useFileBlob(file.id);
  const [src, setSrc] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);

  useEffect(() => {
    if (!blob.data) return;
    const type = imageMimeType(extOf(file));
    const image = new Blob([blob.data], { type });
    if (SCRIPTABLE_IMAGE_TYPES.has(type)) {
      let current = true;
      readAsDataUrl(image).then(
        (url) => current && setSrc(url),
        () => current && setBroken(true),
      );
      return () => {
        current = false;
      };
    }
    const url = URL.createObjectURL(image);
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
