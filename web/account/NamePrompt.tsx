import { useEffect, useMemo, useState } from 'preact/hooks';
import { TokenSource } from '../api.js';
import { Dialog } from '../board/share/Dialog.js';
import { errorText } from '../board/share/shareApi.js';
import { getMe, setName } from './meApi.js';

/**
 * Asks a signed-in person their name once, when their account still has the one made from their
 * email (`nameChosen` false); saving, or keeping that name, records it so they are not asked again.
 */
export function NamePrompt({ onNamed }: { onNamed?: (name: string) => void }) {
  // Its own dashboard token: a board page's token has no `user:write`.
  const tokens = useMemo(() => new TokenSource(), []);
  const [name, setValue] = useState<string | null>(null);
  const [original, setOriginal] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    getMe(tokens).then(
      (me) => {
        if (me.user.nameChosen) return;
        setOriginal(me.user.name);
        setValue(me.user.name);
      },
      () => undefined,
    );
  }, []);

  if (name === null) return null;

  const save = async (value: string) => {
    setError(null);
    try {
      const me = await setName(tokens, value.trim());
      setValue(null);
      onNamed?.(me.user.name);
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    // Closing keeps the name the account has, which counts as chosen.
    <Dialog title="What should we call you?" onClose={() => void save(original)}>
      <form
        class="name-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save(name);
        }}
      >
        <p class="muted">People you share boards with see this name.</p>
        <input name="name" aria-label="Your name" autocomplete="name" maxLength={200} value={name} onInput={(e) => setValue((e.target as HTMLInputElement).value)} />
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <div class="name-actions">
          <button type="button" onClick={() => void save(original)}>
            Keep “{original}”
          </button>
          <button type="submit" class="primary">
            Save name
          </button>
        </div>
      </form>
    </Dialog>
  );
}
