import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LlmError } from './errors';
import { LimiterRegistry } from './limiter';
import { completion, streamOf } from './testing/openai-fixtures';
import { modelFor, TEST_KEY, user } from './testing/model-harness';
import { reply, startScriptedServer, type ScriptedReply, type ScriptedServer } from './testing/scripted-server';

let srv: ScriptedServer;
beforeEach(async () => {
  srv = await startScriptedServer();
});
afterEach(async () => {
  await srv.close();
});

const fail = (p: Promise<unknown>) => p.then(
  () => {
    throw new Error('expected the call to fail');
  },
  (e: LlmError) => e,
);

describe('OpenAICompatibleModel: error bodies', () => {
  const loading = { error: { code: 503, message: 'Loading model', type: 'unavailable_error' } };
  const cases: [string, ScriptedReply, string, string][] = [
    ['OpenAI 401', reply.json({ error: { message: `Incorrect API key provided: ${TEST_KEY}`, type: 'invalid_request_error', code: 'invalid_api_key' } }, { status: 401 }), 'auth', 'Incorrect API key provided: [redacted] (invalid_request_error, invalid_api_key)'],
    ['older vLLM 400', reply.json({ object: 'error', message: "This model's maximum context length is 4096 tokens", type: 'BadRequestError', param: null, code: 400 }, { status: 400 }), 'bad_request', "This model's maximum context length is 4096 tokens (BadRequestError)"],
    ['Ollama 404', reply.json({ error: 'model "llama3" not found, try pulling it first' }, { status: 404 }), 'not_found', 'model "llama3" not found, try pulling it first'],
    ['FastAPI 422', reply.json({ detail: [{ loc: ['body', 'messages'], msg: 'Field required', type: 'missing' }] }, { status: 422 }), 'bad_request', 'body.messages: Field required'],
    ['proxy 403', reply.json({ detail: 'Not authenticated' }, { status: 403 }), 'auth', 'Not authenticated'],
    ['nginx 502', reply.text('<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>', { status: 502, headers: { 'content-type': 'text/html' } }), 'server_error', '502 Bad Gateway'],
    ['llama.cpp loading', reply.json(loading, { status: 503 }), 'overloaded', 'Loading model (unavailable_error)'],
    ['408', reply.text('Request Timeout', { status: 408 }), 'timeout', 'Request Timeout'],
    ['429', reply.json({ error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } }, { status: 429 }), 'rate_limited', 'Rate limit reached (requests, rate_limit_exceeded)'],
  ];

  it.each(cases)('%s → kind and message', async (_label, r, kind, said) => {
    srv.enqueue(r);
    const err = await fail(modelFor(srv, { maxRetries: 0 }).model.complete({ messages: user('hi') }));
    const status = (r as { status: number }).status;
    expect([err.name, err.kind, err.status]).toEqual(['LlmError', kind, status]);
    expect(err.message).toMatch(new RegExp(`^HTTP ${status} [A-Za-z ]+ from http://127\\.0\\.0\\.1:\\d+/v1/chat/completions: `));
    expect(err.message.endsWith(`: ${said}`)).toBe(true);
  });

  it('does not retry 400, 401 or 404', async () => {
    for (const status of [400, 401, 404]) {
      srv.requests.length = 0;
      // Were it retried, the next request would get the server's "nothing scripted" 500 and show up below.
      srv.enqueue(reply.json({ error: { message: 'no' } }, { status }));
      const { model, sleeps } = modelFor(srv);
      const err = await fail(model.complete({ messages: user('hi') }));
      expect([err.status, err.attempts, srv.requests.length, sleeps]).toEqual([status, 1, 1, []]);
    }
  });

  it('never puts the API key into an error, however the server echoes it', async () => {
    srv.handler = (req) => reply.json({ error: { message: `bad token: ${req.headers.authorization}; key=${TEST_KEY}` } }, { status: 401 });
    const err = await fail(modelFor(srv).model.complete({ messages: user('hi') }));
    const everything = `${err.message} ${err.serverMessage} ${JSON.stringify(err)} ${String(err.stack)}`;
    expect(everything).not.toContain(TEST_KEY);
    expect(err.message).toContain('bad token: Bearer [redacted]; key=[redacted]');
    // A 200 that is not JSON is quoted in the malformed_response message.
    srv.handler = () => reply.text(`<pre>debug: key=${TEST_KEY}</pre>`);
    const bad = await fail(modelFor(srv).model.complete({ messages: user('hi') }));
    expect(bad.kind).toBe('malformed_response');
    expect(bad.message).toContain('debug: key=[redacted]');
    // And in a network failure: a port nothing listens on (and no pooled socket points to).
    const gone = await startScriptedServer();
    await gone.close();
    const net = await fail(modelFor(gone, { maxRetries: 0 }).model.complete({ messages: user('hi') }));
    expect(net.kind).toBe('network');
    expect(net.message).toMatch(/^network error talking to http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: ECONNREFUSED/);
    expect(net.message).not.toContain(TEST_KEY);
  });

  it('does not show the key when the model object is logged or serialised', () => {
    const { model } = modelFor(srv);
    expect(`${JSON.stringify(model)} ${inspect(model, { depth: 5 })}`).not.toContain(TEST_KEY);
  });

  it('scrubs an echoed key from raw', async () => {
    srv.enqueue(reply.json({ ...completion('ok'), system_fingerprint: TEST_KEY }));
    const res = await modelFor(srv).model.complete({ messages: user('hi') });
    expect(JSON.stringify(res.raw)).not.toContain(TEST_KEY);
  });
});

describe('OpenAICompatibleModel: retries', () => {
  it('retries 503 "Loading model" and counts the retries', async () => {
    const loading = reply.json({ error: { message: 'Loading model' } }, { status: 503 });
    srv.enqueue(loading, loading, reply.json(completion('ready')));
    const { model, sleeps } = modelFor(srv, { backoff: { baseDelayMs: 200 } });
    const res = await model.complete({ messages: user('hi') });
    expect([res.choices[0].text, res.retries, srv.requests.length]).toEqual(['ready', 2, 3]);
    expect(sleeps).toEqual([100, 200]); // 0.5 × 200 · 2^i
  });

  it('honours Retry-After in seconds and as an HTTP date', async () => {
    const date = new Date(Date.now() + 9000).toUTCString();
    srv.enqueue(
      reply.json({ error: { message: 'slow down' } }, { status: 429, headers: { 'retry-after': '7' } }),
      reply.json({ error: { message: 'slow down' } }, { status: 429, headers: { 'retry-after': date } }),
      reply.json(completion('ok')),
    );
    const { model, sleeps } = modelFor(srv);
    const res = await model.complete({ messages: user('hi') });
    expect(res.retries).toBe(2);
    expect(sleeps[0]).toBe(7000);
    // An HTTP date has one-second resolution.
    expect(sleeps[1]).toBeGreaterThan(7000);
    expect(sleeps[1]).toBeLessThanOrEqual(9000);
  });

  it('retries a dropped connection (network)', async () => {
    srv.enqueue(reply.close(), reply.json(completion('ok')));
    const res = await modelFor(srv).model.complete({ messages: user('hi') });
    expect([res.choices[0].text, res.retries]).toEqual(['ok', 1]);
  });

  it('times out a hung request, retries, and gives up with kind timeout', async () => {
    srv.handler = () => reply.hang();
    const t0 = Date.now();
    const err = await fail(modelFor(srv, { timeoutMs: 100, maxRetries: 2 }).model.complete({ messages: user('hi') }));
    expect([err.kind, err.attempts, srv.requests.length]).toEqual(['timeout', 3, 3]);
    expect(err.message).toMatch(/^no complete response from http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions within 100 ms \[gave up after 3 attempts/);
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  it('times out a stream whose first byte never comes, but not a slow flowing one', async () => {
    srv.enqueue(reply.sse([{ hang: true }]), reply.sse(streamOf(['a', 'b', 'c', 'd'], { pieceDelayMs: 60 })));
    const { model } = modelFor(srv, { firstByteTimeoutMs: 150, timeoutMs: 5000, maxRetries: 0 });
    const t0 = Date.now();
    const err = await fail(model.complete({ messages: user('hi'), stream: true }));
    expect([err.kind, err.message]).toEqual(['timeout', expect.stringMatching(/^no first byte of the stream from .* within 150 ms$/)]);
    expect(Date.now() - t0).toBeLessThan(1000);
    // 4 × 60 ms of streaming is longer than the first-byte timeout: only the first byte is on that clock.
    const res = await model.complete({ messages: user('hi'), stream: true });
    expect(res.choices[0].text).toBe('abcd');
  });

  it('retries a malformed body once, then gives up', async () => {
    srv.enqueue(reply.text('{"choices": [', { headers: { 'content-type': 'application/json' } }), reply.json(completion('ok')));
    const { model } = modelFor(srv);
    expect((await model.complete({ messages: user('hi') })).retries).toBe(1);
    srv.enqueue(reply.text('<html>oops</html>'), reply.text('<html>oops</html>'), reply.json(completion('unreached')));
    const err = await fail(model.complete({ messages: user('hi') }));
    expect([err.kind, err.attempts]).toEqual(['malformed_response', 2]);
    expect(err.message).toMatch(/^malformed response from .*: body is not JSON: "<html>oops<\/html>" \[gave up after 2 attempts/);
  });

  it('treats missing or empty choices as malformed', async () => {
    srv.enqueue(reply.json({ id: 'x', choices: [] }), reply.json({ id: 'x' }));
    const err = await fail(modelFor(srv).model.complete({ messages: user('hi') }));
    expect([err.kind, srv.requests.length]).toEqual(['malformed_response', 2]);
    expect(err.message).toContain('no "choices" array');
  });

  it('treats a stream cut short without [DONE] or finish_reason as malformed', async () => {
    srv.enqueue(reply.sse(streamOf(['a']).slice(0, 2), { done: false }), reply.sse(streamOf(['a', 'b'])));
    const res = await modelFor(srv).model.complete({ messages: user('hi'), stream: true });
    expect([res.choices[0].text, res.retries]).toEqual(['ab', 1]);
  });
});

describe('OpenAICompatibleModel: errors inside a 200 stream', () => {
  it('a current-vLLM error chunk (code 400) fails at once as bad_request', async () => {
    srv.enqueue(reply.sse([...streamOf(['par']).slice(0, 2), { data: { error: { message: 'prompt too long', type: 'BadRequestError', code: 400 } } }]));
    const err = await fail(modelFor(srv).model.complete({ messages: user('hi'), stream: true }));
    expect([err.kind, err.status, srv.requests.length]).toEqual(['bad_request', 400, 1]);
    expect(err.message).toMatch(/inside a 200 response: prompt too long \(BadRequestError, 400\)$/);
  });

  it("an older-vLLM top-level error chunk and llama.cpp's `error:` line are retried as server errors", async () => {
    srv.enqueue(
      reply.sse([{ data: { object: 'error', message: 'CUDA out of memory', type: 'InternalServerError', code: 500 } }]),
      reply.sse([{ raw: 'error: {"code":500,"message":"slot crashed","type":"server_error"}\n\n' }], { done: false }),
      reply.sse(streamOf(['fine'])),
    );
    const res = await modelFor(srv).model.complete({ messages: user('hi'), stream: true });
    expect([res.choices[0].text, res.retries]).toEqual(['fine', 2]);
  });
});

describe('OpenAICompatibleModel: cancellation', () => {
  it('aborts an in-flight request fast', async () => {
    srv.handler = () => reply.hang();
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 50);
    const t0 = Date.now();
    const err = await fail(modelFor(srv).model.complete({ messages: user('hi'), signal: ctl.signal }));
    expect([err.kind, srv.requests.length]).toEqual(['aborted', 1]);
    expect(Date.now() - t0).toBeLessThan(500);
  });

  it('aborts a backoff sleep fast (real sleep)', async () => {
    srv.enqueue(reply.json({ error: { message: 'busy' } }, { status: 503, headers: { 'retry-after': '30' } }));
    const ctl = new AbortController();
    const { model } = modelFor(srv, { sleep: undefined });
    const t0 = Date.now();
    setTimeout(() => ctl.abort(), 50);
    const err = await fail(model.complete({ messages: user('hi'), signal: ctl.signal }));
    expect([err.kind, srv.requests.length]).toEqual(['aborted', 1]);
    expect(Date.now() - t0).toBeLessThan(500);
  });

  it('makes no request when already aborted', async () => {
    const err = await fail(modelFor(srv).model.complete({ messages: user('hi'), signal: AbortSignal.abort() }));
    expect([err.kind, srv.requests.length]).toEqual(['aborted', 0]);
  });
});

describe('OpenAICompatibleModel: concurrency limit', () => {
  it('keeps at most `concurrency` requests in flight per endpoint, across model objects', async () => {
    await srv.close();
    srv = await startScriptedServer({ latencyMs: 30 });
    srv.handler = () => reply.json(completion('ok'));
    const limiters = new LimiterRegistry();
    const a = modelFor(srv, { id: 'ep', concurrency: 3, limiters }).model;
    const b = modelFor(srv, { id: 'ep', limiters }).model;
    await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).complete({ messages: user(`q${i}`) })));
    expect([srv.requests.length, srv.maxInFlight]).toEqual([12, 3]);
  });
});
