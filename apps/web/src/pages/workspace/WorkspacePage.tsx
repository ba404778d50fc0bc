import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { unwrap } from '../../api/client';
import { projectsApi } from '../../api/projects';
import { PageFallback } from '../../app/PageFallback';
import { setProjectId } from '../../app/session';

export const projectKey = (id: string) => ['projects', 'detail', id] as const;

/**
 * The workspace route (spec §2). For now an empty workspace: it loads ?project=, and
 * without one, or when the project cannot be loaded, goes to the Project List.
 */
export function WorkspacePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const projectId = params.get('project');

  const query = useQuery({
    queryKey: projectKey(projectId ?? ''),
    enabled: Boolean(projectId),
    queryFn: async () => unwrap(await projectsApi.get(projectId ?? '')),
  });

  useEffect(() => {
    if (query.isError) navigate('/project', { replace: true });
  }, [query.isError, navigate]);

  useEffect(() => {
    if (query.data) setProjectId(query.data.id);
  }, [query.data]);

  if (!projectId) return <Navigate to="/project" replace />;
  if (!query.data) return <PageFallback />;

  return (
    <Card data-testid="workspace">
      <Typography.Text type="secondary">{t('workspace.projectLabel')}</Typography.Text>
      <Typography.Title level={3} style={{ marginTop: 4 }} data-testid="workspace-project-name">
        {query.data.project_name}
      </Typography.Title>
      <Empty description={t('workspace.empty')} />
    </Card>
  );
}
