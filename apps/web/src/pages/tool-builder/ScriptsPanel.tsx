import { DeleteOutlined, FileTextOutlined } from '@ant-design/icons';
import { type BuilderScript, hasExtension, SCRIPT_EXTENSIONS, TOOL_BUILDER_LIMITS } from '@medx/contract';
import { App, Button, Empty, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../lib/format-size';
import type { BuilderAction } from './builder-draft';
import { acceptOf, FilePickButton } from './FilePickButton';
import { fileBytes, megabytes, scriptBytes, scriptFromBytes } from './file-bytes';
import { useProblems } from './use-problems';

interface ScriptsPanelProps {
  scripts: readonly BuilderScript[];
  dispatch: (action: BuilderAction) => void;
}

/**
 * Scripts beside the XML (spec §5: py, sh, r, pl, rb, js, php, perl, tcl, bat, cmd, exe; a name
 * once): upload, list with size, remove. Text is kept as UTF-8, binaries as base64.
 */
export function ScriptsPanel({ scripts, dispatch }: ScriptsPanelProps) {
  const { t } = useTranslation('toolBuilder');
  const { message } = App.useApp();
  const problems = useProblems();

  const upload = async (file: File) => {
    if (!hasExtension(file.name, SCRIPT_EXTENSIONS)) {
      message.error(t('msg:builderScriptExtension', { formats: SCRIPT_EXTENSIONS.join(', ') }));
      return;
    }
    if (scripts.some((script) => script.name === file.name)) {
      message.error(t('msg:builderScriptDuplicate', { name: file.name }));
      return;
    }
    if (scripts.length >= TOOL_BUILDER_LIMITS.scripts) {
      message.error(t('scripts.tooMany', { max: TOOL_BUILDER_LIMITS.scripts }));
      return;
    }
    if (file.size > TOOL_BUILDER_LIMITS.scriptBytes) {
      message.error(t('msg:builderFileTooLarge', { max: megabytes(TOOL_BUILDER_LIMITS.scriptBytes) }));
      return;
    }
    dispatch({ type: 'addScript', script: scriptFromBytes(file.name, await fileBytes(file)) });
    message.success(t('scripts.added', { name: file.name }));
  };

  return (
    <div data-testid="builder-scripts">
      <Flex align="center" justify="space-between" gap={8} style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('scripts.title')}</Typography.Text>
        <FilePickButton
          accept={acceptOf(SCRIPT_EXTENSIONS)}
          onFile={(file) => void upload(file)}
          size="small"
          testId="builder-script-upload"
        >
          {t('scripts.upload')}
        </FilePickButton>
      </Flex>
      {scripts.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('scripts.empty')} />
      ) : (
        <ul className="medx-builder-scripts" aria-label={t('scripts.title')}>
          {scripts.map((script, index) => {
            const problem = problems.under(`scripts.${index}`)[0];
            return (
              <li key={script.name} data-testid={`builder-script-${script.name}`}>
                <Flex align="center" gap={6} wrap>
                  <FileTextOutlined />
                  <Typography.Text code>{script.name}</Typography.Text>
                  <Tag>{formatSize(scriptBytes(script).length)}</Tag>
                  {script.encoding === 'base64' && <Tag color="orange">{t('scripts.binary')}</Tag>}
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('scripts.remove', { name: script.name })}
                    onClick={() => dispatch({ type: 'removeScript', name: script.name })}
                    style={{ marginInlineStart: 'auto' }}
                    data-testid={`builder-script-remove-${script.name}`}
                  />
                </Flex>
                {problem && <Typography.Text type="danger">{problems.text(problem)}</Typography.Text>}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
