import { forwardRef } from 'react';
import { type DiagramBond, type DiagramLayout, elementColor } from './diagram-layout';
import type { ContactKind } from './interaction-options';

const FONT = 'Helvetica, Arial, sans-serif';

/** Extra lines of a double, triple or aromatic bond, offset towards nothing in particular (both sides). */
function bondLines(bond: DiagramBond, key: string) {
  const dx = bond.b.x - bond.a.x;
  const dy = bond.b.y - bond.a.y;
  const length = Math.hypot(dx, dy) || 1;
  const nx = (-dy / length) * 3.5;
  const ny = (dx / length) * 3.5;
  const line = (offset: number, dashed = false, k = '') => (
    <line
      key={`${key}${k}`}
      x1={bond.a.x + nx * offset}
      y1={bond.a.y + ny * offset}
      x2={bond.b.x + nx * offset}
      y2={bond.b.y + ny * offset}
      stroke="#333333"
      strokeWidth={1.6}
      strokeDasharray={dashed ? '3 2' : undefined}
    />
  );
  if (bond.order === 2) return [line(-0.5, false, 'a'), line(0.5, false, 'b')];
  if (bond.order === 3) return [line(-1, false, 'a'), line(0, false, 'b'), line(1, false, 'c')];
  if (bond.order === 4) return [line(0, false, 'a'), line(1, true, 'b')];
  return [line(0)];
}

/**
 * The 2D interaction diagram as SVG (self-contained: attributes only, so the exported file
 * looks the same): contact lines under the ligand, the ligand's bonds and heteroatom labels,
 * residue labels on a ring around it, and a legend of the contact kinds present.
 */
export const InteractionDiagram = forwardRef<
  SVGSVGElement,
  { layout: DiagramLayout; title: string; kindLabel: (kind: ContactKind) => string }
>(function InteractionDiagram({ layout, title, kindLabel }, ref) {
  const legendY = layout.height + 8;
  const legendRows = Math.ceil(layout.kinds.length / 3);
  const height = layout.height + (layout.kinds.length > 0 ? legendRows * 20 + 16 : 0);
  return (
    <svg
      ref={ref}
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${layout.width} ${height}`}
      width={layout.width}
      height={height}
      style={{ maxWidth: '100%', height: 'auto', background: '#ffffff' }}
      data-testid="interaction-diagram"
      role="img"
      aria-label={title}
      fontFamily={FONT}
    >
      <title>{title}</title>
      <rect x={0} y={0} width={layout.width} height={height} fill="#ffffff" />
      <text x={12} y={22} fontSize={14} fontWeight="bold" fill="#222222">
        {title}
      </text>
      <g data-testid="diagram-lines">
        {layout.lines.map((l, i) => (
          <line
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity beyond their place.
            key={i}
            x1={l.from.x}
            y1={l.from.y}
            x2={l.to.x}
            y2={l.to.y}
            stroke={l.color}
            strokeWidth={2.5}
            strokeDasharray={l.dash}
            data-kind={l.kind}
          >
            <title>{`${kindLabel(l.kind)} ${l.distance.toFixed(2)} Å`}</title>
          </line>
        ))}
      </g>
      <g data-testid="diagram-bonds">{layout.bonds.flatMap((b, i) => bondLines(b, `b${i}`))}</g>
      <g data-testid="diagram-atoms">
        {layout.atoms.map((a, i) =>
          a.labelled ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: atoms are in RDKit's fixed order.
            <g key={i}>
              <circle cx={a.x} cy={a.y} r={8} fill="#ffffff" />
              <text
                x={a.x}
                y={a.y}
                fontSize={13}
                fontWeight="bold"
                textAnchor="middle"
                dominantBaseline="central"
                fill={elementColor(a.symbol)}
              >
                {a.symbol}
              </text>
            </g>
          ) : null,
        )}
      </g>
      <g data-testid="diagram-residues">
        {layout.residues.map((r) => (
          <g key={r.key} data-residue={r.label}>
            <rect
              x={r.x - r.width / 2}
              y={r.y - r.height / 2}
              width={r.width}
              height={r.height}
              rx={6}
              fill="#F5F7FA"
              stroke="#8C99A6"
            />
            <text x={r.x} y={r.y} fontSize={12} textAnchor="middle" dominantBaseline="central" fill="#222222">
              {r.label}
            </text>
          </g>
        ))}
      </g>
      {layout.kinds.length > 0 && (
        <g data-testid="diagram-legend">
          {layout.kinds.map((kind, i) => {
            const x = 16 + (i % 3) * ((layout.width - 32) / 3);
            const y = legendY + Math.floor(i / 3) * 20 + 10;
            const line = layout.lines.find((l) => l.kind === kind);
            return (
              <g key={kind}>
                <line
                  x1={x}
                  y1={y}
                  x2={x + 28}
                  y2={y}
                  stroke={line?.color}
                  strokeWidth={2.5}
                  strokeDasharray={line?.dash}
                />
                <text x={x + 36} y={y} fontSize={12} dominantBaseline="central" fill="#222222">
                  {kindLabel(kind)}
                </text>
              </g>
            );
          })}
        </g>
      )}
    </svg>
  );
});
