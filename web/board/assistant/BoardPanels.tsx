import { useLayoutEffect, useRef } from 'preact/hooks';
import type { OpenBoard } from '../BoardPage.js';
import { ExportMenu } from '../export/ExportMenu.js';
import { AssistantPanel } from './AssistantPanel.js';
import type { CanvasLink } from './CanvasLink.js';
import { SkillsPanel } from './SkillsPanel.js';

/** The side panels of a board. */
export type PanelName = 'assistant' | 'skills';

const panelTitles: Record<PanelName, string> = { assistant: 'Assistant', skills: 'Skills' };

/** The top bar's Export menu and the buttons that open and close the side panels (not for guests on a public link). */
export function PanelButtons({
  board,
  title,
  link,
  panel,
  onPanel,
}: {
  board: OpenBoard;
  title: string;
  link: CanvasLink;
  panel: PanelName | null;
  onPanel: (panel: PanelName | null) => void;
}) {
  // Guests on a public link hold the link's token, which opens live sync only: export works from the page, the AI panels do not.
  const guest = board.user.id.startsWith('link:');
  return (
    <span class="panel-buttons">
      <ExportMenu board={board} title={title} link={link} />
      {(guest ? [] : (['skills', 'assistant'] as const)).map((name) => (
        <button
          key={name}
          type="button"
          data-panel-button={name}
          aria-expanded={panel === name}
          aria-controls={panel === name ? 'side-panel' : undefined}
          class={panel === name ? 'tool active' : 'tool'}
          onClick={() => onPanel(panel === name ? null : name)}
        >
          {panelTitles[name]}
        </button>
      ))}
    </span>
  );
}

/** The open side panel beside the canvas; Escape or × closes it and gives focus back to its button. */
export function SidePanel({ board, link, panel, onClose }: { board: OpenBoard; link: CanvasLink; panel: PanelName; onClose: () => void }) {
  const aside = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    aside.current?.querySelector<HTMLElement>('textarea, input, select, button:not(.panel-close)')?.focus();
  }, [panel]);
  const close = () => {
    onClose();
    document.querySelector<HTMLElement>(`[data-panel-button=${panel}]`)?.focus();
  };
  return (
    <aside
      ref={aside}
      id="side-panel"
      class="side-panel"
      aria-label={panelTitles[panel]}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          close();
        }
      }}
    >
      <header class="thread-head">
        <strong>{panelTitles[panel]}</strong>
        <button type="button" class="link panel-close" onClick={close} aria-label={`Close ${panelTitles[panel]}`}>
          ×
        </button>
      </header>
      {panel === 'assistant' ? <AssistantPanel board={board} link={link} /> : <SkillsPanel board={board} link={link} />}
    </aside>
  );
}
