import { syncCloseCodes } from '../../crdt/index.js';
import type { SyncConnectionInfo } from '../../crdt/index.js';
import type { AccessService } from '../access/AccessService.js';
import { publicLinkTokenPrefix } from '../access/AccessService.js';
import type { Authenticator } from '../auth/Authenticator.js';
import type { CredentialKind } from '../auth/Principal.js';

/** What a live connection was opened with: enough to find it when that credential, person or link changes. */
export interface SyncGrant {
  readonly kind: CredentialKind | 'public_link';
  /** The API key id, OAuth connection id, web session id, or the public link's id (its space or board id). */
  readonly credentialId: string;
  /** The person; null for public link guests. */
  readonly userId: string | null;
  /** The workspace that holds the board (its plan decides, for one, whether public links work). */
  readonly workspaceId: string;
  /** When the credential (or link) stops working by itself, epoch ms; null when it does not. */
  readonly expiresAtMs: number | null;
}

/** A socket admitted to a board, and on what grounds. */
export interface SyncAdmission extends SyncConnectionInfo {
  readonly grant: SyncGrant;
}

/** A socket refused: the close code (4401, 4403, 4404) and a short reason. */
export interface SyncRefusal {
  readonly code: number;
  readonly reason: string;
}

/** What the decision reads. */
export interface SyncDecisionDeps {
  readonly access: AccessService;
  readonly authenticator: Authenticator;
}

/**
 * The one decision about a live-sync socket, made at connect and again whenever the rights it
 * rests on change: 4401 no valid token (missing, unknown, expired or revoked), 4403 no
 * `boards:read` scope, 4404 no such board for this person (or link); otherwise admitted,
 * read-only for viewers, commenters, tokens without `boards:write` and non-editor links.
 * `remoteAddress` keys a link guest's message budget.
 */
export async function decideSync(deps: SyncDecisionDeps, token: string, boardId: string | undefined, remoteAddress: string): Promise<SyncAdmission | SyncRefusal> {
  if (token === '') return { code: syncCloseCodes.unauthorized, reason: 'A token is required.' };
  if (boardId === undefined || boardId === '' || boardId.includes('/')) return { code: syncCloseCodes.notFound, reason: 'No such board.' };

  if (token.startsWith(publicLinkTokenPrefix)) {
    const link = await deps.access.publicLinkAccess(token, boardId);
    if (!link) return { code: syncCloseCodes.notFound, reason: 'No such board.' };
    const userId = `link:${link.via.resourceType}:${link.via.id}`;
    return {
      boardId,
      actor: { userId, name: 'Guest' },
      readOnly: link.role !== 'editor',
      // Guests of one link share a user id; a guest's reconnect loop must not drain the others' message budget.
      rateKey: `${userId}@${remoteAddress}`,
      grant: { kind: 'public_link', credentialId: link.via.id, userId: null, workspaceId: link.workspaceId, expiresAtMs: link.expiresAt },
    };
  }
  const principal = await deps.authenticator.authenticate(token);
  if (!principal) return { code: syncCloseCodes.unauthorized, reason: 'The token is unknown, expired or revoked.' };
  if (!principal.scopes.has('boards:read')) return { code: syncCloseCodes.forbidden, reason: 'The token lacks the boards:read scope.' };
  const access = await deps.access.boardAccess(principal.user.id, boardId);
  if (!access?.canRead) return { code: syncCloseCodes.notFound, reason: 'No such board.' };
  return {
    boardId,
    actor: { userId: principal.user.id, name: principal.user.name },
    readOnly: !access.canEdit || !principal.scopes.has('boards:write'),
    grant: {
      kind: principal.credential.kind,
      credentialId: principal.credential.id,
      userId: principal.user.id,
      workspaceId: access.board.workspaceId,
      expiresAtMs: principal.credential.expiresAtMs ?? null,
    },
  };
}

/** True when `outcome` refuses the socket. */
export function isRefusal(outcome: SyncAdmission | SyncRefusal): outcome is SyncRefusal {
  return 'code' in outcome;
}
