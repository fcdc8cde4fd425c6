import { parseArgs } from 'node:util';
import type { Config } from './config.js';
import { ConfigError, databaseOptions, loadConfig } from './config.js';
import { isPlanName, planNames } from './accounts/plans.js';
import type { PlanName } from './accounts/plans.js';
import { createServices } from './Services.js';
import type { Services } from './Services.js';
import { ServiceError } from './errors.js';
import { startServer } from './main.js';
import { openDatabase } from '../storage/index.js';
import { systemClock } from '../storage/index.js';

const usage = `Usage:
  boards start                                   Start the server (configured by BOARDS_* variables).
  boards admin create-user --email E [--name N] [--plan ${planNames.join('|')}]
                                                 Create a person and their workspace.
  boards admin create-api-key --email E --scopes "user:read boards:read" [--name N]
                                                 Create an API key; the key is the last line of output.
  boards admin set-plan --email E --plan ${planNames.join('|')}
                                                 Change the plan of the person's workspace.
  boards admin create-app --email E --name N --redirect-uri URI --scopes "user:read boards:read"
                          [--description D] [--public] --accept-terms
                                                 Register an OAuth app in the person's workspace; prints the
                                                 client ID, then the client secret (none with --public).
  boards admin reindex [--board ID]              Rebuild the search index of every board (or of one).
`;

class UsageError extends Error {}

function out(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function withServices<T>(config: Config, fn: (services: Services) => Promise<T>): Promise<T> {
  const db = await openDatabase(databaseOptions(config));
  try {
    const services = await createServices(config, db, systemClock);
    try {
      return await fn(services);
    } finally {
      await services.close();
    }
  } finally {
    await db.close();
  }
}

function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required.`);
  return value;
}

function plan(value: string): PlanName {
  if (!isPlanName(value)) throw new UsageError(`--plan must be one of ${planNames.join(', ')}.`);
  return value;
}

async function admin(config: Config, args: string[]): Promise<void> {
  const [command, ...rest] = args;
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      board: { type: 'string' },
      name: { type: 'string' },
      plan: { type: 'string' },
      scopes: { type: 'string' },
      description: { type: 'string' },
      'redirect-uri': { type: 'string' },
      public: { type: 'boolean' },
      'accept-terms': { type: 'boolean' },
    },
    strict: true,
  });
  switch (command) {
    case 'create-user': {
      const email = required(values, 'email');
      const { user, workspace } = await withServices(config, (s) =>
        s.accounts.createUser({
          email,
          ...(values.name ? { name: values.name } : {}),
          plan: values.plan ? plan(values.plan) : 'basic',
        }),
      );
      out(`Created user ${user.id} <${user.email}> with workspace ${workspace.id} on the ${workspace.plan} plan.`);
      return;
    }
    case 'create-api-key': {
      const email = required(values, 'email');
      const scopes = required(values, 'scopes');
      const { key, secret } = await withServices(config, async (s) => {
        const user = await s.accounts.requireUserByEmail(email);
        return s.apiKeys.create({ userId: user.id, scopes, ...(values.name ? { name: values.name } : {}) });
      });
      out(`Created API key ${key.id} with scopes: ${key.scopes.join(' ')}. It is shown once; keep it safe:`);
      out(secret);
      return;
    }
    case 'create-app': {
      const email = required(values, 'email');
      if (values['accept-terms'] !== true) throw new UsageError('--accept-terms is required: registering accepts the developer terms.');
      const { app, clientSecret } = await withServices(config, async (s) => {
        const user = await s.accounts.requireUserByEmail(email);
        return s.oauth.apps.register({
          userId: user.id,
          name: required(values, 'name'),
          redirectUri: required(values, 'redirect-uri'),
          scopes: required(values, 'scopes'),
          isPublic: values.public === true,
          acceptedTerms: true,
          ...(values.description ? { description: values.description } : {}),
        });
      });
      out(`Registered OAuth app "${app.name}" (in development) with scopes: ${app.scopes.join(' ')}.`);
      out(`client_id: ${app.id}`);
      out(clientSecret === null ? 'No client secret: the app uses PKCE.' : `client_secret: ${clientSecret}`);
      return;
    }
    case 'reindex': {
      const board = values.board;
      const count = await withServices(config, async (s) => {
        const boardIds = typeof board === 'string' && board !== '' ? [board] : null;
        return s.search.reindexAll(boardIds, (done, total) => out(`Reindexed ${done}/${total} boards`));
      });
      out(`Search index rebuilt for ${count} board${count === 1 ? '' : 's'}.`);
      return;
    }
    case 'set-plan': {
      const email = required(values, 'email');
      const newPlan = plan(required(values, 'plan'));
      const workspace = await withServices(config, async (s) => {
        const user = await s.accounts.requireUserByEmail(email);
        return s.accounts.setPlan(user.workspaceId, newPlan);
      });
      out(`Workspace ${workspace.id} is now on the ${workspace.plan} plan.`);
      return;
    }
    default:
      throw new UsageError(command ? `Unknown admin command: ${command}` : 'An admin command is required.');
  }
}

/** Runs the `boards` command line; resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  try {
    if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
      process.stdout.write(usage);
      return command === undefined ? 1 : 0;
    }
    const config = loadConfig();
    if (command === 'start') {
      const server = await startServer(config);
      const stop = (signal: string) => {
        server.logger.info({ signal }, 'shutting down');
        server.close().then(
          () => process.exit(0),
          (error: unknown) => {
            server.logger.error({ err: error }, 'shutdown failed');
            process.exit(1);
          },
        );
      };
      process.once('SIGTERM', () => stop('SIGTERM'));
      process.once('SIGINT', () => stop('SIGINT'));
      return await new Promise<number>(() => {});
    }
    if (command === 'admin') {
      await admin(config, args);
      return 0;
    }
    throw new UsageError(`Unknown command: ${command}`);
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      process.stderr.write(`boards: ${error.message}\n\n${usage}`);
      return 2;
    }
    if (error instanceof ConfigError || error instanceof ServiceError) {
      process.stderr.write(`boards: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (invokedDirectly) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`boards: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
