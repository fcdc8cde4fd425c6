import { churnTable } from './churnSummary.js';
import type { Figure, ResultLine } from './result.js';

/** Machine and versions recorded with every summary (BENCHMARK "Versions"). */
export interface MachineInfo {
  nproc: number;
  memoryGB: number;
  cpuModel: string;
  node: string;
  /** `NODE_OPTIONS` of our server: those of `npm start`, plus `BENCH_OURS_NODE_OPTIONS`. */
  oursNodeOptions: string;
  packages: Record<string, string>;
  command: string;
  startedAt: string;
  durationS: number;
}

const peers = new Set(['hocuspocus', 'yws']);
/** Figures shown per cell; lower is better for each. */
const shown: { label: string; get: (l: ResultLine) => Figure }[] = [
  { label: 'p50 ms', get: (l) => l.p50 },
  { label: 'p99 ms', get: (l) => l.p99 },
  { label: 'max ms', get: (l) => l.max },
  { label: 'CPU %', get: (l) => l.cpuPct },
  { label: 'CPU ms/1k deliveries', get: (l) => num(l.extra.cpuMsPer1kDeliveries) },
  { label: 'RSS MB', get: (l) => l.rssMaxMB },
  { label: 'key figure', get: (l) => num(l.extra[String(l.extra.keyFigure ?? '')]) },
];

function count(value: unknown): string {
  return typeof value === 'number' ? String(Math.round(value)) : '–';
}

function num(value: unknown): Figure {
  return typeof value === 'number' ? value : null;
}

/** The key that groups the same cell of different servers: scenario plus params (S0a pairs with S1). */
export function cellKey(line: ResultLine): string {
  const { reps: _reps, ...params } = line.params;
  const scenario = line.scenario === 'S0a' ? 'S1' : line.scenario;
  return `${scenario} ${Object.entries(params).map(([k, v]) => `${k}=${v}`).join(' ')}`;
}

function ratio(value: Figure, reference: Figure): string {
  if (value === null || reference === null || reference === 0) return '–';
  return `${(value / reference).toFixed(2)}×`;
}

function format(value: Figure): string {
  if (value === null) return '–';
  return Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(Math.abs(value) >= 10 ? 1 : 2);
}

/** A figure with its ratios to the raw relay (R) and to the best peer (P) of the same cell. */
function cell(value: Figure, relay: Figure, bestPeer: Figure): string {
  if (value === null) return '–';
  const parts = [format(value)];
  if (relay !== null) parts.push(`R ${ratio(value, relay)}`);
  if (bestPeer !== null) parts.push(`P ${ratio(value, bestPeer)}`);
  return parts.join(' · ');
}

/** The Markdown summary: one table row per cell and server, each figure with its ratio to the relay and the best peer. */
export function renderSummary(lines: readonly ResultLine[], machine: MachineInfo): string {
  const groups = new Map<string, ResultLine[]>();
  for (const line of lines) groups.set(cellKey(line), [...(groups.get(cellKey(line)) ?? []), line]);
  const out: string[] = [
    '# Realtime benchmark: latest run',
    '',
    `Command: \`${machine.command}\` · started ${machine.startedAt} · ${machine.durationS.toFixed(0)} s`,
    '',
    `Machine: ${machine.nproc} cores (${machine.cpuModel}), ${machine.memoryGB.toFixed(1)} GB · Node ${machine.node} · server on core 0, load generator on core 1`,
    '',
    `Our server runs with \`NODE_OPTIONS=${machine.oursNodeOptions}\` (those of \`npm start\`, then \`BENCH_OURS_NODE_OPTIONS\`); the peers get none added.`,
    '',
    `Packages: ${Object.entries(machine.packages).map(([k, v]) => `${k} ${v}`).join(', ')}`,
    '',
    'Each figure is followed by its ratio to the raw relay of the same cell (R, S0a) and to the best peer',
    '(P, the lower of Hocuspocus and @y/websocket-server). Lower is better everywhere. "key figure" is the',
    "scenario's own measure, named in the Key column. Loss = sent × probes − delivered at probes.",
    ...(lines.some((l) => l.params.phase === 'warm-up')
      ? [
          '',
          'In S1 every fresh server (the relay too) first takes writes at R=20 (`--server-warmup-ms`, 15 s by default), in the',
          '`phase=warm-up` rows: what a freshly started server gives while its code is being optimised. The steps after it are',
          'measured warm.',
        ]
      : []),
    '',
    `| Cell | Server | ${shown.map((s) => s.label).join(' | ')} | Key | Loss | Errors |`,
    `|---|---|${shown.map(() => '---').join('|')}|---|---|---|`,
  ];
  for (const [key, group] of groups) {
    const relay = group.find((l) => l.server === 'relay');
    const peerLines = group.filter((l) => peers.has(l.server) && l.errors.every((e) => !e.startsWith('n/a')));
    for (const line of group) {
      const figures = shown.map(({ get }) => {
        const peerValues = peerLines.map(get).filter((v): v is number => v !== null);
        const best = peerValues.length > 0 ? Math.min(...peerValues) : null;
        return cell(get(line), relay && relay !== line ? get(relay) : null, line.server === 'ours' ? best : null);
      });
      const probes = typeof line.params.probes === 'number' ? line.params.probes : 2;
      const loss = line.sent !== null && line.deliveredAtProbes !== null ? String(line.sent * probes - line.deliveredAtProbes) : '–';
      const errors = line.errors.length === 0 ? '' : line.errors.join('; ').replace(/\|/g, '/').slice(0, 160);
      out.push(`| ${key} | ${line.server} ${line.version} | ${figures.join(' | ')} | ${String(line.extra.keyFigure ?? '')} | ${loss} | ${errors} |`);
    }
  }
  out.push(...holdTable(lines));
  out.push(...boardMemoryTable(lines));
  out.push(...abuseOutcomes(lines));
  out.push(...churnTable(lines));
  out.push('', 'Raw lines: the matching `bench/results/<timestamp>.jsonl` (not committed).', '');
  return out.join('\n');
}

/**
 * How long our server held the live updates of each cell (`bench/peers/sync-hold.mjs`): from
 * reading an update's message to the first write of the relay that carries it, beside the
 * end-to-end latency at the probes. The rest of that latency is spent before the server reads the
 * message or after it writes it: in the kernel, the load generator, or the server's event loop
 * doing other work or waiting for its core.
 */
export function holdTable(lines: readonly ResultLine[]): string[] {
  const held = lines.filter((l) => l.server === 'ours' && typeof l.extra.holdP99Ms === 'number');
  if (held.length === 0) return [];
  const out = [
    '',
    '## Live updates held in our server',
    '',
    'From reading an update\'s message to the first socket write of its relay (a preload of the bench, `bench/peers/sync-hold.mjs`), beside',
    'the latency the probes saw. What the hold does not cover happened before the server read the message or after it wrote it.',
    '',
    '| Cell | probes p50 ms | probes p99 ms | held p50 ms | held p99 ms | updates | not relayed from their flush |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const l of held) {
    const e = l.extra;
    out.push(`| ${cellKey(l)} | ${format(l.p50)} | ${format(l.p99)} | ${format(num(e.holdP50Ms))} | ${format(num(e.holdP99Ms))} | ${count(e.holdSamples)} | ${count(e.holdUnrelayed)} |`);
  }
  return out;
}

/** S3's memory per open board: RSS for every server, and for ours the live V8 heap (after a full collection) as well. */
export function boardMemoryTable(lines: readonly ResultLine[]): string[] {
  const s3 = lines.filter((l) => l.scenario === 'S3');
  if (s3.length === 0) return [];
  const out = [
    '',
    '## S3: memory per open board',
    '',
    'RSS: the highest RSS in the window less the RSS before the clients connected, per board. Heap (ours, `bench/peers/heap-report.mjs`):',
    'the V8 heap in use after a full collection, after the window less before the clients connected, per board; RSS also holds garbage not yet collected.',
    '',
    '| Cell | server | RSS per board MB | heap per board KB |',
    '|---|---|---|---|',
  ];
  for (const l of s3) out.push(`| ${cellKey(l)} | ${l.server} | ${format(num(l.extra.rssPerBoardMB))} | ${format(num(l.extra.heapPerBoardKB))} |`);
  return out;
}

/** What each server did to S9's abusers (close codes as `code×count`), from the abused cells. */
export function abuseOutcomes(lines: readonly ResultLine[]): string[] {
  const abused = lines.filter((l) => l.scenario === 'S9' && l.params.abuse === 'all');
  if (abused.length === 0) return [];
  const text = (value: unknown): string => (value === undefined || value === null || value === '' ? '–' : String(value));
  const out = [
    '',
    '## S9: what each server did to the abusers',
    '',
    'Flood: 5,000 updates/s from one socket, reconnecting 50 ms after each close. Oversized: 10 MB update messages, each on a',
    'connection of its own; what became of each: its close code, `open` when the server took it, `no handshake` when the server',
    'did not answer the upgrade within 3 s. Slow reader: joins and never reads. No credentials: 50 connections/s without a token.',
    '',
    '| Server | p99 under abuse ÷ calm | server alive | flood sent | flood connections | flood closes | oversized | slow reader | no-credential connections served / opened | their closes |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const l of abused) {
    const e = l.extra;
    out.push(
      `| ${l.server} | ${typeof e.p99VsCalm === 'number' ? `${format(e.p99VsCalm)}×` : '–'} | ${e.serverAlive === 1 ? 'yes' : e.serverAlive === 0 ? '**no**' : '–'} | ${text(e.floodSent)} | ${text(e.floodConnections)} | ${text(e.floodCloses)} | ${text(e.bigFrameOutcomes)} | ${text(e.slowReader)} | ${text(e.noAuthServed)} / ${text(e.noAuthOpened)} | ${text(e.noAuthCloses)} |`,
    );
  }
  return out;
}
