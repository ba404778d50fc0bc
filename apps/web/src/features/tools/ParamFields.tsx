import { AimOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type {
  ToolColorParam,
  ToolConditionalParam,
  ToolDataColumnParam,
  ToolParam,
  ToolRepeatParam,
  ToolSectionParam,
} from '@medx/contract';
import { Button, Card, Collapse, Form, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addRepeatGroup,
  branchKey,
  COLOR_PATTERN,
  defaultTestValue,
  type FieldIssue,
  type FormValue,
  type FormValues,
  getAt,
  removeRepeatGroup,
  switchConditional,
  type ValuePath,
} from './form-model';
import { ToolFileSelect } from './ToolFilePicker';

/** What every field of the settings form shares: the value tree and how to change it. */
export interface FieldsContextValue {
  projectId: number;
  values: FormValues;
  issues: ReadonlyMap<string, FieldIssue>;
  setValue: (path: ValuePath, value: FormValue) => void;
  /** Fills a param with a viewer kind from Med View's selection (its level: params and path). */
  fillFromViewer: (param: ToolParam, levelParams: readonly ToolParam[], levelPath: ValuePath) => void;
}

const FieldsContext = createContext<FieldsContextValue | null>(null);

/** The labels of the data inputs among the form's params, by name (what a column chooser's data_ref names). */
const DataLabelsContext = createContext<ReadonlyMap<string, string>>(new Map());

function dataLabels(params: readonly ToolParam[], into = new Map<string, string>()): Map<string, string> {
  for (const param of params) {
    if (param.type === 'data' && !into.has(param.name)) into.set(param.name, labelOf(param));
    else if (param.type === 'section' || param.type === 'repeat') dataLabels(param.params, into);
    else if (param.type === 'conditional') for (const branch of Object.values(param.when)) dataLabels(branch, into);
  }
  return into;
}

function useFields(): FieldsContextValue {
  const value = useContext(FieldsContext);
  if (!value) throw new Error('ParamFields needs its context');
  return value;
}

/** The DOM id of a field, from its flat Galaxy name. */
export const fieldId = (key: string) => `tool-${key.replace(/[^\w-]/g, '_')}`;

function useIssueText() {
  const { t } = useTranslation('tools');
  return (issue: FieldIssue | undefined): string | undefined => {
    if (!issue) return undefined;
    if (issue.kind === 'min') return t('param.min', { min: issue.limit });
    if (issue.kind === 'max') return t('param.max', { max: issue.limit });
    if (issue.kind === 'integer') return t('param.integer');
    if (issue.kind === 'color') return t('param.color');
    if (issue.kind === 'column') return t('param.column');
    return t('param.required');
  };
}

const labelOf = (param: { label: string; name: string }) => param.label.trim() || param.name;

interface LevelProps {
  params: readonly ToolParam[];
  /** Where this level's values sit in the tree. */
  path: ValuePath;
  /** The flat-name prefix of this level ('', 'cond|', 'repeat_0|'). */
  prefix: string;
}

/** One level of params (the settings, a branch, a section, a repeat group). */
function ParamLevel({ params, path, prefix }: LevelProps) {
  return (
    <>
      {params.map((param) => (
        <ParamField key={param.name} param={param} level={params} path={path} prefix={prefix} />
      ))}
    </>
  );
}

function ViewerButton({ param, level, path }: { param: ToolParam; level: readonly ToolParam[]; path: ValuePath }) {
  const { t } = useTranslation('tools');
  const { fillFromViewer } = useFields();
  if (!param.viewer) return null;
  return (
    <Button
      size="small"
      icon={<AimOutlined />}
      onClick={() => fillFromViewer(param, level, path)}
      data-testid={`tool-viewer-${param.name}`}
      style={{ marginTop: 4 }}
    >
      {t(`viewer.${param.viewer}`)}
    </Button>
  );
}

function Item({
  param,
  id,
  issueKey,
  hint,
  children,
}: {
  param: ToolParam;
  id: string;
  issueKey: string;
  /** Shown under the field before the param's help. */
  hint?: string;
  children: ReactNode;
}) {
  const { issues } = useFields();
  const issueText = useIssueText();
  const issue = issues.get(issueKey);
  return (
    <Form.Item
      label={labelOf(param)}
      htmlFor={id}
      // Galaxy's text params may be left empty unless a validator (checked on the server) says otherwise.
      required={!param.optional && param.type !== 'boolean' && param.type !== 'text'}
      validateStatus={issue ? 'error' : undefined}
      help={issueText(issue)}
      extra={
        hint ? (
          <>
            <div>{hint}</div>
            {param.help && <div>{param.help}</div>}
          </>
        ) : (
          param.help || undefined
        )
      }
      style={{ marginBottom: 12 }}
    >
      {children}
    </Form.Item>
  );
}

interface FieldProps {
  param: ToolParam;
  level: readonly ToolParam[];
  /** The path of the level holding this param. */
  path: ValuePath;
  prefix: string;
}

/** One param: its control, its label and help, its problem, and its Med View button. */
function ParamField({ param, level, path, prefix }: FieldProps) {
  const { t } = useTranslation('tools');
  const { projectId, values, issues, setValue } = useFields();
  const key = `${prefix}${param.name}`;
  const id = fieldId(key);
  const own = [...path, param.name];
  const value = getAt(values, own);
  const status = issues.has(key) ? ('error' as const) : undefined;
  const labels = useContext(DataLabelsContext);

  let control: ReactNode;
  let hint: string | undefined;
  switch (param.type) {
    case 'hidden':
      return null;
    case 'conditional':
      return <ConditionalField param={param} path={own} prefix={`${key}|`} />;
    case 'section':
      return <SectionField param={param} level={level} path={own} levelPath={path} prefix={`${key}|`} />;
    case 'repeat':
      return <RepeatField param={param} path={own} prefix={key} />;
    case 'data':
      control = (
        <ToolFileSelect
          projectId={projectId}
          param={param}
          id={id}
          testId={`tool-param-${key}`}
          status={status}
          value={Array.isArray(value) ? (value as number[]) : []}
          onChange={(ids) => setValue(own, ids)}
        />
      );
      break;
    case 'text':
      control = param.area ? (
        <Input.TextArea
          id={id}
          autoSize={{ minRows: 2, maxRows: 8 }}
          status={status}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => setValue(own, event.target.value)}
          data-testid={`tool-param-${key}`}
        />
      ) : (
        <Input
          id={id}
          status={status}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => setValue(own, event.target.value)}
          data-testid={`tool-param-${key}`}
        />
      );
      break;
    case 'integer':
    case 'float':
      control = (
        <InputNumber
          id={id}
          status={status}
          value={typeof value === 'number' ? value : null}
          min={param.min ?? undefined}
          max={param.max ?? undefined}
          step={param.type === 'integer' ? 1 : 0.1}
          precision={param.type === 'integer' ? 0 : undefined}
          onChange={(next) => setValue(own, typeof next === 'number' ? next : null)}
          style={{ width: '100%', maxWidth: 280 }}
          data-testid={`tool-param-${key}`}
        />
      );
      break;
    case 'boolean':
      control = (
        <Switch
          id={id}
          checked={value === true}
          checkedChildren={t('param.yes')}
          unCheckedChildren={t('param.no')}
          onChange={(checked) => setValue(own, checked)}
          data-testid={`tool-param-${key}`}
        />
      );
      break;
    case 'select':
      control = (
        <Select<string | string[]>
          id={id}
          status={status}
          mode={param.multiple ? 'multiple' : undefined}
          allowClear={param.multiple || param.optional}
          showSearch={param.options.length > 8 ? { optionFilterProp: 'label' } : undefined}
          value={param.multiple ? (Array.isArray(value) ? (value as string[]) : []) : ((value as string) ?? undefined)}
          onChange={(next) => setValue(own, next ?? (param.multiple ? [] : null))}
          options={param.options.map((option) => ({ value: option.value, label: option.label || option.value }))}
          style={{ width: '100%', maxWidth: 420 }}
          data-testid={`tool-param-${key}`}
        />
      );
      break;
    case 'color':
      control = (
        <ColorField
          param={param}
          id={id}
          testId={`tool-param-${key}`}
          status={status}
          value={value}
          onChange={(next) => setValue(own, next)}
        />
      );
      break;
    case 'data_column': {
      const input = labels.get(param.data_ref) ?? param.data_ref;
      hint = t(param.multiple ? 'param.columnsOf' : 'param.columnOf', { input });
      control = (
        <ColumnField
          param={param}
          id={id}
          testId={`tool-param-${key}`}
          status={status}
          value={value}
          onChange={(next) => setValue(own, next)}
        />
      );
      break;
    }
  }
  return (
    <Item param={param} id={id} issueKey={key} hint={hint}>
      {control}
      <ViewerButton param={param} level={level} path={path} />
    </Item>
  );
}

interface ControlProps<P> {
  param: P;
  id: string;
  testId: string;
  status: 'error' | undefined;
  value: FormValue | undefined;
  onChange: (value: FormValue) => void;
}

/**
 * A colour (Galaxy's color param): the browser's colour chooser (keyboard accessible, gives
 * lower-case #rrggbb) beside the same value as text, which can be typed or pasted.
 */
function ColorField({ param, id, testId, status, value, onChange: setOwn }: ControlProps<ToolColorParam>) {
  const { t } = useTranslation('tools');
  const text = typeof value === 'string' ? value : '';
  return (
    <Space.Compact>
      <Input
        type="color"
        id={id}
        className="medx-tool-color"
        value={COLOR_PATTERN.test(text) ? text.toLowerCase() : '#000000'}
        onChange={(event) => setOwn(event.target.value.toLowerCase())}
        style={{ width: 48, padding: 2 }}
        data-testid={testId}
      />
      <Input
        aria-label={t('param.colorHex', { label: labelOf(param) })}
        status={status}
        value={text}
        maxLength={7}
        placeholder="#rrggbb"
        onChange={(event) => setOwn(event.target.value.trim())}
        style={{ width: 110, fontFamily: 'monospace' }}
        data-testid={`${testId}-hex`}
      />
    </Space.Compact>
  );
}

/**
 * A column of a tabular input (Galaxy's data_column): its number from 1; several typed as tags
 * when multiple. The columns of the chosen file are not read here (the server checks the numbers).
 */
function ColumnField({ param, id, testId, status, value, onChange: setOwn }: ControlProps<ToolDataColumnParam>) {
  if (param.multiple) {
    const columns = Array.isArray(value) ? (value as unknown[]).map(String) : [];
    return (
      <Select<string[]>
        id={id}
        mode="tags"
        status={status}
        allowClear
        suffixIcon={null}
        notFoundContent={null}
        tokenSeparators={[',', ' ']}
        value={columns}
        onChange={(next) => setOwn(next.map((item) => item.trim().replace(/^c(?=\d)/i, '')).filter(Boolean))}
        style={{ width: '100%', maxWidth: 420 }}
        data-testid={testId}
      />
    );
  }
  const number = typeof value === 'string' || typeof value === 'number' ? Number(value) : Number.NaN;
  return (
    <InputNumber
      id={id}
      status={status}
      min={1}
      step={1}
      precision={0}
      value={Number.isInteger(number) && number > 0 ? number : null}
      onChange={(next) => setOwn(typeof next === 'number' ? String(next) : null)}
      style={{ width: '100%', maxWidth: 280 }}
      data-testid={testId}
    />
  );
}

/** A conditional: its test (select or switch), then the chosen branch's params. */
function ConditionalField({ param, path, prefix }: { param: ToolConditionalParam; path: ValuePath; prefix: string }) {
  const { t } = useTranslation('tools');
  const { values, setValue } = useFields();
  const test = param.test;
  const key = `${prefix}${test.name}`;
  const id = fieldId(key);
  const current = getAt(values, [...path, test.name]);
  const testValue = current === undefined || current === null ? defaultTestValue(test) : (current as string | boolean);
  const choose = (next: string | boolean) => setValue(path, switchConditional(param, next));
  const branch = param.when[branchKey(testValue)] ?? [];
  return (
    <div className="medx-tool-conditional" data-testid={`tool-conditional-${prefix.slice(0, -1)}`}>
      <Item param={{ ...test, label: test.label || param.label }} id={id} issueKey={key}>
        {test.type === 'boolean' ? (
          <Switch
            id={id}
            checked={testValue === true}
            checkedChildren={t('param.yes')}
            unCheckedChildren={t('param.no')}
            onChange={choose}
            data-testid={`tool-param-${key}`}
          />
        ) : (
          <Select<string>
            id={id}
            value={String(testValue)}
            onChange={choose}
            options={test.options.map((option) => ({ value: option.value, label: option.label || option.value }))}
            style={{ width: '100%', maxWidth: 420 }}
            data-testid={`tool-param-${key}`}
          />
        )}
      </Item>
      {branch.length > 0 && (
        <div className="medx-tool-branch">
          <ParamLevel params={branch} path={path} prefix={prefix} />
        </div>
      )}
    </div>
  );
}

/** A section: collapsible, open at first when the tool says so, or when a field inside has a problem. */
function SectionField({
  param,
  level,
  path,
  levelPath,
  prefix,
}: {
  param: ToolSectionParam;
  level: readonly ToolParam[];
  path: ValuePath;
  levelPath: ValuePath;
  prefix: string;
}) {
  const { issues } = useFields();
  const [open, setOpen] = useState(param.expanded);
  const hasIssue = [...issues.keys()].some((key) => key.startsWith(prefix));
  const active = open || hasIssue;
  return (
    <Collapse
      size="small"
      className="medx-tool-section"
      activeKey={active ? [param.name] : []}
      onChange={(keys) => setOpen((Array.isArray(keys) ? keys : [keys]).includes(param.name))}
      items={[
        {
          key: param.name,
          label: param.title || labelOf(param),
          extra: param.viewer ? (
            // biome-ignore lint/a11y/noStaticElementInteractions: stops the header toggling when the button is used
            // biome-ignore lint/a11y/useKeyWithClickEvents: the button inside handles the keys
            <span onClick={(event) => event.stopPropagation()}>
              <ViewerButton param={param} level={level} path={levelPath} />
            </span>
          ) : undefined,
          children: (
            <>
              {param.help && <Typography.Paragraph type="secondary">{param.help}</Typography.Paragraph>}
              <ParamLevel params={param.params} path={path} prefix={prefix} />
            </>
          ),
        },
      ]}
      style={{ marginBottom: 12 }}
      data-testid={`tool-section-${prefix.slice(0, -1)}`}
    />
  );
}

/** A repeat: its groups, each deletable down to `min`, and Add up to `max`. */
function RepeatField({ param, path, prefix }: { param: ToolRepeatParam; path: ValuePath; prefix: string }) {
  const { t } = useTranslation('tools');
  const { values, setValue } = useFields();
  const raw = getAt(values, path);
  const groups = Array.isArray(raw) ? (raw as FormValues[]) : [];
  const title = param.title || labelOf(param);
  const canAdd = param.max === null || groups.length < param.max;
  const canRemove = groups.length > param.min;
  return (
    <div className="medx-tool-repeat" data-testid={`tool-repeat-${prefix}`}>
      <Typography.Text strong>{title}</Typography.Text>
      {param.help && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
          {param.help}
        </Typography.Paragraph>
      )}
      {groups.map((_group, index) => (
        <Card
          // Groups have no identity of their own: their place is their name (repeat_0, repeat_1...).
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          size="small"
          className="medx-tool-repeat-group"
          title={t('param.group', { title, index: index + 1 })}
          extra={
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              disabled={!canRemove}
              onClick={() => setValue(path, removeRepeatGroup(param, groups, index))}
              data-testid={`tool-repeat-remove-${prefix}_${index}`}
            >
              {t('param.removeGroup')}
            </Button>
          }
        >
          <ParamLevel params={param.params} path={[...path, index]} prefix={`${prefix}_${index}|`} />
        </Card>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={!canAdd}
        onClick={() => setValue(path, addRepeatGroup(param, groups))}
        data-testid={`tool-repeat-add-${prefix}`}
      >
        {t('param.addGroup', { title })}
      </Button>
      {(param.min > 0 || param.max !== null) && (
        <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
          {param.max !== null
            ? t('param.groupLimits', { min: param.min, max: param.max })
            : t('param.groupMin', { min: param.min })}
        </Typography.Text>
      )}
    </div>
  );
}

/** The settings step's form: every param but the top-level data inputs (they have their steps). */
export function ParamFields({ params, context }: { params: readonly ToolParam[]; context: FieldsContextValue }) {
  const labels = useMemo(() => dataLabels(params), [params]);
  return (
    <FieldsContext.Provider value={context}>
      <DataLabelsContext.Provider value={labels}>
        <Form layout="vertical" component="div" className="medx-tool-form">
          <ParamLevel params={params} path={[]} prefix="" />
        </Form>
      </DataLabelsContext.Provider>
    </FieldsContext.Provider>
  );
}
