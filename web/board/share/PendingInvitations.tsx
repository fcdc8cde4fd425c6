import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../../api.js';
import type { TokenSource } from '../../api.js';
import { fullDateTime, relativeTime } from '../../dashboard/relativeTime.js';
import { roleLabels } from './roles.js';
import { errorText, invitationPath, listInvitations } from './shareApi.js';
import type { Invitation, ShareTarget } from './shareApi.js';

/** How often the open dialog looks for invitations accepted meanwhile: 5 s (only while the page is visible). */
export const invitationRefreshMs = 5_000;

/**
 * The open invitations of a board or space (shown to those who may share): the address, the
 * role, who invited and when, and when it lapses, each with Resend and Revoke. The list follows
 * `revision` (bumped after each change in the dialog) and refreshes itself while open, so an
 * invitation accepted meanwhile leaves it; `onAccepted` then reloads the people with access.
 */
export function PendingInvitations({
  tokens,
  target,
  revision,
  busy,
  run,
  onAccepted,
}: {
  tokens: TokenSource;
  target: ShareTarget;
  revision: number;
  busy: boolean;
  run: (work: () => Promise<string | null>) => void;
  onAccepted: () => void;
}) {
  const [invitations, setInvitations] = useState<Invitation[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Addresses this dialog revoked: when they leave the list, nobody accepted them.
  const revoked = useRef(new Set<string>());
  const shown = useRef<Invitation[] | null>(null);

  const load = async () => {
    try {
      const next = await listInvitations(tokens, target);
      const before = shown.current;
      const left = before?.filter((b) => !next.some((n) => n.email === b.email) && !revoked.current.has(b.email)) ?? [];
      shown.current = next;
      setInvitations(next);
      setError(null);
      if (left.length > 0) onAccepted();
    } catch (e) {
      setError(errorText(e));
    }
  };

  useEffect(() => void load(), [target.id, revision]);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void load();
    }, invitationRefreshMs);
    return () => clearInterval(timer);
  }, [target.id]);

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
                    revoked.current.add(inv.email);
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
