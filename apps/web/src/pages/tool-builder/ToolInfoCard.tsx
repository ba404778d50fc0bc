import { DeleteOutlined } from '@ant-design/icons';
import { type BuilderToolInfo, hasExtension, MACRO_EXTENSIONS, TOOL_BUILDER_LIMITS } from '@medx/contract';
import { App, Button, Card, Col, Form, Input, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { acceptOf, FilePickButton } from './FilePickButton';
import { megabytes } from './file-bytes';
import { problemProps, useProblems } from './use-problems';

interface ToolInfoCardProps {
  info: BuilderToolInfo;
  onChange: (patch: Partial<BuilderToolInfo>) => void;
}

/** Spec §3 tool info: id, name, version, description, help and the macros file. */
export function ToolInfoCard({ info, onChange }: ToolInfoCardProps) {
  const { t } = useTranslation('toolBuilder');
  const { message } = App.useApp();
  const problems = useProblems();

  const loadMacros = async (file: File) => {
    if (!hasExtension(file.name, MACRO_EXTENSIONS)) {
      message.error(t('msg:builderScriptExtension', { formats: MACRO_EXTENSIONS.join(', ') }));
      return;
    }
    if (file.size > TOOL_BUILDER_LIMITS.macrosBytes) {
      message.error(t('msg:builderFileTooLarge', { max: megabytes(TOOL_BUILDER_LIMITS.macrosBytes) }));
      return;
    }
    onChange({ macros: await file.text() });
    message.success(t('info.macrosLoaded', { name: file.name }));
  };

  return (
    <Card title={t('info.title')} size="small" data-testid="builder-info">
      <Form layout="vertical" component="div">
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              label={t('info.toolId')}
              htmlFor="builder-tool-id"
              required
              extra={t('info.toolIdHelp')}
              {...problemProps(problems, 'info.toolId')}
            >
              <Input
                id="builder-tool-id"
                value={info.toolId}
                maxLength={100}
                placeholder="my_tool"
                onChange={(event) => onChange({ toolId: event.target.value })}
                data-testid="builder-tool-id"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item
              label={t('info.toolName')}
              htmlFor="builder-tool-name"
              required
              {...problemProps(problems, 'info.toolName')}
            >
              <Input
                id="builder-tool-name"
                value={info.toolName}
                maxLength={200}
                onChange={(event) => onChange({ toolName: event.target.value })}
                data-testid="builder-tool-name"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item
              label={t('info.version')}
              htmlFor="builder-tool-version"
              required
              {...problemProps(problems, 'info.version')}
            >
              <Input
                id="builder-tool-version"
                value={info.version}
                maxLength={50}
                placeholder="1.0.0"
                onChange={(event) => onChange({ version: event.target.value })}
                data-testid="builder-tool-version"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('info.description')} htmlFor="builder-tool-description">
          <Input
            id="builder-tool-description"
            value={info.description}
            maxLength={500}
            placeholder={t('info.descriptionPlaceholder')}
            onChange={(event) => onChange({ description: event.target.value })}
            data-testid="builder-tool-description"
          />
        </Form.Item>
        <Form.Item label={t('info.helpText')} htmlFor="builder-tool-help" extra={t('info.helpTextHelp')}>
          <Input.TextArea
            id="builder-tool-help"
            value={info.helpText}
            maxLength={TOOL_BUILDER_LIMITS.textChars}
            autoSize={{ minRows: 3, maxRows: 12 }}
            onChange={(event) => onChange({ helpText: event.target.value })}
            data-testid="builder-tool-help"
          />
        </Form.Item>
        <Form.Item label={t('info.macros')} htmlFor="builder-tool-macros" extra={t('info.macrosHelp')}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Space wrap>
              <FilePickButton
                accept={acceptOf(MACRO_EXTENSIONS)}
                onFile={(file) => void loadMacros(file)}
                testId="builder-macros-upload"
              >
                {t('info.macrosUpload')}
              </FilePickButton>
              {info.macros && (
                <Button
                  icon={<DeleteOutlined />}
                  onClick={() => onChange({ macros: '' })}
                  data-testid="builder-macros-clear"
                >
                  {t('info.macrosClear')}
                </Button>
              )}
            </Space>
            {info.macros ? (
              <Input.TextArea
                id="builder-tool-macros"
                className="medx-builder-mono"
                value={info.macros}
                autoSize={{ minRows: 3, maxRows: 14 }}
                onChange={(event) => onChange({ macros: event.target.value })}
                data-testid="builder-tool-macros"
              />
            ) : (
              <Typography.Text type="secondary" id="builder-tool-macros">
                {t('info.macrosNone')}
              </Typography.Text>
            )}
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
