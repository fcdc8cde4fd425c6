import { z } from 'zod';
import { grantableRoles, linkRoles, roles } from '../../server/access/roles.js';
import { boardSorts } from '../../server/boards/boardQueries.js';
import { pageQuery, timestamp } from './common.js';

/** A person as lists and resources name them. */
export const personSummary = z.object({ id: z.string(), name: z.string(), email: z.string() }).meta({ id: 'Person', description: 'A person, as lists name them.' });

/** A role on a space or board, `owner > admin > editor > commenter > viewer`. */
export const roleSchema = z.enum(roles).describe('Role: owner > admin > editor > commenter > viewer.');

const url = z.string().describe('Absolute URL.');

/** A space as returned by the Spaces operations (real spaces and the built-in `default` and `trash`). */
export const spaceSchema = z.object({
  id: z.string().describe('Space id; `default` and `trash` for the built-in spaces.'),
  kind: z.enum(['space', 'default', 'trash']),
  name: z
    .string()
    .describe('The name given to the space; for the built-ins it is their id, `default` and `trash` (SPEC). Apps show their own label for a built-in space by its `kind`.'),
  workspaceId: z.string().nullable(),
  owner: personSummary.nullable().describe('The creator; null for built-ins.'),
  role: roleSchema.nullable().describe("The caller's role; null for built-ins."),
  shared: z.boolean().describe("True when the space belongs to another workspace than the caller's."),
  boardCount: z.number().int().describe('Active boards in the space; for `trash`, boards in trash the caller may restore one by one (admin and above, on the paid plans). Boards that went to trash with a space on basic are not counted: they come back with their space.'),
  spaceCount: z.number().int().describe('For `trash`: spaces in trash the caller may restore; 0 otherwise.'),
  position: z.number().nullable().describe('Dashboard order within the workspace, ascending; null for built-ins.'),
  createdAt: timestamp.nullable(),
  updatedAt: timestamp.nullable(),
  trashedAt: timestamp.nullable(),
  purgeAt: timestamp.nullable().describe('When a space in trash is deleted for good.'),
  links: z.object({ self: url, boards: url, members: url.nullable(), publicLink: url.nullable() }),
}).meta({ id: 'Space', description: 'A space: a folder of boards whose members are members of its boards.' });

/** A board as returned by the Boards operations. */
export const boardSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  spaceId: z.string().nullable().describe('The space holding the board; null for the built-in `default` space.'),
  workspaceId: z.string(),
  owner: personSummary.nullable(),
  role: roleSchema.describe("The caller's effective role on the board."),
  locked: z.boolean().describe('A locked board can be changed by admins and owners only.'),
  position: z.number().describe('Manual order within the space, ascending.'),
  createdAt: timestamp,
  updatedAt: timestamp,
  updatedBy: personSummary.nullable(),
  trashedAt: timestamp.nullable(),
  purgeAt: timestamp.nullable().describe('When a board in trash is deleted for good.'),
  links: z.object({
    self: url,
    items: url,
    activity: url,
    members: url,
    publicLink: url,
    sync: url.describe('The y-websocket endpoint (`serverUrl` is this without the board id).'),
  }),
}).meta({ id: 'Board', description: "A board, with the caller's role and its links." });

/** A member of a space or board. */
export const memberSchema = z.object({
  email: z.string().describe('The `{email}` path segment of the member operations (URL-encode it).'),
  user: personSummary,
  role: roleSchema,
  source: z.enum(['owner', 'space', 'board']).describe('Where the role comes from.'),
  inheritedFrom: z
    .object({ spaceId: z.string(), name: z.string() })
    .nullable()
    .describe('The space the role is inherited from; null for the owner and direct board members.'),
  addedBy: z.string().nullable().describe('Id of the person who shared.'),
  createdAt: timestamp,
  updatedAt: timestamp,
}).meta({ id: 'Member', description: 'Someone who may open the board or space, and where their role comes from.' });

/** The public link of a space or board. */
export const publicLinkSchema = z.object({
  resourceType: z.enum(['space', 'board']),
  resourceId: z.string(),
  enabled: z.boolean(),
  role: z.enum(linkRoles).describe('What the link allows: viewer, commenter or editor.'),
  token: z
    .string()
    .nullable()
    .describe(
      'The link token (`bds_pl_…`): a bearer credential for the linked board(s) without an account, e.g. the `token` query parameter of the sync socket. Null when there is no link or your own role is below the link’s.',
    ),
  url: url
    .nullable()
    .describe(
      "The address that opens the board in this service's web app with the link's rights, `<publicUrl>/boards/{boardId}#link=<token>` (the token rides in the fragment, which browsers never send to a server). Null when the link is disabled or `token` is null, and for a space's link: its token opens each board of the space at that address with the board's id. A link token opens live sync and the web app only; the REST API answers it 401.",
    ),
  expiresAt: timestamp.nullable(),
  createdBy: z.string().nullable(),
  createdAt: timestamp.nullable(),
  updatedAt: timestamp.nullable(),
}).meta({ id: 'PublicLink', description: 'A public link to a board or space.' });

/** One row of a board's activity feed. */
export const activitySchema = z.object({
  id: z.string(),
  action: z.string().describe('`<subject>.<verb>`, e.g. `board.renamed`, `board.moved`, `item.created`.'),
  actor: personSummary.nullable().describe('Null for changes made by the system.'),
  itemId: z.string().nullable(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  createdAt: timestamp,
}).meta({ id: 'Activity', description: 'One change to a board, for its activity feed.' });

const name = z.string().min(1).max(200);
const position = z.number().describe('Manual order, ascending (any finite number; put a board between two others with their mean).');

/** Body of POST /spaces. */
export const createSpaceBody = z.object({ name, position: position.optional() }).strict();

/** Body of PATCH /spaces/{spaceId}. */
export const patchSpaceBody = z
  .object({ name: name.optional(), position: position.optional() })
  .strict()
  .refine((b) => b.name !== undefined || b.position !== undefined, { message: 'must change name or position' });

/** Body of POST /spaces/{spaceId}/members. */
export const shareBody = z
  .object({ email: z.string().min(3).max(254), role: z.enum(grantableRoles).describe('admin, editor, commenter or viewer.') })
  .strict();

/** Body of PATCH …/members/{email} (spaces and boards). */
export const memberRoleBody = z.object({ role: z.enum(grantableRoles) }).strict();

/** An invitation by email to an address that has no account yet (accepted at its first sign-in). */
export const invitationSchema = z.object({
  status: z.literal('invited').describe('No account has this address yet: an invitation was emailed, accepted at its first sign-in.'),
  email: z.string(),
  role: z.enum(grantableRoles),
  resourceType: z.enum(['space', 'board']),
  resourceId: z.string(),
  invitedBy: z.string().describe('Id of the person who invited; membership is granted in their name when accepted.'),
  createdAt: timestamp,
  expiresAt: timestamp.describe('The invitation lapses at this time (30 days after the last invite).'),
});

/** What sharing with an email did: a member (`status: active`) or an invitation (`status: invited`). */
export const shareResultSchema = z.discriminatedUnion('status', [
  memberSchema.extend({
    status: z.literal('active').describe('The person has an account and now holds the role.'),
    created: z.boolean().describe('True when the person was added, false when their role was updated.'),
  }),
  invitationSchema.extend({ created: z.boolean().describe('True for a new invitation, false when an open one was renewed or changed.') }),
]);

/** Body of PUT …/public-link. */
export const putPublicLinkBody = z
  .object({
    enabled: z.boolean(),
    role: z.enum(linkRoles).optional().describe('Default: unchanged, `viewer` for a new link.'),
    expiresAt: timestamp.nullable().optional().describe('Null for no expiry; unchanged when omitted.'),
    rotate: z.boolean().optional().describe('Issue a new token; the old one stops working at once.'),
  })
  .strict();

/** Body of POST /boards. */
export const createBoardBody = z
  .object({
    title: name.optional().describe('Default "Untitled board".'),
    description: z.string().max(2000).optional(),
    spaceId: z.string().min(1).max(100).optional().describe('A space id or `default` (the default when omitted).'),
    position: position.optional(),
  })
  .strict();

/** Body of PATCH /boards/{boardId}. */
export const patchBoardBody = z
  .object({
    title: name.optional().describe('Needs admin.'),
    description: z.string().max(2000).optional().describe('Needs admin.'),
    locked: z.boolean().optional().describe('Needs admin.'),
    position: position.optional().describe('Needs editor.'),
    spaceId: z.string().min(1).max(100).optional().describe('Move to this space (or `default`); needs editor on the board and the space.'),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'must change at least one field' });

/** Query of GET /boards. */
export const listBoardsQuery = pageQuery.extend({
  spaceId: z.string().min(1).max(100).optional().describe('Only boards in this space; `default` or `trash` for the built-ins.'),
  sort: z.enum(boardSorts).default('updated').describe('`updated` (default, newest first), `created`, `title` or `position`.'),
});
