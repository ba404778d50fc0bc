import { CloseOutlined } from '@ant-design/icons';
import type { ToolTutorial } from '@medx/contract';
import { Button, Typography } from 'antd';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { clampPanelHeight, initialPanelHeight } from './panel-size';

/** The frame's own look (the app's styles do not reach into it): the app's font, readable lines. */
const FRAME_STYLE =
  'body{margin:0;font:14px/1.6 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;color:rgba(0,0,0,.88)}' +
  'pre,tt,code{font-size:13px}pre{background:#fafafa;padding:8px;overflow:auto}table{border-collapse:collapse}td,th{border:1px solid #f0f0f0;padding:2px 6px}';

/** Pixels one arrow key press moves the panel's edge. */
const KEY_STEP = 24;

interface TutorialPanelProps {
  name: string;
  tutorial: ToolTutorial;
  onClose: () => void;
}

/**
 * The Tool guide's tutorial panel (spec §2, §9): fixed to the bottom of the window, over the
 * guide, 38% of the window high at first, resizable from its top edge (pointer or arrow keys)
 * between 140 px and 90% of the window. HTML tutorials (rendered on the server from the tool's
 * RST help, sanitized there) show in a frame with an empty sandbox: an opaque origin with no
 * script, no form, no navigation of the app, whatever the markup holds. Escape closes it.
 */
export function TutorialPanel({ name, tutorial, onClose }: TutorialPanelProps) {
  const { t } = useTranslation('tools');
  const [height, setHeight] = useState(() => initialPanelHeight(window.innerHeight));
  const drag = useRef<{ startY: number; startHeight: number } | null>(null);

  useEffect(() => {
    const onResize = () => setHeight((current) => clampPanelHeight(current, window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startY: event.clientY, startHeight: height };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const next = drag.current.startHeight + (drag.current.startY - event.clientY);
    setHeight(clampPanelHeight(next, window.innerHeight));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowUp' ? KEY_STEP : event.key === 'ArrowDown' ? -KEY_STEP : 0;
    if (step === 0) return;
    event.preventDefault();
    setHeight((current) => clampPanelHeight(current + step, window.innerHeight));
  };

  return createPortal(
    <section
      className="medx-tutorial-panel"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // The guide's modal would close on the same key.
        event.stopPropagation();
        onClose();
      }}
      style={{ height }}
      aria-label={t('tutorial.title', { name })}
      data-testid="tool-tutorial-panel"
      data-height={height}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: a focusable splitter; <hr> cannot take focus or keys */}
      <div
        className="medx-tutorial-resizer"
        role="separator"
        aria-orientation="horizontal"
        aria-label={t('tutorial.resize')}
        aria-valuenow={height}
        aria-valuemin={140}
        aria-valuemax={Math.floor(window.innerHeight * 0.9)}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        data-testid="tool-tutorial-resizer"
      />
      <header className="medx-tutorial-head">
        <Typography.Text strong ellipsis>
          {t('tutorial.title', { name })}
        </Typography.Text>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('tutorial.close')}
          onClick={onClose}
          data-testid="tool-tutorial-close"
        />
      </header>
      <div className="medx-tutorial-body">
        {tutorial.kind === 'html' ? (
          <iframe
            className="medx-tutorial-frame"
            title={t('tutorial.frame', { name })}
            sandbox=""
            srcDoc={`<!doctype html><meta charset="utf-8"><style>${FRAME_STYLE}</style>${tutorial.content}`}
            referrerPolicy="no-referrer"
            data-testid="tool-tutorial-frame"
          />
        ) : (
          <div className="medx-tutorial-text" data-testid="tool-tutorial-text">
            {tutorial.content}
          </div>
        )}
      </div>
    </section>,
    document.body,
  );
}
