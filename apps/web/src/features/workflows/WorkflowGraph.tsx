import type { WorkflowStepView } from '@medx/contract';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fitLabel, layoutGraph, NODE_HEIGHT, NODE_WIDTH } from './workflow-graph';

/** Approximate widths of a character at the node's two font sizes (for cutting labels). */
const LABEL_CHAR = 7.4;
const DETAIL_CHAR = 6.2;
const TEXT_ROOM = NODE_WIDTH - 20;
/** The smallest the graph is drawn at before it scrolls (its text stays readable). */
const MIN_SCALE = 0.8;

/**
 * The workflow's steps as a read-only graph (SVG): input steps as green pills, tool steps as
 * boxes with their tool's name, connections as arrows, columns by depth. The step the wizard
 * is on is outlined.
 */
export function WorkflowGraph({
  steps,
  current,
  name,
}: {
  steps: readonly WorkflowStepView[];
  current: number | null;
  name: string;
}) {
  const { t } = useTranslation('workflows');
  const arrow = `medx-wf-arrow-${useId().replace(/[^\w-]/g, '')}`;
  const layout = useMemo(
    () =>
      layoutGraph(steps, (step) => {
        if (step.type !== 'tool') return t(`graph.input.${step.input?.kind ?? 'data'}`);
        if (step.missing) return t('graph.missingTool', { tool: step.tool_id ?? '' });
        const tool = step.tool_name ?? step.tool_id ?? '';
        // A step named after its tool: say what kind of node it is instead of repeating the name.
        return tool.trim().toLowerCase() === step.label.trim().toLowerCase() ? t('graph.tool') : tool;
      }),
    [steps, t],
  );
  const box = useRef<HTMLDivElement>(null);
  // A graph wider than the window scrolls: keep the wizard's step in sight.
  useEffect(() => {
    const container = box.current;
    if (current === null || !container) return;
    const node = container.querySelector<SVGGElement>(`[data-testid="workflow-node-${current}"]`);
    if (!node || container.scrollWidth <= container.clientWidth) return;
    const from = container.getBoundingClientRect();
    const rect = node.getBoundingClientRect();
    if (rect.left < from.left || rect.right > from.right) {
      container.scrollLeft += rect.left - from.left - (from.width - rect.width) / 2;
    }
  }, [current]);
  return (
    <div className="medx-workflow-graph" data-testid="workflow-graph" ref={box}>
      <svg
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        width={layout.width}
        height={layout.height}
        role="img"
        aria-label={t('graph.label', { name })}
        // Shrinks with a narrow window down to MIN_SCALE, then the graph scrolls sideways.
        style={{ minWidth: Math.round(layout.width * MIN_SCALE) }}
      >
        <defs>
          <marker
            id={arrow}
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto-start-reverse"
          >
            <path d="M 0 0 L 10 5 L 0 10 z" className="medx-workflow-arrow" />
          </marker>
        </defs>
        {layout.edges.map((edge) => (
          <path
            key={`${edge.from}-${edge.to}`}
            d={edge.path}
            className="medx-workflow-edge"
            markerEnd={`url(#${arrow})`}
            data-testid={`workflow-edge-${edge.from}-${edge.to}`}
          >
            <title>{edge.inputs.join(', ')}</title>
          </path>
        ))}
        {layout.nodes.map((node) => {
          const classes = [
            'medx-workflow-node',
            `is-${node.kind}`,
            node.id === current ? 'is-current' : '',
            steps.find((step) => step.step_id === node.id)?.missing ? 'is-missing' : '',
          ];
          return (
            <g
              key={node.id}
              transform={`translate(${node.x} ${node.y})`}
              className={classes.filter(Boolean).join(' ')}
              data-testid={`workflow-node-${node.id}`}
              data-kind={node.kind}
            >
              <title>{`${node.label}\n${node.detail}`}</title>
              <rect width={NODE_WIDTH} height={NODE_HEIGHT} rx={node.kind === 'input' ? NODE_HEIGHT / 2 : 6} />
              <text x={node.kind === 'input' ? 16 : 10} y={19} className="medx-workflow-node-label">
                {fitLabel(node.label, TEXT_ROOM - (node.kind === 'input' ? 8 : 0), LABEL_CHAR)}
              </text>
              <text x={node.kind === 'input' ? 16 : 10} y={35} className="medx-workflow-node-detail">
                {fitLabel(node.detail, TEXT_ROOM - (node.kind === 'input' ? 8 : 0), DETAIL_CHAR)}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
