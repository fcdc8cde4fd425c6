import { useEffect, useState } from 'preact/hooks';
import { api } from '../../api.js';
import type { TokenSource } from '../../api.js';
import { fullDateTime, relativeTime } from '../../dashboard/relativeTime.js';
import { roleLabels } from './roles.js';
import { errorText, invitationPath, listInvitations } from './shareApi.js';
import type { Invitation, ShareTarget } from './shareApi.js';

/**
 * The open invitations of a board or space (shown to those who may share): the address, the
 * role, who invited and when, and when it lapses, each with Resend and Revoke. The list is read
 * again whenever `revision` changes: the dialog bumps it after each change it makes and each time
 * the server says the board's or space's people changed (an invitation accepted elsewhere, sent
 * by someone else, revoked), so it follows them without polling.
 */
export function PendingInvitations({
  tokens,
  target,
  revision,
  busy,
  run,
}: {
  tokens: TokenSource;
  target: ShareTarget;
  revision: number;
  busy: boolean;
  run: (work: () => Promise<string | null>) => void;
}) {
  const [invitations, setInvitations] = useState<Invitation[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    listInvitations(tokens, target).then(
      (next) => {
        if (!current) return;
        setInvitations(next);
        setError(null);
      },
      (e: unknown) => current && setError(errorText(e)),
    );
    // An answer that a later read overtook is dropped: the list shows the newest read.
    return () => {
      current = false;
    };
  }, [target.id, revision]);

  if (invitations === null) return error ? <p class="error" role="alert">{error}</p> : null;
  if (invitations.length === 0) return null;
  return (
    <section aria-label="Pending invitations">
      <h3>Pending invitations</h3>
      <ul class="member-list">
        {invitations.map((inv) => (
          <li key={inv.email} class="member invitation" data-email={inv.email}>
            <span class="member-who">
              <span class="member-name">{inv.email}</span>
              <span class="muted member-email">
                {roleLabels[inv.role]} · invited by {inv.invitedBy?.name ?? 'a former member'}{' '}
                <time dateTime={inv.sentAt} title={fullDateTime(inv.sentAt)}>
                  {relativeTime(inv.sentAt)}
                </time>{' '}
                · expires{' '}
                <time dateTime={inv.expiresAt} title={fullDateTime(inv.expiresAt)}>
                  {new Date(inv.expiresAt).toLocaleDateString(undefined, { month: 'short', day: 'numeric' })}
                </time>
              </span>
            </span>
            <span class="member-actions">
              <button
                type="button"
                aria-label={`Resend the invitation to ${inv.email}`}
                disabled={busy}
                onClick={() =>
                  run(async () => {
                    await api(tokens, 'POST', `${invitationPath(target, inv.email)}/resend`);
                    return `Invitation emailed again to ${inv.email}.`;
                  })
                }
              >
                Resend
              </button>
              <button
                type="button"
                aria-label={`Revoke the invitation to ${inv.email}`}
                disabled={busy}
                onClick={() =>
                  run(async () => {
                    await api(tokens, 'DELETE', invitationPath(target, inv.email));
                    return `Invitation to ${inv.email} revoked: the link no longer gives access.`;
                  })
                }
              >
                Revoke
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
