import { useEffect, useState } from 'preact/hooks';
import { api } from '../../api.js';
import type { TokenSource } from '../../api.js';
import { Dialog } from './Dialog.js';
import { MemberList } from './MemberList.js';
import { MoveBoard } from './MoveBoard.js';
import { PendingInvitations } from './PendingInvitations.js';
import { PublicLinkControls } from './PublicLinkControls.js';
import { grantableRoles, mayOnBoard, mayOnSpace, roleLabels } from './roles.js';
import type { GrantableRole, Role } from './roles.js';
import { errorText, listMembers, targetPath } from './shareApi.js';
import type { Member, ShareResult, ShareTarget } from './shareApi.js';
import './share.css';
import { Outcome } from './Outcome.js';
import { followSharing } from './sharingEvents.js';

/**
 * The Share dialog of a board or space: invite by email with a role, the members with their roles
 * (changed and removed by those whose role allows it; people who have a board through its space
 * are marked so), the pending invitations (resent and revoked by those who may share), the public
 * link, and for a board its space. Everything goes through `/v1`; the lists follow the server's
 * event stream (`GET /web/events`), so a change made anywhere shows here within a second.
 */
export function ShareDialog({ tokens, target, onClose, onMoved }: { tokens: TokenSource; target: ShareTarget; onClose: () => void; onMoved?: (spaceId: string | null) => void }) {
  const title = `Share “${target.name}”`;
  if (target.kind === 'space' && (target.id === 'default' || target.id === 'trash')) {
    return (
      <Dialog title={title} onClose={onClose}>
        <p class="share-note">
          The Default space holds the boards that are in no space, each with its own people, so it cannot be shared as a whole. Share a board from its
          row, or move boards into a space of yours and share that space.
        </p>
      </Dialog>
    );
  }
  return <ShareTargetDialog tokens={tokens} target={target} title={title} onClose={onClose} {...(onMoved ? { onMoved } : {})} />;
}

function ShareTargetDialog({ tokens, target: given, title, onClose, onMoved }: { tokens: TokenSource; target: ShareTarget; title: string; onClose: () => void; onMoved?: (spaceId: string | null) => void }) {
  const [members, setMembers] = useState<Member[] | null>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<GrantableRole>('editor');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [revision, setRevision] = useState(0);

  // The person's own role follows the server's word, so what the dialog offers changes with it.
  const [ownRole, setOwnRole] = useState<Role | null>(given.role);
  const [lost, setLost] = useState(false);
  const target: ShareTarget = { ...given, role: ownRole };
  const canShare = target.kind === 'board' ? mayOnBoard(ownRole, 'share') : mayOnSpace(ownRole, 'share');

  const reload = () => listMembers(tokens, target).then(setMembers, (e: unknown) => setError(errorText(e)));
  useEffect(() => void reload(), [target.id]);
  // Pushed by the server as it happens: people or invitations changed (here or by anyone else), or the person's own role.
  useEffect(
    () =>
      followSharing({ kind: target.kind, id: target.id }, (event) => {
        if (event.event === 'access') {
          if (event.role === null) setLost(true);
          else setOwnRole(event.role as Role);
          return;
        }
        void reload();
        setRevision((r) => r + 1);
      }),
    [target.kind, target.id],
  );
  if (lost) {
    return (
      <Dialog title={title} onClose={onClose}>
        <p class="share-note" role="status">
          You no longer have access to this {target.kind}.
        </p>
      </Dialog>
    );
  }

  const run = async (work: () => Promise<string | null>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      setNotice(await work());
      await reload();
      setRevision((r) => r + 1);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const invite = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      const result = await api<ShareResult>(tokens, 'POST', `${targetPath(target)}/members`, { email: email.trim(), role });
      setEmail('');
      return result.status === 'invited'
        ? `Invitation emailed to ${result.email}: they get ${roleLabels[result.role].toLowerCase()} access when they first sign in.`
        : `Shared with ${result.email}.`;
    });
  };

  return (
    <Dialog title={title} onClose={onClose} wide>
      {canShare && (
        <form class="share-invite" onSubmit={invite} noValidate>
          <input
            type="email"
            name="inviteEmail"
            aria-label="Email address to invite"
            placeholder="colleague@example.com"
            autocomplete="email"
            value={email}
            onInput={(e) => setEmail((e.target as HTMLInputElement).value)}
          />
          <select name="inviteRole" aria-label="Role for the invited person" value={role} onChange={(e) => setRole((e.target as HTMLSelectElement).value as GrantableRole)}>
            {grantableRoles.map((r) => (
              <option key={r} value={r}>
                {roleLabels[r]}
              </option>
            ))}
          </select>
          <button type="submit" class="primary" disabled={busy}>
            Invite
          </button>
        </form>
      )}
      <Outcome notice={notice} error={error} />
      <MemberList tokens={tokens} target={target} members={members} canShare={canShare} busy={busy} run={run} />
      {canShare && <PendingInvitations tokens={tokens} target={target} revision={revision} busy={busy} run={run} />}
      <PublicLinkControls tokens={tokens} target={target} />
      {target.kind === 'board' && mayOnBoard(target.role, 'move') && <MoveBoard tokens={tokens} boardId={target.id} {...(onMoved ? { onMoved } : {})} />}
    </Dialog>
  );
}
