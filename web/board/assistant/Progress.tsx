/** A job's progress bar (indeterminate until the job reports progress); the API offers no way to cancel a job. */
export function Progress({ value, label }: { value: number | null; label: string }) {
  return (
    <div class="job-progress">
      <progress aria-label={label} max={1} {...(value === null ? {} : { value })} />
      <span class="muted">{value === null ? `${label}…` : `${label}… ${Math.round(value * 100)} %`}</span>
    </div>
  );
}
