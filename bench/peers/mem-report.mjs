// Preload (`node --import`) for our server: every 2 s prints
// `BENCH {"memReport":{"heapUsedMB":h,"residentDocs":n}}`, the V8 heap in use and the board
// documents the server holds in memory (`DocumentRegistry.stats().loadedDocuments`, the figure of
// the `boards_documents_loaded` gauge), without turning metrics on (prom-client would add its own
// memory to what S8 measures). The registry is found when it starts its idle sweep. Only the main
// thread reports: worker threads load preloads too. The class is the one the server runs
// (`ourClasses.mjs`).
import { isMainThread } from 'node:worker_threads';
import { ourClasses } from './ourClasses.mjs';

if (isMainThread && process.env.BENCH_REQUIRE_FROM) {
  let registry;
  await ourClasses({ DocumentRegistry: 'crdt/documents/DocumentRegistry.js' }, (_name, DocumentRegistry) => {
    for (const method of ['startSweeping', 'sweep']) {
      const original = DocumentRegistry.prototype[method];
      DocumentRegistry.prototype[method] = function (...args) {
        registry ??= this;
        return original.apply(this, args);
      };
    }
  });
  setInterval(() => {
    const memReport = { heapUsedMB: process.memoryUsage().heapUsed / 1048576, residentDocs: registry ? registry.stats().loadedDocuments : null };
    console.error(`BENCH ${JSON.stringify({ memReport })}`);
  }, 2_000).unref();
}
