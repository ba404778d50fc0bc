import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type BuilderCommandBlock,
  type BuilderParam,
  type BuilderScript,
  paramReference,
  TOOL_BUILDER_LIMITS,
} from '@medx/contract';
import { Alert, Button, Card, Col, Divider, Empty, Flex, Row, Space, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BuilderAction, newBlockId } from './builder-draft';
import { CommandEditor, type CommandEditorHandle } from './CommandEditor';
import { ScriptsPanel } from './ScriptsPanel';
import { useProblems } from './use-problems';

interface CommandCardProps {
  blocks: readonly BuilderCommandBlock[];
  params: readonly BuilderParam[];
  scripts: readonly BuilderScript[];
  dispatch: (action: BuilderAction) => void;
}

/** The reference a script chip inserts. */
export const scriptReference = (name: string) => `$__tool_directory__/${name}`;

/**
 * Spec §3 command blocks (joined by new lines into the tool's command) and the scripts beside
 * them. The chips insert a param's Cheetah reference (or a script's path) at the cursor of the
 * block last focused, the last block when none was.
 */
export function CommandCard({ blocks, params, scripts, dispatch }: CommandCardProps) {
  const { t } = useTranslation('toolBuilder');
  const problems = useProblems();
  const handles = useRef(new Map<string, CommandEditorHandle>());
  const [focused, setFocused] = useState<string | null>(null);
  const commandProblems = problems.under('commandBlocks');

  const targetId = focused && blocks.some((b) => b.id === focused) ? focused : (blocks.at(-1)?.id ?? null);
  const targetIndex = blocks.findIndex((b) => b.id === targetId);

  const insert = (text: string) => {
    if (!targetId) {
      dispatch({ type: 'addBlock', id: newBlockId(blocks), content: text });
      return;
    }
    const handle = handles.current.get(targetId);
    // A block the user has not been in gets the text at its end.
    if (handle) handle.insert(text, focused !== targetId);
    else {
      const block = blocks.find((b) => b.id === targetId);
      dispatch({ type: 'updateBlock', id: targetId, content: `${block?.content ?? ''}${text}` });
    }
  };

  const addBlock = () => {
    const id = newBlockId(blocks);
    dispatch({ type: 'addBlock', id });
    setFocused(id);
  };

  const named = params.filter((p) => p.name.trim());

  return (
    <Card
      title={t('command.title')}
      size="small"
      data-testid="builder-command"
      extra={
        <Button
          size="small"
          icon={<PlusOutlined />}
          disabled={blocks.length >= TOOL_BUILDER_LIMITS.commandBlocks}
          onClick={addBlock}
          data-testid="builder-block-add"
        >
          {t('command.addBlock')}
        </Button>
      }
    >
      <Row gutter={16}>
        <Col xs={24} lg={16}>
          <Typography.Paragraph type="secondary">{t('command.help')}</Typography.Paragraph>
          {blocks.length === 0 && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('command.empty')}>
              <Button icon={<PlusOutlined />} onClick={addBlock}>
                {t('command.addBlock')}
              </Button>
            </Empty>
          )}
          {blocks.map((block, index) => (
            <div
              key={block.id}
              className={`medx-builder-block${block.id === targetId ? ' medx-builder-block-target' : ''}`}
            >
              <Flex align="center" justify="space-between" style={{ marginBottom: 4 }}>
                <Typography.Text strong id={`builder-block-label-${index}`}>
                  {t('command.block', { index: index + 1 })}
                </Typography.Text>
                <Space size={2}>
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined />}
                    disabled={index === 0}
                    aria-label={t('command.moveUp', { index: index + 1 })}
                    onClick={() => dispatch({ type: 'moveBlock', id: block.id, delta: -1 })}
                    data-testid={`builder-block-up-${index}`}
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined />}
                    disabled={index === blocks.length - 1}
                    aria-label={t('command.moveDown', { index: index + 1 })}
                    onClick={() => dispatch({ type: 'moveBlock', id: block.id, delta: 1 })}
                    data-testid={`builder-block-down-${index}`}
                  />
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('command.remove', { index: index + 1 })}
                    onClick={() => dispatch({ type: 'removeBlock', id: block.id })}
                    data-testid={`builder-block-remove-${index}`}
                  />
                </Space>
              </Flex>
              <CommandEditor
                value={block.content}
                onChange={(content) => dispatch({ type: 'updateBlock', id: block.id, content })}
                onFocus={() => setFocused(block.id)}
                onReady={(handle) => {
                  if (handle) handles.current.set(block.id, handle);
                  else handles.current.delete(block.id);
                }}
                ariaLabel={t('command.block', { index: index + 1 })}
                testId={`builder-block-${index}`}
              />
            </div>
          ))}
          {commandProblems.length > 0 && (
            <Alert
              type="error"
              showIcon
              title={
                <ul className="medx-builder-problem-list">
                  {commandProblems.map((p) => (
                    <li key={`${p.key}-${JSON.stringify(p.vars ?? {})}`}>{problems.text(p)}</li>
                  ))}
                </ul>
              }
              style={{ marginTop: 8 }}
              data-testid="builder-command-problems"
            />
          )}
        </Col>
        <Col xs={24} lg={8}>
          <section aria-labelledby="builder-chips-title" data-testid="builder-chips">
            <Typography.Text strong id="builder-chips-title">
              {t('command.insert')}
            </Typography.Text>
            <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 6 }}>
              {targetIndex >= 0 ? t('command.insertInto', { index: targetIndex + 1 }) : t('command.insertNew')}
            </Typography.Paragraph>
            {named.length === 0 && scripts.length === 0 ? (
              <Typography.Text type="secondary">{t('command.noChips')}</Typography.Text>
            ) : (
              <Flex wrap gap={6}>
                {named.map((param) => {
                  const reference = paramReference(params, param.name);
                  return (
                    <Tooltip key={param.name} title={param.label || undefined}>
                      <Button
                        size="small"
                        className="medx-builder-chip"
                        // Keeps the editor's focus and selection when clicked with the mouse.
                        onMouseDown={(event) => event.preventDefault()}
                        onClick={() => insert(reference)}
                        aria-label={t('command.insertParam', { reference })}
                        data-testid={`builder-chip-${param.name}`}
                      >
                        {reference}
                      </Button>
                    </Tooltip>
                  );
                })}
                {scripts.map((script) => (
                  <Button
                    key={script.name}
                    size="small"
                    className="medx-builder-chip medx-builder-chip-script"
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => insert(scriptReference(script.name))}
                    aria-label={t('command.insertScript', { name: script.name })}
                    data-testid={`builder-chip-script-${script.name}`}
                  >
                    {scriptReference(script.name)}
                  </Button>
                ))}
              </Flex>
            )}
          </section>
          <Divider />
          <ScriptsPanel scripts={scripts} dispatch={dispatch} />
        </Col>
      </Row>
    </Card>
  );
}
