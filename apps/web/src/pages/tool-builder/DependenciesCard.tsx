import { DeleteOutlined, PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import { type BuilderDependency, CONDA_EXTENSIONS, hasExtension, TOOL_BUILDER_LIMITS } from '@medx/contract';
import { App, Button, Card, Empty, Flex, Input, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toolBuilderApi } from '../../api/tool-builder';
import { formatSize } from '../../lib/format-size';
import type { BuilderAction } from './builder-draft';
import { mergeDependencies } from './builder-draft';
import { acceptOf, FilePickButton } from './FilePickButton';
import { fileBytes, megabytes } from './file-bytes';
import type { CondaUpload } from './submission-zip';
import { useProblems } from './use-problems';

interface DependenciesCardProps {
  dependencies: readonly BuilderDependency[];
  dispatch: (action: BuilderAction) => void;
  conda: CondaUpload | null;
  onConda: (conda: CondaUpload | null) => void;
}

interface Row {
  index: number;
  dep: BuilderDependency;
}

/**
 * Spec §3 dependencies (name, version, channel): edited in the table, or read from a conda
 * package or environment file (POST /api/parse-conda), whose packages join the table unless
 * listed already. The file itself goes into the submission under conda/.
 */
export function DependenciesCard({ dependencies, dispatch, conda, onConda }: DependenciesCardProps) {
  const { t } = useTranslation('toolBuilder');
  const { message } = App.useApp();
  const problems = useProblems();
  const [parsing, setParsing] = useState(false);

  const upload = async (file: File) => {
    if (!hasExtension(file.name, CONDA_EXTENSIONS)) {
      message.error(t('msg:builderScriptExtension', { formats: CONDA_EXTENSIONS.join(', ') }));
      return;
    }
    if (file.size > TOOL_BUILDER_LIMITS.condaBytes) {
      message.error(t('msg:builderFileTooLarge', { max: megabytes(TOOL_BUILDER_LIMITS.condaBytes) }));
      return;
    }
    setParsing(true);
    try {
      // A failure toasts the server's msg (the client's envelope handling).
      const answer = await toolBuilderApi.parseConda(file);
      if (!answer.success) return;
      const incoming = answer.data.dependencies.map((dep) => ({ ...dep, channel: dep.channel ?? '' }));
      const { added, skipped } = mergeDependencies(dependencies, incoming);
      dispatch({ type: 'mergeDependencies', dependencies: incoming });
      onConda({ name: file.name, bytes: await fileBytes(file) });
      message.success(t('dependencies.condaMerged', { count: added, skipped }));
    } finally {
      setParsing(false);
    }
  };

  const columns: TableProps<Row>['columns'] = [
    {
      key: 'name',
      title: t('dependencies.name'),
      render: (_v, { index, dep }) => {
        const problem = problems.at(`dependencies.${index}.name`);
        return (
          <>
            <Input
              aria-label={t('dependencies.nameOf', { index: index + 1 })}
              value={dep.name}
              maxLength={200}
              status={problem ? 'error' : undefined}
              onChange={(event) => dispatch({ type: 'updateDependency', index, patch: { name: event.target.value } })}
              data-testid={`builder-dep-name-${index}`}
            />
            {problem && (
              <Typography.Text
                type="danger"
                className="medx-builder-problem"
                data-testid={`builder-dep-problem-${index}`}
              >
                {problem}
              </Typography.Text>
            )}
          </>
        );
      },
    },
    {
      key: 'version',
      title: t('dependencies.version'),
      width: '24%',
      render: (_v, { index, dep }) => (
        <Input
          aria-label={t('dependencies.versionOf', { index: index + 1 })}
          value={dep.version}
          maxLength={100}
          onChange={(event) => dispatch({ type: 'updateDependency', index, patch: { version: event.target.value } })}
          data-testid={`builder-dep-version-${index}`}
        />
      ),
    },
    {
      key: 'channel',
      title: t('dependencies.channel'),
      width: '24%',
      render: (_v, { index, dep }) => (
        <Input
          aria-label={t('dependencies.channelOf', { index: index + 1 })}
          value={dep.channel}
          maxLength={100}
          placeholder="conda-forge"
          onChange={(event) => dispatch({ type: 'updateDependency', index, patch: { channel: event.target.value } })}
          data-testid={`builder-dep-channel-${index}`}
        />
      ),
    },
    {
      key: 'remove',
      width: 48,
      render: (_v, { index, dep }) => (
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('dependencies.remove', { name: dep.name || index + 1 })}
          onClick={() => dispatch({ type: 'removeDependency', index })}
          data-testid={`builder-dep-remove-${index}`}
        />
      ),
    },
  ];

  return (
    <Card
      title={t('dependencies.title')}
      size="small"
      data-testid="builder-dependencies"
      extra={
        <Space wrap>
          <FilePickButton
            accept={acceptOf(CONDA_EXTENSIONS)}
            onFile={(file) => void upload(file)}
            loading={parsing}
            size="small"
            testId="builder-conda-upload"
          >
            {t('dependencies.condaUpload')}
          </FilePickButton>
          <Button
            size="small"
            icon={<PlusOutlined />}
            disabled={dependencies.length >= TOOL_BUILDER_LIMITS.dependencies}
            onClick={() => dispatch({ type: 'addDependency' })}
            data-testid="builder-dep-add"
          >
            {t('dependencies.add')}
          </Button>
        </Space>
      }
    >
      <Table<Row>
        size="small"
        rowKey="index"
        pagination={false}
        columns={columns}
        dataSource={dependencies.map((dep, index) => ({ index, dep }))}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dependencies.empty')} /> }}
        data-testid="builder-dep-table"
      />
      {conda && (
        <Flex align="center" gap={8} style={{ marginTop: 8 }} data-testid="builder-conda-file">
          <PaperClipOutlined />
          <Typography.Text>{conda.name}</Typography.Text>
          <Tag>{formatSize(conda.bytes.length)}</Tag>
          <Typography.Text type="secondary">{t('dependencies.condaIncluded')}</Typography.Text>
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('dependencies.condaRemove')}
            onClick={() => onConda(null)}
            data-testid="builder-conda-remove"
          />
        </Flex>
      )}
    </Card>
  );
}
