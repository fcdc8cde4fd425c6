import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError, TokenSource, api, signInUrl } from '../api.js';
import { SignInPrompt, TopBar } from '../PageFrame.js';
import { errorText } from '../board/share/shareApi.js';
import { getMe, setName } from './meApi.js';
import type { Me, NotificationSettings } from './meApi.js';
import { NotificationSettingsForm } from './NotificationSettingsForm.js';
import './account.css';
import { Outcome } from '../board/share/Outcome.js';

/** The person's account (`/account`): their name, email, the workspace's notification settings, connected apps and sign out. */
export function AccountPage() {
  const tokens = useMemo(() => new TokenSource(), []);
  const [me, setMe] = useState<Me | null>(null);
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [name, setValue] = useState('');
  const [signedOut, setSignedOut] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const fail = (e: unknown) => {
    if (e instanceof ApiError && e.status === 401) setSignedOut(true);
    else setError(errorText(e));
  };

  useEffect(() => {
    document.title = 'Account · Boards';
    getMe(tokens).then((m) => {
      setMe(m);
      setValue(m.user.name);
    }, fail);
    api<NotificationSettings>(tokens, 'GET', '/me/notification-settings').then(setSettings, fail);
  }, []);

  if (signedOut) return <SignInPrompt href={signInUrl()} />;

  const saveName = async (event: Event) => {
    event.preventDefault();
    setError(null);
    setNotice(null);
    try {
      const updated = await setName(tokens, name.trim());
      setMe(updated);
      setValue(updated.user.name);
      setNotice('Name saved.');
    } catch (e) {
      fail(e);
    }
  };

  return (
    <div class="page">
      <TopBar userName={me?.user.name} />
      <main class="account">
        <h1>Your account</h1>
        <Outcome error={error} />
        {me === null ? (
          !error && <p class="muted">Loading…</p>
        ) : (
          <>
            <section aria-labelledby="account-profile">
              <h2 id="account-profile">Profile</h2>
              <form class="account-form" onSubmit={(e) => void saveName(e)} noValidate>
                <label for="account-name">Name</label>
                <input id="account-name" name="name" autocomplete="name" maxLength={200} value={name} onInput={(e) => setValue((e.target as HTMLInputElement).value)} />
                <button type="submit" class="primary">
                  Save name
                </button>
                <label for="account-email">Email</label>
                <input id="account-email" name="email" value={me.user.email} readOnly aria-describedby="account-email-note" />
                <span id="account-email-note" class="muted">
                  You sign in with this address.
                </span>
              </form>
              <Outcome notice={notice} />
            </section>
            <section aria-labelledby="account-notifications">
              <h2 id="account-notifications">Notification emails</h2>
              {settings && <NotificationSettingsForm tokens={tokens} settings={settings} canChange={me.workspace.role !== 'member'} workspaceName={me.workspace.name} onSaved={setSettings} />}
            </section>
            <section aria-labelledby="account-apps">
              <h2 id="account-apps">Connected apps</h2>
              <p>
                Apps you allowed to use your boards: <a href="/account/apps">manage connected apps</a>.
              </p>
            </section>
            <section aria-labelledby="account-signout">
              <h2 id="account-signout">Sign out</h2>
              <form method="post" action="/oauth/signout">
                <button type="submit">Sign out</button>
              </form>
            </section>
          </>
        )}
      </main>
    </div>
  );
}
