import {
  BUILDER_PARAM_TYPES,
  type BuilderParam,
  type BuilderParamType,
  type BuilderValidator,
  TOOL_BUILDER_LIMITS,
} from '@medx/contract';
import { AutoComplete, Button, Col, Drawer, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BuilderAction } from './builder-draft';
import { DefaultValueInput } from './DefaultValueInput';
import { PairsEditor } from './PairsEditor';
import {
  canBeMultiple,
  dependsOnTargets,
  GALAXY_FORMATS,
  hasDefault,
  hasOptions,
  isNumeric,
  isOutput,
} from './param-types';
import { problemProps, useProblems } from './use-problems';

interface ParamEditorProps {
  params: readonly BuilderParam[];
  /** The param edited, or null when the drawer is closed. */
  index: number | null;
  dispatch: (action: BuilderAction) => void;
  onClose: () => void;
}

/** The drawer editing one param: every field spec §3 lists, each with its problem beside it. */
export function ParamEditor({ params, index, dispatch, onClose }: ParamEditorProps) {
  const { t } = useTranslation('toolBuilder');
  const param = index === null ? undefined : params[index];
  return (
    <Drawer
      open={param !== undefined}
      onClose={onClose}
      size={560}
      title={param ? t('editor.title', { name: param.name || t('editor.unnamed') }) : ''}
      footer={
        <Button type="primary" onClick={onClose} data-testid="builder-param-done">
          {t('editor.done')}
        </Button>
      }
      data-testid="builder-param-drawer"
    >
      {param && index !== null && <ParamForm params={params} index={index} param={param} dispatch={dispatch} />}
    </Drawer>
  );
}

function ParamForm({
  params,
  index,
  param,
  dispatch,
}: {
  params: readonly BuilderParam[];
  index: number;
  param: BuilderParam;
  dispatch: (action: BuilderAction) => void;
}) {
  const { t } = useTranslation('toolBuilder');
  const problems = useProblems();
  const at = `params.${index}`;
  const update = (patch: Partial<BuilderParam>) => dispatch({ type: 'updateParam', index, patch });
  const setValidator = (patch: Partial<BuilderValidator>) => update({ validator: { ...param.validator, ...patch } });
  const id = (field: string) => `builder-param-${field}`;

  return (
    <Form layout="vertical" component="div" data-testid={`builder-param-form-${index}`}>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item label={t('editor.type')} htmlFor={id('type')}>
            <Select<BuilderParamType>
              id={id('type')}
              value={param.type}
              showSearch={{ optionFilterProp: 'label' }}
              onChange={(paramType) => dispatch({ type: 'setParamType', index, paramType })}
              options={BUILDER_PARAM_TYPES.map((type) => ({ value: type, label: t(`types.${type}.label`) }))}
              data-testid="builder-param-type"
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label={t('editor.name')}
            htmlFor={id('name')}
            required
            extra={t('editor.nameHelp')}
            {...problemProps(problems, `${at}.name`)}
          >
            <Input
              id={id('name')}
              className="medx-builder-mono"
              value={param.name}
              maxLength={63}
              onChange={(event) => update({ name: event.target.value })}
              data-testid="builder-param-name"
            />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        {t(`types.${param.type}.help`)}
      </Typography.Paragraph>
      <Form.Item label={t('editor.label')} htmlFor={id('label')}>
        <Input
          id={id('label')}
          value={param.label}
          maxLength={200}
          onChange={(event) => update({ label: event.target.value })}
          data-testid="builder-param-label"
        />
      </Form.Item>
      <Form.Item label={t('editor.help')} htmlFor={id('help')}>
        <Input.TextArea
          id={id('help')}
          value={param.help}
          maxLength={2000}
          autoSize={{ minRows: 1, maxRows: 6 }}
          onChange={(event) => update({ help: event.target.value })}
          data-testid="builder-param-help"
        />
      </Form.Item>

      {hasOptions(param.type) && (
        <Form.Item
          label={param.type === 'condition' ? t('editor.branches') : t('editor.options')}
          extra={param.type === 'condition' ? t('editor.branchesHelp') : undefined}
          {...problemProps(problems, `${at}.options`)}
        >
          <PairsEditor
            rows={param.options}
            keyField="value"
            keyLabel={t('pairs.value')}
            path={`${at}.options`}
            onChange={(options) => update({ options })}
            max={TOOL_BUILDER_LIMITS.options}
            addText={t('editor.addOption')}
            testId="builder-options"
          />
        </Form.Item>
      )}

      {param.type === 'data' && (
        <Form.Item label={t('editor.fileTypes')} {...problemProps(problems, `${at}.fileTypes`)}>
          <PairsEditor
            rows={param.fileTypes}
            keyField="format"
            keyLabel={t('pairs.format')}
            path={`${at}.fileTypes`}
            onChange={(fileTypes) => update({ fileTypes })}
            suggestions={GALAXY_FORMATS}
            max={50}
            addText={t('editor.addFileType')}
            testId="builder-filetypes"
          />
        </Form.Item>
      )}

      {isOutput(param.type) && (
        <Form.Item
          label={t('editor.format')}
          htmlFor={id('format')}
          required
          extra={t('editor.formatHelp')}
          {...problemProps(problems, `${at}.format`)}
        >
          <AutoComplete
            value={param.format}
            options={GALAXY_FORMATS.map((value) => ({ value }))}
            filterOption={(input, option) => String(option?.value ?? '').startsWith(input.toLowerCase())}
            onChange={(format: string) => update({ format })}
            style={{ maxWidth: 240 }}
          >
            <Input id={id('format')} data-testid="builder-param-format" />
          </AutoComplete>
        </Form.Item>
      )}

      {hasDefault(param.type) && (
        <Form.Item label={t('editor.default')} htmlFor={id('default')} {...problemProps(problems, `${at}.default`)}>
          <DefaultValueInput
            param={param}
            id={id('default')}
            invalid={Boolean(problems.at(`${at}.default`))}
            onChange={(value) => update({ default: value })}
          />
        </Form.Item>
      )}

      {isNumeric(param.type) && (
        <Row gutter={12}>
          {(['min', 'max', 'step'] as const).map((field) => (
            <Col span={8} key={field}>
              <Form.Item
                label={t(`editor.${field}`)}
                htmlFor={id(field)}
                required={param.type === 'range' && field !== 'step'}
                {...problemProps(problems, `${at}.validator.${field}`)}
              >
                <InputNumber
                  id={id(field)}
                  value={param.validator[field]}
                  min={field === 'step' ? Number.MIN_VALUE : undefined}
                  onChange={(value) => setValidator({ [field]: typeof value === 'number' ? value : null })}
                  style={{ width: '100%' }}
                  data-testid={`builder-param-${field}`}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
      )}

      <Row gutter={12}>
        {!isOutput(param.type) && (
          <Col span={12}>
            <Form.Item label={t('editor.required')} htmlFor={id('required')}>
              <Switch
                id={id('required')}
                checked={param.required}
                onChange={(required) => update({ required })}
                data-testid="builder-param-required"
              />
            </Form.Item>
          </Col>
        )}
        {canBeMultiple(param.type) && (
          <Col span={12}>
            <Form.Item label={t('editor.multiple')} htmlFor={id('multiple')}>
              <Switch
                id={id('multiple')}
                checked={param.multiple}
                onChange={(multiple) => update({ multiple })}
                data-testid="builder-param-multiple"
              />
            </Form.Item>
          </Col>
        )}
      </Row>

      <DependsOnFields params={params} param={param} path={at} onChange={(dependsOn) => update({ dependsOn })} />
    </Form>
  );
}

/** What the param depends on: a data input (a dependency), another param, or a condition's branch. */
function DependsOnFields({
  params,
  param,
  path,
  onChange,
}: {
  params: readonly BuilderParam[];
  param: BuilderParam;
  path: string;
  onChange: (dependsOn: BuilderParam['dependsOn']) => void;
}) {
  const { t } = useTranslation('toolBuilder');
  const problems = useProblems();
  const targets = dependsOnTargets(params, param);
  const target = params.find((p) => p.name === param.dependsOn?.param);
  const branchable = target?.type === 'condition' && param.type !== 'dependency' && param.type !== 'condition';
  const ANY = '__any_value__';
  const options = targets.map((p) => ({ value: p.name, label: `${p.label || p.name} ($${p.name})` }));
  // A name no param has any more stays visible (its problem says so).
  if (param.dependsOn && !targets.some((p) => p.name === param.dependsOn?.param))
    options.push({ value: param.dependsOn.param, label: param.dependsOn.param });

  return (
    <>
      <Form.Item
        label={param.type === 'dependency' ? t('editor.dependsOnData') : t('editor.dependsOn')}
        htmlFor="builder-param-depends-on"
        required={param.type === 'dependency'}
        extra={param.type === 'dependency' ? t('editor.dependsOnDataHelp') : t('editor.dependsOnHelp')}
        {...problemProps(problems, `${path}.dependsOn`)}
      >
        <Select<string>
          id="builder-param-depends-on"
          allowClear
          placeholder={t('editor.dependsOnNone')}
          value={param.dependsOn?.param}
          options={options}
          notFoundContent={param.type === 'dependency' ? t('editor.noDataInputs') : t('editor.noOtherParams')}
          onChange={(name) => onChange(name ? { param: name, value: null } : null)}
          data-testid="builder-param-depends-on"
        />
      </Form.Item>
      {branchable && param.dependsOn && target && (
        <Form.Item label={t('editor.branch', { name: target.label || target.name })} htmlFor="builder-param-branch">
          <Select<string>
            id="builder-param-branch"
            value={param.dependsOn.value ?? ANY}
            options={[
              { value: ANY, label: t('editor.branchAny') },
              ...target.options
                .filter((o) => o.value.trim())
                .map((o) => ({ value: o.value, label: o.label || o.value })),
            ]}
            onChange={(value) =>
              param.dependsOn && onChange({ param: param.dependsOn.param, value: value === ANY ? null : value })
            }
            data-testid="builder-param-branch"
          />
        </Form.Item>
      )}
    </>
  );
}
