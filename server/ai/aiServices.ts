import type { Logger } from 'pino';
import type { DocumentRegistry } from '../../crdt/index.js';
import type { Clock, Database } from '../../storage/index.js';
import type { AccessService } from '../access/AccessService.js';
import type { AccountService } from '../accounts/AccountService.js';
import type { UsageService } from '../accounts/UsageService.js';
import type { Config } from '../config.js';
import type { WriteEventJournal } from '../content/WriteEventJournal.js';
import type { RecordEventJournal } from '../boards/RecordEventJournal.js';
import type { DomainEvents } from '../events/DomainEvents.js';
import { JobService } from '../jobs/JobService.js';
import type { AiProvider } from './AiProvider.js';
import { AiService } from './AiService.js';
import { BuiltinProvider } from './builtin/BuiltinProvider.js';
import { refundCredits } from './credits.js';
import { CreditTally } from './CreditTally.js';
import { LazyOpenAiProvider } from './openai/lazyOpenAiProvider.js';
import type { ProcessOwner } from '../cluster/ProcessLiveness.js';

/** The configured provider: `builtin` (default) or `openai`. */
export function createProvider(ai: Config['ai']): AiProvider {
  if (ai.provider === 'builtin') return new BuiltinProvider();
  return new LazyOpenAiProvider({
    baseUrl: ai.baseUrl,
    apiKey: ai.apiKey,
    model: ai.model,
    timeoutMs: ai.timeoutMs,
    maxRetries: ai.maxRetries,
    structuredOutput: ai.structuredOutput,
  });
}

/** Wires the AI assistant and the job runner (the server fails jobs a previous process left running with `jobs.recoverInterrupted()`). */
export async function createAiServices(options: {
  config: Config;
  db: Database;
  clock: Clock;
  logger: Logger;
  access: AccessService;
  accounts: AccountService;
  usage: UsageService;
  documents: DocumentRegistry;
  events: DomainEvents;
  /** Where AI writes journal their events (the content services' `WriteEventJournal`). */
  journal: Pick<WriteEventJournal, 'write'>;
  /** A provider to use instead of the configured one (tests, benchmarks). */
  provider?: AiProvider;
  /** Where finished jobs journal their events (the boards' `RecordEventJournal`). */
  records: Pick<RecordEventJournal, 'record'>;
  /** With several processes, who owns stored jobs (see `JobServiceOptions.owner`). */
  owner?: ProcessOwner | undefined;
}): Promise<{ ai: AiService; jobs: JobService }> {
  const { config, db, clock, logger, usage } = options;
  const credits = new CreditTally();
  const jobs = new JobService({
    db,
    clock,
    logger,
    perWorkspace: config.ai.jobsPerWorkspace,
    ...(options.owner === undefined ? {} : { owner: options.owner }),
    // A finished job's `job.succeeded` / `job.failed` is journaled before its end is stored.
    records: options.records,
    refund: async (reservation) => {
      await refundCredits(usage, reservation);
      credits.refunded(reservation.credits);
    },
  });
  const provider = options.provider ?? createProvider(config.ai);
  logger.info({ provider: provider.name, model: provider.model, ...(provider.name === 'openai' ? { baseUrl: config.ai.baseUrl } : {}) }, 'AI assistant ready');
  const ai = new AiService({
    provider,
    access: options.access,
    accounts: options.accounts,
    usage,
    documents: options.documents,
    db,
    jobs,
    clock,
    journal: options.journal,
    credits,
  });
  return { ai, jobs };
}
