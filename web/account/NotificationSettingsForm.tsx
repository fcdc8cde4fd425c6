import { useState } from 'preact/hooks';
import { api } from '../api.js';
import type { TokenSource } from '../api.js';
import { errorText } from '../board/share/shareApi.js';
import type { NotificationSettings } from './meApi.js';
import { Outcome } from '../board/share/Outcome.js';

const events: { key: keyof NotificationSettings['events']; label: string }[] = [
  { key: 'comments', label: 'New comments on shared boards' },
  { key: 'replies', label: 'Replies to comments' },
  { key: 'shares', label: 'A space or board shared with someone' },
  { key: 'boardUpdates', label: 'Changes to shared boards' },
];

/**
 * The workspace's notification emails: checkboxes and Save for workspace owners and admins (who
 * may change them, `PUT /v1/me/notification-settings`); the settings as text for other members.
 */
export function NotificationSettingsForm({
  tokens,
  settings,
  canChange,
  workspaceName,
  onSaved,
}: {
  tokens: TokenSource;
  settings: NotificationSettings;
  canChange: boolean;
  workspaceName: string;
  onSaved: (settings: NotificationSettings) => void;
}) {
  const [draft, setDraft] = useState<NotificationSettings>(settings);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (!canChange) {
    const on = events.filter((e) => settings.events[e.key]).map((e) => e.label.toLowerCase());
    return (
      <p class="muted">
        {settings.emailEnabled ? `${workspaceName} gets emails about: ${on.join(', ') || 'nothing'}.` : `${workspaceName} gets no notification emails.`} The
        workspace’s owner and admins change this.
      </p>
    );
  }

  const save = async (event: Event) => {
    event.preventDefault();
    setError(null);
    setNotice(null);
    try {
      const saved = await api<NotificationSettings>(tokens, 'PUT', '/me/notification-settings', draft);
      setDraft(saved);
      onSaved(saved);
      setNotice('Notification settings saved.');
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <form class="notification-form" onSubmit={(e) => void save(e)}>
      <p class="muted">For everyone in {workspaceName}.</p>
      <label>
        <input type="checkbox" name="emailEnabled" checked={draft.emailEnabled} onChange={(e) => setDraft({ ...draft, emailEnabled: (e.target as HTMLInputElement).checked })} /> Send
        notification emails
      </label>
      <fieldset disabled={!draft.emailEnabled}>
        <legend>Email about</legend>
        {events.map((item) => (
          <label key={item.key}>
            <input
              type="checkbox"
              name={item.key}
              checked={draft.events[item.key]}
              onChange={(e) => setDraft({ ...draft, events: { ...draft.events, [item.key]: (e.target as HTMLInputElement).checked } })}
            />{' '}
            {item.label}
          </label>
        ))}
      </fieldset>
      <button type="submit" class="primary">
        Save notification settings
      </button>
      <Outcome notice={notice} error={error} />
    </form>
  );
}
