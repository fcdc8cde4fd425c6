import { z } from 'zod';
import type { ChatMessageView } from '../../server/chat/ChatService.js';
import { maxChatMessageChars } from '../../server/chat/ChatService.js';
import type { Services } from '../../server/Services.js';
import { defineRoute } from '../route.js';
import type { Route } from '../route.js';
import { idParam, iso, pageOf, pageQuery, timestamp } from '../schemas/common.js';

const tag = 'Collaboration';
const boardParams = z.object({ boardId: idParam });

const chatMessage = z.object({
  id: z.string(),
  boardId: z.string(),
  author: z.object({ id: z.string(), name: z.string() }).describe('The person who posted it (their current name).'),
  text: z.string(),
  createdAt: timestamp,
}).meta({ id: 'ChatMessage', description: "A message of a board's chat." });

function messageView(m: ChatMessageView): z.input<typeof chatMessage> {
  return { id: m.id, boardId: m.boardId, author: m.author, text: m.text, createdAt: iso(m.createdAt) };
}

/** The services the chat operations use: all a route factory receives. */
export type ChatRouteServices = Pick<Services, 'chat'>;

/** The board chat operations (SPEC "Collaboration, Jobs, Search"). */
export function chatRoutes(services: ChatRouteServices): Route[] {
  const { chat } = services;
  return [
    defineRoute({
      operationId: 'listChatMessages',
      method: 'GET',
      path: '/boards/{boardId}/chat',
      tag,
      summary: 'Team chat, oldest first within a page.',
      description:
        'Viewers and above. The first page holds the `limit` most recent messages, oldest first. ' +
        '`nextCursor` goes further back in time: it returns the messages just before the oldest ' +
        'one on this page (again oldest first), and is null once the start of the chat is reached. ' +
        'To show a chat, render the first page, and prepend each next page above it.',
      scope: 'boards:read',
      params: boardParams,
      query: pageQuery,
      response: pageOf(chatMessage),
      errors: ['not_found', 'validation_failed'],
      handler: async ({ principal, params, query }) => {
        const page = await chat.list(principal, params.boardId, query);
        return { data: page.data.map(messageView), nextCursor: page.nextCursor };
      },
    }),
    defineRoute({
      operationId: 'postChatMessage',
      method: 'POST',
      path: '/boards/{boardId}/chat',
      tag,
      summary: "Posts as the token's owner.",
      description: `Commenters and above. \`text\` is trimmed and must then hold 1 to ${maxChatMessageChars} characters. The post is also recorded in the board's activity feed as \`chat.posted\`.`,
      scope: 'boards:write',
      params: boardParams,
      body: z.object({ text: z.string().describe(`1 to ${maxChatMessageChars} characters after trimming.`) }).strict(),
      bodyExample: { text: 'The retro board is ready for comments.' },
      status: 201,
      response: chatMessage,
      errors: ['not_found', 'forbidden', 'trashed'],
      handler: async ({ principal, params, body }) => messageView(await chat.post(principal, params.boardId, body.text)),
    }),
  ];
}
