// Hocuspocus 4.7.0 as one process of a cluster: `@hocuspocus/extension-redis` 4.7.0 between the
// processes (Redis at REDIS_URL) and `@hocuspocus/extension-sqlite` on one SQLite file that every
// process of the cluster shares (HP_DB; default debounce 2 s / maxDebounce 10 s). Listens on
// 127.0.0.1:PORT and prints `BENCH {"port":n}` once listening (bench:cluster).
import { Redis } from '@hocuspocus/extension-redis';
import { SQLite } from '@hocuspocus/extension-sqlite';
import { Server } from '@hocuspocus/server';

const redisUrl = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const sqlite = new SQLite({ database: process.env.HP_DB ?? ':memory:' });
const redis = new Redis({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
const server = new Server({ port: Number(process.env.PORT ?? 0), address: '127.0.0.1', quiet: true, extensions: [redis, sqlite] });
await server.listen();
// Two processes open the one SQLite file: wait for the other's write lock rather than fail.
sqlite.db?.pragma('busy_timeout = 5000');
console.log(`BENCH ${JSON.stringify({ port: server.address.port })}`);
