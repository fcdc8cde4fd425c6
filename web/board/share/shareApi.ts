import { ApiError, api } from '../../api.js';
import type { TokenSource } from '../../api.js';
import type { GrantableRole, PublicLinkRole, Role } from './roles.js';

/** What the Share dialog shares: a board or a space, with the person's own role on it. */
export interface ShareTarget {
  readonly kind: 'board' | 'space';
  readonly id: string;
  readonly name: string;
  /** The person's role on it; null for the built-in spaces. */
  readonly role: Role | null;
}

/** A member as `GET …/members` lists them. */
export interface Member {
  readonly email: string;
  readonly user: { readonly id: string; readonly name: string; readonly email: string };
  readonly role: Role;
  readonly source: 'owner' | 'space' | 'board';
  readonly inheritedFrom: { readonly spaceId: string; readonly name: string } | null;
}

/** A public link as `GET …/public-link` answers. */
export interface PublicLink {
  readonly enabled: boolean;
  readonly role: PublicLinkRole;
  readonly url: string | null;
  readonly token: string | null;
}

/** What sharing with an address did. */
export interface ShareResult {
  readonly status: 'active' | 'invited';
  readonly email: string;
  readonly role: GrantableRole;
}

/** The `/v1` address of a board or space. */
export function targetPath(target: Pick<ShareTarget, 'kind' | 'id'>): string {
  return `/${target.kind === 'board' ? 'boards' : 'spaces'}/${encodeURIComponent(target.id)}`;
}

/** Every member of a board or space (the API pages them; a share list is short). */
export function listMembers(tokens: TokenSource, target: ShareTarget): Promise<Member[]> {
  return listAll<Member>(tokens, `${targetPath(target)}/members`);
}

/** Every row of a `/v1` list, page after page. */
async function listAll<T>(tokens: TokenSource, path: string): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
    const page: { data: T[]; nextCursor: string | null } = await api(tokens, 'GET', `${path}?limit=100${query}`);
    rows.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return rows;
}

/** The member's path segment: their email, URL-encoded. */
export function memberPath(target: ShareTarget, email: string): string {
  return `${targetPath(target)}/members/${encodeURIComponent(email)}`;
}

/** The message of an API error for the dialog: the server's own words. */
export function errorText(e: unknown): string {
  return e instanceof ApiError ? e.message : e instanceof Error ? e.message : String(e);
}

/** An open invitation as `GET …/invitations` lists them. */
export interface Invitation {
  readonly email: string;
  readonly role: GrantableRole;
  readonly invitedBy: { readonly id: string; readonly name: string; readonly email: string } | null;
  readonly createdAt: string;
  readonly sentAt: string;
  readonly expiresAt: string;
}

/** Every open invitation of a board or space (only those who may share may list them). */
export function listInvitations(tokens: TokenSource, target: ShareTarget): Promise<Invitation[]> {
  return listAll<Invitation>(tokens, `${targetPath(target)}/invitations`);
}

/** The path of one invitation: the invited address, URL-encoded. */
export function invitationPath(target: ShareTarget, email: string): string {
  return `${targetPath(target)}/invitations/${encodeURIComponent(email)}`;
}
