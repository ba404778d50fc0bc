import { FileTextOutlined } from '@ant-design/icons';
import { type BuilderImport, hasExtension, MACRO_EXTENSIONS, TOOL_BUILDER_LIMITS } from '@medx/contract';
import { App, Flex, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toolBuilderApi } from '../../api/tool-builder';
import { testId } from '../../lib/test-id';
import { acceptOf, FilePickButton } from './FilePickButton';
import { megabytes } from './file-bytes';

interface Picked {
  name: string;
  text: string;
}

interface ImportModalProps {
  open: boolean;
  onClose: () => void;
  /** Whether the draft holds work a replacement would lose (then a confirm comes first). */
  confirmReplace: boolean;
  onImported: (result: BuilderImport) => void;
}

/** An existing Galaxy tool XML (and its macros) into the builder (POST /v1/tool-builder/import). */
export function ImportModal({ open, onClose, confirmReplace, onImported }: ImportModalProps) {
  const { t } = useTranslation('toolBuilder');
  const { message, modal } = App.useApp();
  const [xml, setXml] = useState<Picked | null>(null);
  const [macros, setMacros] = useState<Picked | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setXml(null);
    setMacros(null);
    onClose();
  };

  const pick = async (file: File, allowed: readonly string[], max: number, set: (picked: Picked) => void) => {
    if (!hasExtension(file.name, allowed)) {
      message.error(t('msg:builderScriptExtension', { formats: allowed.join(', ') }));
      return;
    }
    if (file.size > max) {
      message.error(t('msg:builderFileTooLarge', { max: megabytes(max) }));
      return;
    }
    set({ name: file.name, text: await file.text() });
  };

  const run = async () => {
    if (!xml) return;
    setBusy(true);
    // The server's refusal ('Invalid XML: No tool element found', 'Failed to parse file: …') is toasted.
    const answer = await toolBuilderApi.importXml(xml.text, macros?.text ?? '');
    setBusy(false);
    if (!answer.success) return;
    const apply = () => {
      onImported(answer.data);
      close();
    };
    if (!confirmReplace) {
      apply();
      return;
    }
    modal.confirm({
      title: t('importXml.confirmTitle'),
      content: t('importXml.confirmText'),
      okText: t('importXml.replace'),
      cancelText: t('common:actions.cancel'),
      okButtonProps: { danger: true, ...testId('builder-import-confirm') },
      onOk: apply,
    });
  };

  const pickedLine = (picked: Picked | null, none: string) =>
    picked ? (
      <Flex gap={6} align="center">
        <FileTextOutlined />
        <Typography.Text>{picked.name}</Typography.Text>
      </Flex>
    ) : (
      <Typography.Text type="secondary">{none}</Typography.Text>
    );

  return (
    <Modal
      open={open}
      title={t('importXml.title')}
      onCancel={close}
      destroyOnHidden
      okText={t('importXml.run')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ disabled: !xml, loading: busy, ...testId('builder-import-run') }}
      onOk={() => void run()}
      data-testid="builder-import-modal"
    >
      <Typography.Paragraph type="secondary">{t('importXml.help')}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item label={t('importXml.xml')} required>
          <Flex vertical gap={6}>
            <FilePickButton
              accept=".xml"
              onFile={(file) => void pick(file, ['xml'], TOOL_BUILDER_LIMITS.xmlBytes, setXml)}
              testId="builder-import-xml"
            >
              {t('importXml.chooseXml')}
            </FilePickButton>
            {pickedLine(xml, t('importXml.noFile'))}
          </Flex>
        </Form.Item>
        <Form.Item label={t('importXml.macros')} extra={t('importXml.macrosHelp')}>
          <Flex vertical gap={6}>
            <FilePickButton
              accept={acceptOf(MACRO_EXTENSIONS)}
              onFile={(file) => void pick(file, MACRO_EXTENSIONS, TOOL_BUILDER_LIMITS.macrosBytes, setMacros)}
              testId="builder-import-macros"
            >
              {t('importXml.chooseMacros')}
            </FilePickButton>
            {pickedLine(macros, t('importXml.noFile'))}
          </Flex>
        </Form.Item>
      </Form>
    </Modal>
  );
}
