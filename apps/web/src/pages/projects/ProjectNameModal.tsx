import { LIMITS, type Project, projectNameField } from '@medx/contract';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { projectsApi } from '../../api/projects';
import { testId } from '../../lib/test-id';
import { zodRule } from '../../lib/zod-rule';

interface NameForm {
  name: string;
}

interface ProjectNameModalProps {
  /** Create a project, or rename the given one. */
  mode: 'create' | 'rename';
  open: boolean;
  project?: Project | null;
  onClose: () => void;
  onDone: (project: Project | null) => void;
}

/** Create New Project and Rename (spec §2, §5): name required, at most 12 characters. */
export function ProjectNameModal({ mode, open, project, onClose, onDone }: ProjectNameModalProps) {
  const { t } = useTranslation('projects');
  const { message } = App.useApp();
  const [form] = Form.useForm<NameForm>();
  const [saving, setSaving] = useState(false);

  const submit = async ({ name }: NameForm) => {
    const trimmed = name.trim();
    if (mode === 'rename' && project && trimmed === project.project_name) {
      onClose();
      return;
    }
    setSaving(true);
    const answer =
      mode === 'create'
        ? await projectsApi.create({ project_name: trimmed })
        : await projectsApi.rename(project?.id ?? 0, { name: trimmed });
    setSaving(false);
    if (!answer.success) return;
    message.success(t(mode === 'create' ? 'msg:createProjectSuccessful' : 'msg:renameProjectSuccessful'));
    onDone(answer.data ?? null);
  };

  return (
    <Modal
      open={open}
      title={t(mode === 'create' ? 'create.title' : 'rename.title')}
      onCancel={onClose}
      okText={t('common:actions.ok')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: saving, ...testId('project-name-submit') }}
      destroyOnHidden
      modalRender={(node) => (
        <Form<NameForm>
          form={form}
          layout="vertical"
          name={`project-${mode}`}
          clearOnDestroy
          initialValues={{ name: mode === 'rename' ? (project?.project_name ?? '') : '' }}
          onFinish={(values) => void submit(values)}
        >
          {node}
        </Form>
      )}
    >
      <Form.Item
        name="name"
        label={t(mode === 'create' ? 'create.name' : 'rename.name')}
        required
        rules={[zodRule(projectNameField, t)]}
      >
        <Input
          autoFocus
          maxLength={LIMITS.projectNameMax}
          showCount
          placeholder={t('create.placeholder')}
          data-testid="project-name-input"
        />
      </Form.Item>
    </Modal>
  );
}
