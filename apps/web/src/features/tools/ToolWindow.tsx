import type { ToolDetails } from '@medx/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePermissionsQuery } from '../../api/permissions';
import { toolsApi } from '../../api/tools';
import { EmptyWindow } from '../../workspace/layout/EmptyWindow';
import { layoutActions } from '../../workspace/layout/layout-store';
import { toolAllowed } from './catalogue';
import { ToolWizard } from './ToolWizard';
import { toolUi } from './tool-ui';
import { toolsKey } from './use-tools';
import './tools.css';

/**
 * The tool window (the `tool` slot window, spec §2): the tool named by ?tool=. Spec §4 Tool
 * access check: a tool the permission data denies (or whose check fails) opens the no-licence
 * reminder and the window hides; an unknown one says 'Tool not found', loses the query value and
 * hides the window. Otherwise: the tool's wizard, started afresh for each tool.
 */
export function ToolWindow() {
  const { t } = useTranslation('tools');
  const [params] = useSearchParams();
  const toolId = params.get('tool');
  if (!toolId) return <EmptyWindow text={t('window.none')} />;
  return <ToolLoader key={toolId} toolId={toolId} />;
}

function useCloseTool() {
  const [, setParams] = useSearchParams();
  return () => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('tool');
        return next;
      },
      { replace: true },
    );
    layoutActions.hide('tool');
  };
}

function ToolLoader({ toolId }: { toolId: string }) {
  const { t } = useTranslation('tools');
  const { message } = App.useApp();
  const close = useCloseTool();
  const permissions = usePermissionsQuery();
  const details = useQuery({
    queryKey: [...toolsKey, 'details', toolId],
    retry: false,
    staleTime: 60_000,
    queryFn: () => toolsApi.details(toolId),
  });
  // One verdict per tool: the toast and the reminder must not repeat on re-renders.
  const decided = useRef(false);

  const denied =
    permissions.isError || (permissions.data !== undefined && !toolAllowed(permissions.data.tools, toolId));
  const answer = details.data;
  const notFound = answer !== undefined && !answer.success;
  const deniedByServer = answer?.success === true && !answer.data.allowed;

  useEffect(() => {
    if (decided.current) return;
    if (denied || deniedByServer) {
      decided.current = true;
      if (permissions.isError) message.error(t('msg:permissionCheckError'));
      toolUi.openNoLicence();
      close();
    } else if (notFound) {
      decided.current = true;
      message.error(answer?.msg || t('window.notFound'));
      close();
    }
  });

  if (denied || deniedByServer || notFound) return null;
  if (!answer?.success || permissions.isPending) {
    return (
      <div className="medx-tool-loading" data-testid="tool-window-loading">
        <Spin description={t('window.loading')}>
          <div style={{ width: 200, height: 60 }} />
        </Spin>
      </div>
    );
  }
  return <ToolWizard key={answer.data.version} tool={answer.data satisfies ToolDetails} />;
}
