/** What an action in a dialog or form came to: a notice (role="status") and an error (role="alert"), each when there is one. */
export function Outcome({ notice, error }: { notice?: string | null; error?: string | null }) {
  return (
    <>
      {notice && (
        <p class="notice" role="status">
          {notice}
        </p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
