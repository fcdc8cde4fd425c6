import { useRef } from 'preact/hooks';

/** The stamps the picker offers, each with the name a screen reader says. */
export const stampChoices: readonly { readonly emoji: string; readonly name: string }[] = [
  { emoji: '👍', name: 'Thumbs up' },
  { emoji: '❤️', name: 'Heart' },
  { emoji: '😂', name: 'Laughing' },
  { emoji: '🎉', name: 'Party' },
  { emoji: '✅', name: 'Done' },
  { emoji: '❓', name: 'Question' },
  { emoji: '⭐', name: 'Star' },
  { emoji: '🔥', name: 'Fire' },
];

/** The emoji of `stampChoices`, as the remembered choice may be. */
export const stampEmoji: readonly string[] = stampChoices.map((choice) => choice.emoji);

/**
 * The stamp picker, shown while the Stamp tool is chosen: one emoji is checked and the next
 * click on the canvas places it. A radio group: Tab reaches the checked stamp, the arrow keys
 * (Home, End) check another, and the canvas's own keys do not see them.
 */
export function StampPicker({ chosen, onChoose }: { chosen: string; onChoose: (emoji: string) => void }) {
  const group = useRef<HTMLDivElement>(null);
  const index = Math.max(0, stampEmoji.indexOf(chosen));

  const onKeyDown = (event: KeyboardEvent) => {
    const steps: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    let next: number | undefined;
    if (event.key in steps) next = (index + (steps[event.key] ?? 0) + stampChoices.length) % stampChoices.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = stampChoices.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    onChoose(stampChoices[next]!.emoji);
    group.current?.querySelectorAll<HTMLButtonElement>('[role=radio]')[next]?.focus();
  };

  return (
    <div ref={group} class="stamp-picker" role="radiogroup" aria-label="Stamp to place" onKeyDown={onKeyDown}>
      {stampChoices.map((choice, i) => (
        <button
          key={choice.emoji}
          type="button"
          role="radio"
          aria-checked={i === index}
          aria-label={choice.name}
          title={`${choice.name}: click the board to place it`}
          tabIndex={i === index ? 0 : -1}
          onClick={() => onChoose(choice.emoji)}
        >
          {choice.emoji}
        </button>
      ))}
    </div>
  );
}
