import { afterEach, describe, expect, it } from 'vitest';
import { reply, startScriptedServer, type ScriptedServer } from './scripted-server';

let srv: ScriptedServer | null = null;
afterEach(async () => {
  await srv?.close();
  srv = null;
});

const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('startScriptedServer', () => {
  it('answers queued replies in order, then the handler, and records every request', async () => {
    srv = await startScriptedServer();
    srv.enqueue(reply.json({ a: 1 }, { status: 201, headers: { 'x-test': 'yes' } }), reply.text('plain'));
    srv.handler = (req, i) => reply.json({ echo: req.json, i });
    const r1 = await post(`${srv.baseUrl}/chat/completions`, { q: 1 });
    expect([r1.status, r1.headers.get('x-test'), await r1.json()]).toEqual([201, 'yes', { a: 1 }]);
    expect(await (await post(srv.url, {})).text()).toBe('plain');
    expect(await (await post(`${srv.url}/x`, { q: 3 })).json()).toEqual({ echo: { q: 3 }, i: 2 });
    expect(srv.requests.map((r) => [r.method, r.path, r.json])).toEqual([
      ['POST', '/v1/chat/completions', { q: 1 }],
      ['POST', '/', {}],
      ['POST', '/x', { q: 3 }],
    ]);
    expect(srv.queued).toBe(0);
  });

  it('says so with a 500 when nothing is scripted', async () => {
    srv = await startScriptedServer();
    const res = await post(`${srv.baseUrl}/models`, {});
    expect([res.status, await res.json()]).toEqual([500, { error: { message: 'scripted server: nothing scripted for POST /v1/models' } }]);
  });

  it('streams SSE items with waits, and ends with [DONE]', async () => {
    srv = await startScriptedServer();
    srv.enqueue(reply.sse([{ comment: 'hi' }, { data: { x: 1 } }, { wait: 20 }, { data: 'raw', event: 'note' }, { raw: 'error: {}\n\n' }]));
    const res = await post(srv.url, {});
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(await res.text()).toBe(': hi\n\ndata: {"x":1}\n\nevent: note\ndata: raw\n\nerror: {}\n\ndata: [DONE]\n\n');
  });

  it('serves at most `concurrency` at once with its latency, queueing the rest', async () => {
    srv = await startScriptedServer({ concurrency: 2, latencyMs: 40 });
    srv.handler = () => reply.json({});
    const t0 = Date.now();
    await Promise.all(Array.from({ length: 6 }, () => post(srv!.url, {}).then((r) => r.text())));
    expect([srv.maxInFlight, srv.maxActive, srv.inFlight]).toEqual([6, 2, 0]);
    // Three waves of 40 ms.
    expect(Date.now() - t0).toBeGreaterThanOrEqual(115);
  });

  it('closes with hung connections open; a closed socket is a network error to the client', async () => {
    srv = await startScriptedServer();
    srv.enqueue(reply.close(), reply.hang());
    await expect(post(srv.url, {})).rejects.toThrow(TypeError);
    const hung = post(srv.url, {}).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 30));
    expect(srv.inFlight).toBe(1);
    await srv.close();
    srv = null;
    expect(await hung).toBeInstanceOf(TypeError);
  });
});
