import type { WorkflowDetails } from '@medx/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { workflowsApi } from '../../api/workflows';
import { workflowTagLabel } from '../../workspace/header/FunctionMenu';
import { EmptyWindow } from '../../workspace/layout/EmptyWindow';
import { layoutActions } from '../../workspace/layout/layout-store';
import { toolUi } from '../tools';
import { WorkflowFileActions } from './WorkflowFileActions';
import { WorkflowWizard } from './WorkflowWizard';
import { workflowsKey } from './workflow-ui';

/**
 * The workflow window (the `workflow` slot window, spec §2): the workflow named by ?workflow=
 * (its id, else its name). Spec §4 Tool access check: a workflow the caller may not use, or one
 * that fails to load, opens the no-licence reminder and the window hides; an unknown one says
 * 'Workflow not found.' and loses the query value. Otherwise its name, description, graph and
 * wizard, started afresh for each workflow.
 */
export function WorkflowWindow() {
  const { t } = useTranslation('workflows');
  const [params] = useSearchParams();
  const value = params.get('workflow');
  if (!value) return <EmptyWindow text={t('window.none')} />;
  return <WorkflowLoader key={value} value={value} />;
}

/** Closing the workflow window removes ?workflow= (spec §2). */
export function useCloseWorkflow() {
  const [, setParams] = useSearchParams();
  return () => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('workflow');
        return next;
      },
      { replace: true },
    );
    layoutActions.hide('workflow');
  };
}

function WorkflowLoader({ value }: { value: string }) {
  const { t } = useTranslation('workflows');
  const { message } = App.useApp();
  const close = useCloseWorkflow();
  const details = useQuery({
    queryKey: [...workflowsKey, 'details', value],
    retry: false,
    staleTime: 60_000,
    // The id first, then the name (spec §2: the query value is either).
    queryFn: async () => {
      const byId = await workflowsApi.details(value);
      return byId.success ? byId : workflowsApi.byName(value);
    },
  });
  // One verdict per workflow: the toast and the reminder must not repeat on re-renders.
  const decided = useRef(false);
  const answer = details.data;
  const failed = answer !== undefined && !answer.success;
  const notFound = failed && answer.msg === t('msg:workflowNotFound');
  const denied = (failed && !notFound) || (answer?.success === true && !answer.data.enabled);

  useEffect(() => {
    if (decided.current) return;
    if (notFound) {
      decided.current = true;
      message.error(answer?.msg || t('msg:workflowNotFound'));
      close();
    } else if (denied) {
      decided.current = true;
      toolUi.openNoLicence();
      close();
    }
  });

  if (notFound || denied) return null;
  if (!answer?.success) {
    return (
      <div className="medx-workflow-loading" data-testid="workflow-window-loading">
        <Spin description={t('window.loading')}>
          <div style={{ width: 200, height: 60 }} />
        </Spin>
      </div>
    );
  }
  return <WorkflowView workflow={answer.data} />;
}

function WorkflowView({ workflow }: { workflow: WorkflowDetails }) {
  const { t } = useTranslation('workflows');
  return (
    <div className="medx-workflow-window" data-testid="workflow-window" data-workflow-id={workflow.id}>
      <header className="medx-workflow-head">
        <div className="medx-workflow-title">
          <Typography.Text strong className="medx-workflow-name" data-testid="workflow-window-name">
            {workflow.name}
          </Typography.Text>
          {workflow.tags.map((tag) => (
            <Tag key={tag} variant="filled">
              {workflowTagLabel(t, tag)}
            </Tag>
          ))}
          {workflow.source === 'imported' && <Tag color="blue">{t('window.imported')}</Tag>}
          <WorkflowFileActions workflow={workflow} />
        </div>
        {workflow.description && (
          <Typography.Paragraph
            type="secondary"
            ellipsis={{ rows: 2, expandable: 'collapsible' }}
            style={{ margin: '4px 0 0' }}
            data-testid="workflow-window-description"
          >
            {workflow.description}
          </Typography.Paragraph>
        )}
        {!workflow.runnable && (
          <Alert
            type="warning"
            showIcon
            title={t('window.notRunnable')}
            description={
              <span data-testid="workflow-missing-tools">
                {t('window.missingTools', { tools: workflow.missing_tools.join(', ') })}
              </span>
            }
            style={{ marginTop: 8 }}
            data-testid="workflow-not-runnable"
          />
        )}
      </header>
      <WorkflowWizard key={workflow.id} workflow={workflow} />
    </div>
  );
}
