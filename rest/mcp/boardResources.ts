import type { ListResourcesResult, ReadResourceResult, ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import { ServiceError } from '../../server/errors.js';
import type { McpCall } from './McpCall.js';

/** URI of a board's outline resource. */
export const outlineUri = (boardId: string): string => `boards://board/${encodeURIComponent(boardId)}/outline`;
/** URI of a board's structure resource. */
export const structureUri = (boardId: string): string => `boards://board/${encodeURIComponent(boardId)}/structure`;

/** Boards listed per `resources/list` page (two resources each). */
const boardsPerPage = 50;

/** The resource templates: a board's outline (Markdown text) and structure (JSON). */
export const boardResourceTemplates: ResourceTemplate[] = [
  {
    uriTemplate: 'boards://board/{boardId}/outline',
    name: 'board_outline',
    title: 'Board outline',
    description: "A board's content as indented text in reading order, with item ids (the get_board_outline tool).",
    mimeType: 'text/markdown',
  },
  {
    uriTemplate: 'boards://board/{boardId}/structure',
    name: 'board_structure',
    title: 'Board structure',
    description: "A board's sections, items and connections as JSON (the get_board_structure tool).",
    mimeType: 'application/json',
  },
];

interface BoardPage {
  data: { id: string; title: string }[];
  nextCursor: string | null;
}

/** `resources/list`: the outline and structure of each board the principal can read, paged like `listBoards`. */
export async function listBoardResources(call: McpCall, cursor: string | undefined): Promise<ListResourcesResult> {
  const page = (await call.read('listBoards', {}, { limit: boardsPerPage, ...(cursor === undefined ? {} : { cursor }) })) as BoardPage;
  return {
    resources: page.data.flatMap((board) => [
      { uri: outlineUri(board.id), name: `${board.id}/outline`, title: `${board.title} (outline)`, mimeType: 'text/markdown' },
      { uri: structureUri(board.id), name: `${board.id}/structure`, title: `${board.title} (structure)`, mimeType: 'application/json' },
    ]),
    ...(page.nextCursor === null ? {} : { nextCursor: page.nextCursor }),
  };
}

/** `resources/read` of a board's outline or structure; an address of neither form is 404. */
export async function readBoardResource(call: McpCall, uri: string): Promise<ReadResourceResult> {
  const match = /^boards:\/\/board\/([^/]+)\/(outline|structure)$/.exec(uri);
  const encoded = match?.[1];
  if (!match || encoded === undefined) throw new ServiceError('not_found', 'No resource at this address: boards://board/{boardId}/outline or /structure.');
  let boardId: string;
  try {
    boardId = decodeURIComponent(encoded);
  } catch {
    throw new ServiceError('not_found', 'No resource at this address: boards://board/{boardId}/outline or /structure.');
  }
  if (match[2] === 'outline') {
    const view = (await call.read('getBoardOutline', { boardId }, {})) as { title: string; outline: string };
    return { contents: [{ uri, mimeType: 'text/markdown', text: `# ${view.title}\n\n${view.outline}` }] };
  }
  const structure = await call.read('getBoardStructure', { boardId }, {});
  return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(structure) }] };
}
