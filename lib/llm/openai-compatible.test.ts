import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LlmError } from './errors';
import { chunk, completion, streamOf } from './testing/openai-fixtures';
import { modelFor, TEST_KEY, user } from './testing/model-harness';
import { reply, startScriptedServer, type ScriptedServer } from './testing/scripted-server';

let srv: ScriptedServer;
beforeEach(async () => {
  srv = await startScriptedServer();
});
afterEach(async () => {
  await srv.close();
});

describe('OpenAICompatibleModel: replies', () => {
  it('sends an OpenAI chat request and returns the choice, usage and timings', async () => {
    srv.enqueue(reply.json(completion('go to kitchen', { usage: { prompt: 12, completion: 3 }, model: 'served-name' })));
    const { model } = modelFor(srv, { defaultParams: { temperature: 0.7, maxTokens: 64 } });
    const res = await model.complete({ messages: user('hi'), temperature: 0, stop: ['\n'], seed: 5 });
    expect({ ...res, latencyMs: 0, raw: null }).toEqual({
      choices: [{ text: 'go to kitchen', finishReason: 'stop' }],
      usage: { promptTokens: 12, completionTokens: 3 },
      latencyMs: 0,
      ttftMs: null,
      retries: 0,
      model: 'served-name',
      raw: null,
    });
    expect(res.latencyMs).toBeGreaterThanOrEqual(0);
    expect(res.raw).toMatchObject({ id: 'chatcmpl-test' });
    const [req] = srv.requests;
    expect([req.method, req.path, req.headers.authorization, req.headers['content-type']]).toEqual(['POST', '/v1/chat/completions', `Bearer ${TEST_KEY}`, 'application/json']);
    expect(req.json).toEqual({ model: 'test-model', messages: user('hi'), temperature: 0, max_tokens: 64, stop: ['\n'], seed: 5 });
  });

  it('sends no Authorization header without a key', async () => {
    srv.enqueue(reply.json(completion('x')));
    await modelFor(srv, { apiKey: undefined }).model.complete({ messages: user('hi') });
    expect(srv.requests[0].headers.authorization).toBeUndefined();
  });

  it('treats null content cut off by max_tokens as empty text', async () => {
    srv.enqueue(reply.json(completion([null], { finishReason: 'length' })));
    const res = await modelFor(srv).model.complete({ messages: user('hi') });
    expect(res.choices).toEqual([{ text: '', finishReason: 'length' }]);
  });

  it('streams: role-only first chunk, keep-alives, usage on the final choice-less chunk', async () => {
    srv.enqueue(reply.sse([{ comment: 'keep-alive' }, ...streamOf(['go ', 'to ', 'desk'], { usage: { prompt: 20, completion: 3 }, pieceDelayMs: 15 })]));
    const res = await modelFor(srv).model.complete({ messages: user('hi'), stream: true });
    expect({ choices: res.choices, usage: res.usage, retries: res.retries, model: res.model }).toEqual({
      choices: [{ text: 'go to desk', finishReason: 'stop' }],
      usage: { promptTokens: 20, completionTokens: 3 },
      retries: 0,
      model: 'test-model',
    });
    // The first token came after one piece delay, the whole stream after three.
    expect(res.ttftMs).toBeGreaterThanOrEqual(10);
    expect(res.latencyMs).toBeGreaterThanOrEqual(res.ttftMs! + 20);
    expect(res.raw).toMatchObject({ object: 'chat.completion', streamed: true, choices: [{ message: { content: 'go to desk' } }] });
    const req = srv.requests[0];
    expect(req.headers.accept).toBe('text/event-stream');
    expect(req.json).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('streams without usage, and a stream that ends without [DONE] once every choice finished', async () => {
    srv.enqueue(reply.sse(streamOf(['a', 'b'], { usage: null, finishReason: 'length' })), reply.sse(streamOf(['c'], { usage: null }), { done: false }));
    const { model } = modelFor(srv);
    const first = await model.complete({ messages: user('hi'), stream: true });
    expect([first.choices, first.usage]).toEqual([[{ text: 'ab', finishReason: 'length' }], null]);
    const second = await model.complete({ messages: user('hi'), stream: true });
    expect(second.choices).toEqual([{ text: 'c', finishReason: 'stop' }]);
  });

  it('accepts a JSON reply to a streaming request (server ignored stream:true)', async () => {
    srv.enqueue(reply.json(completion('plain')));
    const res = await modelFor(srv).model.complete({ messages: user('hi'), stream: true });
    expect([res.choices[0].text, res.ttftMs]).toEqual(['plain', null]);
  });

  it('drops stream_options for a server that rejects it, and remembers', async () => {
    srv.enqueue(
      reply.json({ object: 'error', message: 'Unrecognized request argument supplied: stream_options', type: 'BadRequestError', code: 400 }, { status: 400 }),
      reply.sse(streamOf(['x'], { usage: null })),
      reply.sse(streamOf(['y'], { usage: null })),
    );
    const { model, sleeps } = modelFor(srv);
    expect((await model.complete({ messages: user('a'), stream: true })).choices[0].text).toBe('x');
    await model.complete({ messages: user('b'), stream: true });
    expect(srv.requests.map((r) => 'stream_options' in (r.json as object))).toEqual([true, false, false]);
    expect(sleeps).toEqual([]);
  });

  it('lists models from {data: [{id}]}', async () => {
    srv.enqueue(reply.json({ object: 'list', data: [{ id: 'qwen-7b', object: 'model' }, { id: 'llama-8b' }] }), reply.json({ models: [{ name: 'llama3:8b', model: 'llama3:8b' }] }));
    const { model } = modelFor(srv);
    expect(await model.listModels()).toEqual(['qwen-7b', 'llama-8b']);
    expect(await model.listModels()).toEqual(['llama3:8b']);
    expect(srv.requests.map((r) => [r.method, r.path, r.headers.authorization])).toEqual([
      ['GET', '/v1/models', `Bearer ${TEST_KEY}`],
      ['GET', '/v1/models', `Bearer ${TEST_KEY}`],
    ]);
  });
});

describe('OpenAICompatibleModel: n choices', () => {
  it('uses n when the server honours it (vLLM)', async () => {
    srv.enqueue(reply.json(completion(['a', 'b', 'c'], { usage: { prompt: 10, completion: 9 } })));
    const res = await modelFor(srv).model.complete({ messages: user('hi'), n: 3, seed: 1 });
    expect(res.choices.map((c) => c.text)).toEqual(['a', 'b', 'c']);
    expect(srv.requests.map((r) => (r.json as { n?: number }).n)).toEqual([3]);
  });

  it('fans out when the server silently returns one choice (Ollama), and goes straight to fan-out next time', async () => {
    let k = 0;
    srv.handler = () => reply.json(completion(`s${k++}`, { usage: { prompt: 10, completion: 2 } }));
    const { model } = modelFor(srv);
    const res = await model.complete({ messages: user('hi'), n: 3, seed: 42 });
    expect(res.choices.map((c) => c.text).sort()).toEqual(['s0', 's1', 's2']);
    expect(res.choices[0].text).toBe('s0');
    expect(res.usage).toEqual({ promptTokens: 30, completionTokens: 6 });
    expect(res.retries).toBe(0);
    const bodies = srv.requests.map((r) => r.json as { n?: number; seed?: number });
    expect(bodies[0]).toMatchObject({ n: 3, seed: 42 });
    expect(bodies.slice(1).map((b) => [b.n, b.seed]).sort()).toEqual([
      [undefined, 43],
      [undefined, 44],
    ]);

    srv.requests.length = 0;
    const next = await model.complete({ messages: user('again'), n: 2, seed: 7 });
    expect(next.choices).toHaveLength(2);
    expect(srv.requests.map((r) => [(r.json as { n?: number }).n, (r.json as { seed?: number }).seed]).sort()).toEqual([
      [undefined, 7],
      [undefined, 8],
    ]);
  });

  it.each([
    ['400 (llama.cpp)', 400, 'invalid_request_error'],
    ['500 (older llama.cpp builds)', 500, 'server_error'],
  ])('fans out when n is rejected with %s, without retrying the refusal', async (_label, status, type) => {
    srv.enqueue(reply.json({ error: { code: status, message: 'Only one completion choice is allowed', type } }, { status }));
    srv.handler = (req) => reply.json(completion(`seed ${(req.json as { seed?: number }).seed}`));
    const { model, sleeps } = modelFor(srv);
    const res = await model.complete({ messages: user('hi'), n: 3, seed: 10 });
    expect(res.choices.map((c) => c.text)).toEqual(['seed 10', 'seed 11', 'seed 12']);
    expect(res.retries).toBe(1);
    expect(sleeps).toEqual([]);
    expect(srv.requests.map((r) => (r.json as { n?: number }).n)).toEqual([3, undefined, undefined, undefined]);
  });

  it('fans out without seeds when none was given, and fails the call when a fanned-out request fails', async () => {
    srv.enqueue(reply.json(completion('one')), reply.json(completion('two')), reply.json({ error: 'model "m" not found' }, { status: 404 }));
    const err = (await modelFor(srv)
      .model.complete({ messages: user('hi'), n: 3 })
      .catch((e) => e)) as LlmError;
    expect(err.kind).toBe('not_found');
    expect(srv.requests.every((r) => !('seed' in (r.json as object)))).toBe(true);
  });

  it('streams n choices interleaved by index', async () => {
    srv.enqueue(
      reply.sse([
        { data: chunk({ role: 'assistant' }, { index: 0 }) },
        { data: chunk({ role: 'assistant' }, { index: 1 }) },
        { data: chunk({ content: 'B' }, { index: 1 }) },
        { data: chunk({ content: 'A' }, { index: 0, finishReason: 'stop' }) },
        { data: chunk({}, { index: 1, finishReason: 'length' }) },
      ]),
    );
    const res = await modelFor(srv).model.complete({ messages: user('hi'), n: 2, stream: true });
    expect(res.choices).toEqual([
      { text: 'A', finishReason: 'stop' },
      { text: 'B', finishReason: 'length' },
    ]);
  });
});
