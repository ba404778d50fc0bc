import { FilterOutlined, PlusOutlined } from '@ant-design/icons';
import { LIMITS, type Project } from '@medx/contract';
import { App, Button, Card, Flex, Tabs, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { projectsApi } from '../../api/projects';
import { setProjectId } from '../../api/session';
import { AdvancedSearch } from './AdvancedSearch';
import { EMPTY_FILTER, filterProjects, isFilterActive, type ProjectFilter } from './filter-projects';
import { ProjectNameModal } from './ProjectNameModal';
import { ProjectTable, type ProjectTableActions } from './ProjectTable';
import { ShareProjectModal } from './ShareProjectModal';
import { PROJECT_TABS, type ProjectTab, useInvalidateProjects, useProjectList } from './use-projects';

type NameDialog = { mode: 'create' } | { mode: 'rename'; project: Project } | null;

/** /project: the landing page after login (spec §2 Project List). */
export function ProjectListPage() {
  const { t } = useTranslation('projects');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const invalidate = useInvalidateProjects();

  const [tab, setTab] = useState<ProjectTab>('all');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(LIMITS.projectPageSize);
  const [searchOpen, setSearchOpen] = useState(false);
  const [filter, setFilter] = useState<ProjectFilter>(EMPTY_FILTER);
  const [nameDialog, setNameDialog] = useState<NameDialog>(null);
  const [sharing, setSharing] = useState<Project | null>(null);

  const list = useProjectList(tab, page, pageSize);
  const total = list.data?.total ?? 0;
  const filtered = isFilterActive(filter);
  const items = useMemo(() => filterProjects(list.data?.items ?? [], filter), [list.data, filter]);

  // Deleting the last row of the last page leaves an empty page behind: step back.
  useEffect(() => {
    if (list.data && list.data.items.length === 0 && page > 1 && total > 0) {
      setPage(Math.max(1, Math.ceil(total / pageSize)));
    }
  }, [list.data, page, pageSize, total]);

  const actions: ProjectTableActions = {
    open: (project) => {
      setProjectId(project.id);
      navigate(`/?project=${project.id}`);
    },
    rename: (project) => setNameDialog({ mode: 'rename', project }),
    share: (project) => setSharing(project),
    remove: async (project) => {
      const answer = await projectsApi.recycle(project.id);
      if (!answer.success) return;
      message.success(t('msg:deleteSuccessful'));
      await invalidate();
    },
    restore: async (project) => {
      const answer = await projectsApi.restore(project.id);
      if (!answer.success) return;
      message.success(t('msg:restoreSuccessful'));
      await invalidate();
    },
  };

  const newButton = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => setNameDialog({ mode: 'create' })}
      data-testid="new-project"
    >
      {t('new')}
    </Button>
  );

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Flex gap={8}>
          <Button
            icon={<FilterOutlined />}
            onClick={() => {
              // Closing the panel also drops its filter, so no hidden filter narrows the table.
              if (searchOpen) setFilter(EMPTY_FILTER);
              setSearchOpen(!searchOpen);
            }}
            aria-expanded={searchOpen}
            type={searchOpen ? 'default' : 'text'}
            data-testid="advanced-search-toggle"
          >
            {t('search.toggle')}
          </Button>
          {newButton}
        </Flex>
      </Flex>

      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as ProjectTab);
          setPage(1);
        }}
        items={PROJECT_TABS.map((key) => ({ key, label: <span data-testid={`tab-${key}`}>{t(`tabs.${key}`)}</span> }))}
      />

      {searchOpen && <AdvancedSearch onSearch={setFilter} />}

      <ProjectTable
        items={items}
        total={total}
        page={page}
        pageSize={pageSize}
        loading={list.isFetching}
        recycled={tab === 'recycled'}
        filtered={filtered}
        failed={list.isError && !list.data}
        onRetry={() => void list.refetch()}
        actions={actions}
        emptyExtra={
          <Button type="primary" onClick={() => setNameDialog({ mode: 'create' })} data-testid="new-project-empty">
            {t('new')}
          </Button>
        }
        onPageChange={(nextPage, nextSize) => {
          setPage(nextSize === pageSize ? nextPage : 1);
          setPageSize(nextSize);
        }}
      />

      <ProjectNameModal
        mode={nameDialog?.mode ?? 'create'}
        open={nameDialog !== null}
        project={nameDialog?.mode === 'rename' ? nameDialog.project : null}
        onClose={() => setNameDialog(null)}
        onDone={() => {
          setNameDialog(null);
          void invalidate();
        }}
      />
      <ShareProjectModal project={sharing} onClose={() => setSharing(null)} onChanged={() => void invalidate()} />
    </Card>
  );
}
