import { Button, Flex, Menu, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { canSeeAdminPanel, usePermissionsQuery } from '../../api/permissions';
import { ADMIN_SECTIONS, adminSection } from './admin-sections';
import './admin.css';

/** /admin[/:section]: the admin panel, for users whose permission data has ADMIN_PANEL true. */
export function AdminPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const permissions = usePermissionsQuery();
  if (permissions.isPending) {
    return (
      <div className="medx-admin" data-testid="admin-loading">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  // A failed permission fetch forbids too: the server refuses every admin call anyway.
  if (!canSeeAdminPanel(permissions.data)) {
    return (
      <Result
        status="403"
        title="403"
        subTitle={t('forbidden')}
        data-testid="admin-forbidden"
        extra={
          <Button type="primary" onClick={() => navigate('/project')}>
            {t('backToProjects')}
          </Button>
        }
      />
    );
  }
  return <AdminSections />;
}

/** The section menu beside the chosen section; the section is part of the address. */
function AdminSections() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const current = adminSection(useParams().section);
  const Section = current.Component;
  return (
    <div className="medx-admin">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      <Flex gap={16} align="flex-start">
        <nav aria-label={t('sectionsLabel')} className="medx-admin-menu">
          <Menu
            mode="inline"
            selectedKeys={[current.key]}
            items={ADMIN_SECTIONS.map((section) => ({
              key: section.key,
              icon: section.icon,
              label: t(section.labelKey),
              'data-testid': `admin-section-${section.key}`,
            }))}
            onClick={({ key }) => navigate(`/admin/${key}`)}
          />
        </nav>
        <div className="medx-admin-body">
          <Section />
        </div>
      </Flex>
    </div>
  );
}
