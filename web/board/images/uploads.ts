/** One upload as the page shows it: sending (with progress), or refused (with the reason). */
export interface UploadStatus {
  readonly key: number;
  readonly name: string;
  /** 0 to 1 while sending. */
  readonly fraction: number;
  /** Why it was refused; absent while it runs. */
  readonly error?: string;
}

let statuses: readonly UploadStatus[] = [];
let nextKey = 1;
const listeners = new Set<() => void>();

function publish(next: readonly UploadStatus[]): void {
  statuses = next;
  for (const listener of listeners) listener();
}

/** The uploads running and the refusals not yet dismissed. */
export function uploadStatuses(): readonly UploadStatus[] {
  return statuses;
}

/** Calls `listener` after every change; returns the unsubscribe function. */
export function subscribeUploads(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Starts showing an upload; returns its key. */
export function uploadStarted(name: string): number {
  const key = nextKey++;
  publish([...statuses, { key, name, fraction: 0 }]);
  return key;
}

/** Updates the fraction sent. */
export function uploadProgress(key: number, fraction: number): void {
  publish(statuses.map((s) => (s.key === key ? { ...s, fraction } : s)));
}

/** Stops showing a finished upload. */
export function uploadDone(key: number): void {
  publish(statuses.filter((s) => s.key !== key));
}

/** Shows why a file was refused until dismissed. */
export function uploadRefused(name: string, error: string, key = nextKey++): void {
  publish([...statuses.filter((s) => s.key !== key), { key, name, fraction: 0, error }]);
}

/** Dismisses a refusal. */
export function dismissUpload(key: number): void {
  uploadDone(key);
}
