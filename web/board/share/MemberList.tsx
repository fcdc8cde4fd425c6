import { api } from '../../api.js';
import type { TokenSource } from '../../api.js';
import { grantableRoles, roleLabels } from './roles.js';
import { memberPath } from './shareApi.js';
import type { Member, ShareTarget } from './shareApi.js';

/** The people of a board or space and their roles; role changes and removal only for who may share, and only where the role is set (a board's own members). */
export function MemberList({
  tokens,
  target,
  members,
  canShare,
  busy,
  run,
}: {
  tokens: TokenSource;
  target: ShareTarget;
  members: Member[] | null;
  canShare: boolean;
  busy: boolean;
  run: (work: () => Promise<string | null>) => void;
}) {
  if (members === null) return <p class="muted">Loading people…</p>;
  // On a board, people the space is shared with hold their role there: it is changed on the space.
  const editable = (m: Member) => canShare && m.source !== 'owner' && !(target.kind === 'board' && m.source === 'space');
  return (
    <section aria-label="People with access">
      <h3>People with access</h3>
      <ul class="member-list">
        {members.map((m) => (
          <li key={m.user.id} class="member" data-email={m.email}>
            <span class="member-who">
              <span class="member-name">{m.user.name}</span>
              <span class="muted member-email">{m.email}</span>
            </span>
            {m.source === 'space' && target.kind === 'board' && m.inheritedFrom && (
              <span class="inherited" title="Their role comes from the space this board is in">
                via space {m.inheritedFrom.name}
              </span>
            )}
            {editable(m) ? (
              <span class="member-actions">
                <select
                  aria-label={`Role of ${m.user.name}`}
                  value={m.role}
                  disabled={busy}
                  onChange={(e) => {
                    const role = (e.target as HTMLSelectElement).value;
                    run(async () => {
                      await api(tokens, 'PATCH', memberPath(target, m.email), { role });
                      return `${m.user.name} now: ${roleLabels[role as Member['role']].toLowerCase()}.`;
                    });
                  }}
                >
                  {grantableRoles.map((r) => (
                    <option key={r} value={r}>
                      {roleLabels[r]}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  aria-label={`Remove ${m.user.name}`}
                  disabled={busy}
                  onClick={() =>
                    run(async () => {
                      await api(tokens, 'DELETE', memberPath(target, m.email));
                      return `${m.user.name} removed.`;
                    })
                  }
                >
                  Remove
                </button>
              </span>
            ) : (
              <span class="muted member-role">{roleLabels[m.role]}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
