/** A job's progress bar (indeterminate until the job reports progress); the API offers no way to cancel a job. */
export function Progress({ value, label }: { value: number | null; label: string }) {
  return (
    <div class="job-progress">
      <progress aria-label={label} max={1} {...(value === null ? {} : { value })} />
      <span class="muted">{value === null ? `${label}…` : `${label}… ${Math.round(value * 100)} %`}</span>
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
