import { type AdminUser, type Permissions, QUOTA_POLICY } from '@medx/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Flex, InputNumber, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminUsersApi } from '../../../api/admin';
import { toolsApi } from '../../../api/tools';
import { workflowsApi } from '../../../api/workflows';
import { formatSize } from '../../../lib/format-size';
import { useRefreshAdminUsers } from './use-admin-users';

/** A tools or workflows policy as the drawer edits it: everything, nothing, or everything but a list. */
export type PolicyMode = 'all' | 'none' | 'deny';
export interface PolicyDraft {
  mode: PolicyMode;
  deny: string[];
}

/** Tools (docs/decisions.md "Tools"): MENUS or true allow all, false none, a list denies its ids. */
export function toolsDraft(policy: Permissions['tools']): PolicyDraft {
  if (policy === 'MENUS' || policy === true) return { mode: 'all', deny: [] };
  if (policy === false) return { mode: 'none', deny: [] };
  return { mode: 'deny', deny: [...policy] };
}

/** Workflows (docs/decisions.md "Workflows policy"): a map denies the ids it gives false or 'deny'. */
export function workflowsDraft(policy: Permissions['workflows']): PolicyDraft {
  if (policy === true) return { mode: 'all', deny: [] };
  if (policy === false) return { mode: 'none', deny: [] };
  const deny = Array.isArray(policy)
    ? [...policy]
    : Object.entries(policy)
        .filter(([, rule]) => rule === false || rule === 'deny')
        .map(([id]) => id);
  return deny.length === 0 && !Array.isArray(policy) ? { mode: 'all', deny } : { mode: 'deny', deny };
}

interface EditorProps {
  user: AdminUser;
  onChange: (user: AdminUser) => void;
}

interface PolicyEditorProps {
  /** The test ids' and texts' part: tools or workflows. */
  kind: 'tools' | 'workflows';
  title: string;
  initial: PolicyDraft;
  options: { value: string; label: string }[];
  /** Saves the draft, or the default (null); true when the server took it. */
  save: (draft: PolicyDraft | null) => Promise<boolean>;
}

function PolicyEditor({ kind, title, initial, options, save }: PolicyEditorProps) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState<PolicyDraft>(initial);
  const [busy, setBusy] = useState<'save' | 'reset' | null>(null);

  const run = async (which: 'save' | 'reset') => {
    setBusy(which);
    await save(which === 'save' ? draft : null);
    setBusy(null);
  };

  return (
    <Flex vertical gap={8} role="group" aria-label={title}>
      <Typography.Text strong>{title}</Typography.Text>
      <Radio.Group
        value={draft.mode}
        onChange={(event) => setDraft((prev) => ({ ...prev, mode: event.target.value as PolicyMode }))}
        options={[
          { value: 'all', label: t(`users.policy.${kind}.all`) },
          { value: 'none', label: t(`users.policy.${kind}.none`) },
          { value: 'deny', label: t('users.policy.deny') },
        ]}
        data-testid={`admin-user-${kind}-mode`}
      />
      {draft.mode === 'deny' && (
        <Select
          mode="tags"
          value={draft.deny}
          onChange={(deny: string[]) => setDraft((prev) => ({ ...prev, deny }))}
          options={options}
          tokenSeparators={[',', '\n']}
          placeholder={t(`users.policy.${kind}.denyPlaceholder`)}
          aria-label={t(`users.policy.${kind}.denyPlaceholder`)}
          optionFilterProp="label"
          maxCount={1000}
          data-testid={`admin-user-${kind}-deny`}
        />
      )}
      <Flex gap={8}>
        <Button
          type="primary"
          loading={busy === 'save'}
          disabled={busy === 'reset'}
          onClick={() => void run('save')}
          data-testid={`admin-user-${kind}-save`}
        >
          {t('users.policy.save')}
        </Button>
        <Button
          loading={busy === 'reset'}
          disabled={busy === 'save'}
          onClick={() => void run('reset')}
          data-testid={`admin-user-${kind}-reset`}
        >
          {t('users.policy.reset')}
        </Button>
      </Flex>
    </Flex>
  );
}

/** The ids the deny lists offer (free ids can be typed too); failures leave the list empty. */
function useToolOptions() {
  return useQuery({
    queryKey: ['admin', 'tool-options'],
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const answer = await toolsApi.panel();
      return answer.success ? answer.data.map((tool) => ({ value: tool.id, label: `${tool.name} (${tool.id})` })) : [];
    },
  }).data;
}

function useWorkflowOptions() {
  return useQuery({
    queryKey: ['admin', 'workflow-options'],
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const answer = await workflowsApi.catalogue();
      if (!answer.success) return [];
      const seen = new Map<string, string>();
      for (const group of answer.data) for (const item of group.items) seen.set(item.id, `${item.name} (${item.id})`);
      return [...seen].map(([value, label]) => ({ value, label }));
    },
  }).data;
}

/** PUT /v1/tools/policy: all tools (MENUS), none, or all but a list. */
export function ToolsPolicyEditor({ user, onChange }: EditorProps) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const refresh = useRefreshAdminUsers();
  const options = useToolOptions() ?? [];
  const save = async (draft: PolicyDraft | null) => {
    const tools = draft === null ? null : draft.mode === 'all' ? 'MENUS' : draft.mode === 'none' ? false : draft.deny;
    const answer = await adminUsersApi.setToolsPolicy({ user_id: user.id, tools });
    if (!answer.success) return false;
    message.success(answer.msg || t('msg:updateSuccessful'));
    if (tools !== null) onChange({ ...user, permissions: { ...user.permissions, tools } });
    await refresh();
    return true;
  };
  return (
    <PolicyEditor
      kind="tools"
      title={t('users.policy.tools.title')}
      initial={toolsDraft(user.permissions.tools)}
      options={options}
      save={save}
    />
  );
}

/** PUT /v1/workflows/policy: all workflows (true), none (false), or all but a list. */
export function WorkflowsPolicyEditor({ user, onChange }: EditorProps) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const refresh = useRefreshAdminUsers();
  const options = useWorkflowOptions() ?? [];
  const save = async (draft: PolicyDraft | null) => {
    const workflows = draft === null ? null : draft.mode === 'all' ? true : draft.mode === 'none' ? false : draft.deny;
    const answer = await adminUsersApi.setWorkflowsPolicy({ user_id: user.id, workflows });
    if (!answer.success) return false;
    message.success(answer.msg || t('msg:updateSuccessful'));
    if (workflows !== null) onChange({ ...user, permissions: { ...user.permissions, workflows } });
    await refresh();
    return true;
  };
  return (
    <PolicyEditor
      kind="workflows"
      title={t('users.policy.workflows.title')}
      initial={workflowsDraft(user.permissions.workflows)}
      options={options}
      save={save}
    />
  );
}

const MB = 1024 * 1024;

/** PUT /v1/quotas/storage: the user's storage quota in MB, or back to the default of the user's type. */
export function StorageQuotaEditor({ user, onChange }: EditorProps) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const refresh = useRefreshAdminUsers();
  const [mb, setMb] = useState<number | null>(Math.max(1, Math.round(user.storage_limit_bytes / MB)));
  const [busy, setBusy] = useState<'save' | 'reset' | null>(null);

  const save = async (storage_mb: number | null) => {
    setBusy(storage_mb === null ? 'reset' : 'save');
    const answer = await adminUsersApi.setStorageQuota({ user_id: user.id, storage_mb });
    setBusy(null);
    if (!answer.success) return;
    message.success(answer.msg || t('msg:updateSuccessful'));
    onChange({ ...user, storage_limit_bytes: answer.data.storage_limit, storage_custom: answer.data.storage_custom });
    if (storage_mb === null) setMb(Math.max(1, Math.round(answer.data.storage_limit / MB)));
    await refresh();
  };

  const note = t('users.policy.storage.now', {
    size: formatSize(user.storage_limit_bytes),
    source: user.storage_custom ? t('users.drawer.custom') : t('users.drawer.default'),
  });

  return (
    <Flex vertical gap={8} role="group" aria-label={t('users.policy.storage.title')}>
      <Typography.Text strong>{t('users.policy.storage.title')}</Typography.Text>
      <Flex gap={8} align="center" wrap>
        <InputNumber<number>
          value={mb}
          min={1}
          max={QUOTA_POLICY.storageOverrideMaxMb}
          precision={0}
          onChange={setMb}
          suffix="MB"
          style={{ width: 200 }}
          aria-label={t('users.policy.storage.title')}
          data-testid="admin-user-storage"
        />
        <Button
          type="primary"
          loading={busy === 'save'}
          disabled={mb === null || busy === 'reset'}
          onClick={() => mb !== null && void save(mb)}
          data-testid="admin-user-storage-save"
        >
          {t('users.policy.save')}
        </Button>
        <Button
          loading={busy === 'reset'}
          disabled={!user.storage_custom || busy === 'save'}
          onClick={() => void save(null)}
          data-testid="admin-user-storage-reset"
        >
          {t('users.policy.reset')}
        </Button>
      </Flex>
      <Typography.Text type="secondary">{note}</Typography.Text>
    </Flex>
  );
}
