import { Alert, App, Form, Modal, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { testId } from '../../lib/test-id';
import { useOptionalViewer, useViewerPlugin } from '../../viewer/ViewerProvider';
import { toLoadRequest, viewerApi } from '../../viewer/viewer-api';
import { AtomCountMismatchError } from '../../viewer/viewer-service';
import { fileRows } from '../../workspace/entry-rows';
import { useWorkspaceEntries } from '../../workspace/workspace-context';
import {
  checkTrajectoryForm,
  coordinateChoices,
  type FileChoice,
  guessModel,
  modelChoices,
  type TrajectoryFormError,
} from './trajectory-rules';

interface Values {
  coordinatesId?: number;
  modelId?: number;
}

interface LoadTrajectoryModalProps {
  coordinatesId?: number;
  modelId?: number;
  onClose: () => void;
}

const FIELD_OF: Record<TrajectoryFormError, keyof Values> = {
  coordinatesRequired: 'coordinatesId',
  coordinatesType: 'coordinatesId',
  modelRequired: 'modelId',
  modelType: 'modelId',
};

function options(files: readonly FileChoice[]) {
  return files.map((file) => ({ value: file.id, label: file.name }));
}

/**
 * Load Trajectory (viewer spec §3 "Trajectory load", §5): a coordinates file (xtc, dcd or trr,
 * required) and the model file it was written from, both project files, shown in Med View as one
 * trajectory. Frames with another atom count than the model are refused with a message that says
 * both counts; the dialog stays open to pick another model, and Med View keeps what it showed.
 */
export default function LoadTrajectoryModal({ coordinatesId, modelId, onClose }: LoadTrajectoryModalProps) {
  const { t } = useTranslation('trajectory');
  const { message } = App.useApp();
  const viewer = useOptionalViewer();
  const plugin = useViewerPlugin();
  const { rows } = useWorkspaceEntries();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const files = useMemo<FileChoice[]>(
    () => fileRows(rows).map((row) => ({ id: row.id, name: row.title, ext: row.file.ext })),
    [rows],
  );
  const coordinates = useMemo(() => coordinateChoices(files), [files]);
  const models = useMemo(() => modelChoices(files), [files]);
  const [initialValues] = useState<Values>(() => {
    const chosen = coordinatesId ?? (coordinates.length === 1 ? coordinates[0]?.id : undefined);
    const guess = guessModel(
      files.find((file) => file.id === chosen),
      models,
    );
    return { coordinatesId: chosen, modelId: modelId ?? guess ?? undefined };
  });

  const submit = async (values: Values) => {
    const errors = checkTrajectoryForm(
      { coordinatesId: values.coordinatesId ?? null, modelId: values.modelId ?? null },
      files,
    );
    if (errors.length > 0) {
      form.setFields(errors.map((error) => ({ name: FIELD_OF[error], errors: [t(`validation.${error}`)] })));
      return;
    }
    if (!viewer || !plugin || values.coordinatesId === undefined || values.modelId === undefined) return;
    setBusy(true);
    setFailure(null);
    try {
      const [model, frames] = await Promise.all([
        viewerApi.show3d(values.modelId),
        viewerApi.show3d(values.coordinatesId),
      ]);
      if (!model.success || !frames.success) return; // the client showed the error
      await viewer.loadTrajectory(toLoadRequest(model.data), toLoadRequest(frames.data));
      message.success(t('loaded', { name: frames.data.name }));
      onClose();
    } catch (error) {
      console.error(error);
      const text =
        error instanceof AtomCountMismatchError
          ? t('errors.atomCount', { model: error.modelAtoms, coordinates: error.coordinateAtoms })
          : t('errors.load');
      setFailure(text);
      message.error(text);
    } finally {
      setBusy(false);
    }
  };

  const validator = (field: keyof Values) => async () => {
    const values = form.getFieldsValue();
    const errors = checkTrajectoryForm(
      { coordinatesId: values.coordinatesId ?? null, modelId: values.modelId ?? null },
      files,
    ).filter((error) => FIELD_OF[error] === field);
    if (errors[0]) throw new Error(t(`validation.${errors[0]}`));
  };

  return (
    <Modal
      open
      title={t('dialog.title')}
      onCancel={onClose}
      okText={t('dialog.ok')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: busy, disabled: !plugin, ...testId('trajectory-load-ok') }}
      cancelButtonProps={testId('trajectory-load-cancel')}
      destroyOnHidden
      width={440}
      modalRender={(node) => (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onFinish={(values) => void submit(values)}
          onValuesChange={() => setFailure(null)}
        >
          {node}
        </Form>
      )}
    >
      <div data-testid="trajectory-load-dialog">
        {!plugin && <Alert type="warning" showIcon title={t('dialog.noViewer')} style={{ marginBottom: 12 }} />}
        <Form.Item
          name="coordinatesId"
          label={t('dialog.coordinates')}
          extra={t('dialog.coordinatesHelp')}
          required
          rules={[{ validator: validator('coordinatesId') }]}
        >
          <Select
            autoFocus
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            placeholder={t('dialog.coordinatesPlaceholder')}
            options={options(coordinates)}
            notFoundContent={t('dialog.noCoordinates')}
            data-testid="trajectory-coordinates"
          />
        </Form.Item>
        <Form.Item
          name="modelId"
          label={t('dialog.model')}
          extra={t('dialog.modelHelp')}
          required
          rules={[{ validator: validator('modelId') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            placeholder={t('dialog.modelPlaceholder')}
            options={options(models)}
            notFoundContent={t('dialog.noModels')}
            data-testid="trajectory-model"
          />
        </Form.Item>
        {failure && <Alert type="error" showIcon title={failure} data-testid="trajectory-load-error" />}
      </div>
    </Modal>
  );
}
