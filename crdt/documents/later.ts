/** Runs `task` after `delayMs`, or on the next event-loop turn for 0 (`setTimeout(0)` waits 1 ms); returns its cancel. */
export function later(delayMs: number, task: () => void): { cancel: () => void } {
  if (delayMs <= 0) {
    const immediate = setImmediate(task);
    return { cancel: () => clearImmediate(immediate) };
  }
  const timeout = setTimeout(task, delayMs);
  return { cancel: () => clearTimeout(timeout) };
}
