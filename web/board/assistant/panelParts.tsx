/** A request's progress bar (indeterminate until it reports progress), with a Cancel button when it can be canceled. */
export function Progress({ value, label, onCancel }: { value: number | null; label: string; onCancel?: () => void }) {
  return (
    <div class="job-progress">
      <progress aria-label={label} max={1} {...(value === null ? {} : { value })} />
      <span class="muted">{value === null ? `${label}…` : `${label}… ${Math.round(value * 100)} %`}</span>
      {onCancel && (
        <button type="button" class="progress-cancel" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}

/** The outcome line of a panel: what was done (a status) or what went wrong (an alert). */
export function Outcome({ notice, problem }: { notice: string | null; problem: string | null }) {
  return (
    <>
      {notice && (
        <p class="notice" role="status">
          {notice}
        </p>
      )}
      {problem && (
        <p class="panel-error" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
