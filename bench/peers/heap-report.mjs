// Preload (`node --import`) for our server: on SIGUSR2, runs a full garbage collection (the
// server runs with --expose-gc, as `npm start` starts it) and prints
// `BENCH {"heapAfterGc":{"heapUsedMB":h,"n":k}}`, the V8 heap the server holds live (k counts the
// reports). No timer: it costs nothing until asked. S3 reads it before its clients connect and
// after its window. Only the main thread reports: worker threads load preloads too.
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  let n = 0;
  process.on('SIGUSR2', () => {
    if (typeof globalThis.gc !== 'function') return;
    globalThis.gc();
    n += 1;
    console.error(`BENCH ${JSON.stringify({ heapAfterGc: { heapUsedMB: process.memoryUsage().heapUsed / 1048576, n } })}`);
  });
}
