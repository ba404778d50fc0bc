import { Checkbox, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { testId } from '../../lib/test-id';
import { EXPORT_NAME_MAX, exportNameProblem } from './export-sdf';

export interface ExportRequest {
  name: string;
  make3d: boolean;
}

interface ExportSdfModalProps {
  open: boolean;
  onClose: () => void;
  /** Saves the drawing; true when it is in the Entry List (the dialog closes). */
  onExport: (request: ExportRequest) => Promise<boolean>;
}

/**
 * The 2D WorkSpace's Export (viewer spec §5): the entry name (required, 'Please input sdf name.')
 * and whether a 3D version (a second entry, the server's convert_to_3d) is wanted as well.
 */
export function ExportSdfModal({ open, onClose, onExport }: ExportSdfModalProps) {
  const { t } = useTranslation('editor2d');
  const [form] = Form.useForm<ExportRequest>();
  const [busy, setBusy] = useState(false);

  const submit = async (values: ExportRequest) => {
    setBusy(true);
    try {
      if (await onExport({ name: values.name.trim(), make3d: values.make3d })) {
        form.resetFields();
        onClose();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('export.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('export.ok')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ loading: busy, ...testId('editor2d-export-ok') }}
      forceRender
    >
      <Form<ExportRequest>
        form={form}
        layout="vertical"
        initialValues={{ name: '', make3d: false }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="name"
          label={t('export.name')}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const problem = exportNameProblem(value ?? '');
                if (problem === 'required') throw new Error(t('export.nameRequired'));
                if (problem === 'tooLong') throw new Error(t('export.nameTooLong', { max: EXPORT_NAME_MAX }));
              },
            },
          ]}
        >
          <Input
            placeholder={t('export.namePlaceholder')}
            maxLength={EXPORT_NAME_MAX + 4}
            suffix=".sdf"
            {...testId('editor2d-export-name')}
          />
        </Form.Item>
        <Form.Item name="make3d" valuePropName="checked">
          <Checkbox {...testId('editor2d-export-3d')}>{t('export.make3d')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
