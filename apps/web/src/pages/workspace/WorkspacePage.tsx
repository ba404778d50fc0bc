import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { unwrap } from '../../api/client';
import { projectsApi } from '../../api/projects';
import { STORAGE_KEYS, setProjectId } from '../../api/session';
import { WORKSPACE_FEATURES } from '../../features';
import { HeaderSlot } from '../../lib/header-slot';
import { ToolbarItemsContext } from '../../viewer/toolbar/toolbar-extensions';
import { ViewerProvider } from '../../viewer/ViewerProvider';
import { toEntryRows } from '../../workspace/entry-rows';
import { WorkspaceHeader } from '../../workspace/header/WorkspaceHeader';
import { FullscreenToggle } from '../../workspace/layout/FullscreenToggle';
import { LoadingScreen } from '../../workspace/layout/LoadingScreen';
import { getLayoutState, layoutActions, openSlotWindow, useLayoutState } from '../../workspace/layout/layout-store';
import { normaliseToolParams, paramsAfterSlotChange, slotWindowFromQuery } from '../../workspace/layout/query-values';
import { WorkspaceLayout } from '../../workspace/layout/WorkspaceLayout';
import { WorkspaceMounts } from '../../workspace/layout/WorkspaceMounts';
import { registerFeatures, viewerToolbarItems } from '../../workspace/registry/registry';
import { useFillHeight } from '../../workspace/use-fill-height';
import { FileViewerProvider } from '../../workspace/viewers/FileViewerHost';
import { type WorkspaceEntries, type WorkspaceProject, WorkspaceProvider } from '../../workspace/workspace-context';
import '../../workspace/workspace.css';

// The workspace reads what the features register (windows, menu entries, header tools, mounts).
registerFeatures(WORKSPACE_FEATURES);
const TOOLBAR_ITEMS = viewerToolbarItems(WORKSPACE_FEATURES);

export const projectKey = (id: string) => ['projects', 'detail', id] as const;

function hasStoredLayout(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.layout) !== null;
  } catch {
    return true;
  }
}

/**
 * The address's query values and the layout kept in step (spec §2): ?tool= / ?workflow= open
 * their window in the right-top-right slot, closing that window removes the value, and a
 * tool or workflow window without its value closes.
 */
function useQueryValues() {
  const [params, setParams] = useSearchParams();
  const openSlot = openSlotWindow(useLayoutState());
  const tool = params.get('tool');
  const workflow = params.get('workflow');
  const wanted = slotWindowFromQuery(params);

  useEffect(() => {
    if (tool && workflow !== null) setParams((current) => normaliseToolParams(current), { replace: true });
  }, [tool, workflow, setParams]);

  useEffect(() => {
    if (wanted) layoutActions.show(wanted);
  }, [wanted]);

  useEffect(() => {
    if ((openSlot === 'tool' && !tool) || (openSlot === 'workflow' && !workflow)) layoutActions.hide(openSlot);
  }, [openSlot, tool, workflow]);

  const previous = useRef(openSlot);
  useEffect(() => {
    const before = previous.current;
    previous.current = openSlot;
    if (before !== openSlot && (before === 'tool' || before === 'workflow')) {
      setParams((current) => paramsAfterSlotChange(current, before, openSlot), { replace: true });
    }
  }, [openSlot, setParams]);
}

/**
 * The workspace route (spec §2). It loads ?project=, and without one, or when the project
 * cannot be loaded, goes to the Project List. While loading: the loading screen; then the
 * tiled window layout.
 */
export function WorkspacePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const projectId = params.get('project');
  const [area, height] = useFillHeight();
  // Nothing stored yet: this browser's first visit to the workspace.
  const [firstVisit] = useState(() => !hasStoredLayout());
  useQueryValues();

  const query = useQuery({
    queryKey: projectKey(projectId ?? ''),
    enabled: Boolean(projectId),
    queryFn: async () => unwrap(await projectsApi.get(projectId ?? '')),
  });

  useEffect(() => {
    if (query.isError) navigate('/project', { replace: true });
  }, [query.isError, navigate]);

  useEffect(() => {
    if (!query.data) return;
    setProjectId(query.data.id);
    if (!hasStoredLayout()) layoutActions.setTree(getLayoutState().tree);
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
  const loadingRows = query.isFetching && !query.isFetched;
  const entries = useMemo(() => ({ rows, loading: loadingRows }), [rows, loadingRows]);

  return (
    <>
      <HeaderSlot>
        <WorkspaceHeader />
      </HeaderSlot>
      {!projectId ? (
        <Navigate to="/project" replace />
      ) : !data || !project ? (
        <LoadingScreen firstVisit={firstVisit} />
      ) : (
        <Workspace project={project} entries={entries} name={data.project_name} area={area} height={height} />
      )}
    </>
  );
}

interface WorkspaceProps {
  project: WorkspaceProject;
  entries: WorkspaceEntries;
  name: string;
  area: (element: HTMLDivElement | null) => void;
  height: number | undefined;
}

/** The open project: its providers, the bar above the windows, the tiled windows and the mounts. */
function Workspace({ project, entries, name, area, height }: WorkspaceProps) {
  const { t } = useTranslation('workspace');
  return (
    <WorkspaceProvider project={project} entries={entries}>
      {/* One viewer for the workspace: Med View attaches its plugin; the Entry List, the Structure
          and Sequence Viewer windows and the toolbar read and drive it. */}
      <ViewerProvider>
        <ToolbarItemsContext.Provider value={TOOLBAR_ITEMS}>
          <FileViewerProvider>
            <div className="medx-workspace medx-workspace-tiled" ref={area} style={{ height }} data-testid="workspace">
              <div className="medx-workspace-bar">
                <Typography.Text type="secondary">{t('projectLabel')}</Typography.Text>
                <Typography.Text strong ellipsis data-testid="workspace-project-name">
                  {name}
                </Typography.Text>
                <span className="medx-workspace-bar-fill" />
                <Button
                  size="small"
                  type="text"
                  icon={<ReloadOutlined />}
                  onClick={layoutActions.reset}
                  data-testid="reset-layout"
                >
                  {t('resetLayout')}
                </Button>
                <FullscreenToggle />
              </div>
              <div className="medx-workspace-layout">
                <WorkspaceLayout />
              </div>
            </div>
            <WorkspaceMounts />
          </FileViewerProvider>
        </ToolbarItemsContext.Provider>
      </ViewerProvider>
    </WorkspaceProvider>
  );
}
