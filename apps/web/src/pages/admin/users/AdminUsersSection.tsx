import { SearchOutlined } from '@ant-design/icons';
import type { AdminUser, AdminUserQuery } from '@medx/contract';
import { Button, Empty, Flex, Input, Segmented, Table, type TableProps, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format-time';
import { coreHours, formatFen } from '../../../lib/money';
import { testId } from '../../../lib/test-id';
import { AdminSectionHeader } from '../AdminSectionHeader';
import { AdminUserDrawer } from './AdminUserDrawer';
import { ADMIN_USERS_PAGE_SIZE, useAdminUsers } from './use-admin-users';

type TypeFilter = AdminUserQuery['user_type'];
type StatusFilter = AdminUserQuery['status'];

const TYPE_FILTERS: TypeFilter[] = ['all', 'REGISTERED', 'GUEST'];
const STATUS_FILTERS: StatusFilter[] = ['all', 'active', 'disabled'];

/** Typing searches once the admin pauses this long; Enter searches at once. */
export const SEARCH_DEBOUNCE_MS = 400;

/** The admin panel's Users: search and filter accounts; a drawer per user for everything else. */
export function AdminUsersSection() {
  const { t } = useTranslation('admin');
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [userType, setUserType] = useState<TypeFilter>('all');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  // The user the drawer shows; kept while the drawer closes.
  const [opened, setOpened] = useState<AdminUser | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const query = useAdminUsers({ page, limit: ADMIN_USERS_PAGE_SIZE, query: search, user_type: userType, status });

  const runSearch = (value: string) => {
    setSearch(value.trim());
    setPage(1);
  };

  useEffect(() => {
    const next = text.trim();
    if (next === search) return;
    const timer = setTimeout(() => {
      setSearch(next);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search]);

  // The drawer shows the list's copy once the list is loaded again after a change.
  useEffect(() => {
    const fresh = query.data?.items.find((user) => user.id === opened?.id);
    if (fresh) setOpened((prev) => (prev && prev.id === fresh.id ? fresh : prev));
  }, [query.data, opened?.id]);

  const columns: TableProps<AdminUser>['columns'] = [
    { title: t('users.columns.id'), dataIndex: 'id', width: 70 },
    {
      title: t('users.columns.name'),
      dataIndex: 'username',
      ellipsis: true,
      render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
    },
    {
      title: t('users.columns.type'),
      dataIndex: 'user_type',
      width: 100,
      render: (_, row) => t(`userTypes.${row.user_type}`),
    },
    {
      title: t('users.columns.contact'),
      width: 200,
      render: (_, row) => (
        <Flex vertical>
          {row.email && <span>{row.email}</span>}
          {row.phone && <span>{row.phone}</span>}
          {!row.email && !row.phone && '-'}
        </Flex>
      ),
    },
    {
      title: t('users.columns.organization'),
      dataIndex: 'organization',
      ellipsis: true,
      render: (value: string | null) => value || '-',
    },
    {
      title: t('users.columns.createdAt'),
      dataIndex: 'created_at',
      width: 190,
      render: (value: string) => formatTime(value),
    },
    {
      title: t('users.columns.balance'),
      dataIndex: 'balance_fen',
      width: 120,
      align: 'right',
      render: (fen: number) => formatFen(fen),
    },
    {
      title: t('users.columns.quota'),
      width: 150,
      align: 'right',
      render: (_, row) => `${coreHours(row.quota_used_core_seconds)} / ${coreHours(row.quota_total_core_seconds)}`,
    },
    {
      title: t('users.columns.status'),
      width: 140,
      render: (_, row) => (
        <Flex gap={4} wrap>
          {row.disabled ? (
            <Tag color="error">{t('users.disabled')}</Tag>
          ) : (
            <Tag color="success">{t('users.active')}</Tag>
          )}
          {row.admin_panel && <Tag color="purple">{t('users.admin')}</Tag>}
        </Flex>
      ),
    },
    {
      title: t('users.columns.actions'),
      width: 100,
      fixed: 'right',
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          onClick={() => {
            setOpened(row);
            setDrawerOpen(true);
          }}
          data-testid={`admin-user-open-${row.id}`}
        >
          {t('users.open')}
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby="admin-users-title">
      <AdminSectionHeader id="admin-users-title" title={t('users.title')} intro={t('users.intro')} />
      <Flex gap={12} wrap align="center" style={{ marginBottom: 12 }}>
        <Input
          allowClear
          value={text}
          maxLength={100}
          prefix={<SearchOutlined />}
          placeholder={t('users.searchPlaceholder')}
          aria-label={t('users.searchPlaceholder')}
          onChange={(event) => setText(event.target.value)}
          onPressEnter={() => runSearch(text)}
          style={{ width: 300 }}
          data-testid="admin-users-search"
        />
        <Segmented<TypeFilter>
          value={userType}
          onChange={(next) => {
            setUserType(next);
            setPage(1);
          }}
          options={TYPE_FILTERS.map((value) => ({ value, label: t(`users.filters.type.${value}`) }))}
          data-testid="admin-users-type"
        />
        <Segmented<StatusFilter>
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
          options={STATUS_FILTERS.map((value) => ({ value, label: t(`users.filters.status.${value}`) }))}
          data-testid="admin-users-status"
        />
      </Flex>
      <Table<AdminUser>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.items ?? []}
        loading={query.isFetching}
        onRow={(row) => testId(`admin-user-row-${row.id}`)}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={query.isError ? t('loadFailed') : t('users.empty')}
            >
              {query.isError && <Button onClick={() => void query.refetch()}>{t('messages.retry')}</Button>}
            </Empty>
          ),
        }}
        pagination={{
          current: page,
          pageSize: ADMIN_USERS_PAGE_SIZE,
          total: query.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (count) => t('users.total', { count }),
          onChange: setPage,
        }}
        scroll={{ x: 1350 }}
      />
      {opened && (
        <AdminUserDrawer
          key={opened.id}
          user={opened}
          open={drawerOpen}
          onChange={setOpened}
          onClose={() => setDrawerOpen(false)}
        />
      )}
    </section>
  );
}
