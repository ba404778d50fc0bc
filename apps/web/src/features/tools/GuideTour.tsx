import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Tour, type TourProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The parts of the guide the tour points at, in order. */
const STEPS = [
  { key: 'search', selector: '.medx-tool-guide-search', needsCards: false },
  { key: 'tabs', selector: '.medx-tool-guide .ant-tabs-nav', needsCards: false },
  { key: 'favourite', selector: '.medx-tool-card [data-testid^="tool-fav-"]', needsCards: true },
  { key: 'tutorial', selector: '.medx-tool-card [data-testid^="tool-tutorial-"]', needsCards: true },
  { key: 'open', selector: '.medx-tool-card [data-testid^="tool-open-"]', needsCards: true },
] as const;

/**
 * The Tool-guide tour (spec §2, §4): a multi-step hint card over the guide, step/total, and a
 * waiting message on the cards' steps while the catalogue is still loading.
 */
export function GuideTour({ ready }: { ready: boolean }) {
  const { t } = useTranslation('tools');
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState(0);
  const steps: TourProps['steps'] = STEPS.map((step) => ({
    title: t(`tour.${step.key}.title`),
    description: (
      <span data-testid={`tool-tour-${step.key}`}>
        {step.needsCards && !ready ? t('tour.waiting') : t(`tour.${step.key}.text`)}
      </span>
    ),
    target: () => document.querySelector<HTMLElement>(step.selector) as HTMLElement,
  }));
  return (
    <>
      <Button
        type="link"
        icon={<QuestionCircleOutlined />}
        onClick={() => {
          setCurrent(0);
          setOpen(true);
        }}
        data-testid="tool-tour-start"
      >
        {t('tour.start')}
      </Button>
      <Tour
        open={open}
        current={current}
        onChange={setCurrent}
        onClose={() => setOpen(false)}
        onFinish={() => setOpen(false)}
        // A hint card, no mask: the guide stays usable under it (and a mask above a modal took its clicks).
        mask={false}
        steps={steps}
        indicatorsRender={(index, total) => <span data-testid="tool-tour-indicator">{`${index + 1} / ${total}`}</span>}
      />
    </>
  );
}
