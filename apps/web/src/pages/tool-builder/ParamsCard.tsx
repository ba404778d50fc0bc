import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type BuilderParam, type BuilderParamType, TOOL_BUILDER_LIMITS } from '@medx/contract';
import { Alert, Badge, Button, Card, Empty, Flex, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuilderAction } from './builder-draft';
import { ParamEditor } from './ParamEditor';
import { ParamTypePicker } from './ParamTypePicker';
import { isOutput } from './param-types';
import { useProblems } from './use-problems';

interface ParamsCardProps {
  params: readonly BuilderParam[];
  dispatch: (action: BuilderAction) => void;
}

/** Spec §3 params: the list (add, edit in a drawer, move up and down, delete). */
export function ParamsCard({ params, dispatch }: ParamsCardProps) {
  const { t } = useTranslation('toolBuilder');
  const problems = useProblems();
  const [picking, setPicking] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const listProblems = problems.all.filter((p) => p.path === 'params');

  const add = (paramType: BuilderParamType) => {
    dispatch({ type: 'addParam', paramType });
    setPicking(false);
    setEditing(params.length);
  };

  return (
    <Card
      title={t('params.title')}
      size="small"
      data-testid="builder-params"
      extra={
        <Button
          size="small"
          type="primary"
          icon={<PlusOutlined />}
          disabled={params.length >= TOOL_BUILDER_LIMITS.params}
          onClick={() => setPicking(true)}
          data-testid="builder-param-add"
        >
          {t('params.add')}
        </Button>
      }
    >
      {problems.shown && listProblems.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={listProblems.map((p) => problems.text(p)).join(' ')}
          style={{ marginBottom: 8 }}
          data-testid="builder-params-problem"
        />
      )}
      {params.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('params.empty')} data-testid="builder-params-empty">
          <Button icon={<PlusOutlined />} onClick={() => setPicking(true)}>
            {t('params.addFirst')}
          </Button>
        </Empty>
      ) : (
        <ol className="medx-builder-param-list" aria-label={t('params.title')}>
          {params.map((param, index) => {
            const own = problems.under(`params.${index}`);
            const name = param.name || t('editor.unnamed');
            return (
              <li
                // Names change while typed; the place is the identity the list edits by.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={index}
                className="medx-builder-param"
                data-testid={`builder-param-${index}`}
                data-name={param.name}
              >
                <Flex align="center" gap={8} wrap>
                  <Tag color={isOutput(param.type) ? 'purple' : param.type === 'data' ? 'blue' : undefined}>
                    {t(`types.${param.type}.label`)}
                  </Tag>
                  <Typography.Text code>{name}</Typography.Text>
                  {param.label && <Typography.Text type="secondary">{param.label}</Typography.Text>}
                  {param.dependsOn && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {param.dependsOn.value === null
                        ? t('params.needs', { name: param.dependsOn.param })
                        : t('params.when', { name: param.dependsOn.param, value: param.dependsOn.value })}
                    </Typography.Text>
                  )}
                  {own.length > 0 && (
                    <Tooltip title={own.map((p) => problems.text(p)).join('\n')}>
                      <Badge
                        count={own.length}
                        title={t('params.problems', { count: own.length })}
                        data-testid={`builder-param-problems-${index}`}
                      />
                    </Tooltip>
                  )}
                  <Space size={2} style={{ marginInlineStart: 'auto' }}>
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowUpOutlined />}
                      disabled={index === 0}
                      aria-label={t('params.moveUp', { name })}
                      onClick={() => dispatch({ type: 'moveParam', index, delta: -1 })}
                      data-testid={`builder-param-up-${index}`}
                    />
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowDownOutlined />}
                      disabled={index === params.length - 1}
                      aria-label={t('params.moveDown', { name })}
                      onClick={() => dispatch({ type: 'moveParam', index, delta: 1 })}
                      data-testid={`builder-param-down-${index}`}
                    />
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      onClick={() => setEditing(index)}
                      aria-label={t('params.editOf', { name })}
                      data-testid={`builder-param-edit-${index}`}
                    >
                      {t('params.edit')}
                    </Button>
                    <Popconfirm
                      title={t('params.deleteConfirm', { name })}
                      okText={t('params.delete')}
                      cancelText={t('common:actions.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => {
                        dispatch({ type: 'removeParam', index });
                        setEditing(null);
                      }}
                    >
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('params.deleteOf', { name })}
                        data-testid={`builder-param-delete-${index}`}
                      />
                    </Popconfirm>
                  </Space>
                </Flex>
              </li>
            );
          })}
        </ol>
      )}
      <ParamTypePicker open={picking} onPick={add} onClose={() => setPicking(false)} />
      <ParamEditor params={params} index={editing} dispatch={dispatch} onClose={() => setEditing(null)} />
    </Card>
  );
}
