import { batchOperationSchemas } from '../schemas/items.js';
import type { Route } from '../route.js';
import { McpToolRegistry } from './McpToolRegistry.js';
import { toolCatalogue } from './tools/toolCatalogue.js';

/** The markers around the generated tool table in docs/mcp.md. */
export const toolTableMarkers = { start: '<!-- mcp-tools:start (npm run docs:mcp writes this table) -->', end: '<!-- mcp-tools:end -->' } as const;

const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The Markdown table of the tools `/mcp` serves over `routes`: name, what it does, scope, effect, the REST operation. */
export function mcpToolTable(routes: readonly Route[]): string {
  const registry = new McpToolRegistry(toolCatalogue, routes, batchOperationSchemas);
  const rows = registry.tools.map((tool) => {
    const { annotations } = tool.spec;
    const effect = annotations.readOnlyHint ? 'read-only' : annotations.destructiveHint ? 'changes or removes' : 'adds';
    return `| \`${tool.spec.name}\` | ${cell(tool.spec.description)} | \`${tool.scope}\` | ${effect} | \`${tool.route.method} /v1${cell(tool.route.path)}\` |`;
  });
  return ['| Tool | What it does | Scope | Effect | REST operation |', '| --- | --- | --- | --- | --- |', ...rows].join('\n');
}

/** `doc` with the text between the tool table markers replaced by `table`; throws a `TypeError` without the markers. */
export function withToolTable(doc: string, table: string): string {
  const start = doc.indexOf(toolTableMarkers.start);
  const end = doc.indexOf(toolTableMarkers.end);
  if (start < 0 || end < start) throw new TypeError('docs/mcp.md lacks the tool table markers.');
  return `${doc.slice(0, start + toolTableMarkers.start.length)}\n${table}\n${doc.slice(end)}`;
}
