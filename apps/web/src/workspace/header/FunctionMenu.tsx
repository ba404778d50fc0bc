import { AppstoreOutlined, DownOutlined, LockOutlined } from '@ant-design/icons';
import type { WorkflowCatalogue } from '@medx/contract';
import { Button, Dropdown, type MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useWorkflowCatalogue } from '../../api/workflows';
import { layoutActions } from '../layout/layout-store';
import { withWorkflow } from '../layout/query-values';
import { functionMenuEntries } from '../registry/registry';

/** The browser event the menu sends for a workflow the caller may not use (the workflows feature answers it). */
const WORKFLOW_DENIED_EVENT = 'medx:workflowDenied';

/** Listens for a click on a workflow that is not enabled; returns the function that stops listening. */
export function onWorkflowDenied(handler: (workflowId: string) => void): () => void {
  const listener = (event: Event) => handler(String((event as CustomEvent<string>).detail));
  window.addEventListener(WORKFLOW_DENIED_EVENT, listener);
  return () => window.removeEventListener(WORKFLOW_DENIED_EVENT, listener);
}

const WORKFLOW_KEY = 'wf:';

/** A workflow tag as the menu and the workflow window show it: the tools' category names translated, others as written. */
export function workflowTagLabel(t: TFunction, tag: string): string {
  const slug = tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return slug ? t(`tools:categories.${slug}`, { defaultValue: tag }) : t('workflows:menu.other');
}

/** The Workflows submenu (spec §2 "Workflows menu grouped by tag"): a group per tag, workflows by name. */
export function workflowMenuItems(t: TFunction, catalogue: WorkflowCatalogue): MenuProps['items'] {
  const groups = catalogue.filter((group) => group.items.length > 0);
  return [
    {
      key: 'workflows',
      label: <span data-testid="function-workflows">{t('workflows:menu.title')}</span>,
      popupClassName: 'medx-workflow-menu',
      children:
        groups.length === 0
          ? [{ key: 'workflows-empty', disabled: true, label: t('workflows:menu.empty') }]
          : groups.map((group) => ({
              type: 'group' as const,
              key: `group:${group.tag}`,
              label: workflowTagLabel(t, group.group_name || group.tag),
              children: [...group.items]
                .sort((a, b) => a.name.localeCompare(b.name))
                .map((item) => ({
                  key: `${WORKFLOW_KEY}${item.id}`,
                  icon: item.enabled ? undefined : <LockOutlined aria-label={t('workflows:menu.noLicence')} />,
                  title: item.description || item.name,
                  label: (
                    <span data-testid={`function-workflow-${item.id}`} data-enabled={item.enabled}>
                      {item.name}
                    </span>
                  ),
                })),
            })),
    },
  ];
}

/**
 * The Function menu (spec §1: "open the docking workflow from the Function menu"): the entries
 * features register, each opening its window in the right-top-right slot, then the Workflows
 * submenu grouped by tag: a workflow sets ?workflow= (removing ?tool=), which opens the
 * workflow window; one the caller may not use gives the no-licence reminder instead (spec §4).
 * Menus and submenus open on click.
 */
export function FunctionMenu() {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const entries = functionMenuEntries();
  const catalogue = useWorkflowCatalogue();
  const workflows = catalogue.data ?? [];
  const items: MenuProps['items'] = [
    ...entries.map((entry) => ({
      key: entry.id,
      label: <span data-testid={`function-${entry.id}`}>{t(entry.label)}</span>,
    })),
    ...(entries.length > 0 ? [{ type: 'divider' as const, key: 'divider' }] : []),
    ...(workflowMenuItems(t, workflows) ?? []),
  ];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        triggerSubMenuAction: 'click',
        onClick: ({ key }) => {
          if (key.startsWith(WORKFLOW_KEY)) {
            const id = key.slice(WORKFLOW_KEY.length);
            const item = workflows.flatMap((group) => group.items).find((candidate) => candidate.id === id);
            if (!item) return;
            if (!item.enabled) {
              window.dispatchEvent(new CustomEvent(WORKFLOW_DENIED_EVENT, { detail: id }));
              return;
            }
            // The workspace page opens the workflow window when ?workflow= appears.
            setParams((current) => withWorkflow(current, id));
            return;
          }
          const entry = entries.find((candidate) => candidate.id === key);
          if (entry) layoutActions.show(entry.opens);
        },
      }}
    >
      <Button type="text" icon={<AppstoreOutlined />} data-testid="function-menu">
        {t('workspace:functionMenu')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
