// Preload (`node --import`) for @y/websocket-server's own `src/server.js`: counts LevelDB
// document loads (S4's "one storage read per board") and prints `BENCH {"storageReads":n}`
// after each. The server itself runs unchanged, configured by HOST, PORT and YPERSISTENCE.
import { LeveldbPersistence } from 'y-leveldb';

let storageReads = 0;
const getYDoc = LeveldbPersistence.prototype.getYDoc;
LeveldbPersistence.prototype.getYDoc = async function countedGetYDoc(...args) {
  storageReads += 1;
  const doc = await getYDoc.apply(this, args);
  console.log(`BENCH ${JSON.stringify({ storageReads })}`);
  return doc;
};
