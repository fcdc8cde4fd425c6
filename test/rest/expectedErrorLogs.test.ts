import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ServiceError } from '../../server/errors.js';
import { translateLowerLayerError } from '../../rest/lowerLayerErrors.js';
import { errorHandler } from '../../rest/middleware/errorHandler.js';
import { requestContext } from '../../rest/middleware/requestContext.js';

describe('expected answers are not logged as errors', () => {
  let url: string;
  let close: () => Promise<void>;
  const logged: { level: number; msg: string; err?: { stack?: string } }[] = [];

  beforeAll(async () => {
    const app = new Koa();
    const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line) as (typeof logged)[number]) });
    app.use(requestContext({ logger, publicUrl: 'http://127.0.0.1' }));
    app.use(errorHandler(translateLowerLayerError));
    app.use((ctx) => {
      if (ctx.path === '/missing') throw new ServiceError('not_found', 'Board not found.');
      if (ctx.path === '/invalid') throw new ServiceError('validation_failed', 'title: Too long.');
      if (ctx.path === '/unoffered') throw new ServiceError('not_implemented', 'Not offered here.');
      throw new Error('a defect');
    });
    const server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(() => close());

  test.each([
    ['/missing', 404],
    ['/invalid', 422],
    ['/unoffered', 501],
  ])('%s answers %i and logs no error and no stack', async (path, status) => {
    logged.length = 0;
    expect((await fetch(`${url}${path}`)).status).toBe(status);
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
    expect(logged.some((line) => line.err?.stack !== undefined)).toBe(false);
  });

  test('a defect is still logged as an error with its stack', async () => {
    logged.length = 0;
    expect((await fetch(`${url}/defect`)).status).toBe(500);
    const line = logged.find((l) => l.level === 50);
    expect(line?.err?.stack).toContain('a defect');
  });
});
