import { QuestionCircleOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Tooltip, Tour, type TourProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { layoutActions } from '../../workspace/layout/layout-store';
import { filesKey } from '../../workspace/workspace-context';
import { TOUR_SAMPLE_ID, TOUR_STEPS, tourTarget } from './tour-steps';

/** The guided tour (antd Tour) over the workspace, with a button that imports the bundled sample. */
export function TourButton({ projectId }: { projectId: number }) {
  const { t } = useTranslation('tour');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState(0);
  const [importing, setImporting] = useState(false);

  const importSample = async () => {
    setImporting(true);
    const answer = await api.post('/files/samples', { project_id: projectId, sample_id: TOUR_SAMPLE_ID });
    setImporting(false);
    if (!answer.success) return;
    message.success(t('sampleImported'));
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['projects', 'detail'] }),
      queryClient.invalidateQueries({ queryKey: filesKey }),
    ]);
  };

  const steps: TourProps['steps'] = TOUR_STEPS.map((step) => ({
    title: t(`steps.${step.key}.title`),
    description: (
      <div data-testid={`tour-step-${step.key}`}>
        <p style={{ margin: 0 }}>{t(`steps.${step.key}.text`)}</p>
        {step.key === 'import' && (
          <Button
            size="small"
            type="primary"
            loading={importing}
            onClick={importSample}
            style={{ marginTop: 8 }}
            data-testid="tour-import-sample"
          >
            {t('importSample')}
          </Button>
        )}
      </div>
    ),
    target: tourTarget(step.selector),
  }));

  const change = (index: number) => {
    const opens = TOUR_STEPS[index]?.opens;
    if (opens) layoutActions.show(opens);
    setCurrent(index);
  };

  return (
    <>
      <Tooltip title={t('start')}>
        <Button
          type="text"
          icon={<QuestionCircleOutlined />}
          aria-label={t('start')}
          onClick={() => {
            setCurrent(0);
            setOpen(true);
          }}
          data-testid="tour-start"
        />
      </Tooltip>
      <Tour
        open={open}
        current={current}
        onChange={change}
        onClose={() => setOpen(false)}
        onFinish={() => setOpen(false)}
        steps={steps}
        indicatorsRender={(index, total) => `${index + 1} / ${total}`}
      />
    </>
  );
}
