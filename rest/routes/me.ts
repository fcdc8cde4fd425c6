import { z } from 'zod';
import { planNames } from '../../server/accounts/plans.js';
import type { NotificationRecord, UserRecord } from '../../storage/schema/accounts.js';
import { nameChosen } from '../../server/accounts/AccountService.js';
import type { Principal } from '../../server/auth/Principal.js';
import type { Services } from '../../server/Services.js';
import { allScopes } from '../../server/auth/scopes.js';
import { defineRoute } from '../route.js';
import type { Route } from '../route.js';
import { booleanQuery, idParam, iso, isoOrNull, pageOf, pageQuery, timestamp } from '../schemas/common.js';

const tag = 'Me';

const allowance = z.object({ limit: z.number().int(), used: z.number().int(), remaining: z.number().int() });

const notificationSettings = z
  .object({
    emailEnabled: z.boolean().describe('Whether the workspace receives notification emails.'),
    events: z
      .object({
        comments: z.boolean().describe('New comments on boards shared with a person.'),
        replies: z.boolean().describe('Replies to comments.'),
        shares: z.boolean().describe('A space or board shared with a person.'),
        boardUpdates: z.boolean().describe('Changes to boards shared with a person.'),
      })
      .strict(),
  })
  .strict();

const notification = z.object({
  id: z.string(),
  kind: z.enum(['comment', 'reply', 'share', 'board_update', 'mention', 'webhook_disabled']),
  title: z.string(),
  body: z.string(),
  boardId: z.string().nullable(),
  itemId: z.string().nullable(),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  read: z.boolean(),
  readAt: timestamp.nullable(),
  createdAt: timestamp,
}).meta({ id: 'Notification', description: 'A notification for the caller.' });

const limitValue = z.number().int().nullable();

const meSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    nameChosen: z
      .boolean()
      .describe('False while the name is the one made from the email at sign-up; the web app then asks the person for theirs once.'),
    createdAt: timestamp,
  }),
  workspace: z.object({
    id: z.string(),
    name: z.string(),
    plan: z.enum(planNames),
    role: z.enum(['owner', 'admin', 'member']),
    createdAt: timestamp,
  }),
  credential: z.object({
    kind: z.enum(['api_key', 'access_token', 'web_session']).describe('`web_session`: a short-lived token the web app got for a signed-in session.'),
    id: z.string(),
    scopes: z.array(z.enum(allScopes as [string, ...string[]])),
  }),
});

/** Body of PATCH /me. */
const patchMeBody = z
  .object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(200)
      // eslint-disable-next-line no-control-regex -- a name is one line of plain text
      .refine((name) => !/[\x00-\x1f\x7f]/.test(name), { message: 'must not contain control characters' })
      .describe('Your name, 1 to 200 characters once trimmed.'),
  })
  .strict();

function meView(principal: Principal, user: UserRecord): z.input<typeof meSchema> {
  return {
    user: { id: user.id, email: user.email, name: user.name, nameChosen: nameChosen(user), createdAt: iso(user.createdAt) },
    workspace: {
      id: principal.workspace.id,
      name: principal.workspace.name,
      plan: principal.workspace.plan,
      role: principal.workspaceRole,
      createdAt: iso(principal.workspace.createdAt),
    },
    credential: { kind: principal.credential.kind, id: principal.credential.id, scopes: [...principal.scopes] },
  };
}

function notificationView(n: NotificationRecord, actorName: string | undefined): z.input<typeof notification> {
  return {
    id: n.id,
    kind: n.kind,
    title: n.title,
    body: n.body,
    boardId: n.boardId,
    itemId: n.itemId,
    actor: n.actorId ? { id: n.actorId, name: actorName ?? 'Unknown' } : null,
    read: n.readAt !== null,
    readAt: isoOrNull(n.readAt),
    createdAt: iso(n.createdAt),
  };
}

/** The services the Me group use: all a route factory receives. */
export type MeRouteServices = Pick<Services, 'me' | 'accounts'>;

/** The Me group (SPEC "Me"): the person behind the token and their workspace. */
export function meRoutes(services: MeRouteServices): Route[] {
  const { me, accounts } = services;
  return [
    defineRoute({
      operationId: 'getMe',
      method: 'GET',
      path: '/me',
      tag,
      summary: 'The person behind the token, their workspace, and its plan.',
      scope: 'user:read',
      response: meSchema,
      handler: async ({ principal }) => meView(principal, principal.user),
    }),
    defineRoute({
      operationId: 'updateMe',
      method: 'PATCH',
      path: '/me',
      tag,
      summary: 'Change your own name (shown to the people you share with); after it, `nameChosen` is true.',
      description: 'An extension of SPEC "Me". The email address is the sign-in identity and cannot be changed here.',
      scope: 'user:write',
      body: patchMeBody,
      bodyExample: { name: 'Grace Hopper' },
      response: meSchema,
      handler: async ({ principal, body }) => meView(principal, await me.setName(principal, body.name)),
    }),
    defineRoute({
      operationId: 'getMyCredits',
      method: 'GET',
      path: '/me/credits',
      tag,
      summary: 'AI credit wallet and AI assistant message quota of the workspace; both reset monthly.',
      scope: 'user:read',
      response: z.object({
        period: z.string().describe('The calendar month (UTC) metered, YYYY-MM.'),
        periodStart: timestamp,
        resetsAt: timestamp,
        credits: allowance,
        messages: allowance,
      }),
      handler: async ({ principal }) => {
        const view = await me.credits(principal);
        return { ...view, periodStart: iso(view.periodStart), resetsAt: iso(view.resetsAt) };
      },
    }),
    defineRoute({
      operationId: 'getMyLimits',
      method: 'GET',
      path: '/me/limits',
      tag,
      summary: "What the workspace's plan allows; null means no limit.",
      scope: 'user:read',
      response: z.object({
        plan: z.enum(planNames),
        limits: z.object({
          spaces: limitValue,
          trashAndRestore: z.boolean(),
          trashRetentionDays: z.number().int(),
          customSkills: z.boolean().describe('Custom AI skills may be created (POST /skills).'),
          customSkillsPerWorkspace: z.number().int().describe('Custom AI skills the workspace may hold.'),
          aiCreditsPerMonth: z.number().int(),
          aiMessagesPerMonth: z.number().int(),
          oauthApps: z.number().int(),
          membersPerSpace: limitValue,
          itemsPerBoard: z.number().int(),
          publicLinks: z.boolean(),
          webhooks: z.number().int().describe('Webhook subscriptions the workspace may hold.'),
        }),
      }),
      handler: async ({ principal }) => me.limits(principal),
    }),
    defineRoute({
      operationId: 'getNotificationSettings',
      method: 'GET',
      path: '/me/notification-settings',
      tag,
      summary: 'Whether the workspace receives notification emails, and for which events.',
      scope: 'user:read',
      response: notificationSettings,
      handler: async ({ principal }) => me.notificationSettings(principal),
    }),
    defineRoute({
      operationId: 'putNotificationSettings',
      method: 'PUT',
      path: '/me/notification-settings',
      tag,
      summary: "Replace the workspace's notification settings (workspace owners and admins).",
      scope: 'user:write',
      body: notificationSettings,
      bodyExample: { emailEnabled: true, events: { comments: true, replies: true, shares: true, boardUpdates: false } },
      response: notificationSettings,
      errors: ['forbidden'],
      handler: async ({ principal, body }) => me.setNotificationSettings(principal, body),
    }),
    defineRoute({
      operationId: 'listNotifications',
      method: 'GET',
      path: '/me/notifications',
      tag,
      summary: 'Notification stream, newest first: comments and updates on boards shared with the person.',
      scope: 'user:read',
      query: pageQuery.extend({ unread: booleanQuery.describe('`true` lists unread notifications only.') }),
      response: pageOf(notification).extend({ unreadCount: z.number().int() }),
      handler: async ({ principal, query }) => {
        const page = await me.notifications.list(principal.user.id, {
          limit: query.limit,
          cursor: query.cursor,
          unreadOnly: query.unread,
        });
        const actors = await accounts.getUsers(page.data.flatMap((n) => (n.actorId ? [n.actorId] : [])));
        return {
          data: page.data.map((n) => notificationView(n, n.actorId ? actors.get(n.actorId)?.name : undefined)),
          nextCursor: page.nextCursor,
          unreadCount: page.unreadCount,
        };
      },
    }),
    defineRoute({
      operationId: 'markNotificationRead',
      method: 'POST',
      path: '/me/notifications/{notificationId}/read',
      tag,
      summary: 'Mark a notification read (idempotent).',
      scope: 'user:write',
      params: z.object({ notificationId: idParam }),
      response: notification,
      errors: ['not_found'],
      handler: async ({ principal, params }) => {
        const n = await me.notifications.markRead(principal.user.id, params.notificationId);
        const actor = n.actorId ? await accounts.getUser(n.actorId) : null;
        return notificationView(n, actor?.name);
      },
    }),
    defineRoute({
      operationId: 'listMySources',
      method: 'GET',
      path: '/me/sources',
      tag,
      summary: 'Third-party connectors the AI assistant can read from, and which this person has connected.',
      scope: 'user:read',
      response: z.object({
        data: z.array(
          z.object({
            id: z.string(),
            name: z.string(),
            description: z.string(),
            contentKinds: z.array(z.string()),
            connected: z.boolean(),
            accountLabel: z.string().nullable(),
            connectedAt: timestamp.nullable(),
          }),
        ),
      }),
      handler: async ({ principal }) => ({
        data: (await me.sources(principal)).map((s) => ({
          ...s,
          contentKinds: [...s.contentKinds],
          connectedAt: isoOrNull(s.connectedAt),
        })),
      }),
    }),
  ];
}
