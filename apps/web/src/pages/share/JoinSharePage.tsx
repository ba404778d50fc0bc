import { LIMITS, shareCodeField } from '@medx/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Flex, Form, Input, Result, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { unwrap } from '../../api/client';
import { projectsApi } from '../../api/projects';
import { saveSession, setProjectId, useSessionToken } from '../../api/session';
import { usersApi } from '../../api/users';
import { zodRule } from '../../lib/zod-rule';
import { PageFallback } from '../PageFallback';

interface JoinForm {
  share_code: string;
}

/**
 * /share/:shareId: what a share link opens. Shows the project, its creator and the access
 * type; the visitor enters the 4-character code and joins. Joining needs a session, so a
 * visitor without one is offered the login page or a guest session first.
 */
export function JoinSharePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { shareId = '' } = useParams();
  const token = useSessionToken();
  const [form] = Form.useForm<JoinForm>();
  const [joining, setJoining] = useState(false);
  const [startingGuest, setStartingGuest] = useState(false);

  const info = useQuery({
    queryKey: ['projects', 'share-info', shareId, token],
    enabled: Boolean(token && shareId),
    queryFn: async () => unwrap(await projectsApi.sharedInfo(shareId)),
  });

  const openProject = (id: number) => {
    setProjectId(id);
    navigate(`/?project=${id}`);
  };

  const continueAsGuest = async () => {
    setStartingGuest(true);
    const answer = await usersApi.guestLogin();
    setStartingGuest(false);
    if (answer.success) saveSession(answer.data);
  };

  const join = async ({ share_code }: JoinForm) => {
    if (!info.data) return;
    setJoining(true);
    const answer = await projectsApi.join(info.data.project_id, share_code.trim());
    setJoining(false);
    if (!answer.success) return;
    message.success(t('msg:joinSuccessful'));
    openProject(answer.data.id);
  };

  if (!token) {
    return (
      <Result
        status="info"
        title={t('join.title')}
        subTitle={t('join.needSession')}
        extra={
          <Space>
            <Button type="primary" onClick={() => navigate('/login')} data-testid="join-login">
              {t('actions.login')}
            </Button>
            <Button loading={startingGuest} onClick={() => void continueAsGuest()} data-testid="join-guest">
              {t('join.continueAsGuest')}
            </Button>
          </Space>
        }
      />
    );
  }

  if (info.isPending) return <PageFallback />;

  if (info.isError || !info.data) {
    return (
      <Result
        status="warning"
        title={t('join.invalidLink')}
        extra={
          <Button type="primary" onClick={() => navigate('/project')}>
            {t('join.toProjects')}
          </Button>
        }
      />
    );
  }

  const project = info.data;
  return (
    <Flex justify="center">
      <Card title={t('join.title')} style={{ width: '100%', maxWidth: 520 }}>
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            {
              key: 'project',
              label: t('join.project'),
              children: <span data-testid="join-project-name">{project.project_name}</span>,
            },
            { key: 'creator', label: t('join.creator'), children: project.creator.username },
            { key: 'type', label: t('join.accessType'), children: t(`shareType.${project.share_type}`) },
          ]}
        />
        {project.role ? (
          <Flex vertical gap={12} style={{ marginTop: 24 }}>
            <Typography.Text>{t('join.alreadyMember')}</Typography.Text>
            <Button type="primary" onClick={() => openProject(project.project_id)} data-testid="join-open">
              {t('join.openProject')}
            </Button>
          </Flex>
        ) : (
          <Form<JoinForm> form={form} layout="vertical" style={{ marginTop: 24 }} onFinish={(v) => void join(v)}>
            <Form.Item name="share_code" label={t('join.code')} required rules={[zodRule(shareCodeField, t)]}>
              <Input
                maxLength={LIMITS.shareCodeLength}
                autoFocus
                autoComplete="off"
                placeholder={t('join.codePlaceholder')}
                data-testid="join-code"
                style={{ fontFamily: 'monospace', letterSpacing: 4 }}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={joining} data-testid="join-submit">
              {t('join.submit')}
            </Button>
          </Form>
        )}
      </Card>
    </Flex>
  );
}
