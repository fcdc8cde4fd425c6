import type { BoardApi } from '../content/restBench.js';
import { timedCall } from '../content/restBench.js';
import type { LatencySummary } from '../content/stats.js';
import { fmt, nowMs, summarize } from '../content/stats.js';

/** REST creates against MCP `tools/call create_item` on one board, alternated so drift hits both alike. */
export interface McpCreateCompare {
  readonly calls: number;
  readonly rest: LatencySummary;
  readonly mcp: LatencySummary;
  /** Median MCP latency over median REST latency (issue 52: within 1.5). */
  readonly ratio: number;
}

function stickyAt(i: number): { type: string; position: { x: number; y: number }; data: { text: string } } {
  return { type: 'sticky_note', position: { x: (i % 100) * 220, y: -220 - Math.floor(i / 100) * 220 }, data: { text: `MCP bench ${i}` } };
}

/**
 * One `tools/call` of `create_item` as an MCP client sends it to the stateless server after
 * `initialize`: one JSON-RPC POST to `/mcp`, answered once the item is durably stored.
 */
async function mcpCreate(api: BoardApi, id: number): Promise<number> {
  const start = nowMs();
  const res = await fetch(`${api.url}/mcp`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${api.key}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2025-11-25',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'create_item', arguments: { boardId: api.boardId, ...stickyAt(id) } } }),
  });
  const answer = (await res.json()) as { result?: { isError?: boolean } };
  if (res.status !== 200 || !answer.result || answer.result.isError) throw new Error(`tools/call create_item answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  return nowMs() - start;
}

/** `calls` REST creates and `calls` MCP creates on the board, one after the other in turn (after a few untimed of each). */
export async function measureMcpCreates(api: BoardApi, calls: number): Promise<McpCreateCompare> {
  const warm = 5;
  const rest: number[] = [];
  const mcp: number[] = [];
  for (let i = 0; i < warm + calls; i += 1) {
    const restMs = (await timedCall(api, 'POST', `/boards/${api.boardId}/items`, stickyAt(2 * i), 201)).clientMs;
    const mcpMs = await mcpCreate(api, 2 * i + 1);
    if (i < warm) continue;
    rest.push(restMs);
    mcp.push(mcpMs);
  }
  const restSummary = summarize(rest);
  const mcpSummary = summarize(mcp);
  return { calls, rest: restSummary, mcp: mcpSummary, ratio: mcpSummary.p50 / restSummary.p50 };
}

/** The comparison as a Markdown section of the bench report. */
export function renderMcpCreates(result: McpCreateCompare, items: number): string {
  const row = (name: string, s: LatencySummary): string => `| ${name} | ${fmt(s.p50, ' ms')} | ${fmt(s.p95, ' ms')} | ${fmt(s.max, ' ms')} |`;
  return [
    `## MCP \`tools/call create_item\` against REST creates (${items.toLocaleString('en')}-item board, ${result.calls} each, alternated)`,
    '',
    '| Door | p50 | p95 | max |',
    '| --- | --- | --- | --- |',
    row('`POST /v1/boards/{id}/items`', result.rest),
    row('`POST /mcp` tools/call `create_item`', result.mcp),
    '',
    `MCP / REST at the median: ${result.ratio.toFixed(2)}× (issue 52 asks within 1.5×).`,
  ].join('\n');
}
