import type { ProjectFile, WorkflowDetails, WorkflowStepView } from '@medx/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Space,
  Steps,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toolsApi } from '../../api/tools';
import { workflowsApi } from '../../api/workflows';
import { useWorkspace } from '../../workspace/workspace-context';
import { jobsKey } from '../jobs';
import {
  dataFileIds,
  type FieldsContextValue,
  type FormValue,
  type FormValues,
  flattenInputs,
  initialValues,
  ParamFields,
  setAt,
  ToolFilePicker,
  type ToolInputValue,
  useFillFromViewer,
  type ValuePath,
  validateValues,
} from '../tools';
import { WorkflowGraph } from './WorkflowGraph';
import {
  chooseFiles,
  type InputValue,
  initialInputValue,
  inputAsDataParam,
  inputFileIds,
  inputReady,
  skippedSteps,
  type WizardStep,
  wizardSteps,
  workflowInputs,
} from './workflow-wizard';

/** POST /v1/jobs/workflow takes a job name of 100 characters at most. */
const JOB_NAME_MAX = 100;

const initialInputs = (steps: readonly WorkflowStepView[]): Record<number, InputValue> =>
  Object.fromEntries(steps.filter((step) => step.input).map((step) => [step.step_id, initialInputValue(step)]));

const initialParams = (steps: readonly WizardStep[]): Record<number, FormValues> =>
  Object.fromEntries(
    steps.flatMap((step) => (step.kind === 'tool' ? [[step.step.step_id, initialValues(step.params)]] : [])),
  );

/**
 * The workflow wizard (spec §4): the graph of the workflow, then one step per input (files, a
 * collection of files, or a parameter), then one per tool step with settings (steps fed only by
 * connections are skipped); the last step submits: the chosen files go to the job space
 * (POST /v1/tools/import), then POST /v1/jobs/workflow. Success starts again from the first step.
 */
export function WorkflowWizard({ workflow }: { workflow: WorkflowDetails }) {
  const { t } = useTranslation('workflows');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { project, readOnly } = useWorkspace();
  const steps = useMemo(() => wizardSteps(workflow.steps), [workflow.steps]);
  const skipped = useMemo(() => skippedSteps(workflow.steps), [workflow.steps]);
  const [index, setIndex] = useState(0);
  const [inputs, setInputs] = useState<Record<number, InputValue>>(() => initialInputs(workflow.steps));
  const [chosenFiles, setChosenFiles] = useState<Record<number, ProjectFile[]>>({});
  const [params, setParams] = useState<Record<number, FormValues>>(() => initialParams(steps));
  const [jobName, setJobName] = useState('');
  const [showIssues, setShowIssues] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const current = steps[index];
  const last = index >= steps.length - 1;
  const stepValues = current?.kind === 'tool' ? (params[current.step.step_id] ?? {}) : {};
  const issues = useMemo(
    () => (current?.kind === 'tool' ? validateValues(current.params, stepValues) : []),
    [current, stepValues],
  );
  const shownIssues = useMemo(
    () => new Map(showIssues ? issues.map((issue) => [issue.key, issue] as const) : []),
    [showIssues, issues],
  );
  const ready = !current || current.kind === 'tool' || inputReady(current.step, inputs[current.step.step_id]);

  const stepId = current?.step.step_id;
  const setValue = useCallback(
    (path: ValuePath, value: FormValue) => {
      if (stepId === undefined) return;
      setParams((all) => ({ ...all, [stepId]: setAt(all[stepId] ?? {}, path, value) }));
    },
    [stepId],
  );

  const updateStep = useCallback(
    (change: (values: FormValues) => FormValues) => {
      if (stepId === undefined) return;
      setParams((all) => ({ ...all, [stepId]: change(all[stepId] ?? {}) }));
    },
    [stepId],
  );
  const fillFromViewer = useFillFromViewer(updateStep);

  const fields: FieldsContextValue = {
    projectId: project.id,
    values: stepValues,
    issues: shownIssues,
    setValue,
    fillFromViewer: (param, level, path) => void fillFromViewer(param, level, path),
  };

  const reset = () => {
    setIndex(0);
    setInputs(initialInputs(workflow.steps));
    setChosenFiles({});
    setParams(initialParams(steps));
    setJobName('');
    setShowIssues(false);
  };

  /** The first step (from the start) whose settings have a problem, or -1. */
  const firstInvalid = () =>
    steps.findIndex((step) =>
      step.kind === 'tool'
        ? validateValues(step.params, params[step.step.step_id] ?? {}).length > 0
        : !inputReady(step.step, inputs[step.step.step_id]),
    );

  const next = () => {
    if (issues.length > 0) {
      setShowIssues(true);
      message.error(t('wizard.fixErrors'));
      return;
    }
    setShowIssues(false);
    setIndex((i) => Math.min(steps.length - 1, i + 1));
  };

  const submit = async () => {
    const invalid = firstInvalid();
    if (invalid >= 0) {
      setIndex(invalid);
      setShowIssues(true);
      message.error(t('wizard.fixErrors'));
      return;
    }
    setFailure(null);
    const fail = (reason: string) => {
      const text = t('wizard.submitError', { errorMessage: reason || t('common:errors.unknown') });
      setFailure(text);
      message.error(text);
    };
    const toolSteps = steps.filter((step) => step.kind === 'tool');
    const fileIds = new Set(inputFileIds(inputs));
    for (const step of toolSteps) {
      for (const id of dataFileIds(step.params, params[step.step.step_id] ?? {})) fileIds.add(id);
    }
    setSubmitting(true);
    try {
      const galaxyIds = new Map<number, string>();
      if (fileIds.size > 0) {
        const imported = await toolsApi.importFiles(project.id, [...fileIds]);
        if (!imported.success) return fail(imported.msg);
        for (const item of imported.data.items) galaxyIds.set(item.file_id, item.galaxy_file_id);
      }
      const galaxyId = (id: number) => galaxyIds.get(id) ?? String(id);
      const dataValue = (ids: number[]): ToolInputValue => ({
        batch: false,
        values: ids.map((id) => ({ id: galaxyId(id), src: 'hda' as const })),
      });
      const workflowParams: Record<string, Record<string, ToolInputValue>> = {};
      for (const step of toolSteps) {
        workflowParams[String(step.step.step_id)] = flattenInputs(
          step.params,
          params[step.step.step_id] ?? {},
          dataValue,
        );
      }
      const name = jobName.trim();
      const answer = await workflowsApi.submit({
        project_id: project.id,
        workflow_id: workflow.id,
        workflow_name: workflow.name,
        job_name: name || undefined,
        workflow_inputs: workflowInputs(workflow.steps, inputs, galaxyId),
        workflow_params: workflowParams,
      });
      if (!answer.success) return fail(answer.msg);
      message.success(answer.msg || t('wizard.submitSuccessful'));
      reset();
    } finally {
      setSubmitting(false);
      await queryClient.invalidateQueries({ queryKey: jobsKey });
    }
  };

  const summary = steps
    .filter((step) => step.kind === 'input')
    .map((step) => {
      const value = inputs[step.step.step_id];
      const text = Array.isArray(value)
        ? (chosenFiles[step.step.step_id] ?? []).map((file) => file.name).join(', ')
        : typeof value === 'boolean'
          ? value
            ? t('wizard.yes')
            : t('wizard.no')
          : value === null || value === ''
            ? ''
            : String(value);
      return { key: step.key, label: step.step.label, children: text || '-' };
    });

  return (
    <>
      <div className="medx-workflow-scroll">
        <WorkflowGraph steps={workflow.steps} current={current?.step.step_id ?? null} name={workflow.name} />
        {steps.length > 0 && (
          <Steps
            size="small"
            titlePlacement="vertical"
            ellipsis
            current={index}
            items={steps.map((step) => ({ key: step.key, title: step.step.label }))}
            className="medx-workflow-steps"
            data-testid="workflow-steps"
          />
        )}
        <div className="medx-workflow-step" data-testid={`workflow-step-${current?.step.step_id ?? 'none'}`}>
          {current && <StepHead step={current} index={index} total={steps.length} />}
          {current?.kind === 'input' && (
            <InputStep
              projectId={project.id}
              step={current.step}
              value={inputs[current.step.step_id]}
              onChange={(value, files) => {
                setInputs((all) => ({ ...all, [current.step.step_id]: value }));
                if (files) setChosenFiles((all) => ({ ...all, [current.step.step_id]: files }));
              }}
            />
          )}
          {current?.kind === 'tool' && <ParamFields params={current.params} context={fields} />}
          {!current && <Typography.Paragraph type="secondary">{t('wizard.nothingToSet')}</Typography.Paragraph>}
          {last && (
            <>
              {summary.length > 0 && (
                <Descriptions
                  size="small"
                  column={1}
                  bordered
                  title={t('wizard.inputsSummary')}
                  items={summary}
                  style={{ margin: '4px 0 12px' }}
                  data-testid="workflow-inputs-summary"
                />
              )}
              {skipped.length > 0 && (
                <Typography.Paragraph type="secondary" data-testid="workflow-skipped">
                  {t('wizard.skipped', { steps: skipped.map((step) => step.label).join(', ') })}
                </Typography.Paragraph>
              )}
              <Form layout="vertical" component="div">
                <Form.Item label={t('wizard.jobName')} htmlFor="workflow-job-name" style={{ marginBottom: 8 }}>
                  <Input
                    id="workflow-job-name"
                    value={jobName}
                    maxLength={JOB_NAME_MAX}
                    placeholder={`${workflow.name}_WORKFLOW`}
                    onChange={(event) => setJobName(event.target.value)}
                    style={{ maxWidth: 420 }}
                    data-testid="workflow-job-name"
                  />
                </Form.Item>
              </Form>
              {readOnly && <Alert type="info" showIcon title={t('wizard.readOnly')} style={{ marginBottom: 8 }} />}
              {failure && (
                <Alert
                  type="error"
                  showIcon
                  closable={{ onClose: () => setFailure(null) }}
                  title={failure}
                  style={{ marginBottom: 8 }}
                  data-testid="workflow-submit-error"
                />
              )}
            </>
          )}
        </div>
      </div>
      <Space className="medx-workflow-footer">
        <Button
          disabled={index === 0}
          onClick={() => {
            setShowIssues(false);
            setIndex((i) => Math.max(0, i - 1));
          }}
          data-testid="workflow-previous"
        >
          {t('wizard.previous')}
        </Button>
        {last ? (
          workflow.runnable && (
            <Button
              type="primary"
              loading={submitting}
              disabled={readOnly || !ready}
              onClick={() => void submit()}
              data-testid="workflow-submit"
            >
              {t('wizard.submit')}
            </Button>
          )
        ) : (
          <Button type="primary" disabled={!ready} onClick={next} data-testid="workflow-next">
            {t('wizard.next')}
          </Button>
        )}
      </Space>
    </>
  );
}

function StepHead({ step, index, total }: { step: WizardStep; index: number; total: number }) {
  const { t } = useTranslation('workflows');
  const view = step.step;
  const sources = view.connections.map((connection) => connection.step_id);
  return (
    <div className="medx-workflow-step-head">
      <Space size={6} wrap>
        <Typography.Text strong data-testid="workflow-step-title">
          {view.label}
        </Typography.Text>
        <Tag variant="filled">
          {step.kind === 'input' ? t(`graph.input.${view.input?.kind ?? 'data'}`) : (view.tool_name ?? view.tool_id)}
        </Tag>
        <Typography.Text type="secondary">{t('wizard.stepOf', { index: index + 1, total })}</Typography.Text>
      </Space>
      {view.annotation && (
        <Typography.Paragraph type="secondary" style={{ margin: '2px 0 0' }}>
          {view.annotation}
        </Typography.Paragraph>
      )}
      {step.kind === 'tool' && view.connections.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ margin: '2px 0 0' }} data-testid="workflow-step-sources">
          {t('wizard.connections', { count: new Set(sources).size })}
        </Typography.Paragraph>
      )}
    </div>
  );
}

function InputStep({
  projectId,
  step,
  value,
  onChange,
}: {
  projectId: number;
  step: WorkflowStepView;
  value: InputValue | undefined;
  onChange: (value: InputValue, files?: ProjectFile[]) => void;
}) {
  const { t } = useTranslation('workflows');
  const input = step.input;
  const id = `workflow-input-${step.step_id}`;
  if (!input) return null;
  if (input.kind === 'data' || input.kind === 'collection') {
    const ids = Array.isArray(value) ? value : [];
    const param = inputAsDataParam(step);
    return (
      <>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
          {t('wizard.formats', { formats: input.format.join(', ') || t('wizard.anyFormat') })}
          {' · '}
          {input.kind === 'collection' ? t('wizard.collection') : t('wizard.single')}
          {input.optional && ` · ${t('wizard.optional')}`}
        </Typography.Paragraph>
        <ToolFilePicker
          key={step.step_id}
          projectId={projectId}
          param={param}
          value={ids}
          onChange={(next, files) => {
            const chosen = chooseFiles(step, ids, next);
            onChange(
              chosen,
              files.filter((file) => chosen.includes(file.id)),
            );
          }}
        />
        <Typography.Text type="secondary" data-testid={`workflow-chosen-${step.step_id}`}>
          {t('wizard.chosen', { count: ids.length })}
        </Typography.Text>
      </>
    );
  }
  let control: React.ReactNode;
  if (input.kind === 'boolean') {
    control = (
      <Switch
        id={id}
        checked={value === true}
        checkedChildren={t('wizard.yes')}
        unCheckedChildren={t('wizard.no')}
        onChange={(checked) => onChange(checked)}
        data-testid={id}
      />
    );
  } else if (input.kind === 'integer' || input.kind === 'float') {
    control = (
      <InputNumber
        id={id}
        value={typeof value === 'number' ? value : null}
        precision={input.kind === 'integer' ? 0 : undefined}
        step={input.kind === 'integer' ? 1 : 0.1}
        onChange={(next) => onChange(typeof next === 'number' ? next : null)}
        style={{ width: '100%', maxWidth: 280 }}
        data-testid={id}
      />
    );
  } else {
    control = (
      <Input
        id={id}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        style={{ maxWidth: 420 }}
        data-testid={id}
      />
    );
  }
  return (
    <Form layout="vertical" component="div">
      <Form.Item
        label={step.label}
        htmlFor={id}
        required={!input.optional && input.kind !== 'boolean'}
        extra={input.optional ? t('wizard.optionalValue') : undefined}
      >
        {control}
      </Form.Item>
    </Form>
  );
}
