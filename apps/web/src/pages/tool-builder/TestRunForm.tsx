import { PlayCircleOutlined } from '@ant-design/icons';
import type { BuilderDraft, ToolDetails } from '@medx/contract';
import { App, Button, Empty, Flex, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toolBuilderApi } from '../../api/tool-builder';
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
  toJobSpace,
  type ValuePath,
  validateValues,
} from '../../features/tools';

type Chosen = Record<string, number[]>;

interface TestRunFormProps {
  tool: ToolDetails;
  draft: BuilderDraft;
  /** The project whose files feed the data inputs, null before one is chosen. */
  projectId: number | null;
  /** Saves the form's values into the draft (spec §3 versions keep them). */
  onValues: (values: Record<string, unknown>) => void;
  onStarted: (jobId: number) => void;
}

/** The draft's saved values over the params' defaults (only for names the tool still has). */
function startingValues(tool: ToolDetails, draft: BuilderDraft): { values: FormValues; chosen: Chosen } {
  const settings = tool.inputs.filter((param) => param.type !== 'data');
  const values = initialValues(settings);
  const chosen: Chosen = {};
  for (const param of tool.inputs) {
    const saved = draft.values[param.name];
    if (saved === undefined) continue;
    if (param.type === 'data') {
      if (Array.isArray(saved)) chosen[param.name] = saved.filter((id): id is number => typeof id === 'number');
    } else values[param.name] = saved as FormValue;
  }
  return { values, chosen };
}

/**
 * The tool form as users will see it (the tools feature's file pickers and ParamFields, as in the
 * tool wizard) and the test run: the chosen project files go to the job space, the values become
 * Galaxy's flat tool_inputs (flattenInputs) and POST /v1/tool-builder/test-runs runs the draft.
 */
export function TestRunForm({ tool, draft, projectId, onValues, onStarted }: TestRunFormProps) {
  const { t } = useTranslation('toolBuilder');
  const { message } = App.useApp();
  const settingsParams = useMemo(() => tool.inputs.filter((param) => param.type !== 'data'), [tool.inputs]);
  // The form starts once per preview (the page remounts it for another one).
  const [start] = useState(() => startingValues(tool, draft));
  const [values, setValues] = useState<FormValues>(start.values);
  const [chosen, setChosen] = useState<Chosen>(start.chosen);
  const [showIssues, setShowIssues] = useState(false);
  // Files of another project are no choice any more.
  const shownProject = useRef(projectId);
  useEffect(() => {
    if (shownProject.current !== null && shownProject.current !== projectId) setChosen({});
    shownProject.current = projectId;
  }, [projectId]);
  const [running, setRunning] = useState(false);

  const issues = useMemo(() => validateValues(settingsParams, values), [settingsParams, values]);
  const shownIssues = useMemo(
    () => new Map(showIssues ? issues.map((issue) => [issue.key, issue] as const) : []),
    [showIssues, issues],
  );
  const setValue = useCallback(
    (path: ValuePath, value: FormValue) => setValues((tree) => setAt(tree, path, value)),
    [],
  );
  const fields: FieldsContextValue = {
    projectId: projectId ?? 0,
    values,
    issues: shownIssues,
    setValue,
    fillFromViewer: () => message.info(t('test.viewerInWorkspace')),
  };

  const missing = tool.data.filter((param) => !param.optional && (chosen[param.name]?.length ?? 0) === 0);
  const tooMany = tool.data.filter((param) => !param.multiple && (chosen[param.name]?.length ?? 0) > 1);

  const run = async () => {
    if (projectId === null) return;
    if (issues.length > 0 || missing.length > 0) {
      setShowIssues(true);
      message.error(t('test.fixForm'));
      return;
    }
    if (tooMany.length > 0) {
      message.error(t('test.oneFile', { name: tooMany[0]?.label || tooMany[0]?.name }));
      return;
    }
    const everything: FormValues = { ...values, ...chosen };
    onValues(everything);
    setRunning(true);
    try {
      const fileIds = dataFileIds(tool.inputs, everything);
      const space = await toJobSpace(projectId, fileIds);
      if (!space.success) {
        message.error(t('test.failedToStart', { errorMessage: space.msg || t('msg:submissionUnknownError') }));
        return;
      }
      const { dataValue } = space;
      const answer = await toolBuilderApi.testRun({
        project_id: projectId,
        draft: { ...draft, values: everything },
        tool_inputs: flattenInputs(tool.inputs, everything, dataValue),
      });
      if (!answer.success) return;
      message.success(t('test.started', { id: answer.data.job_id }));
      onStarted(answer.data.job_id);
    } finally {
      setRunning(false);
    }
  };

  const hasVisible = settingsParams.some((param) => param.type !== 'hidden');

  return (
    <div data-testid="builder-preview-form" className="medx-builder-preview-form">
      {tool.data.map((param) => {
        const missingHere = showIssues && missing.includes(param);
        return (
          <section key={param.name} className="medx-builder-data-input" aria-label={param.label || param.name}>
            <Typography.Text strong>{param.label || param.name}</Typography.Text>
            {param.help && (
              <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
                {param.help}
              </Typography.Paragraph>
            )}
            {projectId === null ? (
              <Typography.Paragraph type="secondary">{t('test.chooseProjectFirst')}</Typography.Paragraph>
            ) : (
              <ToolFilePicker
                projectId={projectId}
                param={param}
                value={chosen[param.name] ?? []}
                onChange={(ids) => setChosen((all) => ({ ...all, [param.name]: ids }))}
              />
            )}
            {missingHere && (
              <Typography.Text type="danger" data-testid={`builder-preview-missing-${param.name}`}>
                {t('msg:fieldRequired')}
              </Typography.Text>
            )}
          </section>
        );
      })}
      {hasVisible ? (
        projectId === null && settingsParams.some(hasNestedData) ? (
          <Typography.Paragraph type="secondary">{t('test.chooseProjectFirst')}</Typography.Paragraph>
        ) : (
          <ParamFields params={settingsParams} context={fields} />
        )
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('preview.noSettings')} />
      )}
      <Flex align="center" gap={8} wrap>
        <Button
          type="primary"
          icon={<PlayCircleOutlined />}
          loading={running}
          disabled={projectId === null}
          onClick={() => void run()}
          data-testid="builder-test-run-start"
        >
          {t('test.run')}
        </Button>
        <Typography.Text type="secondary">{t('test.runHelp')}</Typography.Text>
      </Flex>
    </div>
  );
}

/** Whether a param holds a data input inside (a conditional's branch, a section, a repeat). */
function hasNestedData(param: ToolDetails['inputs'][number]): boolean {
  switch (param.type) {
    case 'data':
      return true;
    case 'conditional':
      return Object.values(param.when).some((branch) => branch.some(hasNestedData));
    case 'section':
    case 'repeat':
      return param.params.some(hasNestedData);
    default:
      return false;
  }
}
