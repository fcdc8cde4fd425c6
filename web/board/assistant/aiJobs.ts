import { ApiError, api } from '../../api.js';
import type { TokenSource } from '../../api.js';

/** How often a running job is asked about, in ms. */
const pollIntervalMs = 400;

interface Job {
  readonly id: string;
  readonly status: 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';
  readonly progress: number;
  readonly result: unknown;
  readonly error: { code: string; message: string } | null;
}

/** POSTs `body` (none when undefined) to `path`; answers the status and the JSON answer, or throws the error as an ApiError. */
async function post(tokens: TokenSource, path: string, body: unknown, headers: Record<string, string>, signal?: AbortSignal): Promise<{ status: number; answer: unknown }> {
  const { token } = await tokens.get();
  const response = await fetch(`/v1${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(signal ? { signal } : {}),
  });
  const answer = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  if (!response.ok) {
    if (response.status === 401) tokens.invalidate();
    throw new ApiError(response.status, answer?.error?.code ?? 'unknown', answer?.error?.message ?? response.statusText);
  }
  return { status: response.status, answer };
}

/**
 * Runs an AI operation and waits for its answer on the same request, which `signal` aborts (the
 * panel's Cancel): the server then stops the provider's call, writes nothing and gives the
 * credits back.
 */
export async function callAi<T>(tokens: TokenSource, path: string, body: unknown, signal: AbortSignal): Promise<T> {
  return (await post(tokens, path, body, {}, signal)).answer as T;
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * Cancels a job (`POST /jobs/{jobId}/cancel`): answers the job as it is then, or as it ended when
 * it finished first (409 `job_finished`).
 */
async function cancelJob(tokens: TokenSource, jobId: string): Promise<Job> {
  const path = `/jobs/${encodeURIComponent(jobId)}`;
  try {
    return (await post(tokens, `${path}/cancel`, undefined, {})).answer as Job;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'job_finished') return api<Job>(tokens, 'GET', path);
    throw error;
  }
}

/**
 * Runs an AI operation that may take a while (generate, modify, skill apply) as a job
 * (`Prefer: respond-async`) and polls `GET /jobs/{jobId}`, reporting its progress (0 to 1),
 * until it ends; answers its result or throws its error as an ApiError (code `cancelled` for a
 * job that was cancelled). When `signal` aborts (the panel's Cancel), the job is cancelled through
 * `POST /jobs/{jobId}/cancel` and followed until it ends: one that finished first answers its
 * result. An operation the server answers at once is answered as is.
 */
export async function runJob<T>(tokens: TokenSource, path: string, body: unknown, onProgress: (progress: number) => void, signal?: AbortSignal): Promise<T> {
  const { status, answer } = (await post(tokens, path, body, { Prefer: 'respond-async' })) as { status: number; answer: Job | null };
  if (status !== 202 || !answer) return answer as T;
  let job: Job = answer;
  let cancelSent = false;
  for (;;) {
    onProgress(job.progress);
    if (job.status === 'succeeded') return job.result as T;
    if (job.status === 'failed' || job.status === 'canceled') {
      throw new ApiError(200, job.error?.code ?? job.status, job.error?.message ?? `The job was ${job.status}.`);
    }
    if (signal?.aborted === true && !cancelSent) {
      cancelSent = true;
      job = await cancelJob(tokens, job.id);
      continue;
    }
    await pause(pollIntervalMs, cancelSent ? undefined : signal);
    if (signal?.aborted === true && !cancelSent) continue;
    job = await api<Job>(tokens, 'GET', `/jobs/${encodeURIComponent(job.id)}`);
  }
}

/** A person-readable sentence for an AI error: plan and credit problems said plainly. */
export function aiProblem(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'payment_required') return `Not enough AI credits or plan allowance: ${error.message}`;
    if (error.code === 'forbidden') return `Your role on this board does not allow this: ${error.message}`;
    if (error.code === 'ai_unavailable') return `The AI assistant is not available right now: ${error.message}`;
    if (error.code === 'ai_instruction_unsupported') return `The assistant cannot do that: ${error.message}`;
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
