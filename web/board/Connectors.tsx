import type { StoredItem } from '../../crdt/items/boardSchema.js';
import { edgePoint } from './edgePoint.js';
import type { Point } from './edgePoint.js';

function head(kind: string, at: Point, from: Point, color: string, width: number) {
  if (kind === 'none') return null;
  const angle = Math.atan2(at.y - from.y, at.x - from.x);
  const size = 6 + width * 3;
  const p = (a: number, r: number) => `${at.x - Math.cos(angle + a) * r},${at.y - Math.sin(angle + a) * r}`;
  if (kind === 'circle') return <circle cx={at.x - Math.cos(angle) * size / 2} cy={at.y - Math.sin(angle) * size / 2} r={size / 2} fill={color} />;
  if (kind === 'diamond') return <polygon points={`${at.x},${at.y} ${p(0.5, size * 0.7)} ${p(0, size * 1.3)} ${p(-0.5, size * 0.7)}`} fill={color} />;
  if (kind === 'arrow') return <polyline points={`${p(0.45, size)} ${at.x},${at.y} ${p(-0.45, size)}`} fill="none" stroke={color} stroke-width={width} />;
  return <polygon points={`${at.x},${at.y} ${p(0.45, size)} ${p(-0.45, size)}`} fill={color} />;
}

function pathOf(style: string, a: Point, b: Point): string {
  if (style === 'straight') return `M${a.x} ${a.y}L${b.x} ${b.y}`;
  if (style === 'elbow') {
    const midX = (a.x + b.x) / 2;
    return `M${a.x} ${a.y}H${midX}V${b.y}H${b.x}`;
  }
  const dx = (b.x - a.x) / 2;
  return `M${a.x} ${a.y}C${a.x + dx} ${a.y} ${b.x - dx} ${b.y} ${b.x} ${b.y}`;
}

/** Points along the line `pathOf` draws (a curve by twelve chords), for the connector's wide hit area. */
function hitPoints(style: string, a: Point, b: Point): string {
  if (style === 'straight') return `${a.x},${a.y} ${b.x},${b.y}`;
  const midX = (a.x + b.x) / 2;
  if (style === 'elbow') return `${a.x},${a.y} ${midX},${a.y} ${midX},${b.y} ${b.x},${b.y}`;
  const points: string[] = [];
  for (let i = 0; i <= 12; i += 1) {
    const t = i / 12;
    const u = 1 - t;
    // The cubic of pathOf: control points (midX, a.y) and (midX, b.y).
    const x = u * u * u * a.x + 3 * u * t * midX + t * t * t * b.x;
    const y = (u * u * u + 3 * u * u * t) * a.y + (3 * u * t * t + t * t * t) * b.y;
    points.push(`${x},${y}`);
  }
  return points.join(' ');
}

const hex = (value: unknown, fallback: string) => (typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value) ? value : fallback);

/**
 * Connectors drawn between the items they join, in board units; a connector whose ends are
 * missing is not drawn. A wide invisible stroke along each line takes the pointer, so a line is
 * easy to select and to double-click (which edits its label).
 */
export function Connectors({ connectors, byId, selected }: { connectors: readonly StoredItem[]; byId: (id: string) => StoredItem | undefined; selected: ReadonlySet<string> }) {
  return (
    <svg class="connectors" aria-hidden="true">
      {connectors.map((c) => {
        const from = typeof c.data.from === 'string' ? byId(c.data.from) : undefined;
        const to = typeof c.data.to === 'string' ? byId(c.data.to) : undefined;
        if (!from || !to) return null;
        const a = edgePoint(from, to);
        const b = edgePoint(to, from);
        const color = hex(c.data.color, '#1a1a1a');
        const width = selected.has(c.id) ? 4 : 2;
        const style = typeof c.data.style === 'string' ? c.data.style : 'curved';
        const label = typeof c.data.label === 'string' ? c.data.label : '';
        const endFrom = style === 'elbow' ? { x: (a.x + b.x) / 2, y: b.y } : style === 'curved' ? { x: b.x - (b.x - a.x) / 2, y: b.y } : a;
        const startFrom = style === 'elbow' ? { x: (a.x + b.x) / 2, y: a.y } : style === 'curved' ? { x: a.x + (b.x - a.x) / 2, y: a.y } : b;
        return (
          <g key={c.id} data-item-id={c.id} data-type="connector">
            <polyline class="connector-hit" points={hitPoints(style, a, b)} />
            <path d={pathOf(style, a, b)} fill="none" stroke={color} stroke-width={width} />
            {head(typeof c.data.endArrow === 'string' ? c.data.endArrow : 'arrow', b, endFrom, color, 2)}
            {head(typeof c.data.startArrow === 'string' ? c.data.startArrow : 'none', a, startFrom, color, 2)}
            {label && (
              <text x={(a.x + b.x) / 2} y={(a.y + b.y) / 2 - 8} text-anchor="middle" class="connector-label" data-part="label">
                {label}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
