import type { z } from 'zod';
import type { Services } from '../../server/Services.js';
import type { BoardView } from '../../server/boards/BoardService.js';
import type { PublicLinkView } from '../../server/boards/PublicLinkService.js';
import type { MemberView, ShareOutcome } from '../../server/spaces/MemberView.js';
import type { SpaceView } from '../../server/spaces/SpaceService.js';
import type { UserRecord } from '../../storage/schema/accounts.js';
import type { ActivityRecord } from '../../storage/schema/boards.js';
import { iso, isoOrNull } from './common.js';
import type { activitySchema, boardSchema, memberSchema, publicLinkSchema, shareResultSchema, spaceSchema } from './boards.js';

type Person = { id: string; name: string; email: string };

/** What `BoardViews` reads: people's names and the public URL. */
export type BoardViewServices = Pick<Services, 'accounts' | 'config'>;

/** Shapes organisation records into response bodies, joining people's names and building links. */
export class BoardViews {
  readonly #services: BoardViewServices;
  readonly #api: string;
  readonly #sync: string;

  constructor(services: BoardViewServices) {
    this.#services = services;
    this.#api = `${services.config.publicUrl}/v1`;
    this.#sync = `${services.config.publicUrl.replace(/^http/, 'ws')}/v1/sync`;
  }

  /** People by id, for owner/actor fields. */
  async people(ids: readonly (string | null)[]): Promise<Map<string, Person>> {
    const users = await this.#services.accounts.getUsers(ids.filter((id): id is string => id !== null));
    return new Map([...users].map(([id, u]) => [id, person(u)]));
  }

  /** Spaces, with owners. */
  async spaces(views: readonly SpaceView[]): Promise<z.input<typeof spaceSchema>[]> {
    const people = await this.people(views.map((v) => v.space?.ownerId ?? null));
    return views.map((v) => {
      const s = v.space;
      const self = `${this.#api}/spaces/${encodeURIComponent(v.id)}`;
      return {
        id: v.id,
        kind: v.kind,
        name: v.name,
        workspaceId: s?.workspaceId ?? null,
        owner: s ? (people.get(s.ownerId) ?? null) : null,
        role: v.role,
        shared: v.shared,
        boardCount: v.boardCount,
        spaceCount: v.spaceCount,
        position: s?.position ?? null,
        createdAt: s ? iso(s.createdAt) : null,
        updatedAt: s ? iso(s.updatedAt) : null,
        trashedAt: s ? isoOrNull(s.trashedAt) : null,
        purgeAt: isoOrNull(v.purgeAt),
        links: {
          self,
          boards: `${this.#api}/boards?spaceId=${encodeURIComponent(v.id)}`,
          members: s ? `${self}/members` : null,
          publicLink: s ? `${self}/public-link` : null,
        },
      };
    });
  }

  /** One space. */
  async space(view: SpaceView): Promise<z.input<typeof spaceSchema>> {
    return (await this.spaces([view]))[0] as z.input<typeof spaceSchema>;
  }

  /** Boards, with owners and last editors. */
  async boards(views: readonly BoardView[]): Promise<z.input<typeof boardSchema>[]> {
    const people = await this.people(views.flatMap((v) => [v.board.ownerId, v.board.updatedBy]));
    return views.map(({ board: b, role, purgeAt }) => {
      const self = `${this.#api}/boards/${b.id}`;
      return {
        id: b.id,
        title: b.title,
        description: b.description,
        spaceId: b.spaceId,
        workspaceId: b.workspaceId,
        owner: people.get(b.ownerId) ?? null,
        role,
        locked: b.locked,
        position: b.position,
        createdAt: iso(b.createdAt),
        updatedAt: iso(b.updatedAt),
        updatedBy: people.get(b.updatedBy) ?? null,
        trashedAt: isoOrNull(b.trashedAt),
        purgeAt: isoOrNull(purgeAt),
        links: {
          self,
          items: `${self}/items`,
          activity: `${self}/activity`,
          members: `${self}/members`,
          publicLink: `${self}/public-link`,
          sync: `${this.#sync}/${b.id}`,
        },
      };
    });
  }

  /** One board. */
  async board(view: BoardView): Promise<z.input<typeof boardSchema>> {
    return (await this.boards([view]))[0] as z.input<typeof boardSchema>;
  }

  /** A member row. */
  member(m: MemberView): z.input<typeof memberSchema> {
    return {
      email: m.user.email,
      user: person(m.user),
      role: m.role,
      source: m.source,
      inheritedFrom: m.inheritedFrom,
      addedBy: m.addedBy,
      createdAt: iso(m.createdAt),
      updatedAt: iso(m.updatedAt),
    };
  }

  /** What sharing with an email did: the member, or the invitation for an address without an account. */
  shareResult(outcome: ShareOutcome): z.input<typeof shareResultSchema> {
    if (outcome.status === 'active') return { ...this.member(outcome.member), status: 'active', created: outcome.created };
    const { invitation } = outcome;
    return {
      status: 'invited',
      email: invitation.email,
      role: invitation.role,
      resourceType: invitation.resourceType,
      resourceId: invitation.resourceId,
      invitedBy: invitation.invitedBy,
      createdAt: iso(invitation.createdAt),
      expiresAt: iso(invitation.expiresAt),
      created: outcome.created,
    };
  }

  /** A public link. */
  publicLink(link: PublicLinkView): z.input<typeof publicLinkSchema> {
    const url = link.enabled && link.token !== null && link.resourceType === 'board' ? `${this.#services.config.publicUrl}/boards/${encodeURIComponent(link.resourceId)}#link=${link.token}` : null;
    return {
      ...link,
      url,
      expiresAt: isoOrNull(link.expiresAt),
      createdAt: isoOrNull(link.createdAt),
      updatedAt: isoOrNull(link.updatedAt),
    };
  }

  /** Activity rows, with actors. */
  async activity(rows: readonly ActivityRecord[]): Promise<z.input<typeof activitySchema>[]> {
    const people = await this.people(rows.map((r) => r.actorId));
    return rows.map((r) => ({
      id: r.id,
      action: r.action,
      actor: r.actorId ? (people.get(r.actorId) ?? null) : null,
      itemId: r.itemId,
      data: r.data,
      createdAt: iso(r.createdAt),
    }));
  }
}

function person(u: UserRecord): Person {
  return { id: u.id, name: u.name, email: u.email };
}
