import type { BoardApi } from '../content/restBench.js';
import { request } from '../content/restBench.js';
import { startBoards } from '../content/serverProcess.js';
import type { LatencySummary } from '../content/stats.js';
import { nowMs, summarize } from '../content/stats.js';
import { startFakeOpenAi } from './fakeOpenAiServer.js';

/** `ai/generate` timed on one provider: client latency and server time (`Server-Timing`), in ms. */
export interface GenerateTimes {
  client: LatencySummary;
  server: LatencySummary;
}

/** The openai path against the OpenAI-compatible server of the bench, with its own time taken out. */
export interface OpenAiGenerateTimes extends GenerateTimes {
  /** The fake endpoint's own time per request (arrival to answer written). */
  model: LatencySummary;
  /** Server time minus the endpoint's own time, per request: what the openai path costs besides the model. */
  overhead: LatencySummary;
}

/** One `ai/generate` of `items` sticky notes, `runs` times, on each provider. */
export interface AiGenerateResult {
  items: number;
  runs: number;
  builtin: GenerateTimes;
  /** The builtin provider on a small board (about 100 items), same server: what the board's size adds. */
  builtinSmall: GenerateTimes;
  openai: OpenAiGenerateTimes;
}

/** Options of `measureAiGenerate`. */
export interface AiGenerateOptions {
  /** The data dir of the stopped bench server (the board is read from it). */
  dataDir: string;
  key: string;
  boardId: string;
  /** A board of about 100 items: the same calls on it are the baseline of the board's size. */
  smallBoardId: string;
  core: number | undefined;
  items: number;
  runs: number;
}

/** A prompt the builtin planner turns into `items` sticky notes: one idea a line. */
function builtinPrompt(items: number): string {
  return Array.from({ length: items }, (_, i) => `Idea ${i + 1}: something worth trying`).join('\n');
}

/** A structured output of `items` sticky notes, as a model would answer the same prompt. */
function modelPlan(items: number): string {
  return JSON.stringify({
    rationale: `${items} ideas, one note each.`,
    items: Array.from({ length: items }, (_, i) => ({ ref: `n${i}`, type: 'sticky_note', x: (i % 5) * 260, y: Math.floor(i / 5) * 260, data: { text: `Idea ${i + 1}` } })),
  });
}

/** One call without `position`: the notes go in the free space nearest 0,0, in the middle of the board's 10k items. */
async function generate(api: BoardApi, prompt: string, items: number): Promise<{ clientMs: number; serverMs: number }> {
  const start = nowMs();
  const { body, serverMs } = await request(api.url, api.key, 'POST', `/boards/${api.boardId}/ai/generate`, { prompt }, 201);
  const clientMs = nowMs() - start;
  const created = (body as { items?: unknown[] }).items?.length;
  if (created !== items) throw new Error(`ai/generate created ${String(created)} items, expected ${items}`);
  return { clientMs, serverMs };
}

/**
 * `ai/generate` of `items` notes on the board (10k items), `runs` sequential calls on the builtin
 * provider, then the same on the openai provider against an OpenAI-compatible server started
 * here (answering a fixed plan at once): each on a fresh server process over the data dir.
 */
export async function measureAiGenerate(options: AiGenerateOptions): Promise<AiGenerateResult> {
  const pin = options.core === undefined ? {} : { core: options.core };
  const builtinServer = await startBoards({ dataDir: options.dataDir, ...pin });
  const builtin: { clientMs: number; serverMs: number }[] = [];
  const builtinSmall: { clientMs: number; serverMs: number }[] = [];
  try {
    const prompt = builtinPrompt(options.items);
    for (const [boardId, times] of [[options.boardId, builtin], [options.smallBoardId, builtinSmall]] as const) {
      const api: BoardApi = { url: builtinServer.url, key: options.key, boardId };
      // The first call loads the board; it is not counted.
      await generate(api, prompt, options.items);
      for (let i = 0; i < options.runs; i += 1) times.push(await generate(api, prompt, options.items));
    }
  } finally {
    await builtinServer.stop();
  }
  const fake = await startFakeOpenAi(() => ({ kind: 'json', content: modelPlan(options.items) }));
  const openai: { clientMs: number; serverMs: number; modelMs: number }[] = [];
  try {
    const env = { BOARDS_AI_PROVIDER: 'openai', BOARDS_AI_BASE_URL: fake.baseUrl, BOARDS_AI_API_KEY: 'sk-bench', BOARDS_AI_MODEL: 'fake-model', BOARDS_AI_MAX_RETRIES: '0' };
    const server = await startBoards({ dataDir: options.dataDir, ...pin, env });
    try {
      const api: BoardApi = { url: server.url, key: options.key, boardId: options.boardId };
      await generate(api, 'Ideas for the offsite', options.items);
      for (let i = 0; i < options.runs; i += 1) {
        const timed = await generate(api, 'Ideas for the offsite', options.items);
        openai.push({ ...timed, modelMs: fake.lastAnswerMs() });
      }
    } finally {
      await server.stop();
    }
  } finally {
    await fake.close();
  }
  return {
    items: options.items,
    runs: options.runs,
    builtin: { client: summarize(builtin.map((t) => t.clientMs)), server: summarize(builtin.map((t) => t.serverMs)) },
    builtinSmall: { client: summarize(builtinSmall.map((t) => t.clientMs)), server: summarize(builtinSmall.map((t) => t.serverMs)) },
    openai: {
      client: summarize(openai.map((t) => t.clientMs)),
      server: summarize(openai.map((t) => t.serverMs)),
      model: summarize(openai.map((t) => t.modelMs)),
      overhead: summarize(openai.map((t) => t.serverMs - t.modelMs)),
    },
  };
}
