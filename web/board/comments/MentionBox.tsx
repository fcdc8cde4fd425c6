import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Person } from '../../../server/notifications/mentions.js';
import { mentionHandle, mentionQuery, suggestions } from './mentions.js';
import type { MentionQuery } from './mentions.js';

let boxes = 0;

/**
 * A comment box: focused when it appears; Enter posts and Shift+Enter starts a new line; typing
 * `@` lists the board's readers (arrow keys move, Enter or Tab picks, Escape closes the list)
 * and picking one writes the mention the server notifies them of.
 */
export function MentionBox({
  value,
  onInput,
  onSubmit,
  readers,
  placeholder,
  maxLength,
}: {
  value: string;
  onInput: (value: string) => void;
  onSubmit: () => void;
  readers: readonly Person[];
  placeholder: string;
  maxLength: number;
}) {
  const box = useRef<HTMLTextAreaElement>(null);
  const [id] = useState(() => `mentions-${(boxes += 1)}`);
  const [query, setQuery] = useState<MentionQuery | null>(null);
  const [active, setActive] = useState(0);
  const offered = query ? suggestions(query.query, readers) : [];
  const open = offered.length > 0;

  // The box takes the keyboard when it appears. The mouse down of the click that opened it can
  // still move the focus to the page afterwards: characters typed while nothing has the focus
  // are sent here (moving the focus during keydown sends the character to the new field).
  useLayoutEffect(() => {
    const el = box.current;
    el?.focus();
    // Again once painted, after the opening click's mouse down.
    const frame = requestAnimationFrame(() => el?.focus());
    const redirect = (event: KeyboardEvent) => {
      const idle = document.activeElement === null || document.activeElement === document.body;
      if (idle && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) el?.focus();
    };
    window.addEventListener('keydown', redirect, true);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('keydown', redirect, true);
    };
  }, []);

  const look = (el: HTMLTextAreaElement) => {
    setQuery(el.selectionStart === el.selectionEnd ? mentionQuery(el.value, el.selectionStart) : null);
    setActive(0);
  };

  const pick = (person: Person) => {
    const el = box.current;
    if (!el || !query) return;
    const handle = mentionHandle(person, readers) ?? person.name.split(/\s+/)[0] ?? person.name;
    const before = value.slice(0, query.start);
    const after = value.slice(el.selectionStart).replace(/^[\p{L}\p{N}._-]*/u, '');
    const inserted = `@${handle} `;
    const next = before + inserted + after;
    const caret = before.length + inserted.length;
    // The text and the caret change at once, before the next key: a caret placed a frame later moved back over what was typed meanwhile.
    el.value = next;
    el.focus();
    el.setSelectionRange(caret, caret);
    onInput(next);
    setQuery(null);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      setActive((a) => (a + (event.key === 'ArrowDown' ? 1 : -1) + offered.length) % offered.length);
    } else if (open && (event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) {
      event.preventDefault();
      const person = offered[active];
      if (person) pick(person);
    } else if (open && event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setQuery(null);
    } else if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      onSubmit();
    }
  };

  return (
    <div class="mention-box">
      <textarea
        ref={box}
        name="reply"
        rows={3}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-label={placeholder}
        aria-autocomplete="list"
        aria-controls={open ? id : undefined}
        aria-activedescendant={open ? `${id}-${active}` : undefined}
        aria-describedby={`${id}-hint`}
        value={value}
        onInput={(e) => {
          onInput(e.currentTarget.value);
          look(e.currentTarget);
        }}
        onClick={(e) => look(e.currentTarget)}
        onKeyDown={onKeyDown}
        onBlur={() => setQuery(null)}
      />
      <span id={`${id}-hint`} class="sr-only">
        Enter posts, Shift+Enter starts a new line, @ mentions a person.
      </span>
      {open && (
        <ul id={id} class="mention-list" role="listbox" aria-label="People to mention">
          {offered.map((person, i) => (
            <li
              key={person.id}
              id={`${id}-${i}`}
              role="option"
              aria-selected={i === active}
              class={i === active ? 'mention-option active' : 'mention-option'}
              data-mention={person.id}
              // Picked on pointer down, before the textarea's blur closes the list.
              onPointerDown={(e) => {
                e.preventDefault();
                pick(person);
              }}
            >
              <span>{person.name}</span> <span class="muted">{person.email}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
