import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { completion } from '@/lib/llm/testing/openai-fixtures';
import { reply, startScriptedServer, type ScriptedServer } from '@/lib/llm/testing/scripted-server';

// Route handlers against a real SQLite file of their own (getDb caches its connection on
// globalThis, so the file is chosen before the routes are imported).
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflectlab-endpoints-api-'));
process.env.REFLECTLAB_DB = path.join(dir, 'api.db');

let list: typeof import('./route');
let byId: typeof import('./[id]/route');
let testRoute: typeof import('./[id]/test/route');

beforeAll(async () => {
  list = await import('./route');
  byId = await import('./[id]/route');
  testRoute = await import('./[id]/test/route');
});

const KEY = 'sk-api-test-SECRET-4242';
let seq = 0;
const uniqueName = (base: string) => `${base} ${++seq}`;

const post = (body: unknown) =>
  list.POST(new Request('http://x/api/endpoints', { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) }));
const ctx = (id: string | number) => ({ params: Promise.resolve({ id: String(id) }) });
const send = (method: 'PUT' | 'PATCH', id: number | string, body: unknown) =>
  byId[method](new Request('http://x', { method, body: typeof body === 'string' ? body : JSON.stringify(body) }), ctx(id));
const getOne = (id: number | string) => byId.GET(new Request('http://x'), ctx(id));
const runTest = (id: number | string) => testRoute.POST(new Request('http://x', { method: 'POST' }), ctx(id));

/** The raw text too, so that a key anywhere in the body (not only in known fields) is caught. */
async function read(res: Response): Promise<{ status: number; text: string; json: Record<string, unknown> }> {
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) };
}

async function create(over: Record<string, unknown> = {}): Promise<number> {
  const res = await read(await post({ name: uniqueName('ep'), baseUrl: 'http://127.0.0.1:8000/v1', model: 'qwen', ...over }));
  expect(res.status).toBe(201);
  return res.json.id as number;
}

let server: ScriptedServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('endpoints API', () => {
  it('creates an endpoint with a key and never returns the key, only its masked form', async () => {
    const name = uniqueName('vllm');
    const created = await read(
      await post({
        name,
        baseUrl: 'http://127.0.0.1:8000/v1/',
        model: 'Qwen/Qwen2.5-7B-Instruct',
        apiKey: KEY,
        params: { temperature: 0.7, topP: 0.95, maxTokens: 512, stop: ['\n\n'], stream: true },
        concurrency: 8,
        timeoutMs: 60_000,
        roleHints: ['actor', 'reflector'],
        label: { baseModel: 'Qwen2.5-7B', trainingStep: 1200, notes: 'after RL' },
      }),
    );
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ id: expect.any(Number) });
    expect(created.text).not.toContain(KEY);
    const id = created.json.id as number;

    const expected = {
      id,
      name,
      baseUrl: 'http://127.0.0.1:8000/v1',
      model: 'Qwen/Qwen2.5-7B-Instruct',
      params: { temperature: 0.7, topP: 0.95, maxTokens: 512, stop: ['\n\n'], stream: true },
      concurrency: 8,
      timeoutMs: 60_000,
      maxRetries: 5,
      roleHints: ['actor', 'reflector'],
      label: { baseModel: 'Qwen2.5-7B', trainingStep: 1200, notes: 'after RL' },
      hasApiKey: true,
      maskedKey: 'sk-…4242',
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
    };
    const detail = await read(await getOne(id));
    expect(detail.status).toBe(200);
    expect(detail.json).toEqual(expected);
    expect(detail.text).not.toContain(KEY);
    expect(detail.json).not.toHaveProperty('apiKey');

    const all = await read(await list.GET());
    expect(all.json.endpoints).toContainEqual(expected);
    expect(all.text).not.toContain(KEY);
  });

  it('shows "no key" as hasApiKey false and a null mask', async () => {
    const id = await create();
    expect((await read(await getOne(id))).json).toMatchObject({ hasApiKey: false, maskedKey: null, params: {}, concurrency: 16, timeoutMs: 120_000, maxRetries: 5, roleHints: [] });
  });

  it.each([
    ['not JSON', '{oops', 'body must be JSON', undefined],
    ['a bad URL', { name: 'x', baseUrl: 'localhost:8000', model: 'm' }, 'baseUrl: base URL must be an http(s) URL', 'baseUrl'],
    ['a non-http URL', { name: 'x', baseUrl: 'ftp://h/v1', model: 'm' }, 'base URL must be an http(s) URL', 'baseUrl'],
    ['a missing model', { name: 'x', baseUrl: 'http://h/v1' }, 'model: Invalid input', 'model'],
    ['an empty name', { name: '  ', baseUrl: 'http://h/v1', model: 'm' }, 'name is required', 'name'],
    ['a bad role', { name: 'x', baseUrl: 'http://h/v1', model: 'm', roleHints: ['judge'] }, 'roleHints.0: Invalid option', 'roleHints.0'],
    ['a zero concurrency', { name: 'x', baseUrl: 'http://h/v1', model: 'm', concurrency: 0 }, 'concurrency: Too small', 'concurrency'],
    ['a temperature of 3', { name: 'x', baseUrl: 'http://h/v1', model: 'm', params: { temperature: 3 } }, 'params.temperature: Too big', 'params.temperature'],
  ])('answers 400 with the zod message for %s', async (_what, body, message, field) => {
    const res = await read(await post(body));
    expect(res.status).toBe(400);
    expect(res.json.error).toContain(message);
    if (field) expect(res.json.issues).toHaveProperty([field]);
  });

  it('answers 409 for a taken name, on create and on edit', async () => {
    const name = uniqueName('taken');
    await create({ name });
    const dup = await read(await post({ name, baseUrl: 'http://h/v1', model: 'm' }));
    expect(dup.status).toBe(409);
    expect(dup.json).toEqual({ error: `an endpoint named "${name}" already exists; choose another name`, issues: { name: [expect.stringContaining('already exists')] } });
    const other = await create();
    expect((await send('PATCH', other, { name })).status).toBe(409);
  });

  it('keeps the key when an edit omits it and clears it with ""', async () => {
    const id = await create({ apiKey: KEY, concurrency: 4 });
    const put = await read(await send('PUT', id, { name: uniqueName('renamed'), baseUrl: 'http://127.0.0.1:9000/v1', model: 'other' }));
    expect(put.status).toBe(200);
    // PUT replaces: concurrency falls back to its default, the key stays.
    expect(put.json).toMatchObject({ id, baseUrl: 'http://127.0.0.1:9000/v1', model: 'other', concurrency: 16, hasApiKey: true, maskedKey: 'sk-…4242' });
    expect(put.text).not.toContain(KEY);

    const patch = await read(await send('PATCH', id, { concurrency: 2 }));
    expect(patch.json).toMatchObject({ id, model: 'other', concurrency: 2, hasApiKey: true });

    const replaced = await read(await send('PATCH', id, { apiKey: 'sk-replaced-key-7777' }));
    expect(replaced.json).toMatchObject({ hasApiKey: true, maskedKey: 'sk-…7777' });

    const cleared = await read(await send('PATCH', id, { apiKey: '' }));
    expect(cleared.json).toMatchObject({ hasApiKey: false, maskedKey: null });
  });

  it('validates edits like creates', async () => {
    const id = await create();
    const res = await read(await send('PATCH', id, { baseUrl: 'not a url' }));
    expect(res.status).toBe(400);
    expect(res.json.error).toContain('base URL must be an http(s) URL');
    expect((await send('PUT', id, '{oops')).status).toBe(400);
  });

  it('deletes', async () => {
    const id = await create();
    const res = await byId.DELETE(new Request('http://x', { method: 'DELETE' }), ctx(id));
    expect([res.status, await res.json()]).toEqual([200, { id, deleted: true }]);
    expect((await getOne(id)).status).toBe(404);
    expect((await byId.DELETE(new Request('http://x', { method: 'DELETE' }), ctx(id))).status).toBe(404);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1.5']) {
      expect((await getOne(id)).status).toBe(404);
      expect((await send('PUT', id, { name: 'x', baseUrl: 'http://h/v1', model: 'm' })).status).toBe(404);
      expect((await send('PATCH', id, {})).status).toBe(404);
      expect((await byId.DELETE(new Request('http://x', { method: 'DELETE' }), ctx(id))).status).toBe(404);
      expect((await runTest(id)).status).toBe(404);
    }
  });
});

describe('POST /api/endpoints/:id/test against a real loopback server', () => {
  it('lists the models and gets a one-token reply, sending the stored key', async () => {
    server = await startScriptedServer();
    server.handler = (req) =>
      req.path === '/v1/models' ? reply.json({ object: 'list', data: [{ id: 'test-model' }, { id: 'other-model' }] }) : reply.json(completion('p', { model: 'test-model' }));
    const id = await create({ baseUrl: server.baseUrl, model: 'test-model', apiKey: KEY, params: { temperature: 0.5 } });

    const res = await read(await runTest(id));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, models: ['test-model', 'other-model'], modelListed: true, latencyMs: expect.any(Number), reply: 'p' });
    expect(res.text).not.toContain(KEY);

    expect(server.requests.map((r) => [r.method, r.path])).toEqual([
      ['GET', '/v1/models'],
      ['POST', '/v1/chat/completions'],
    ]);
    expect(server.requests.every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
    expect(server.requests[1].json).toEqual({ model: 'test-model', messages: [{ role: 'user', content: 'ping' }], max_tokens: 1 });
  });

  it('answers ok:false with kind auth and the server\'s message, with the key redacted', async () => {
    server = await startScriptedServer();
    server.handler = () =>
      reply.json({ error: { message: `Incorrect API key provided: ${KEY}.`, type: 'invalid_request_error', code: 'invalid_api_key' } }, { status: 401 });
    const id = await create({ baseUrl: server.baseUrl, model: 'gpt-4o-mini', apiKey: KEY });

    const res = await read(await runTest(id));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: false, error: { kind: 'auth', message: expect.stringContaining('HTTP 401') } });
    expect((res.json.error as { message: string }).message).toContain('Incorrect API key provided: [redacted]');
    expect(res.text).not.toContain(KEY);
    // An auth failure stops the check: no completion is attempted.
    expect(server.requests).toHaveLength(1);
  });

  it('still tries the completion when the server has no model list, and flags a model it does not list', async () => {
    server = await startScriptedServer();
    server.enqueue(reply.json({ error: 'not found' }, { status: 404 }), reply.json(completion('x')));
    const id = await create({ baseUrl: server.baseUrl, model: 'test-model' });
    expect((await read(await runTest(id))).json).toEqual({ ok: true, latencyMs: expect.any(Number), reply: 'x' });

    server.enqueue(reply.json({ data: [{ id: 'llama3' }] }), reply.json({ error: { message: "model 'test-model' not found" } }, { status: 404 }));
    expect((await read(await runTest(id))).json).toEqual({
      ok: false,
      models: ['llama3'],
      modelListed: false,
      error: { kind: 'not_found', message: expect.stringContaining("model 'test-model' not found") },
    });
  });

  it('reports a refused connection as a network error', async () => {
    server = await startScriptedServer();
    const baseUrl = server.baseUrl;
    await server.close();
    server = null;
    const id = await create({ baseUrl, model: 'm' });
    const res = (await read(await runTest(id))).json;
    expect(res).toEqual({ ok: false, error: { kind: 'network', message: expect.stringContaining('network error talking to') } });
  });
});
