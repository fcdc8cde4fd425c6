import { randomUUID } from 'node:crypto';
import v8 from 'node:v8';
import pino from 'pino';
import { expect, test } from 'vitest';
import type { SyncConnection } from '../../crdt/index.js';
import { ManualClock } from '../../storage/index.js';
import { LiveRights } from '../../server/realtime/LiveRights.js';
import type { SyncAdmission } from '../../server/realtime/syncDecision.js';

async function heapHolds(text: string): Promise<boolean> {
  let found = false;
  let tail = '';
  for await (const chunk of v8.getHeapSnapshot()) {
    const piece = tail + String(chunk);
    if (piece.includes(text)) found = true;
    tail = piece.slice(-text.length);
  }
  return found;
}

test('a tracked connection keeps a copy of its token, not the request URL it was sliced from', async () => {
  const decided: string[] = [];
  const rights = new LiveRights({
    decide: async (token) => {
      decided.push(token);
      return { code: 4401, reason: 'gone' };
    },
    clock: new ManualClock(),
    logger: pino({ level: 'silent' }),
  });
  const marker = `url-${randomUUID()}`;
  const connection = { boardId: 'brd_1', actor: { userId: 'usr_1' }, isOpen: true, pause: () => {}, close: () => {} } as unknown as SyncConnection;
  const admission: SyncAdmission = { boardId: 'brd_1', actor: { userId: 'usr_1' }, readOnly: false, grant: { kind: 'api_key', credentialId: 'key_1', userId: 'usr_1', workspaceId: 'wsp_1', expiresAtMs: null } };
  // In a function of its own, so that nothing here holds the URL or the slice afterwards.
  ((url: string) => rights.track(connection, url.slice(url.indexOf('token=') + 6), '127.0.0.1', admission, rights.begin()))(
    `http://localhost/v1/sync/brd_1?${marker}&token=bds_${'t'.repeat(40)}`,
  );
  expect(await heapHolds(marker)).toBe(false);
  rights.changed({ kind: 'board', subject: 'brd_1' });
  await expect.poll(() => decided).toEqual([`bds_${'t'.repeat(40)}`]);
}, 30_000);
