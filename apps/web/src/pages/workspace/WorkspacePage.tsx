import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { unwrap } from '../../api/client';
import { projectsApi } from '../../api/projects';
import { PageFallback } from '../../app/PageFallback';
import { setProjectId } from '../../app/session';
import { toEntryRows } from '../../workspace/entry-rows';
import { useFillHeight } from '../../workspace/use-fill-height';
import { FileViewerProvider } from '../../workspace/viewers/FileViewerHost';
import { EntryListWindow } from '../../workspace/windows/entry-list/EntryListWindow';
import { WorkspaceProvider } from '../../workspace/workspace-context';
import '../../workspace/workspace.css';

export const projectKey = (id: string) => ['projects', 'detail', id] as const;

/**
 * The workspace route (spec §2). It loads ?project=, and without one, or when the project
 * cannot be loaded, goes to the Project List. For now: the Entry List window on the left and
 * the place of the 3D viewer (a later issue) on the right.
 */
export function WorkspacePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const projectId = params.get('project');
  const [area, height] = useFillHeight();

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

  const data = query.data;
  const id = data?.id;
  const name = data?.project_name;
  const role = data?.role;
  // Only a change of these re-renders the windows' context, not every refetch of the files.
  const project = useMemo(
    () => (id !== undefined && name !== undefined && role ? { id, name, role } : null),
    [id, name, role],
  );
  const rows = useMemo(() => toEntryRows(data?.files), [data?.files]);

  if (!projectId) return <Navigate to="/project" replace />;
  if (!data || !project) return <PageFallback />;

  return (
    <WorkspaceProvider project={project}>
      <FileViewerProvider>
        <div className="medx-workspace" ref={area} style={{ height }} data-testid="workspace">
          <EntryListWindow rows={rows} loading={query.isFetching && !query.isFetched} />
          <section className="medx-window medx-workspace-main" aria-label={t('workspace.viewerArea')}>
            <Typography.Text type="secondary">{t('workspace.projectLabel')}</Typography.Text>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="workspace-project-name">
              {data.project_name}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ maxWidth: 420, marginTop: 8 }} data-testid="viewer-later">
              {t('workspace.viewerLater')}
            </Typography.Paragraph>
          </section>
        </div>
      </FileViewerProvider>
    </WorkspaceProvider>
  );
}
