import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/open';
import { getEndpointById, insertEndpoint } from '../db/queries/endpoints';
import { listEpisodesByRun, listSteps } from '../db/queries/episodes';
import { getRunById, insertRun } from '../db/queries/runs';
import { getRunView } from '../db/queries/views';
import { endpointInputSchema } from '../lib/endpoints/schema';
import { ictConfigSchema } from '../lib/ict/config';
import { completion } from '../lib/llm/testing/openai-fixtures';
import { reply, startScriptedServer, type ScriptedServer } from '../lib/llm/testing/scripted-server';
import { startWorker, type WorkerHandle } from './worker';

// ICT runs with LLM actor and reflector through the worker, the DB and the real HTTP client,
// against a scripted OpenAI-compatible server on loopback.

const KEY = 'sk-worker-test-SECRET-42';
let worker: WorkerHandle | null = null;
let server: ScriptedServer | null = null;
afterEach(async () => {
  await worker?.stop();
  await server?.close();
  worker = null;
  server = null;
});

async function until<T>(fn: () => T | undefined | false, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

type Msg = { role: string; content: string };
const IMPROVED = 'You are a careful household agent.\nAlways open closed receptacles before taking things from them.';

function queueLlmRun(db: Db, baseUrl: string, endpoint: object = {}) {
  const id = insertEndpoint(db, endpointInputSchema.parse({ name: 'scripted', baseUrl, model: 'qwen-test', apiKey: KEY, timeoutMs: 5000, ...endpoint }));
  const { maskedKey: _m, createdAt: _c, updatedAt: _u, ...snapshot } = getEndpointById(db, { id })!;
  const config = {
    ...ictConfigSchema.parse({ name: 'llm', env: 'household', batchSize: 2, metaTurns: 2, valTasks: 2, actor: id, reflector: id }),
    actorEndpoint: snapshot,
    reflectorEndpoint: snapshot,
  };
  return insertRun(db, { name: 'llm', kind: 'ict', config, seed: 1 });
}

describe('an ICT run with LLM actor and reflector', () => {
  it('completes with the expected episodes, prompts from the reflector, and stored calls', async () => {
    server = await startScriptedServer();
    server.handler = (req) => {
      const messages = (req.json as { messages: Msg[] }).messages;
      if (messages[0].content.includes('IMPROVED PROMPT')) {
        return reply.json(completion(`**ANALYSIS:** the actor never opened anything.\n\n**IMPROVED PROMPT:**\n${IMPROVED}`, { usage: { prompt: 900, completion: 60 } }));
      }
      const user = messages.at(-1)!.content;
      const action = user.includes('go to cabinet 1') ? 'go to cabinet 1' : 'look';
      return reply.json(completion(`Thought: let me explore.\nAction: ${action}`, { usage: { prompt: 300, completion: 12 } }));
    };
    const db = openDatabase(':memory:');
    const runId = queueLlmRun(db, server.baseUrl);
    worker = startWorker(db, { pollMs: 20, heartbeatMs: 50, log: () => undefined });
    const run = await until(() => {
      const r = getRunById(db, { id: runId });
      return r && ['done', 'failed'].includes(r.status) && r;
    });
    expect(run.error).toBeNull();
    expect(run.status).toBe('done');

    const view = getRunView(db, { id: runId })!;
    expect(view.metaTurns.map((m) => m.systemPrompt)).toEqual([expect.stringContaining('household'), IMPROVED]);
    expect(view.metaTurns[0].analysis).toBe('the actor never opened anything.');
    expect(view.metaTurns[1].nextPrompt).toBe(IMPROVED);
    expect(view.episodes).toHaveLength(2 * (2 + 2));
    expect(view.episodes.every((e) => e.status === 'done' && e.stepCount === 30)).toBe(true);

    const steps = listSteps(db, { episodeId: view.episodes[0].id });
    expect(steps[0].calls![0]).toMatchObject({ model: 'test-model', promptTokens: 300, completionTokens: 12, reply: expect.stringContaining('Action:') });
    expect(steps[0].calls![0].messages[0]).toEqual({ role: 'system', content: view.metaTurns[0].systemPrompt });
    const actorCalls = 8 * 30;
    expect(view.stats.usage.actor).toMatchObject({ calls: actorCalls, promptTokens: actorCalls * 300, completionTokens: actorCalls * 12, failedCalls: 0 });
    expect(view.stats.usage.reflector).toMatchObject({ calls: 2, promptTokens: 1800 });
    // The key went out as a bearer token and is stored nowhere in the run.
    expect(server.requests[0].headers.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.stringify(view)).not.toContain(KEY);
  });

  it('ends failed with a clear message when the endpoint rejects the key, keeping stored episodes', async () => {
    server = await startScriptedServer();
    server.handler = () => reply.json({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } }, { status: 401 });
    const db = openDatabase(':memory:');
    const runId = queueLlmRun(db, server.baseUrl);
    worker = startWorker(db, { pollMs: 20, heartbeatMs: 50, log: () => undefined });
    const run = await until(() => {
      const r = getRunById(db, { id: runId });
      return r && ['done', 'failed'].includes(r.status) && r;
    });
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/auth/);
    expect(run.error).toContain('Incorrect API key provided');
    expect(run.error).not.toContain(KEY);
    const eps = listEpisodesByRun(db, { runId });
    expect(eps.length).toBeGreaterThan(0);
    expect(eps.every((e) => e.status === 'errored' && /auth/.test(e.error ?? ''))).toBe(true);
    // The failed call is kept with the episode and counted.
    const usage = getRunView(db, { id: runId })!.stats.usage.actor;
    expect(usage.failedCalls).toBe(eps.length);
    expect(usage.calls).toBe(eps.length);
  });

  it('gives up after the endpoint\'s retry budget, records each episode as errored, and ends the run failed', async () => {
    server = await startScriptedServer();
    server.handler = () => reply.json({ object: 'error', message: 'The server is overloaded', type: 'ServiceUnavailable', code: 503 }, { status: 503 });
    const db = openDatabase(':memory:');
    const runId = queueLlmRun(db, server.baseUrl, { maxRetries: 1 });
    worker = startWorker(db, { pollMs: 20, heartbeatMs: 50, log: () => undefined });
    const run = await until(() => {
      const r = getRunById(db, { id: runId });
      return r && ['done', 'failed'].includes(r.status) && r;
    });
    expect(run.status).toBe('failed');
    expect(run.error).toContain('every episode of meta-turn 0 errored');
    expect(run.error).toContain('The server is overloaded');
    const eps = listEpisodesByRun(db, { runId });
    expect(eps).toHaveLength(2 + 2);
    expect(eps.every((e) => e.status === 'errored' && /gave up after 2 attempts/.test(e.error ?? ''))).toBe(true);
    // One request and one retry per episode: the configured budget, not the client's default of 5.
    expect(server.requests).toHaveLength(eps.length * 2);
  });
});
