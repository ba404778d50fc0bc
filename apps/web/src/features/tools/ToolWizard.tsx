import type { ProjectFile, ToolDataParam, ToolDetails } from '@medx/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Empty, Form, Input, Space, Steps, Tag, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toolsApi } from '../../api/tools';
import { useWorkspace } from '../../workspace/workspace-context';
import { jobsKey } from '../jobs';
import {
  type ChosenFiles,
  dataFileIds,
  expandJobs,
  type FormValue,
  type FormValues,
  flattenInputs,
  initialValues,
  jobCount,
  setAt,
  type ValuePath,
  validateValues,
} from './form-model';
import { toJobSpace } from './job-space';
import { type FieldsContextValue, ParamFields } from './ParamFields';
import { formatsText, ToolFilePicker } from './ToolFilePicker';
import { useFillFromViewer } from './use-fill-from-viewer';

/** Room left in the job name for the `_<n>` of several jobs (the API takes 100 characters). */
const JOB_NAME_MAX = 90;
const SETTINGS = '__settings';

/**
 * The tool wizard (spec §4): one step per top-level data input, then the settings (every other
 * param). Next keeps the chosen files, Previous goes back; the settings step says how many jobs
 * the chosen files make (spec §5: one per combination) and submits them: the chosen project
 * files go to the job space (POST /v1/tools/import), then one POST /v1/jobs/tool per job.
 * A successful submit starts the wizard again.
 */
export function ToolWizard({ tool }: { tool: ToolDetails }) {
  const { t } = useTranslation('tools');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { project, readOnly } = useWorkspace();
  const settingsParams = useMemo(() => tool.inputs.filter((param) => param.type !== 'data'), [tool.inputs]);
  const dataParams = tool.data;
  const [step, setStep] = useState(0);
  const [chosen, setChosen] = useState<ChosenFiles>({});
  const [chosenFiles, setChosenFiles] = useState<Record<string, ProjectFile[]>>({});
  const [values, setValues] = useState<FormValues>(() => initialValues(settingsParams));
  const [jobName, setJobName] = useState('');
  const [showIssues, setShowIssues] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const steps = [
    ...dataParams.map((param) => ({ key: param.name, title: param.label || param.name })),
    { key: SETTINGS, title: t('window.settings') },
  ];
  const current = dataParams[step];
  const onSettings = step >= dataParams.length;
  const canNext = current ? current.optional || (chosen[current.name]?.length ?? 0) > 0 : false;
  const count = jobCount(dataParams, chosen);
  const issues = useMemo(() => validateValues(settingsParams, values), [settingsParams, values]);
  const shownIssues = useMemo(
    () => new Map(showIssues ? issues.map((issue) => [issue.key, issue] as const) : []),
    [showIssues, issues],
  );

  const setValue = useCallback(
    (path: ValuePath, value: FormValue) => setValues((tree) => setAt(tree, path, value)),
    [],
  );

  const fillFromViewer = useFillFromViewer(setValues);

  const fields: FieldsContextValue = {
    projectId: project.id,
    values,
    issues: shownIssues,
    setValue,
    fillFromViewer: (param, level, path) => void fillFromViewer(param, level, path),
  };

  const reset = () => {
    setStep(0);
    setChosen({});
    setChosenFiles({});
    setValues(initialValues(settingsParams));
    setJobName('');
    setShowIssues(false);
  };

  const submit = async () => {
    if (issues.length > 0) {
      setShowIssues(true);
      message.error(t('window.fixErrors'));
      return;
    }
    const jobs = expandJobs(dataParams, chosen);
    const everything: FormValues = { ...values, ...chosen };
    const fileIds = dataFileIds(tool.inputs, everything);
    const fail = (reason: string) =>
      message.error(t('window.submitError', { errorMessage: reason || t('common:errors.unknown') }));
    setSubmitting(true);
    try {
      const space = await toJobSpace(project.id, fileIds);
      if (!space.success) return fail(space.msg);
      const { dataValue } = space;
      const name = jobName.trim();
      let done = 0;
      for (const [index, job] of jobs.entries()) {
        const answer = await toolsApi.submit({
          project_id: project.id,
          tool_id: tool.id,
          tool_inputs: flattenInputs(tool.inputs, { ...everything, ...job }, dataValue),
          job_name: name ? (jobs.length > 1 ? `${name}_${index + 1}` : name) : undefined,
        });
        if (!answer.success) {
          fail(answer.msg);
          if (done > 0) message.info(t('window.submitPartial', { done, total: jobs.length }));
          return;
        }
        done += 1;
      }
      message.success(t('window.submitSuccessful'));
      reset();
    } finally {
      setSubmitting(false);
      await queryClient.invalidateQueries({ queryKey: jobsKey });
    }
  };

  return (
    <div className="medx-tool-window" data-testid="tool-window" data-tool-id={tool.id}>
      <header className="medx-tool-window-head">
        <Space size={8} wrap>
          <Typography.Text strong data-testid="tool-window-name">
            {tool.name}
          </Typography.Text>
          <Tag variant="filled">{t('card.version', { version: tool.version })}</Tag>
        </Space>
        {tool.description && (
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
            {tool.description}
          </Typography.Paragraph>
        )}
      </header>
      {!tool.available && (
        <Alert
          type="warning"
          showIcon
          title={t('window.unavailable', { reason: tool.unavailable_reason ?? '' })}
          style={{ marginBottom: 8 }}
          data-testid="tool-window-unavailable"
        />
      )}
      {steps.length > 1 && (
        <Steps
          size="small"
          titlePlacement="vertical"
          ellipsis
          current={step}
          items={steps.map((s) => ({ key: s.key, title: s.title }))}
          className="medx-tool-steps"
          data-testid="tool-steps"
        />
      )}
      <div className="medx-tool-window-body" data-testid={`tool-step-${steps[step]?.key ?? SETTINGS}`}>
        {current ? (
          <DataStep
            projectId={project.id}
            param={current}
            value={chosen[current.name] ?? []}
            onChange={(ids, files) => {
              setChosen((all) => ({ ...all, [current.name]: ids }));
              setChosenFiles((all) => ({ ...all, [current.name]: files }));
            }}
          />
        ) : (
          <>
            <Alert
              type={count > 1 ? 'warning' : 'info'}
              showIcon
              title={
                <span data-testid="tool-job-count">
                  {count > 1 ? t('window.jobCountMany', { count }) : t('window.jobCountOne')}
                </span>
              }
              style={{ marginBottom: 12 }}
            />
            {dataParams.length > 0 && (
              <Descriptions
                size="small"
                column={1}
                bordered
                title={t('window.inputsSummary')}
                items={dataParams.map((param) => ({
                  key: param.name,
                  label: param.label || param.name,
                  children: (chosenFiles[param.name] ?? []).map((file) => file.name).join(', ') || '-',
                }))}
                style={{ marginBottom: 12 }}
                data-testid="tool-inputs-summary"
              />
            )}
            {settingsParams.some((param) => param.type !== 'hidden') ? (
              <ParamFields params={settingsParams} context={fields} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('window.noParams')} />
            )}
            <Form layout="vertical" component="div">
              <Form.Item label={t('window.jobName')} htmlFor="tool-job-name" style={{ marginBottom: 8 }}>
                <Input
                  id="tool-job-name"
                  value={jobName}
                  maxLength={JOB_NAME_MAX}
                  placeholder={tool.name}
                  onChange={(event) => setJobName(event.target.value)}
                  style={{ maxWidth: 420 }}
                  data-testid="tool-job-name"
                />
              </Form.Item>
            </Form>
            {readOnly && <Alert type="info" showIcon title={t('window.readOnly')} style={{ marginBottom: 8 }} />}
          </>
        )}
      </div>
      <Space className="medx-tool-window-footer">
        <Button disabled={step === 0} onClick={() => setStep((s) => Math.max(0, s - 1))} data-testid="tool-previous">
          {t('window.previous')}
        </Button>
        {onSettings ? (
          <Button
            type="primary"
            loading={submitting}
            disabled={readOnly || !tool.available}
            onClick={() => void submit()}
            data-testid="tool-submit"
          >
            {t('window.submit')}
          </Button>
        ) : (
          <Button type="primary" disabled={!canNext} onClick={() => setStep((s) => s + 1)} data-testid="tool-next">
            {t('window.next')}
          </Button>
        )}
      </Space>
    </div>
  );
}

function DataStep({
  projectId,
  param,
  value,
  onChange,
}: {
  projectId: number;
  param: ToolDataParam;
  value: number[];
  onChange: (ids: number[], files: ProjectFile[]) => void;
}) {
  const { t } = useTranslation('tools');
  return (
    <>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
        {t('window.formats', { formats: formatsText(param.format) || t('window.anyFormat') })}
        {' · '}
        {param.multiple ? t('window.oneJob') : t('window.manyJobs')}
        {param.optional && ` · ${t('window.optional')}`}
      </Typography.Paragraph>
      {param.help && <Typography.Paragraph type="secondary">{param.help}</Typography.Paragraph>}
      <ToolFilePicker key={param.name} projectId={projectId} param={param} value={value} onChange={onChange} />
      <Typography.Text type="secondary" data-testid={`tool-chosen-${param.name}`}>
        {t('window.chosen', { count: value.length })}
      </Typography.Text>
    </>
  );
}
