// The adapter against small misbehaving (or merely different) servers: error bodies, hangs,
// transient statuses, and the shapes third-party AgentGym servers answer in.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTask } from '../tasks';
import { createRemoteEnvSpec, fetchRemoteSpec, RemoteEnvError, type RemoteEnvConfigInput } from './adapter';

type Reply = { status?: number; json?: unknown; text?: string } | 'hang';
type Route = (body: Record<string, unknown>, n: number) => Reply;

interface Fake {
  url: string;
  /** Requests per "METHOD /path". */
  counts: Record<string, number>;
  bodies: Record<string, unknown[]>;
  close(): Promise<void>;
}

const fakes: Fake[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

async function fake(routes: Record<string, Route>): Promise<Fake> {
  const counts: Record<string, number> = {};
  const bodies: Record<string, unknown[]> = {};
  const server = createServer(async (req, res) => {
    let text = '';
    for await (const c of req) text += c;
    const key = `${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`;
    const n = (counts[key] = (counts[key] ?? 0) + 1);
    const body = text ? JSON.parse(text) : {};
    (bodies[key] ??= []).push(body);
    const route = routes[key];
    const r: Reply = route ? route(body, n) : { status: 404, json: { detail: 'Not Found' } };
    if (r === 'hang') return;
    res.writeHead(r.status ?? 200, { 'content-type': r.text !== undefined ? 'text/plain' : 'application/json' });
    res.end(r.text ?? JSON.stringify(r.json));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const f: Fake = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    bodies,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  fakes.push(f);
  return f;
}

const ok = (json: unknown): Reply => ({ json });
const basics: Record<string, Route> = {
  'POST /create': () => ok({ id: 0 }),
  'POST /reset': () => ok({ observation: 'Your task is to: win.', available_actions: ['win'] }),
  'POST /step': () => ok({ observation: 'You won.', reward: 1, done: true }),
  'POST /close': () => ok({ closed: true }),
};

function specFor(f: Fake, over: Partial<RemoteEnvConfigInput> = {}) {
  return createRemoteEnvSpec(
    { name: 'fake', baseUrl: f.url, maxSteps: 10, taskTypes: [{ id: 't', split: 'train', dataIdx: [5, 6] }], timeoutMs: 150, retries: 2, ...over },
    { retry: { baseDelayMs: 1, maxDelayMs: 5 } },
  );
}
const task = (seed = 0) => makeTask('remote:fake', 't', seed);
const failure = (p: Promise<unknown>) => p.then(() => expect.unreachable('expected a failure') as never, (e: unknown) => e as RemoteEnvError);

describe('remote environment failures', () => {
  it('turns {"error": ...} on HTTP 200 into a RemoteEnvError naming the call, without retrying it', async () => {
    const f = await fake({
      ...basics,
      'POST /reset': () => ok({ error: 'data_idx 5 is out of range (0..3)' }),
      'POST /step': () => ok({ error: { message: 'invalid action', code: 'bad_action' } }),
    });
    const env = specFor(f).create();
    const e = await failure(env.reset(task()));
    expect(e).toBeInstanceOf(RemoteEnvError);
    expect({ kind: e.kind, call: e.call, serverMessage: e.serverMessage, attempts: e.attempts, retryable: e.retryable }).toEqual({
      kind: 'env_error',
      call: 'POST /reset',
      serverMessage: 'data_idx 5 is out of range (0..3)',
      attempts: 1,
      retryable: false,
    });
    expect(e.message).toBe(`remote environment ${f.url}: POST /reset: the server answered an error: data_idx 5 is out of range (0..3)`);
    expect(f.counts['POST /reset']).toBe(1);

    // The instance exists (create succeeded), so a step reaches the server and fails the same way.
    const s = await failure(env.step('jump'));
    expect({ kind: s.kind, call: s.call, serverMessage: s.serverMessage }).toEqual({ kind: 'env_error', call: 'POST /step', serverMessage: 'invalid action' });
  });

  it('retries an error body tagged with a transient code', async () => {
    const f = await fake({ ...basics, 'GET /observation': () => ok({ error: { message: 'busy', code: 503 } }) });
    const env = specFor(f).create();
    await env.reset(task());
    const e = await failure(env.observation());
    expect({ kind: e.kind, attempts: e.attempts }).toEqual({ kind: 'overloaded', attempts: 3 });
    expect(f.counts['GET /observation']).toBe(3);
  });

  it('times out a server that stops answering: idempotent calls are retried, /step is not', async () => {
    const f = await fake({ ...basics, 'POST /step': () => 'hang', 'GET /observation': () => 'hang', 'POST /close': () => 'hang' });
    const env = specFor(f).create();
    await env.reset(task());

    let t0 = Date.now();
    const e = await failure(env.step('win'));
    expect(Date.now() - t0).toBeLessThan(1000);
    expect({ kind: e.kind, call: e.call, attempts: e.attempts }).toEqual({ kind: 'timeout', call: 'POST /step', attempts: 1 });
    expect(e.message).toContain('no answer within 150 ms');
    expect(f.counts['POST /step']).toBe(1);
    // The lost step may have been applied: the adapter refuses to guess.
    await expect(env.step('win')).rejects.toThrow('reset before stepping again');
    expect(f.counts['POST /step']).toBe(1);

    t0 = Date.now();
    const o = await failure(env.observation());
    expect(Date.now() - t0).toBeLessThan(1500);
    expect({ kind: o.kind, attempts: o.attempts }).toEqual({ kind: 'timeout', attempts: 3 });
    expect(f.counts['GET /observation']).toBe(3);

    // Close is best effort: it gives up quietly.
    await env.close();
    expect(f.counts['POST /close']).toBe(3);
  });

  it('retries /create after a 503; /reset only before the first step; never /step', async () => {
    const f = await fake({
      ...basics,
      'POST /create': (_b, n) => (n === 1 ? { status: 503, json: { error: 'warming up' } } : ok({ id: 7 })),
      'POST /reset': (_b, n) => (n === 1 || n === 3 ? { status: 500, text: 'Internal Server Error' } : ok({ observation: 'start', available_actions: ['a'] })),
      'POST /step': (_b, n) => (n === 1 ? ok({ observation: 'ok', reward: 0, done: false }) : { status: 503, json: { detail: 'overloaded' } }),
    });
    const env = specFor(f).create();
    await env.reset(task(1));
    expect(f.counts).toMatchObject({ 'POST /create': 2, 'POST /reset': 2 });
    expect(f.bodies['POST /reset'][1]).toEqual({ id: 7, data_idx: 6, task: { taskType: 't', taskId: 't-1', seed: 1 } });

    await env.step('a');
    const s = await failure(env.step('a'));
    expect({ kind: s.kind, status: s.status, attempts: s.attempts, serverMessage: s.serverMessage }).toEqual({ kind: 'overloaded', status: 503, attempts: 1, serverMessage: 'overloaded' });
    expect(f.counts['POST /step']).toBe(2);

    const r = await failure(env.reset(task(1)));
    expect({ kind: r.kind, status: r.status, attempts: r.attempts }).toEqual({ kind: 'server_error', status: 500, attempts: 1 });
    expect(f.counts['POST /reset']).toBe(3);
  });

  it('reports a refused connection as a network error after retrying', async () => {
    const f = await fake(basics);
    await f.close();
    const e = await failure(specFor(f).create().reset(task()));
    expect({ kind: e.kind, call: e.call, attempts: e.attempts }).toEqual({ kind: 'network', call: 'POST /create', attempts: 3 });
    expect(e.message).toContain('ECONNREFUSED');
  });

  it('rejects a step answer it cannot read, without retrying it', async () => {
    const f = await fake({ ...basics, 'POST /step': () => ok({ observation: 'x' }) });
    const env = specFor(f).create();
    await env.reset(task());
    const e = await failure(env.step('win'));
    expect({ kind: e.kind, call: e.call }).toEqual({ kind: 'malformed_response', call: 'POST /step' });
    expect(e.message).toContain('reward');
    expect(f.counts['POST /step']).toBe(1);
  });
});

describe('AgentGym-style servers', () => {
  /** A counter game in the shapes older AgentGym servers use: bare id, `state`, bare lists. */
  function counterGame() {
    const at: number[] = [];
    return fake({
      'POST /create': () => ok(at.push(0) - 1),
      'POST /reset': (b) => {
        at[b.id as number] = 0;
        return ok({ state: 'You are at 0.\nYour task is to: reach 2.' });
      },
      'POST /step': (b) => {
        const id = b.id as number;
        if (b.action !== 'inc') return ok({ state: 'Nothing happens.', reward: 0, done: false, info: null });
        at[id] += 1;
        return ok({ state: `You are at ${at[id]}.`, reward: at[id] >= 2 ? 1 : 0, done: at[id] >= 2 });
      },
      'GET /available_actions': () => ok(['inc', 'dec']),
      'GET /observation': (_b) => ok('You are somewhere.'),
      'POST /close': () => ok(null),
    });
  }

  it('plays with a bare id, `state` observations and a bare action list', async () => {
    const f = await counterGame();
    const spec = specFor(f, { negativeFeedback: ['^Nothing happens\\.$'] });
    const env = spec.create();
    expect(await env.reset(task(3))).toEqual({ observation: 'You are at 0.\nYour task is to: reach 2.', goal: 'reach 2', availableActions: ['inc', 'dec'], info: { dataIdx: 6 } });
    expect(f.bodies['POST /reset'][0]).toEqual({ id: 0, data_idx: 6, task: { taskType: 't', taskId: 't-3', seed: 3 } });
    const steps = [await env.step('jump'), await env.step('inc'), await env.step('inc')];
    expect(steps).toEqual([
      { observation: 'Nothing happens.', reward: 0, done: false, success: false, negative: true, availableActions: ['inc', 'dec'], info: {} },
      { observation: 'You are at 1.', reward: 0, done: false, success: false, negative: false, availableActions: ['inc', 'dec'], info: {} },
      { observation: 'You are at 2.', reward: 1, done: true, success: true, negative: false, availableActions: ['inc', 'dec'], info: {} },
    ]);
    expect(await env.observation()).toBe('You are somewhere.');
    await env.close();
    expect(f.bodies['POST /close']).toEqual([{ id: 0 }]);
  });

  it("takes the server's success and negative flags over the rules, and free-form actions without /available_actions", async () => {
    const f = await fake({
      'POST /create': () => ok({ id: 'a1' }),
      'POST /reset': () => ok({ observation: 'Instruction: [SEP] buy a red shirt [SEP] Search' }),
      'POST /step': () => ok({ observation: 'Nothing happens.', reward: 1, done: true, info: { success: false, negative: false } }),
    });
    const env = specFor(f, { negativeFeedback: ['Nothing happens'] }).create();
    expect(await env.reset(task())).toMatchObject({ goal: 'buy a red shirt', availableActions: [] });
    expect(await env.step('click[x]')).toMatchObject({ success: false, negative: false, availableActions: [] });
    // The missing endpoint was asked about once and then remembered.
    expect(f.counts['GET /available_actions']).toBe(1);
    expect(f.bodies['POST /step'][0]).toEqual({ id: 'a1', action: 'click[x]' });
  });

  it('has no spec to prefill from (GET /spec is our extension)', async () => {
    const f = await counterGame();
    expect(await fetchRemoteSpec(f.url)).toBeNull();
    expect(f.counts['GET /spec']).toBe(1);
  });
});
