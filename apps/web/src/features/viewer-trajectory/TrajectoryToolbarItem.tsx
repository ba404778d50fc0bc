import { FieldTimeOutlined, LeftOutlined, RightOutlined, VerticalRightOutlined } from '@ant-design/icons';
import { App, Button, InputNumber, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dispatchBrowserEvent } from '../../lib/browser-events';
import { PanelButton, useTooltipOpen } from '../../viewer/toolbar/buttons';
import { useToolbar } from '../../viewer/toolbar/toolbar-context';
import { useHasTrajectoryHost } from './host-presence';
import { showModel, type TrajectoryModel } from './trajectory-molstar';
import { indexFromNumber, stepIndex } from './trajectory-rules';
import { useTrajectoryModels } from './use-trajectory-models';

/** First, Previous and Next Model and the model index editor of one trajectory (spec §2, §4). */
function TrajectoryControls({ model }: { model: TrajectoryModel }) {
  const { t } = useTranslation('trajectory');
  const { message } = App.useApp();
  const { plugin, state } = useToolbar();
  const tooltipOpen = useTooltipOpen();
  const go = (index: number) => {
    if (index === model.index) return;
    showModel(plugin, model.modelRef, index).catch((error: unknown) => {
      console.error(error);
      message.error(t('errors.step'));
    });
  };
  const buttons = [
    { id: 'first', icon: <VerticalRightOutlined />, to: 0 },
    { id: 'previous', icon: <LeftOutlined />, to: stepIndex(model.index, -1, model.frameCount) },
    { id: 'next', icon: <RightOutlined />, to: stepIndex(model.index, 1, model.frameCount) },
  ] as const;
  return (
    <div
      className="medx-trajectory-controls"
      data-testid="trajectory-controls"
      data-model-index={model.index}
      data-frame-count={model.frameCount}
    >
      <Typography.Text strong ellipsis={{ tooltip: model.label }} style={{ display: 'block', maxWidth: 260 }}>
        {model.label || t('untitled')}
      </Typography.Text>
      <Space size={4} wrap>
        <Space.Compact size="small">
          {buttons.map((button) => (
            <Tooltip key={button.id} title={t(`controls.${button.id}`)} open={tooltipOpen}>
              <Button
                icon={button.icon}
                aria-label={t(`controls.${button.id}`)}
                disabled={state.busy}
                onClick={() => go(button.to)}
                data-testid={`trajectory-${button.id}`}
              />
            </Tooltip>
          ))}
        </Space.Compact>
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
          <span aria-hidden>{t('controls.model')}</span>
          <InputNumber
            size="small"
            min={1}
            max={model.frameCount}
            precision={0}
            value={model.index + 1}
            style={{ width: 72 }}
            aria-label={t('controls.modelIndex')}
            data-testid="trajectory-model-index"
            onChange={(value) => {
              const index = indexFromNumber(value, model.frameCount);
              if (index !== null) go(index);
            }}
          />
          <span data-testid="trajectory-model-of">{t('controls.of', { count: model.frameCount })}</span>
        </span>
      </Space>
    </div>
  );
}

/** The Trajectory panel: Load Trajectory and the controls of every trajectory of more than one model. */
function TrajectoryPanel() {
  const { t } = useTranslation('trajectory');
  const { plugin, setOpenMenu } = useToolbar();
  const models = useTrajectoryModels(plugin);
  const hasHost = useHasTrajectoryHost();
  return (
    <Space orientation="vertical" size={8} style={{ minWidth: 260, maxWidth: 320 }}>
      <Button
        type="primary"
        size="small"
        disabled={!hasHost}
        onClick={() => {
          setOpenMenu(null);
          dispatchBrowserEvent('openLoadTrajectory', {});
        }}
        data-testid="trajectory-load-open"
      >
        {t('dialog.title')}
      </Button>
      {!hasHost && <Typography.Text type="secondary">{t('panel.noProject')}</Typography.Text>}
      {models.length === 0 ? (
        <Typography.Text type="secondary" data-testid="trajectory-none">
          {t('panel.none')}
        </Typography.Text>
      ) : (
        models.map((model) => <TrajectoryControls key={model.modelRef} model={model} />)
      )}
    </Space>
  );
}

/** Med View's Trajectory toolbar item (viewer spec §2 Load Trajectory, trajectory controls). */
export function TrajectoryToolbarItem() {
  const { t } = useTranslation('trajectory');
  return <PanelButton id="trajectory" title={t('title')} icon={<FieldTimeOutlined />} content={<TrajectoryPanel />} />;
}
