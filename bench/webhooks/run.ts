import path from 'node:path';
import { parseArgs } from 'node:util';
import { fullWebhookBench, runWebhookBench } from './webhookBench.js';

/**
 * `npm run bench:webhooks [-- --quick --rounds N --cpu-prof <dir> --receiver-in-process]`: the webhook section of
 * `npm run bench` alone: delivery throughput, and the REST create p50 with 10 webhooks against
 * none in the same run, with their ratio. `--quick` pushes fewer events through the dispatcher
 * (the throughput figures are then rough); `--rounds` sets the alternated rounds of 100 creates;
 * `--cpu-prof` writes the server's V8 CPU profile to that folder. The receiver runs in a process
 * of its own; `--receiver-in-process` runs it in the bench's process, beside the timed creates.
 */
const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false }, rounds: { type: 'string' }, 'cpu-prof': { type: 'string' }, 'receiver-in-process': { type: 'boolean', default: false } }, strict: true });
const rounds = values.rounds === undefined ? fullWebhookBench.rounds : Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1 || rounds > 100) {
  process.stderr.write('usage: npm run bench:webhooks [-- --quick --rounds N --cpu-prof <dir> --receiver-in-process]\n');
  process.exit(2);
}
const receiver = values['receiver-in-process'] ? ('in-process' as const) : ('process' as const);
const size = values.quick ? { singleHookEvents: 300, fanoutEvents: 100, rounds, receiver } : { ...fullWebhookBench, rounds, receiver };
const cpuProf = values['cpu-prof'];
const nodeArgs = cpuProf === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProf)}`];
const flags = [...(values.quick ? ['--quick'] : []), ...(values.rounds === undefined ? [] : [`--rounds ${rounds}`]), ...(receiver === 'in-process' ? ['--receiver-in-process'] : [])];
await runWebhookBench(`npm run bench:webhooks${flags.length === 0 ? '' : ` -- ${flags.join(' ')}`}`, size, nodeArgs);
