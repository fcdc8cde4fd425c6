import { WebSocket } from 'ws';
import * as Y from 'yjs';
import type { BenchConfig, Emit } from './config.js';
import { resultLine } from './result.js';
import { itemsMapName } from './roles.js';
import { withServer } from './scenarioS1.js';
import { buildBoardState } from './seedDoc.js';
import { summarize } from './stats.js';

function timed<T>(fn: () => T): [T, number] {
  const started = performance.now();
  const value = fn();
  return [value, performance.now() - started];
}

/** S0b: Yjs in-process costs (encode, cold load, a move update, apply rate, merge vs replay). */
function yjsMicrobench(config: BenchConfig, emit: Emit): void {
  const [state, encodeMs] = timed(() => buildBoardState());
  const [doc, loadMs] = timed(() => {
    const d = new Y.Doc();
    Y.applyUpdate(d, state);
    return d;
  });
  const updates: Uint8Array[] = [];
  doc.on('update', (u: Uint8Array) => updates.push(u));
  const items = doc.getMap<Y.Map<unknown>>(itemsMapName);
  const moves = config.quick ? 2_000 : 20_000;
  for (let i = 0; i < moves; i++) {
    const item = items.get(`item-${(i % 10_000).toString(36).padStart(5, '0')}`);
    doc.transact(() => {
      item?.set('x', i);
      item?.set('y', i);
    });
  }
  const replica = new Y.Doc();
  Y.applyUpdate(replica, state);
  const [, applyMs] = timed(() => {
    for (const u of updates) Y.applyUpdate(replica, u);
  });
  const [, mergeMs] = timed(() => Y.mergeUpdates(updates));
  const moveBytes = updates.reduce((a, u) => a + u.length, 0) / Math.max(1, updates.length);
  emit(
    resultLine({
      server: 'yjs-in-process',
      version: 'yjs 13.6.33',
      scenario: 'S0b',
      params: { items: 10_000, moves },
      extra: { encode10kMs: encodeMs, stateBytes: state.length, coldLoadMs: loadMs, moveUpdateBytes: moveBytes, appliesPerS: (moves / applyMs) * 1000, mergeUpdatesMs: mergeMs, replayMs: applyMs, keyFigure: 'appliesPerS' },
    }),
  );
  doc.destroy();
  replica.destroy();
}

/** S0c: round trips of a 32-byte message on one socket to the relay's `/echo`. */
async function echo(config: BenchConfig, emit: Emit): Promise<void> {
  const count = config.quick ? 1_000 : 5_000;
  await withServer('relay', async (server) => {
    const socket = new WebSocket(`${server.target.wsBase}/echo`, { perMessageDeflate: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const rtts: number[] = [];
    const payload = Buffer.alloc(32, 1);
    const errors: string[] = [];
    try {
      for (let i = 0; i < count; i++) {
        const started = performance.now();
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('echo timed out after 2 s')), 2_000);
          socket.once('message', () => {
            clearTimeout(timer);
            resolve();
          });
          socket.send(payload);
        });
        rtts.push(performance.now() - started);
      }
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
    } finally {
      socket.terminate();
    }
    emit(resultLine({ server: 'relay', version: server.version, scenario: 'S0c', params: { messages: count, bytes: 32 }, sent: count, ...summarize(rtts), errors, extra: { keyFigure: 'p50' } }));
  });
}

/** S0b and S0c (S0a is the relay's S1 run). */
export async function runS0(config: BenchConfig, emit: Emit): Promise<void> {
  yjsMicrobench(config, emit);
  await echo(config, emit);
}
