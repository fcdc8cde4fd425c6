import { Component } from 'preact';
import { LockBadge } from './lock/LockToggle.js';
import type { StoredItem } from '../../crdt/items/boardSchema.js';
import { AssetImage } from './images/AssetImage.js';
import { shapePaths } from './shapes.js';
import { TableTitle } from './inplace/TableTitle.js';

/** What one item on the canvas is drawn from. */
export interface ItemNodeProps {
  item: StoredItem;
  selected: boolean;
  /** Colour of another person who selected the item, or null. */
  remoteColor: string | null;
  /** Hidden while its text is edited in place. */
  editing: boolean;
  /** False when zoomed far out: the item is drawn as its box, without text (level of detail). */
  detail: boolean;
}

const str = (data: Record<string, unknown>, key: string, fallback = ''): string => {
  const value = data[key];
  return typeof value === 'string' ? value : fallback;
};
const num = (data: Record<string, unknown>, key: string, fallback: number): number => {
  const value = data[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
};
/** A colour for inline style, only when it is `#rrggbb` (data from other clients is not trusted). */
const color = (data: Record<string, unknown>, key: string, fallback: string): string => {
  const value = str(data, key);
  return /^#[0-9a-fA-F]{6}$/.test(value) ? value : fallback;
};
/** An https URL or undefined (never `javascript:` or `data:` from another client). */
const https = (value: string): string | undefined => {
  try {
    return new URL(value).protocol === 'https:' ? value : undefined;
  } catch {
    return undefined;
  }
};

/** Markdown drawn line by line: headings and list items styled, everything else as plain text (never as HTML). */
function MarkdownLines({ source }: { source: string }) {
  return (
    <>
      {source.split('\n').map((line, i) => {
        const heading = /^(#{1,6})\s+(.*)$/.exec(line);
        if (heading) return <div key={i} class={`md-h md-h${heading[1]?.length ?? 1}`}>{heading[2]}</div>;
        const bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
        if (bullet) return <div key={i} class="md-li">{bullet[1]}</div>;
        return line.trim() === '' ? <div key={i} class="md-gap" /> : <div key={i}>{line}</div>;
      })}
    </>
  );
}

function Body({ item }: { item: StoredItem }) {
  const d = item.data;
  switch (item.type) {
    case 'sticky_note':
      return <div class="text-fit">{str(d, 'text')}</div>;
    case 'text':
      return (
        <div class="text-free" style={{ fontSize: `${num(d, 'fontSize', 24)}px`, color: color(d, 'color', '#1a1a1a'), textAlign: str(d, 'align', 'left') }}>
          {str(d, 'text')}
        </div>
      );
    case 'shape': {
      const path = shapePaths[str(d, 'shape')] ?? shapePaths.rectangle;
      return (
        <>
          <svg class="shape-svg" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">
            <path
              d={path}
              fill={color(d, 'fillColor', '#ffffff')}
              stroke={color(d, 'strokeColor', '#1a1a1a')}
              stroke-width={num(d, 'strokeWidth', 2)}
              vector-effect="non-scaling-stroke"
            />
          </svg>
          <div class="text-fit shape-text">{str(d, 'text')}</div>
        </>
      );
    }
    case 'card': {
      const tags = Array.isArray(d.tags) ? d.tags.filter((t): t is string => typeof t === 'string') : [];
      return (
        <>
          <div class="card-title" data-part="title">
            {str(d, 'title')}
          </div>
          <div class="card-description" data-part="description">{str(d, 'description')}</div>
          <div class="card-meta">
            {str(d, 'status') && <span class="chip">{str(d, 'status').replace(/_/g, ' ')}</span>}
            {str(d, 'dueDate') && <span class="chip">Due {str(d, 'dueDate')}</span>}
            {tags.map((tag) => (
              <span class="chip tag" key={tag}>
                #{tag}
              </span>
            ))}
          </div>
        </>
      );
    }
    case 'stamp':
      return <div class="stamp-emoji">{str(d, 'emoji')}</div>;
    case 'section':
      return <div class="section-title">{str(d, 'title') || 'Section'}</div>;
    case 'comment': {
      const replies = Array.isArray(d.replies) ? d.replies.length : 0;
      return (
        <div class={d.resolved === true ? 'pin resolved' : 'pin'} title={str(d, 'text')}>
          {replies > 0 ? (
            replies + 1
          ) : (
            <svg viewBox="0 0 16 16" width="55%" height="55%" aria-hidden="true">
              <path d="M2 3h12v8H6l-3 3v-3H2z" fill="#1f2328" />
            </svg>
          )}
        </div>
      );
    }
    case 'freehand': {
      const points = Array.isArray(d.points) ? d.points : [];
      const coords = points
        .filter((p): p is [number, number] => Array.isArray(p) && typeof p[0] === 'number' && typeof p[1] === 'number')
        .map(([x, y]) => `${x + item.width / 2},${y + item.height / 2}`)
        .join(' ');
      return (
        <svg class="freehand-svg" viewBox={`0 0 ${item.width} ${item.height}`} aria-hidden="true">
          <polyline points={coords} fill="none" stroke={color(d, 'strokeColor', '#1a1a1a')} stroke-width={num(d, 'strokeWidth', 4)} stroke-linecap="round" stroke-linejoin="round" />
        </svg>
      );
    }
    case 'image': {
      const url = https(str(d, 'url'));
      return (
        <figure class="image">
          {url ? (
            <img src={url} alt={str(d, 'alt')} loading="lazy" draggable={false} referrerpolicy="no-referrer" />
          ) : str(d, 'assetId') ? (
            <AssetImage assetId={str(d, 'assetId')} alt={str(d, 'alt')} />
          ) : (
            <div class="image-missing">{str(d, 'alt') || 'Image'}</div>
          )}
          {str(d, 'title') && <figcaption data-part="title">{str(d, 'title')}</figcaption>}
        </figure>
      );
    }
    case 'embed': {
      const url = https(str(d, 'url'));
      return (
        <div class="link-card">
          <div class="link-kind">{str(d, 'provider') || 'Embed'}</div>
          <div class="link-title" data-part="title">
            {str(d, 'title') || str(d, 'url')}
          </div>
          {url && (
            <a href={url} target="_blank" rel="noopener noreferrer" class="link-url" draggable={false}>
              {url}
            </a>
          )}
        </div>
      );
    }
    case 'document': {
      const url = https(str(d, 'url'));
      const pages = num(d, 'pageCount', 0);
      return (
        <div class="file-card">
          <div class="file-icon">{(str(d, 'mimeType').split('/')[1] ?? 'file').slice(0, 4).toUpperCase()}</div>
          <div class="link-title" data-part="title">
            {str(d, 'title')}
          </div>
          <div class="muted">
            {str(d, 'mimeType')}
            {pages > 0 ? ` · ${pages} pages` : ''}
          </div>
          {url && (
            <a href={url} target="_blank" rel="noopener noreferrer" draggable={false}>
              Open
            </a>
          )}
        </div>
      );
    }
    case 'doc':
      return (
        <>
          <div class="doc-title" data-part="title">
            {str(d, 'title') || 'Doc'}
          </div>
          <div class="doc-body" data-part="markdown">
            <MarkdownLines source={str(d, 'markdown')} />
          </div>
        </>
      );
    case 'table': {
      const rows = Array.isArray(d.rows) ? d.rows.filter((r): r is unknown[] => Array.isArray(r)) : [];
      const header = d.header !== false;
      return (
        <>
          <TableTitle title={str(d, 'title')} />
          <table>
            <tbody>
              {rows.map((row, r) => (
                <tr key={r} class={header && r === 0 ? 'head' : undefined}>
                  {row.map((cell, c) => (
                    <td key={c} data-part={`cell:${r}:${c}`}>
                      {typeof cell === 'string' ? cell : ''}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      );
    }
    case 'code':
      return (
        <>
          <div class="code-head" data-part="title">
            <span>{str(d, 'title')}</span>
            <span class="muted">{str(d, 'language')}</span>
          </div>
          <pre class="code-body" data-part="source">
            <code>{str(d, 'source')}</code>
          </pre>
        </>
      );
    default:
      return <div class="unknown">{item.type}</div>;
  }
}

/** What is still drawn of an item when zoomed far out: sections' titles and the outlines of shapes and strokes. */
function FarBody({ item }: { item: StoredItem }) {
  if (item.type === 'section' || item.type === 'shape' || item.type === 'freehand' || item.type === 'stamp' || item.type === 'comment') return <Body item={item} />;
  return null;
}

function style(item: StoredItem) {
  const d = item.data;
  const base: Record<string, string> = {
    left: `${item.x - item.width / 2}px`,
    top: `${item.y - item.height / 2}px`,
    width: `${item.width}px`,
    height: `${item.height}px`,
  };
  if (item.rotation !== 0) base.transform = `rotate(${item.rotation}deg)`;
  if (item.type === 'sticky_note') base.background = color(d, 'color', '#fff9b1');
  if (item.type === 'section') base.background = color(d, 'color', '#f4f4f4');
  return base;
}

/**
 * One item on the canvas, positioned in board units (its centre at `x`, `y`). Re-renders only
 * when its stored item, selection or editing state changed.
 */
export class ItemNode extends Component<ItemNodeProps> {
  override shouldComponentUpdate(next: ItemNodeProps): boolean {
    const p = this.props;
    return p.item !== next.item || p.selected !== next.selected || p.remoteColor !== next.remoteColor || p.editing !== next.editing || p.detail !== next.detail;
  }

  override render() {
    const { item, selected, remoteColor, editing, detail } = this.props;
    const classes = ['item', `t-${item.type}`];
    if (!detail) classes.push('far');
    if (selected) classes.push('selected');
    if (editing) classes.push('editing');
    const outline = remoteColor && !selected ? { outline: `2px solid ${remoteColor}`, outlineOffset: '3px' } : {};
    return (
      <div class={classes.join(' ')} data-item-id={item.id} data-type={item.type} data-locked={item.locked ? 'true' : undefined} style={{ ...style(item), ...outline }}>
        {detail ? <Body item={item} /> : <FarBody item={item} />}
        {item.locked && <LockBadge />}
      </div>
    );
  }
}
