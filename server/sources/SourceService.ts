import type { Clock, Collection, Database } from '../../storage/index.js';
import type { SourceConnectionRecord } from '../../storage/schema/accounts.js';
import { accountCollections } from '../../storage/schema/accounts.js';
import { errors } from '../errors.js';
import type { SourceConnector } from './sourceCatalogue.js';
import { sourceCatalogue } from './sourceCatalogue.js';

/** A connector with the person's connection state. */
export interface SourceView extends SourceConnector {
  connected: boolean;
  accountLabel: string | null;
  connectedAt: number | null;
}

/** Source connectors and each person's connections to them. */
export class SourceService {
  readonly #connections: Collection<SourceConnectionRecord>;
  readonly #clock: Clock;

  constructor(db: Database, clock: Clock) {
    this.#connections = db.collection<SourceConnectionRecord>(accountCollections.sourceConnections);
    this.#clock = clock;
  }

  /** Every connector, with whether this person has connected it. */
  async list(userId: string): Promise<SourceView[]> {
    const connections = new Map((await this.#connections.find({ userId })).map((c) => [c.sourceId, c]));
    return sourceCatalogue.map((source) => {
      const connection = connections.get(source.id);
      return {
        ...source,
        connected: connection !== undefined,
        accountLabel: connection?.accountLabel ?? null,
        connectedAt: connection?.connectedAt ?? null,
      };
    });
  }

  /** Records that the person connected a source (called by the connector's OAuth callback). */
  async connect(userId: string, sourceId: string, accountLabel: string): Promise<void> {
    if (!sourceCatalogue.some((s) => s.id === sourceId)) throw errors.notFound('Source');
    await this.#connections.put({ id: `${userId}:${sourceId}`, userId, sourceId, accountLabel, connectedAt: this.#clock.now() });
  }

  /** Forgets the person's connection to a source. */
  async disconnect(userId: string, sourceId: string): Promise<void> {
    await this.#connections.deleteMany({ id: `${userId}:${sourceId}` });
  }
}
