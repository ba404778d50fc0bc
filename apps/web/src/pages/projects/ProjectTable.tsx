import type { Project } from '@medx/contract';
import { Button, Empty, Popconfirm, Space, Table, type TableProps, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format-time';
import { testId } from '../../lib/test-id';

export interface ProjectTableActions {
  open: (project: Project) => void;
  rename: (project: Project) => void;
  remove: (project: Project) => void;
  share: (project: Project) => void;
  restore: (project: Project) => void;
}

interface ProjectTableProps {
  items: Project[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  recycled: boolean;
  filtered: boolean;
  /** The list call failed: say so (with a retry) instead of showing an empty list. */
  failed: boolean;
  onRetry: () => void;
  actions: ProjectTableActions;
  onPageChange: (page: number, pageSize: number) => void;
  emptyExtra?: React.ReactNode;
}

/** The project table (spec §2): name, creator, last modified, created, action; server-side paging. */
export function ProjectTable(props: ProjectTableProps) {
  const {
    items,
    total,
    page,
    pageSize,
    loading,
    recycled,
    filtered,
    failed,
    onRetry,
    actions,
    onPageChange,
    emptyExtra,
  } = props;
  const { t } = useTranslation('projects');

  const columns: TableProps<Project>['columns'] = [
    {
      key: 'name',
      title: t('columns.name'),
      dataIndex: 'project_name',
      render: (_value, project) =>
        recycled ? (
          project.project_name
        ) : (
          <Typography.Link onClick={() => actions.open(project)} data-testid="project-name-link">
            {project.project_name}
          </Typography.Link>
        ),
    },
    {
      key: 'creator',
      title: t('columns.creator'),
      render: (_value, project) => (
        <Tooltip title={project.creator.email ?? undefined}>
          <span>{project.creator.username}</span>
        </Tooltip>
      ),
    },
    { key: 'updated', title: t('columns.updatedAt'), render: (_v, p) => formatTime(p.updated_at) },
    { key: 'created', title: t('columns.createdAt'), render: (_v, p) => formatTime(p.created_at) },
    {
      key: 'action',
      title: t('columns.action'),
      render: (_value, project) => {
        const owner = project.role === 'OWNER';
        if (recycled) {
          return owner ? (
            <Button type="link" size="small" onClick={() => actions.restore(project)} data-testid="restore">
              {t('actions.restore')}
            </Button>
          ) : null;
        }
        return (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => actions.open(project)} data-testid="view">
              {t('actions.view')}
            </Button>
            {owner && (
              <>
                <Button type="link" size="small" onClick={() => actions.rename(project)} data-testid="rename">
                  {t('actions.rename')}
                </Button>
                <Popconfirm
                  title={t('deleteConfirm')}
                  okText={t('common:actions.ok')}
                  cancelText={t('common:actions.cancel')}
                  okButtonProps={{ danger: true, ...testId('delete-confirm') }}
                  onConfirm={() => actions.remove(project)}
                >
                  <Button type="link" size="small" danger data-testid="delete">
                    {t('actions.delete')}
                  </Button>
                </Popconfirm>
                <Button type="link" size="small" onClick={() => actions.share(project)} data-testid="share">
                  {t('actions.share')}
                </Button>
              </>
            )}
          </Space>
        );
      },
    },
  ];

  const emptyText = failed
    ? t('loadFailed')
    : filtered
      ? t('emptyFiltered')
      : recycled
        ? t('emptyRecycled')
        : t('empty');
  const emptyAction = failed ? (
    <Button onClick={onRetry} data-testid="projects-retry">
      {t('retry')}
    </Button>
  ) : (
    !recycled && !filtered && emptyExtra
  );

  return (
    <Table<Project>
      rowKey="id"
      columns={columns}
      dataSource={items}
      loading={loading}
      onRow={(project) => ({ ...testId('project-row'), 'aria-label': project.project_name })}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText}>
            {emptyAction}
          </Empty>
        ),
      }}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        showQuickJumper: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (count) => t('total', { count }),
        onChange: onPageChange,
      }}
      scroll={{ x: 760 }}
    />
  );
}
