// The env server spoken to directly, the way an AgentGym client would.
import { afterEach, describe, expect, it } from 'vitest';
import { householdEnv } from '../household';
import { startEnvServer, taskForDataIdx, type EnvServer, type EnvServerOptions } from './server';

const servers: EnvServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(opts: Partial<EnvServerOptions> = {}) {
  const server = await startEnvServer({ spec: householdEnv, ...opts });
  servers.push(server);
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await fetch(server.url + path, { method, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  const post = async (path: string, body?: unknown) => (await call('POST', path, body)).json;
  const get = async (path: string) => (await call('GET', path)).json;
  return { server, call, post, get };
}

describe('env server', () => {
  it('serves an episode by dataset index exactly as a local instance', async () => {
    const { post, get } = await serve();
    const { id } = await post('/create');
    const local = householdEnv.create();
    const task = taskForDataIdx(householdEnv, 10);
    expect(task).toEqual({ envId: 'household', taskType: 'pick_cool_then_place', taskId: 'pick_cool_then_place-10', seed: 10 });
    const l = await local.reset(task);
    expect(await post('/reset', { id, data_idx: 10 })).toEqual({ observation: l.observation, available_actions: l.availableActions, goal: l.goal, info: { ...l.info, task } });
    const a = local.oracle!.nextAction()!.action;
    const s = await local.step(a);
    expect(await post('/step', { id, action: a })).toEqual({ observation: s.observation, reward: 0, done: false, success: false, negative: false, available_actions: s.availableActions, info: s.info });
    expect(await get(`/observation?id=${id}`)).toEqual({ observation: s.observation });
    expect(await get(`/available_actions?id=${id}`)).toEqual({ available_actions: s.availableActions });
    expect(await get(`/detail?id=${id}`)).toMatchObject({ id, task, dataIdx: 10, steps: 1, done: false, lastReward: 0 });
    expect(await post('/close', { id })).toEqual({ closed: true, id });
    expect(await get(`/detail?id=${id}`)).toEqual({ error: expect.stringContaining(`unknown id ${id}`) });
  });

  it('refuses bad requests AgentGym-style, as HTTP 200 with an error', async () => {
    const { call, post } = await serve();
    const { id } = await post('/create');
    expect(await post('/step', { id, action: 'look' })).toEqual({ error: `id ${id} has not been reset: POST /reset first` });
    expect(await post('/reset', { id })).toEqual({ error: expect.stringContaining('reset needs "data_idx"') });
    expect(await post('/reset', { id: 99, data_idx: 0 })).toEqual({ error: expect.stringContaining('unknown id 99') });
    expect(await post('/step', { id, action: 3 })).toEqual({ error: expect.stringContaining('bad request: action') });
    expect(await call('POST', '/step', '{not json')).toEqual({ status: 200, json: { error: 'bad JSON body: {not json' } });
    expect(await call('GET', '/nope')).toEqual({ status: 404, json: { error: 'no such endpoint: GET /nope' } });
    expect(await call('GET', '/step')).toEqual({ status: 405, json: { error: 'GET not allowed on /step' } });
  });

  it('prefers the task extension when it names a known type, and falls back to the index otherwise', async () => {
    const { post, get } = await serve();
    const { id } = await post('/create');
    await post('/reset', { id, data_idx: 0, task: { taskType: 'pick_heat_then_place', seed: 5 } });
    expect(await get(`/detail?id=${id}`)).toMatchObject({ task: { taskType: 'pick_heat_then_place', seed: 5 }, dataIdx: null });
    await post('/reset', { id, data_idx: 7, task: { taskType: 'elsewhere', seed: 5 } });
    expect(await get(`/detail?id=${id}`)).toMatchObject({ task: taskForDataIdx(householdEnv, 7), dataIdx: 7 });
  });

  it('runs concurrent steps of one session one at a time', async () => {
    const { post, get } = await serve();
    const { id } = await post('/create');
    await post('/reset', { id, data_idx: 4 });
    const local = householdEnv.create();
    await local.reset(taskForDataIdx(householdEnv, 4));
    const actions: string[] = [];
    for (let i = 0; i < 5; i++) {
      actions.push(local.oracle!.nextAction()!.action);
      await local.step(actions[i]);
    }
    await Promise.all(actions.map((action) => post('/step', { id, action })));
    expect(await get(`/detail?id=${id}`)).toMatchObject({ steps: 5 });
  });

  it('caps sessions (503, so clients retry) and expires idle ones', async () => {
    const { server, call, post } = await serve({ maxSessions: 2, idleTimeoutMs: 40 });
    await post('/create');
    const { id } = await post('/create');
    expect(await call('POST', '/create')).toEqual({ status: 503, json: { error: expect.stringContaining('too many sessions (2)') } });
    await post('/close', { id });
    expect((await call('POST', '/create')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 120));
    expect(server.sessions.size).toBe(0);
  });

  it('limits request bodies and reports health and spec', async () => {
    const { call, get } = await serve({ maxBodyBytes: 100 });
    expect(await call('POST', '/step', JSON.stringify({ id: 0, action: 'x'.repeat(200) }))).toEqual({ status: 413, json: { error: 'request body over 100 bytes' } });
    expect(await get('/health')).toEqual({ ok: true, env: 'household', version: householdEnv.version, sessions: 0 });
    const spec = await get('/spec');
    expect(spec).toMatchObject({ id: 'household', version: householdEnv.version, maxSteps: 30, negativeFeedback: householdEnv.negativeFeedback.map((r) => r.source) });
    expect((spec.pitfalls as object[])[0]).toEqual({ id: householdEnv.pitfalls[0].id, description: householdEnv.pitfalls[0].description, lesson: householdEnv.pitfalls[0].lesson });
  });

  it('listens on loopback by default', async () => {
    const { server } = await serve();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });
});
