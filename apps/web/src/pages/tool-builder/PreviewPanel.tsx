import { CopyOutlined, DownloadOutlined, EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import { type BuilderDraft, type BuilderPreview, LIMITS, ToolDetails } from '@medx/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Empty, Flex, Form, Row, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unwrap } from '../../api/client';
import { projectsApi } from '../../api/projects';
import { getProjectId } from '../../api/session';
import { copyText } from '../../lib/copy-text';
import { saveText } from '../../lib/save-file';
import type { BuilderAction } from './builder-draft';
import { CommandEditor } from './CommandEditor';
import { TestRunForm } from './TestRunForm';
import { TestRunStatus } from './TestRunStatus';

/** A preview answer and the draft it was made for. */
export interface PreviewState {
  data: BuilderPreview;
  /** toolJson of the draft previewed (stale when the draft's differs). */
  json: string;
  /** Counts previews: the form starts afresh for each. */
  serial: number;
}

interface PreviewPanelProps {
  preview: PreviewState | null;
  stale: boolean;
  loading: boolean;
  onPreview: () => void;
  draft: BuilderDraft;
  dispatch: (action: BuilderAction) => void;
}

/**
 * Spec §4 preview: the generated XML, Galaxy's XSD verdict and load errors, and the tool form
 * users will see, from which the draft is test-run on a project's files.
 */
export function PreviewPanel({ preview, stale, loading, onPreview, draft, dispatch }: PreviewPanelProps) {
  const { t } = useTranslation('toolBuilder');
  const { message } = App.useApp();
  const [jobId, setJobId] = useState<number | null>(null);
  const [projectId, setProjectId] = useState<number | null>(null);
  const tool = useMemo(() => {
    const parsed = ToolDetails.safeParse(preview?.data.tool);
    return parsed.success ? parsed.data : null;
  }, [preview]);

  if (!preview) {
    return (
      <Empty description={t('preview.none')} data-testid="builder-preview-empty">
        <Button type="primary" icon={<EyeOutlined />} loading={loading} onClick={onPreview}>
          {t('preview.generate')}
        </Button>
      </Empty>
    );
  }
  const { xml, schema_errors: schemaErrors, load_error: loadError } = preview.data;

  return (
    <Flex vertical gap={12} data-testid="builder-preview">
      {stale && (
        <Alert
          type="warning"
          showIcon
          title={t('preview.stale')}
          action={
            <Button size="small" icon={<ReloadOutlined />} loading={loading} onClick={onPreview}>
              {t('preview.again')}
            </Button>
          }
          data-testid="builder-preview-stale"
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card
            size="small"
            title={t('preview.xml')}
            extra={
              <Space size={4}>
                <Button
                  size="small"
                  icon={<CopyOutlined />}
                  onClick={async () =>
                    (await copyText(xml))
                      ? message.success(t('preview.copied'))
                      : message.error(t('common:errors.copyFailed'))
                  }
                  data-testid="builder-preview-copy"
                >
                  {t('preview.copy')}
                </Button>
                <Button
                  size="small"
                  icon={<DownloadOutlined />}
                  onClick={() => saveText(xml, `${draft.info.toolId || 'tool'}.xml`, 'application/xml')}
                  data-testid="builder-preview-download"
                >
                  {t('preview.download')}
                </Button>
              </Space>
            }
          >
            {schemaErrors.length === 0 ? (
              <Alert
                type="success"
                showIcon
                title={t('preview.valid')}
                style={{ marginBottom: 8 }}
                data-testid="builder-preview-valid"
              />
            ) : (
              <Alert
                type="error"
                showIcon
                title={t('preview.invalid', { count: schemaErrors.length })}
                description={
                  <ul className="medx-builder-problem-list">
                    {schemaErrors.map((error) => (
                      <li key={error}>{error}</li>
                    ))}
                  </ul>
                }
                style={{ marginBottom: 8 }}
                data-testid="builder-preview-schema-errors"
              />
            )}
            {loadError && (
              <Alert
                type="error"
                showIcon
                title={t('preview.loadError')}
                description={<pre className="medx-builder-log">{loadError}</pre>}
                style={{ marginBottom: 8 }}
                data-testid="builder-preview-load-error"
              />
            )}
            <CommandEditor
              key={preview.serial}
              value={xml}
              readOnly
              onChange={() => undefined}
              onFocus={() => undefined}
              onReady={() => undefined}
              ariaLabel={t('preview.xml')}
              testId="builder-preview-xml"
              minHeight={240}
              maxHeight={640}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Flex vertical gap={12}>
            <Card size="small" title={t('preview.form')} data-testid="builder-preview-tool">
              {tool ? (
                <>
                  <Flex vertical style={{ marginBottom: 12 }}>
                    <Space size={8} wrap>
                      <Typography.Text strong>{tool.name}</Typography.Text>
                      <Tag variant="filled">{tool.version}</Tag>
                    </Space>
                    {tool.description && <Typography.Text type="secondary">{tool.description}</Typography.Text>}
                  </Flex>
                  {!tool.available && (
                    <Alert
                      type="warning"
                      showIcon
                      title={t('preview.unavailable')}
                      description={tool.unavailable_reason}
                      style={{ marginBottom: 12 }}
                      data-testid="builder-preview-unavailable"
                    />
                  )}
                  <ProjectSelect value={projectId} onChange={setProjectId} />
                  <TestRunForm
                    key={preview.serial}
                    tool={tool}
                    draft={draft}
                    projectId={projectId}
                    onValues={(values) => dispatch({ type: 'setValues', values })}
                    onStarted={setJobId}
                  />
                </>
              ) : (
                <Empty description={t('preview.noForm')} />
              )}
            </Card>
            {draft.test && draft.test.job_id !== jobId && (
              <Alert
                type="info"
                showIcon
                title={t('test.current', { id: draft.test.job_id })}
                action={
                  <Button
                    size="small"
                    onClick={() => dispatch({ type: 'setTest', test: null })}
                    data-testid="builder-test-clear"
                  >
                    {t('test.clear')}
                  </Button>
                }
                data-testid="builder-test-current"
              />
            )}
            {jobId !== null && (
              <TestRunStatus
                jobId={jobId}
                test={draft.test}
                onUseAsTest={(id) => {
                  dispatch({ type: 'setTest', test: { job_id: id } });
                  message.success(t('test.usedToast', { id }));
                }}
              />
            )}
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}

/** The caller's projects (their files feed a test run); the current project is chosen first. */
function ProjectSelect({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation('toolBuilder');
  const projects = useQuery({
    queryKey: ['projects', 'tool-builder', 'all'],
    queryFn: async () => unwrap(await projectsApi.list({ page: 1, limit: LIMITS.maxPageSize })),
  });
  const items = projects.data?.items ?? [];

  useEffect(() => {
    if (value !== null || items.length === 0) return;
    const stored = Number(getProjectId());
    onChange(items.some((p) => p.id === stored) ? stored : (items[0]?.id ?? null));
  }, [items, value, onChange]);

  return (
    <Form layout="vertical" component="div">
      <Form.Item label={t('test.project')} htmlFor="builder-test-project" extra={t('test.projectHelp')}>
        <Select<number>
          id="builder-test-project"
          loading={projects.isPending}
          value={value ?? undefined}
          placeholder={t('test.chooseProject')}
          showSearch={{ optionFilterProp: 'label' }}
          options={items.map((p) => ({ value: p.id, label: p.project_name }))}
          notFoundContent={t('test.noProjects')}
          onChange={(id) => onChange(id ?? null)}
          style={{ maxWidth: 360 }}
          data-testid="builder-test-project"
        />
      </Form.Item>
    </Form>
  );
}
