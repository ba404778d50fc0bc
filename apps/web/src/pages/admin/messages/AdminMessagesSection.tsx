import { PlusOutlined } from '@ant-design/icons';
import type { AdminMessage } from '@medx/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminSectionHeader } from '../AdminSectionHeader';
import { AdminMessageTable } from './AdminMessageTable';
import { MessageFormModal } from './MessageFormModal';
import { ADMIN_MESSAGES_PAGE_SIZE, useAdminMessages } from './use-admin-messages';

interface FormState {
  open: boolean;
  /** The draft being edited; null for a new message. */
  editing: AdminMessage | null;
  /** A new form (fresh fields and state) for every opening; the same one while it closes. */
  key: number;
}

/** The admin panel's Messages: the notices and version notes everyone receives, written in both languages. */
export function AdminMessagesSection() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(ADMIN_MESSAGES_PAGE_SIZE);
  const query = useAdminMessages(page, pageSize);
  const [form, setForm] = useState<FormState>({ open: false, editing: null, key: 0 });

  const openForm = (editing: AdminMessage | null) => setForm((prev) => ({ open: true, editing, key: prev.key + 1 }));

  return (
    <section aria-labelledby="admin-messages-title">
      <AdminSectionHeader
        id="admin-messages-title"
        title={t('messages.title')}
        intro={t('messages.intro')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)} data-testid="admin-message-new">
            {t('messages.new')}
          </Button>
        }
      />
      <AdminMessageTable
        items={query.data?.items ?? []}
        total={query.data?.total ?? 0}
        loading={query.isFetching}
        failed={query.isError}
        onRetry={() => void query.refetch()}
        page={page}
        pageSize={pageSize}
        onPageChange={(next, size) => {
          setPage(size === pageSize ? next : 1);
          setPageSize(size);
        }}
        onEdit={openForm}
      />
      <MessageFormModal
        key={form.key}
        open={form.open}
        editing={form.editing}
        onClose={() => setForm((prev) => ({ ...prev, open: false }))}
      />
    </section>
  );
}
