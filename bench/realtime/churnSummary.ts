import type { ResultLine } from './result.js';

/** A figure of `extra`, or '–'. */
function shown(value: unknown, digits = 1): string {
  return typeof value === 'number' ? value.toFixed(digits) : '–';
}

/**
 * S8, the churn soak, per server: RSS, heap, resident documents and open file descriptors at the
 * start, after the load and after the idle time, and their slopes over the load (per minute).
 */
export function churnTable(lines: readonly ResultLine[]): string[] {
  const soaks = lines.filter((l) => l.scenario === 'S8' && typeof l.extra.rssStartMB === 'number');
  if (soaks.length === 0) return [];
  const out = [
    '',
    '## S8: churn soak',
    '',
    'Short connections (join, sync, add one note, leave 100 ms later) spread evenly over the load, round-robin over the boards;',
    'then no client for the idle time. Sampled every 10 s (`--s8-sample-s`); slopes are least squares over the load samples.',
    'Heap and resident documents: ours only (`bench/peers/mem-report.mjs`); the peers do not tell. The target: resident',
    'documents back to 0 and RSS within 10% of its start after the idle time.',
    '',
    '| Server | connections / boards / s | RSS MB start → after load → after idle | RSS after idle ÷ start | RSS slope MB/min | heap MB start → load → idle | heap slope MB/min | resident docs load → idle | FDs start → load → idle | FD slope /min | failed |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const l of soaks) {
    const e = l.extra;
    const failed = l.sent !== null && typeof e.connectionsSynced === 'number' ? String(l.sent - e.connectionsSynced) : '–';
    out.push(
      `| ${l.server} ${l.version} | ${l.params.connections} / ${l.params.boards} / ${l.params.durationS} | ${shown(e.rssStartMB)} → ${shown(e.rssAfterLoadMB)} → ${shown(e.rssAfterIdleMB)} | ${shown(e.rssAfterIdleVsStart, 3)} | ${shown(e.rssSlopeMBPerMin, 2)} | ${shown(e.heapStartMB)} → ${shown(e.heapAfterLoadMB)} → ${shown(e.heapAfterIdleMB)} | ${shown(e.heapSlopeMBPerMin, 2)} | ${shown(e.residentDocsAfterLoad, 0)} → ${shown(e.residentDocsAfterIdle, 0)} | ${shown(e.fdsStart, 0)} → ${shown(e.fdsAfterLoad, 0)} → ${shown(e.fdsAfterIdle, 0)} | ${shown(e.fdSlopePerMin, 2)} | ${failed} |`,
    );
  }
  return out;
}
