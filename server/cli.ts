import { parseArgs } from 'node:util';
import type { Config } from './config.js';
import { ConfigError, loadConfig } from './config.js';
import { isPlanName, planNames } from './accounts/plans.js';
import type { PlanName } from './accounts/plans.js';
import type { Services } from './Services.js';
import { StartupError } from './StartupError.js';
import { UsageError } from './UsageError.js';

/** One `boards admin` command: its synopsis and what it does, for `--help`. */
interface AdminCommand {
  synopsis: string;
  description: string;
}

const plans = planNames.join('|');

/** The `boards admin` commands, in the order `--help` lists them. */
const adminCommands: Record<string, AdminCommand> = {
  'create-user': {
    synopsis: `--email E [--name N] [--plan ${plans}]`,
    description: 'Create a person and their workspace (they own it).',
  },
  'list-users': { synopsis: '', description: 'List every person: id, email, name, workspace and plan, one a line.' },
  'create-api-key': {
    synopsis: '--email E --scopes "user:read boards:read" [--name N]',
    description: 'Create an API key for the person; the key is printed once, alone on the last line of output.',
  },
  'list-api-keys': {
    synopsis: '--email E',
    description: "List the person's API keys (never the secrets): id, name, scopes, state, one a line.",
  },
  'revoke-api-key': { synopsis: '--email E --id KEY_ID', description: 'Revoke one of the person\'s API keys; it stops working at once.' },
  'set-plan': { synopsis: `--email E --plan ${plans}`, description: "Change the plan of the person's workspace." },
  'create-app': {
    synopsis: '--email E --name N --redirect-uri URI --scopes "user:read boards:read" [--description D] [--public] --accept-terms',
    description: "Register an OAuth app in the person's workspace; prints the client ID, then the client secret (none with --public).",
  },
  reindex: { synopsis: '[--board ID]', description: 'Rebuild the search index of every board (or of one), e.g. after restoring a backup.' },
  backup: {
    synopsis: '--to FILE',
    description: 'Back up the embedded store (BOARDS_DATA_DIR) into one new file, also while the server runs: everything acknowledged before it started is in it.',
  },
  restore: {
    synopsis: '--from FILE --data-dir DIR',
    description: 'Check a backup and restore it into DIR, a new or empty folder no server uses; then start the server with BOARDS_DATA_DIR=DIR.',
  },
};

const startHelp = `Usage: boards start

Start the server, configured by BOARDS_* environment variables (see .env.example). It listens on
BOARDS_HOST:BOARDS_PORT (default 127.0.0.1:8080) and stores data in BOARDS_DATA_DIR (default ./data).
SIGTERM or SIGINT stops it gracefully.
`;

function adminHelp(name: string): string {
  const command = adminCommands[name];
  return command ? `Usage: boards admin ${name}${command.synopsis ? ` ${command.synopsis}` : ''}\n\n${command.description}\n` : '';
}

const usage = `Usage:
  boards start                 Start the server (configured by BOARDS_* variables).
${Object.entries(adminCommands)
  .map(([name, command]) => `  boards admin ${name}${command.synopsis ? ` ${command.synopsis}` : ''}\n      ${command.description}`)
  .join('\n')}

Every command takes --help.
`;

function out(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function withServices<T>(config: Config, fn: (services: Services) => Promise<T>): Promise<T> {
  // Loaded on demand, so that `--help` and usage errors answer at once.
  const { withCommandServices } = await import('./commandServices.js');
  return withCommandServices(config, fn);
}

const backupOutput = { out, progress: (line: string) => process.stderr.write(`${line}\n`) };

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
      id: { type: 'string' },
      to: { type: 'string' },
      from: { type: 'string' },
      'data-dir': { type: 'string' },
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
    case 'list-users': {
      const rows = await withServices(config, async (s) => {
        const users = await s.accounts.listUsers();
        return Promise.all(users.map(async (user) => ({ user, workspace: await s.accounts.getWorkspace(user.workspaceId) })));
      });
      if (rows.length === 0) out('No users yet. Create one with: boards admin create-user --email E');
      for (const { user, workspace } of rows) out(`${user.id}\t${user.email}\t${user.name}\t${workspace.id}\t${workspace.plan}`);
      return;
    }
    case 'list-api-keys': {
      const email = required(values, 'email');
      const keys = await withServices(config, async (s) => s.apiKeys.list((await s.accounts.requireUserByEmail(email)).id));
      if (keys.length === 0) out(`No API keys for ${email}.`);
      for (const key of keys) out(`${key.id}\t${key.name}\t${key.scopes.join(' ')}\t${key.display}\t${keyState(key)}`);
      return;
    }
    case 'revoke-api-key': {
      const email = required(values, 'email');
      const id = required(values, 'id');
      const key = await withServices(config, async (s) => s.apiKeys.revoke((await s.accounts.requireUserByEmail(email)).id, id));
      out(`Revoked API key ${key.id} (${key.display}); it no longer works.`);
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
    case 'backup': {
      const { runBackup } = await import('./backupCommands.js');
      await runBackup(config, required(values, 'to'), backupOutput);
      return;
    }
    case 'restore': {
      const from = required(values, 'from');
      const dataDir = required(values, 'data-dir');
      const { runRestore } = await import('./backupCommands.js');
      await runRestore(config, from, dataDir, backupOutput);
      return;
    }
    default:
      throw new UsageError(command ? `Unknown admin command: ${command}` : 'An admin command is required.');
  }
}

function isHelp(arg: string): boolean {
  return arg === '--help' || arg === '-h' || arg === 'help';
}

function keyState(key: { revokedAt: number | null; expiresAt: number | null }): string {
  if (key.revokedAt !== null) return `revoked ${new Date(key.revokedAt).toISOString()}`;
  if (key.expiresAt !== null) return `active, expires ${new Date(key.expiresAt).toISOString()}`;
  return 'active';
}

/** Runs the `boards` command line; resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  let config: Config | undefined;
  try {
    if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
      process.stdout.write(usage);
      return command === undefined ? 1 : 0;
    }
    // Help needs no configuration: it works even while a BOARDS_* variable is wrong.
    if (command === 'start' && args.some(isHelp)) {
      process.stdout.write(startHelp);
      return 0;
    }
    if (command === 'admin') {
      const [sub, ...rest] = args;
      if (sub === undefined) throw new UsageError('An admin command is required.');
      if (isHelp(sub)) {
        process.stdout.write(usage);
        return 0;
      }
      if (!(sub in adminCommands)) throw new UsageError(`Unknown admin command: ${sub}`);
      if (rest.some(isHelp)) {
        process.stdout.write(adminHelp(sub));
        return 0;
      }
    }
    config = loadConfig();
    if (command === 'start') {
      if (args.length > 0) throw new UsageError(`boards start takes no arguments (it reads BOARDS_* variables): ${args.join(' ')}`);
      const { startServer } = await import('./main.js');
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
    // Loaded only on failure: `boards start` holds its port before the document and storage layers load.
    const [{ ServiceError }, { BackupError }] = await Promise.all([import('./errors.js'), import('../storage/index.js')]);
    if (error instanceof ConfigError || error instanceof ServiceError || error instanceof StartupError || error instanceof BackupError) {
      process.stderr.write(`boards: ${error.message}\n`);
      return 1;
    }
    // Anything else is a defect or an environment we did not foresee: one line, the stack on request.
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    process.stderr.write(`boards: ${command === 'start' ? 'the server could not start' : 'the command failed'}: ${detail}\n`);
    if (config && ['debug', 'trace'].includes(config.logLevel) && error instanceof Error) process.stderr.write(`${error.stack ?? ''}\n`);
    return 1;
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
