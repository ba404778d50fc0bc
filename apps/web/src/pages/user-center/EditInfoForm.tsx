import { ChangeInfoRequest, type Identity, LIMITS, type Source, type User } from '@medx/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Col, Form, Input, Row, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentUserKey, saveStoredUser, useSessionToken } from '../../api/session';
import { accountApi } from '../login/users-api';
import { useMessageText, useZodRule } from '../login/zod-rule';
import { type ProfileFieldName, ProfileFields } from './ProfileFields';

interface EditInfoValues {
  username: string;
  identity?: Identity;
  organization: string;
  research_field: string;
  source?: Source;
}

function initialValues(user: User): EditInfoValues {
  return {
    username: user.username,
    identity: (user.identity ?? undefined) as Identity | undefined,
    organization: user.organization ?? '',
    research_field: user.research_field ?? '',
    source: (user.source ?? undefined) as Source | undefined,
  };
}

const EDIT_INFO_PROFILE_ORDER: readonly ProfileFieldName[] = ['identity', 'organization', 'research_field', 'source'];

export interface EditInfoFormProps {
  user: User;
  onDone: () => void;
}

/** POST /v1/users/change_info. Blank organization or research field clears it. */
export function EditInfoForm({ user, onDone }: EditInfoFormProps) {
  const { t } = useTranslation('auth');
  const rule = useZodRule();
  const msgText = useMessageText();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const [saving, setSaving] = useState(false);
  const fields = ChangeInfoRequest.shape;

  const finish = async (values: EditInfoValues) => {
    setSaving(true);
    const res = await accountApi.changeInfo({
      username: values.username.trim(),
      identity: values.identity,
      organization: values.organization.trim(),
      research_field: values.research_field.trim(),
      source: values.source,
    });
    setSaving(false);
    if (!res.success) return;
    // The shell (avatar menu) reads the same query and the stored copy.
    queryClient.setQueryData(currentUserKey(token), res.data);
    saveStoredUser(res.data);
    message.success(msgText('updateSuccessful'));
    onDone();
  };

  return (
    <Form<EditInfoValues> name="user-info" layout="vertical" initialValues={initialValues(user)} onFinish={finish}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="username" label={t('usernameLabel')} required rules={[rule(fields.username)]}>
            <Input data-testid="username-input" autoComplete="nickname" maxLength={LIMITS.usernameMax} autoFocus />
          </Form.Item>
        </Col>
        <ProfileFields fields={fields} col={{ xs: 24, md: 12 }} order={EDIT_INFO_PROFILE_ORDER} />
      </Row>
      <Space>
        <Button data-testid="save-info" type="primary" htmlType="submit" loading={saving}>
          {t('saveInfo')}
        </Button>
        <Button data-testid="cancel-edit" onClick={onDone} disabled={saving}>
          {t('cancelEdit')}
        </Button>
      </Space>
    </Form>
  );
}
