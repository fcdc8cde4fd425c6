import { useState } from 'preact/hooks';

/** The tab's session storage, or null where the browser refuses it (then the dashboard just opens, without the word). */
function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Where the board page leaves the dashboard a word on why the person was sent there. */
const noticeKey = 'boards:left-board';

/** Sends the person to the dashboard, which tells them they no longer have access to the board `title`. */
export function leaveBoard(title: string): void {
  sessionStore()?.setItem(noticeKey, title === '' ? 'You no longer have access to that board.' : `You no longer have access to “${title}”.`);
  location.assign('/');
}

/** On the dashboard: why the person was sent there from a board (once; the word is taken as it shows). */
export function LeftBoardNotice() {
  const [text] = useState(() => {
    const store = sessionStore();
    const said = store?.getItem(noticeKey) ?? null;
    store?.removeItem(noticeKey);
    return said;
  });
  if (text === null) return null;
  return (
    <p class="notice left-board" role="status">
      {text}
    </p>
  );
}
