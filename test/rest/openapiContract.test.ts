import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { generateClientTypes } from '../../client/generate.js';
import type { TestServer } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';

interface Operation {
  operationId: string;
  tags: string[];
  requestBody?: { content: Record<string, { schema: unknown; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
}
let t: TestServer;
let doc: {
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, { items?: { oneOf?: { $ref: string }[] } }> }> };
};

beforeAll(async () => {
  t = await startTestServer();
  doc = await json(await fetch(`${t.baseUrl}/openapi.json`));
});
afterAll(() => t.stop());

const operations = () => Object.values(doc.paths).flatMap((methods) => Object.values(methods));

describe('OpenAPI document for generators', () => {
  test('every request body has an example the operation accepts', () => {
    for (const route of t.server.routes) {
      if (!route.body) continue;
      expect(route.bodyExample, `${route.operationId} needs a bodyExample`).toBeDefined();
      const parsed = route.body.safeParse(route.bodyExample);
      expect(parsed.success, `${route.operationId}: ${parsed.error?.message ?? ''}`).toBe(true);
      const op = operations().find((o) => o.operationId === route.operationId);
      expect(op?.requestBody?.content['application/json']?.example).toEqual(route.bodyExample);
    }
  });

  test('resources are named component schemas that operations refer to', () => {
    const names = Object.keys(doc.components.schemas);
    for (const name of ['Board', 'Space', 'Item', 'Member', 'Person', 'PublicLink', 'ItemType', 'Error', 'ErrorEnvelope', 'BoardPage', 'ItemPage', 'BatchResult']) {
      expect(names).toContain(name);
    }
    const getBoard = operations().find((o) => o.operationId === 'getBoard');
    expect(getBoard?.responses['200']?.content?.['application/json']?.schema.$ref).toBe('#/components/schemas/Board');
  });

  test('the batch body lists its real operations', () => {
    const batch = operations().find((o) => o.requestBody && JSON.stringify(o.requestBody).includes('BatchRequest'));
    expect(batch).toBeDefined();
    const oneOf = doc.components.schemas.BatchRequest?.properties?.operations?.items?.oneOf?.map((r) => r.$ref);
    expect(oneOf).toEqual(['Create', 'Move', 'Resize', 'Delete'].map((op) => `#/components/schemas/Batch${op}Operation`));
    for (const ref of oneOf ?? []) expect(doc.components.schemas[ref.split('/').at(-1) ?? '']).toBeDefined();
  });

  test('top-level tags describe every group the operations use', () => {
    const described = new Map(doc.tags.map((tag) => [tag.name, tag.description]));
    for (const op of operations()) for (const tag of op.tags) expect(described.get(tag), tag).toMatch(/\w/);
  });

  test('openapi-typescript generates types that type-check, with named resource types', { timeout: 180_000 }, async () => {
    const types = await generateClientTypes(doc);
    const dir = mkdtempSync(path.join(tmpdir(), 'boards-openapi-ts-'));
    try {
      writeFileSync(path.join(dir, 'schema.d.ts'), types);
      writeFileSync(
        path.join(dir, 'use.ts'),
        [
          "import type { components, paths } from './schema.js';",
          "type Board = components['schemas']['Board'];",
          "export const title = (board: Board): string => board.title;",
          "export type Page = components['schemas']['BoardPage']['data'][number]['id'];",
          "export type Create = paths['/boards']['post']['requestBody'];",
        ].join('\n'),
      );
      const program = ts.createProgram([path.join(dir, 'use.ts')], {
        strict: true,
        noEmit: true,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        target: ts.ScriptTarget.ES2022,
        types: [],
      });
      const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(problems).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('client/schema.d.ts is up to date (npm run client:generate)', async () => {
    expect(readFileSync(path.join('client', 'schema.d.ts'), 'utf8')).toBe(await generateClientTypes(doc));
  });
});
