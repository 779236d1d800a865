import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

// Route handlers against a real SQLite file; the browser test covers the same over HTTP.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflectlab-api-'));
process.env.REFLECTLAB_DB = path.join(dir, 'api.db');

let runs: typeof import('./route');
let runById: typeof import('./[id]/route');
let cancel: typeof import('./[id]/cancel/route');
let episodeById: typeof import('../episodes/[id]/route');

beforeAll(async () => {
  runs = await import('./route');
  runById = await import('./[id]/route');
  cancel = await import('./[id]/cancel/route');
  episodeById = await import('../episodes/[id]/route');
});

const post = (body: unknown) =>
  runs.POST(new Request('http://x/api/runs', { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) }));
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });

describe('JSON API', () => {
  it('creates a queued run from the documented body and returns it with its meta-turns', async () => {
    const res = await post({
      kind: 'ict',
      name: 'demo',
      env: 'household',
      trainTaskTypes: ['pick_and_place', 'pick_heat_then_place'],
      heldOutTaskTypes: ['pick_cool_then_place'],
      batchSize: 3,
      metaTurns: 4,
      valTasks: 12,
      seed: 1,
      actor: 'offline',
      reflector: 'offline',
    });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    expect(id).toEqual(expect.any(Number));
    const got = await runById.GET(new Request('http://x'), ctx(String(id)));
    expect(got.status).toBe(200);
    const body = await got.json();
    expect(body).toMatchObject({ id, name: 'demo', kind: 'ict', status: 'queued', metaTurns: [] });
    expect(body.config).toMatchObject({ heldOutTaskTypes: ['pick_cool_then_place'], batchSize: 3 });
    expect(body).not.toHaveProperty('claimedBy');
  });

  it('fills the environment default split when the body omits it', async () => {
    const { id } = await (await post({ name: 'defaults', env: 'household' })).json();
    const body = await (await runById.GET(new Request('http://x'), ctx(String(id)))).json();
    expect(body.config.trainTaskTypes.length).toBeGreaterThan(0);
    expect(body.config.heldOutTaskTypes).toEqual(['look_at_obj_in_light', 'pick_cool_then_place']);
  });

  it.each([
    ['not JSON', '{oops', 'body must be JSON'],
    ['missing name', { env: 'household' }, 'name'],
    ['unknown env', { name: 'x', env: 'nope' }, 'unknown environment "nope"'],
    ['overlapping split', { name: 'x', env: 'household', trainTaskTypes: ['pick_and_place'], heldOutTaskTypes: ['pick_and_place'] }, 'must not be trained on'],
    ['unknown task type', { name: 'x', env: 'household', trainTaskTypes: ['fly'] }, '"fly" is not a task type'],
    ['k out of range', { name: 'x', env: 'household', batchSize: 0 }, 'batchSize'],
    ['non-integer T', { name: 'x', env: 'household', metaTurns: 1.5 }, 'metaTurns'],
    ['unknown actor', { name: 'x', env: 'household', actor: 'gpt' }, 'actor must be "offline"'],
    ['endpoint that does not exist', { name: 'x', env: 'household', reflector: 424242 }, 'reflector endpoint #424242 does not exist'],
    ['template with a typo', { name: 'x', env: 'household', templates: { actorUser: 'Goal: {gaol}' } }, 'unknown placeholder {gaol}'],
  ])('answers 400 with the zod message for %s', async (_what, body, message) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json.error).toContain(message);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1.5']) {
      expect((await runById.GET(new Request('http://x'), ctx(id))).status).toBe(404);
      expect((await episodeById.GET(new Request('http://x'), ctx(id))).status).toBe(404);
      expect((await cancel.POST(new Request('http://x', { method: 'POST' }), ctx(id))).status).toBe(404);
    }
  });

  it('cancels a queued run', async () => {
    const { id } = await (await post({ name: 'to cancel', env: 'household' })).json();
    const res = await cancel.POST(new Request('http://x', { method: 'POST' }), ctx(String(id)));
    expect(await res.json()).toEqual({ id, status: 'canceled' });
    const list = await (await runs.GET()).json();
    expect(list.runs.find((r: { id: number }) => r.id === id).status).toBe('canceled');
  });
});
