import type * as Y from 'yjs';
import type { ConvergenceOp, ConvergenceScenario } from './convergenceModel.js';
import { pickFrom } from './convergenceModel.js';
import type { SyncClient } from './syncClient.js';
import { clientCreateSticky, clientDelete, clientEditText, clientItemIds, clientMove, connectSyncClient } from './syncClient.js';

/** How a scenario reaches the server: its URL, a token, the in-process document, and `fetch` for the API. */
export interface ConvergenceTarget {
  /** `http://host:port` */
  url: string;
  token: string;
  userId: string;
  boardId: string;
  /** The server's live document of the board (`services.documents.open`). */
  serverDoc(): Promise<Y.Doc>;
  api(method: string, pathname: string, body?: unknown): Promise<Response>;
}

/** A REST write of the scenario and how it was answered. */
export interface RestOutcome {
  op: ConvergenceOp['k'];
  status: number;
  code: string | undefined;
}

/** What REST answers are fine when other writers race: the item may be gone by the time the request lands. */
export function restOutcomeAllowed(outcome: RestOutcome): boolean {
  if (outcome.op === 'restCreate') return outcome.status === 201;
  if (outcome.status >= 200 && outcome.status < 300) return true;
  if (outcome.status === 404) return outcome.code === 'not_found';
  // A batch validated against a board where a moved or deleted item no longer exists names it as a field.
  return outcome.op === 'restBatch' && outcome.status === 422 && outcome.code === 'validation_failed';
}

/** The running clients and REST writes of a scenario. */
export interface ScenarioRun {
  clients: SyncClient[];
  rest: Promise<RestOutcome>[];
}

let created = 0;

async function answer(op: ConvergenceOp['k'], response: Promise<Response>): Promise<RestOutcome> {
  const res = await response;
  const text = await res.text();
  let code: string | undefined;
  if (res.status >= 400) {
    try {
      code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
    } catch {
      code = undefined;
    }
  }
  return { op, status: res.status, code };
}

/**
 * Runs the steps: client steps edit that client's document (online or not), REST steps are
 * sent without waiting so they race the clients, `settle` waits for the REST writes so far.
 * Returns the clients, all connected again, and every REST write (the caller awaits them).
 */
export async function runScenario(target: ConvergenceTarget, scenario: ConvergenceScenario): Promise<ScenarioRun> {
  const clients = Array.from({ length: scenario.clients }, () => connectSyncClient(target.url, target.boardId, target.token));
  const rest: Promise<RestOutcome>[] = [];
  await Promise.all(clients.map((c) => c.synced()));
  const items = `/boards/${target.boardId}/items`;
  const serverIds = async (): Promise<string[]> => clientItemIds(await target.serverDoc());
  for (const op of scenario.ops) {
    const client = 'c' in op ? clients[op.c % clients.length] : undefined;
    const doc = client?.doc;
    switch (op.k) {
      case 'clientCreate':
        created += 1;
        if (doc) clientCreateSticky(doc, `cli_${created}`, { ...op.at, text: op.text }, target.userId);
        break;
      case 'clientMove': {
        const id = doc && pickFrom(clientItemIds(doc), op.pick);
        if (doc && id) clientMove(doc, id, op.to.x, op.to.y);
        break;
      }
      case 'clientDelete': {
        const id = doc && pickFrom(clientItemIds(doc), op.pick);
        if (doc && id) clientDelete(doc, id);
        break;
      }
      case 'clientText': {
        const id = doc && pickFrom(clientItemIds(doc), op.pick);
        if (doc && id) clientEditText(doc, id, op.index, op.remove, op.insert);
        break;
      }
      case 'restCreate':
        rest.push(answer(op.k, target.api('POST', items, { type: 'sticky_note', position: op.at, data: { text: op.text } })));
        break;
      case 'restMove': {
        const id = pickFrom(await serverIds(), op.pick);
        if (id) rest.push(answer(op.k, target.api('PATCH', `${items}/${id}`, { position: op.to })));
        break;
      }
      case 'restText': {
        const id = pickFrom(await serverIds(), op.pick);
        if (id) rest.push(answer(op.k, target.api('PATCH', `${items}/${id}`, { data: { text: op.text } })));
        break;
      }
      case 'restDelete': {
        const id = pickFrom(await serverIds(), op.pick);
        if (id) rest.push(answer(op.k, target.api('DELETE', `${items}/${id}`)));
        break;
      }
      case 'restBatch': {
        const ids = await serverIds();
        const operations = [
          ...op.creates.map((position) => ({ op: 'create', type: 'sticky_note', position, data: { text: 'batch' } })),
          ...op.moves.flatMap((m) => {
            const id = pickFrom(ids, m.pick);
            return id ? [{ op: 'move', id, position: m.to }] : [];
          }),
          ...[...new Set(op.deletes.map((d) => pickFrom(ids, d)))].flatMap((id) => (id ? [{ op: 'delete', id }] : [])),
        ];
        if (operations.length > 0) rest.push(answer(op.k, target.api('POST', `${items}:batch`, { operations })));
        break;
      }
      case 'disconnect':
        client?.provider.disconnect();
        break;
      case 'reconnect':
        // Connecting an already connected provider is a no-op in y-websocket.
        client?.provider.connect();
        break;
      case 'settle':
        await Promise.all(rest);
        break;
    }
  }
  for (const c of clients) if (!c.provider.shouldConnect) c.provider.connect();
  return { clients, rest };
}
