import { useEffect, useState } from 'preact/hooks';
import { api } from '../../api.js';
import type { TokenSource } from '../../api.js';
import { linkRoles, mayOnBoard, mayOnSpace, roleLabels } from './roles.js';
import type { PublicLinkRole } from './roles.js';
import { errorText, targetPath } from './shareApi.js';
import type { PublicLink, ShareTarget } from './shareApi.js';
import { Outcome } from './Outcome.js';

/** The public link of a board or space: on or off and its role (admins and owners), and the address to copy. */
export function PublicLinkControls({ tokens, target }: { tokens: TokenSource; target: ShareTarget }) {
  const canConfigure = target.kind === 'board' ? mayOnBoard(target.role, 'publicLink') : mayOnSpace(target.role, 'publicLink');
  const [link, setLink] = useState<PublicLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const path = `${targetPath(target)}/public-link`;

  useEffect(() => {
    api<PublicLink>(tokens, 'GET', path).then(setLink, (e: unknown) => setError(errorText(e)));
  }, [target.id]);

  const put = async (body: { enabled: boolean; role?: PublicLinkRole }) => {
    setError(null);
    setCopied(false);
    try {
      setLink(await api<PublicLink>(tokens, 'PUT', path, body));
    } catch (e) {
      setError(errorText(e));
    }
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setError('The browser did not allow copying: select the address and copy it.');
    }
  };

  return (
    <section class="public-link" aria-label="Public link">
      <h3>Public link</h3>
      {link === null ? (
        !error && <p class="muted">Loading…</p>
      ) : canConfigure ? (
        <div class="public-link-controls">
          <label>
            <input type="checkbox" name="publicLinkEnabled" checked={link.enabled} onChange={(e) => void put({ enabled: (e.target as HTMLInputElement).checked, role: link.role })} />{' '}
            Anyone with the link
          </label>
          <select name="publicLinkRole" aria-label="Public link role" value={link.role} disabled={!link.enabled} onChange={(e) => void put({ enabled: true, role: (e.target as HTMLSelectElement).value as PublicLinkRole })}>
            {linkRoles.map((r) => (
              <option key={r} value={r}>
                {roleLabels[r]}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p class="muted">{link.enabled ? `On: anyone with the link ${roleLabels[link.role].toLowerCase()}.` : 'Off. Admins turn it on.'}</p>
      )}
      {link?.enabled && link.url && (
        <div class="public-link-url">
          <input readOnly aria-label="Public link address" name="publicLinkUrl" value={link.url} onFocus={(e) => (e.target as HTMLInputElement).select()} />
          <button type="button" onClick={() => void copy(link.url ?? '')}>
            {copied ? 'Copied' : 'Copy link'}
          </button>
        </div>
      )}
      {link?.enabled && target.kind === 'space' && <p class="muted">The link opens each board of this space; copy it from a board’s Share dialog.</p>}
      <Outcome error={error} />
    </section>
  );
}
