import { AccountPage } from './account/AccountPage.js';
import { BoardPage } from './board/BoardPage.js';
import { Dashboard } from './dashboard/Dashboard.js';

/** The page for an address: `/boards/<id>` is a board, `/spaces/<id>` the dashboard on that space, `/account` the person's account, anything else the dashboard. */
export function App({ path }: { path: string }) {
  const board = /^\/boards\/([^/]+)\/?$/.exec(path);
  if (board?.[1]) return <BoardPage boardId={decodeURIComponent(board[1])} />;
  if (/^\/account\/?$/.test(path)) return <AccountPage />;
  const space = /^\/spaces\/([^/]+)\/?$/.exec(path);
  if (space?.[1]) return <Dashboard initialSpaceId={decodeURIComponent(space[1])} />;
  return <Dashboard />;
}
