import { LockOutlined } from '@ant-design/icons';
import { App, Button, Card, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermissionsQuery } from '../../api/permissions';
import { getProjectId, getStoredUserId } from '../../api/session';
import { type GuideItem, ToolGuide, toolUi, workflowIdOf } from '../../features/tools';

/**
 * Apps (/shop, spec §2): the Tool guide full-page (docs/decisions.md "Tools in the web"). A tool
 * opens in the workspace of the last project (?project=&tool=); denied tools open the
 * no-licence reminder (the shell's). Without tools permission (guests: tools false) the page says so and
 * offers registration (spec §6, §8).
 */
export function ShopPage() {
  const { t } = useTranslation('tools');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const permissions = usePermissionsQuery();

  const open = (item: GuideItem) => {
    if (!item.available) return;
    if (!item.allowed) {
      toolUi.openNoLicence();
      return;
    }
    const projectId = getProjectId();
    if (!projectId) {
      message.info(t('shop.openProjectFirst'));
      navigate('/project');
      return;
    }
    const opens: [string, string] = item.isWorkflow ? ['workflow', workflowIdOf(item)] : ['tool', item.id];
    navigate(`/?${new URLSearchParams([['project', projectId], opens])}`);
  };

  const register = () => {
    const userId = getStoredUserId();
    navigate(userId ? `/login?userId=${encodeURIComponent(userId)}` : '/login');
  };

  let body: React.ReactNode;
  if (permissions.isPending) {
    body = (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: 240 }} data-testid="shop-loading">
        <Spin description={t('shop.loading')}>
          <div style={{ width: 200, height: 60 }} />
        </Spin>
      </div>
    );
  } else if (permissions.isError) {
    body = <Result status="warning" title={t('msg:permissionCheckError')} data-testid="shop-permission-error" />;
  } else if (!permissions.data || permissions.data.tools === false) {
    body = (
      <Result
        icon={<LockOutlined />}
        title={t('msg:noToolsPermission')}
        extra={
          <Button type="primary" onClick={register} data-testid="shop-register">
            {t('shop.register')}
          </Button>
        }
        data-testid="shop-no-permission"
      />
    );
  } else {
    body = <ToolGuide onOpen={open} page />;
  }

  return (
    <Card data-testid="shop-page">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('shop.title')}
      </Typography.Title>
      {body}
    </Card>
  );
}
