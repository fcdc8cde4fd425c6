import { describe, expect, it } from 'vitest';
import { startOurs } from '../../bench/realtime/oursServer.js';
import { resultLine } from '../../bench/realtime/result.js';
import { removeDataDir } from '../../bench/realtime/serverKit.js';
import { boardMemoryTable } from '../../bench/realtime/summary.js';

describe("S3's memory per open board", () => {
  it('lists RSS per board for every server and the heap per board where the server reported it', () => {
    const params = { boards: 500, writerRate: 2, probes: 1, sinksPerBoard: 2 };
    const ours = resultLine({ server: 'ours', version: '1', scenario: 'S3', params, extra: { rssPerBoardMB: 0.14, heapPerBoardKB: 52.5 } });
    const yws = resultLine({ server: 'yws', version: '1', scenario: 'S3', params, extra: { rssPerBoardMB: 0.12, heapPerBoardKB: null } });
    const table = boardMemoryTable([ours, yws]);
    expect(table.filter((row) => row.startsWith('| S3'))).toEqual([
      '| S3 boards=500 writerRate=2 probes=1 sinksPerBoard=2 | ours | 0.14 | 52.5 |',
      '| S3 boards=500 writerRate=2 probes=1 sinksPerBoard=2 | yws | 0.12 | – |',
    ]);
    expect(boardMemoryTable([resultLine({ server: 'ours', version: '1', scenario: 'S1', params: {} })])).toEqual([]);
  });

  it('asks our server for its heap after a full collection only when started with the heap report', async () => {
    const plain = await startOurs({});
    try {
      expect(plain.heapAfterGcMB).toBeUndefined();
    } finally {
      await plain.kill();
      removeDataDir(plain.dataDir);
    }
    const reporting = await startOurs({ heapReport: true });
    try {
      const first = await reporting.heapAfterGcMB!();
      const second = await reporting.heapAfterGcMB!();
      expect(first).toBeGreaterThan(1);
      expect(second).toBeGreaterThan(1);
    } finally {
      await reporting.kill();
      removeDataDir(reporting.dataDir);
    }
  }, 90_000);
});
