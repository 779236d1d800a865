import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { householdEnv } from '@/lib/envs/household';
import { startEnvServer } from '@/lib/envs/remote/server';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflectlab-envapi-'));
process.env.REFLECTLAB_DB = path.join(dir, 'env.db');

let envs: typeof import('./route');
let runs: typeof import('../runs/route');
let server: Awaited<ReturnType<typeof startEnvServer>>;

beforeAll(async () => {
  envs = await import('./route');
  runs = await import('../runs/route');
  server = await startEnvServer({ spec: householdEnv });
});
afterAll(async () => {
  await server.close();
});

const post = (body: unknown, route = envs) =>
  route.POST(new Request('http://x/api/environments', { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) }));

const registration = (over: object = {}) => ({
  name: 'Remote household',
  baseUrl: server.url,
  version: 'household@1.0.0 via http',
  taskTypes: [
    { id: 'pick_and_place', split: 'train', dataIdx: { from: 0, to: 49 } },
    { id: 'pick_cool_then_place', split: 'heldout', dataIdx: [4, 10, 16] },
  ],
  maxSteps: 20,
  negativeFeedback: ['^Nothing happens\\.$'],
  ...over,
});

describe('/api/environments', () => {
  it('lists the built-in environments with task types and split', async () => {
    const body = await (await envs.GET()).json();
    const household = body.environments.find((e: { id: string }) => e.id === 'household');
    expect(household).toMatchObject({ kind: 'built-in', version: 'household@1.0.0', maxSteps: 30 });
    expect(household.taskTypes.map((t: { id: string; split: string }) => `${t.id}:${t.split}`)).toContain('pick_cool_then_place:heldout');
    expect(body.environments.map((e: { id: string }) => e.id)).toEqual(expect.arrayContaining(['household', 'gridworld', 'shop']));
  });

  it('registers a remote environment, lists it, and refuses a second one with the same id', async () => {
    const res = await post(registration());
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id: 'remote:remote-household' });
    const list = (await (await envs.GET()).json()).environments;
    expect(list.find((e: { id: string }) => e.id === 'remote:remote-household')).toMatchObject({
      kind: 'remote',
      baseUrl: server.url,
      version: 'household@1.0.0 via http',
      taskTypes: [
        { id: 'pick_and_place', split: 'train' },
        { id: 'pick_cool_then_place', split: 'heldout' },
      ],
    });
    expect((await post(registration())).status).toBe(409);
    expect((await post(registration({ id: 'household', name: 'clash' }))).status).toBe(409);
  });

  it.each([
    ['not JSON', () => '{', 'body must be JSON'],
    ['bad URL', () => registration({ name: 'b1', baseUrl: 'ftp://x' }), 'base URL must be an http(s) URL'],
    ['no task types', () => registration({ name: 'b2', taskTypes: [] }), 'declare at least one task type'],
    ['bad regex', () => registration({ name: 'b3', negativeFeedback: ['(('] }), 'not a valid regular expression'],
    ['bad range', () => registration({ name: 'b4', taskTypes: [{ id: 'a', split: 'train', dataIdx: { from: 5, to: 1 } }] }), 'must not be below'],
  ])('answers 400 for %s', async (_w, body, message) => {
    const res = await post(body());
    expect(res.status).toBe(400);
    expect((await res.json()).error).toContain(message);
  });

  it('lets a run use the remote environment by id, and refuses the offline policy there', async () => {
    const offline = await post({ name: 'remote offline', env: 'remote:remote-household' }, runs as never);
    expect(offline.status).toBe(400);
    expect((await offline.json()).error).toContain('the offline scripted policy needs a privileged planner');
    const unknown = await post({ name: 'nope', env: 'remote:nope' }, runs as never);
    expect((await unknown.json()).error).toContain('unknown environment "remote:nope"');
  });
});
