import { DocumentError } from './errors.js';

/** Resolves as `stored` does, or rejects with `persist_timeout` once `timeoutMs` have passed (`DocumentRegistry.transact`); the store call itself goes on. */
export async function withPersistTimeout(stored: Promise<void>, boardId: string, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new DocumentError('persist_timeout', `Storing an update of ${boardId} took over ${timeoutMs} ms.`));
    }, timeoutMs);
  });
  try {
    await Promise.race([stored, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
