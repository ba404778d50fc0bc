import {
  EyeOutlined,
  FileAddOutlined,
  ImportOutlined,
  LockOutlined,
  SaveOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { BuilderImport, BuilderVersion, User } from '@medx/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Col, Flex, Popover, Result, Row, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getStoredUserId, isGuest, useCurrentUser } from '../../api/session';
import { toolBuilderApi } from '../../api/tool-builder';
import { testId } from '../../lib/test-id';
import { emptyDraft, toolJson } from './builder-draft';
import { CommandCard } from './CommandCard';
import { DependenciesCard } from './DependenciesCard';
import { ImportModal } from './ImportModal';
import { ParamsCard } from './ParamsCard';
import { PreviewPanel, type PreviewState } from './PreviewPanel';
import { SaveVersionModal } from './SaveVersionModal';
import { SubmissionsTable, submissionsKey } from './SubmissionsTable';
import { SubmitButton } from './SubmitButton';
import { buildSubmissionZip, type CondaUpload } from './submission-zip';
import { ToolInfoCard } from './ToolInfoCard';
import { draftStorageKey, useBuilderDraft } from './use-builder-draft';
import { ProblemsProvider, useProblemsView } from './use-problems';
import { VersionsPanel } from './VersionsPanel';
import './tool-builder.css';

export const BUILDER_TABS = ['build', 'preview', 'versions', 'submissions'] as const;
type BuilderTab = (typeof BUILDER_TABS)[number];

/**
 * /tool-builder, the Tool Uploader (issue 16, spec §3-§5, §8): a registered user turns a script
 * into a Galaxy tool (info, dependencies, params, command blocks, scripts), previews the XML and
 * the form users will see, test-runs it, keeps versions and submits it for review.
 */
export function ToolBuilderPage() {
  const { t } = useTranslation('toolBuilder');
  const navigate = useNavigate();
  const { user, isLoading } = useCurrentUser();

  if (isLoading && !user) {
    return (
      <div className="medx-builder-page" data-testid="builder-loading">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  if (!user || isGuest(user)) {
    const register = () => {
      const userId = getStoredUserId();
      navigate(userId ? `/login?userId=${encodeURIComponent(userId)}` : '/login');
    };
    return (
      <div className="medx-builder-page">
        <Result
          icon={<LockOutlined />}
          title={t('msg:builderRegisteredOnly')}
          extra={
            <Button type="primary" onClick={register} data-testid="builder-register">
              {t('page.register')}
            </Button>
          }
          data-testid="builder-guest"
        />
      </div>
    );
  }
  return <ToolBuilder user={user} />;
}

function ToolBuilder({ user }: { user: User }) {
  const { t } = useTranslation('toolBuilder');
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const { draft, dispatch, dirty, submitted, pristine } = useBuilderDraft(draftStorageKey(user.id));
  const [revealed, setRevealed] = useState(false);
  const problems = useProblemsView(draft, revealed || !pristine);
  const [tab, setTab] = useState<BuilderTab>('build');
  const [preview, setPreview] = useState<PreviewState | null>(null);
  const previewSerial = useRef(0);
  const [previewing, setPreviewing] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [conda, setConda] = useState<CondaUpload | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [saveOpen, setSaveOpen] = useState(false);
  const [warnings, setWarnings] = useState<string[]>([]);
  const stale = preview !== null && preview.json !== toolJson(draft);
  const problemCount = problems.all.length;

  /** POST preview; with problems the form shows them instead (the server would refuse alike). */
  const runPreview = async (): Promise<PreviewState | null> => {
    const [first] = problems.all;
    if (first) {
      setRevealed(true);
      setTab('build');
      message.error(t('msg:builderDraftInvalid', { count: problems.all.length, first: problems.text(first) }));
      return null;
    }
    setPreviewing(true);
    const json = toolJson(draft);
    const answer = await toolBuilderApi.preview(draft);
    setPreviewing(false);
    if (!answer.success) return null;
    previewSerial.current += 1;
    const next = { data: answer.data, json, serial: previewSerial.current };
    setPreview(next);
    return next;
  };

  const showPreview = async () => {
    if (await runPreview()) setTab('preview');
  };

  const submit = async () => {
    if (!draft.info.toolId.trim() || !draft.info.toolName.trim()) {
      message.error(t('submit.needsIdName'));
      return;
    }
    if (!user.id || !user.email) {
      message.error(t('msg:submissionNeedsUser'));
      return;
    }
    setSubmitting(true);
    try {
      // The zip carries the XML of the draft as it is now: preview again when it changed since.
      const current = preview && !stale ? preview : await runPreview();
      if (!current) return;
      const zip = buildSubmissionZip({ draft, xml: current.data.xml, userId: user.id, conda });
      const answer = await toolBuilderApi.publish(zip, {
        tool_id: draft.info.toolId,
        tool_name: draft.info.toolName,
        version: draft.info.version,
        test_job_id: draft.test?.job_id,
      });
      if (!answer.success) {
        message.error(t('msg:toolSubmitFailed', { errorMessage: answer.msg || t('msg:submissionUnknownError') }));
        return;
      }
      message.success(t('msg:toolSubmitted'));
      dispatch({ type: 'markSubmitted' });
      await queryClient.invalidateQueries({ queryKey: submissionsKey });
    } finally {
      setSubmitting(false);
    }
  };

  const replaceDraft = (next: Parameters<typeof dispatch>[0]) => {
    dispatch(next);
    setPreview(null);
    setRevealed(false);
  };

  const loadVersion = (version: BuilderVersion) => {
    replaceDraft({ type: 'load', draft: version.draft, saved: true });
    setWarnings([]);
    setTab('build');
    message.success(t('versions.loaded', { id: version.id, version: version.version }));
  };

  const imported = (result: BuilderImport) => {
    replaceDraft({ type: 'load', draft: result.draft, saved: false });
    setConda(null);
    setWarnings(result.warnings);
    setTab('build');
    message.success(t('importXml.done'));
  };

  const startNew = () => {
    const reset = () => {
      replaceDraft({ type: 'load', draft: emptyDraft(), saved: true });
      setConda(null);
      setWarnings([]);
      setTab('build');
    };
    if (pristine) {
      reset();
      return;
    }
    modal.confirm({
      title: t('page.newConfirmTitle'),
      content: dirty ? t('page.newConfirmUnsaved') : t('page.newConfirmText'),
      okText: t('page.new'),
      cancelText: t('common:actions.cancel'),
      okButtonProps: { danger: dirty, ...testId('builder-new-confirm') },
      onOk: reset,
    });
  };

  const tabLabel = (key: BuilderTab, extra?: React.ReactNode) => (
    <span data-testid={`builder-tab-${key}`}>
      {t(`tabs.${key}`)}
      {extra}
    </span>
  );

  return (
    <ProblemsProvider value={problems}>
      <div className="medx-builder-page" data-testid="tool-builder-page">
        <header className="medx-builder-head">
          <Flex justify="space-between" align="flex-start" wrap gap={12}>
            <div>
              <Typography.Title level={3} style={{ margin: 0 }}>
                {t('page.title')}
              </Typography.Title>
              <Typography.Text type="secondary">{t('page.subtitle')}</Typography.Text>
            </div>
            <Space wrap>
              <Tag color={dirty ? 'warning' : 'default'} data-testid="builder-saved-state">
                {dirty ? t('page.unsaved') : t('page.saved')}
              </Tag>
              {problems.shown && problemCount > 0 ? (
                <Popover
                  trigger="click"
                  title={t('page.problemsTitle', { count: problemCount })}
                  content={
                    <ul className="medx-builder-problem-list medx-builder-problem-popover">
                      {problems.all.map((p) => (
                        <li key={`${p.path}-${p.key}`}>
                          <Typography.Text code>{p.path}</Typography.Text> {problems.text(p)}
                        </li>
                      ))}
                    </ul>
                  }
                >
                  <Button size="small" danger icon={<WarningOutlined />} data-testid="builder-problems">
                    {t('page.problems', { count: problemCount })}
                  </Button>
                </Popover>
              ) : (
                !pristine && (
                  <Tag color="success" data-testid="builder-problems-none">
                    {t('page.noProblems')}
                  </Tag>
                )
              )}
            </Space>
          </Flex>
          <Flex className="medx-builder-actions" wrap gap={8} align="center">
            <Button icon={<ImportOutlined />} onClick={() => setImportOpen(true)} data-testid="builder-import">
              {t('page.import')}
            </Button>
            <Button icon={<FileAddOutlined />} onClick={startNew} data-testid="builder-new">
              {t('page.new')}
            </Button>
            <Button
              icon={<SaveOutlined />}
              disabled={!draft.info.toolId.trim()}
              title={draft.info.toolId.trim() ? undefined : t('versions.needsToolId')}
              onClick={() => setSaveOpen(true)}
              data-testid="builder-save-version"
            >
              {t('versions.save')}
            </Button>
            <Button
              icon={<EyeOutlined />}
              loading={previewing && !submitting}
              onClick={() => void showPreview()}
              data-testid="builder-preview"
            >
              {t('preview.generate')}
            </Button>
            <SubmitButton
              problemCount={problemCount}
              previewed={preview !== null}
              submitted={submitted}
              submitting={submitting}
              onSubmit={() => void submit()}
            />
          </Flex>
        </header>
        {warnings.length > 0 && (
          <Alert
            type="warning"
            showIcon
            closable={{ onClose: () => setWarnings([]) }}
            title={t('importXml.warnings', { count: warnings.length })}
            description={
              <ul className="medx-builder-problem-list">
                {warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            }
            style={{ marginBottom: 12 }}
            data-testid="builder-import-warnings"
          />
        )}
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as BuilderTab)}
          items={[
            {
              key: 'build',
              label: tabLabel('build'),
              children: (
                <Flex vertical gap={16}>
                  <Row gutter={[16, 16]}>
                    <Col xs={24} xl={14}>
                      <ToolInfoCard info={draft.info} onChange={(patch) => dispatch({ type: 'setInfo', patch })} />
                    </Col>
                    <Col xs={24} xl={10}>
                      <DependenciesCard
                        dependencies={draft.dependencies}
                        dispatch={dispatch}
                        conda={conda}
                        onConda={setConda}
                      />
                    </Col>
                  </Row>
                  <ParamsCard params={draft.params} dispatch={dispatch} />
                  <CommandCard
                    blocks={draft.commandBlocks}
                    params={draft.params}
                    scripts={draft.scripts}
                    dispatch={dispatch}
                  />
                </Flex>
              ),
            },
            {
              key: 'preview',
              label: tabLabel('preview', stale ? <span className="medx-builder-dot" aria-hidden /> : undefined),
              children: (
                <PreviewPanel
                  preview={preview}
                  stale={stale}
                  loading={previewing}
                  onPreview={() => void showPreview()}
                  draft={draft}
                  dispatch={dispatch}
                />
              ),
            },
            {
              key: 'versions',
              label: tabLabel('versions'),
              children: <VersionsPanel toolId={draft.info.toolId} current={draft} dirty={dirty} onLoad={loadVersion} />,
            },
            { key: 'submissions', label: tabLabel('submissions'), children: <SubmissionsTable /> },
          ]}
        />
        <ImportModal
          open={importOpen}
          onClose={() => setImportOpen(false)}
          confirmReplace={!pristine}
          onImported={imported}
        />
        <SaveVersionModal
          open={saveOpen}
          draft={draft}
          onClose={() => setSaveOpen(false)}
          onSaved={() => dispatch({ type: 'markSaved' })}
        />
      </div>
    </ProblemsProvider>
  );
}
