import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

// Unknown env ids are looked up among registered remote environments: a throwaway database.
process.env.REFLECTLAB_DB = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'reflectlab-play-')), 'play.db');

let start: typeof import('./route');
let session: typeof import('./[sid]/route');

beforeAll(async () => {
  start = await import('./route');
  session = await import('./[sid]/route');
});

const post = (body: unknown) => new Request('http://x', { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) });
const ctx = (sid: string) => ({ params: Promise.resolve({ sid }) });

describe('/api/play', () => {
  it('starts a session, steps, refuses bad operations and keeps the session as it was', async () => {
    const res = await start.POST(post({ env: 'household', taskType: 'pick_and_place', seed: 3 }));
    expect(res.status).toBe(201);
    const s = await res.json();
    expect(s).toMatchObject({ envId: 'household', history: [], done: false, rollback: 'snapshot' });

    const step = await (await session.POST(post({ op: 'step', action: 'look' }), ctx(s.id))).json();
    expect(step.history).toHaveLength(1);
    expect((await session.POST(post('{'), ctx(s.id))).status).toBe(400);
    expect((await (await session.POST(post({ op: 'fly' }), ctx(s.id))).json()).error).toBe('invalid operation');
    const tooFar = await session.POST(post({ op: 'rollback', step: 5 }), ctx(s.id));
    expect(tooFar.status).toBe(409);
    expect((await tooFar.json()).error).toContain('cannot rewind to step 5');
    expect((await (await session.GET(new Request('http://x'), ctx(s.id))).json()).history).toEqual(step.history);
  });

  it('answers 400 for bad starts, 404 for unknown environments and sessions', async () => {
    expect((await start.POST(post('nope'))).status).toBe(400);
    expect((await (await start.POST(post({ env: 'household', taskType: 'fly', seed: 1 }))).json()).error).toBe('"fly" is not a task type of household');
    expect((await start.POST(post({ env: 'nowhere', taskType: 'x', seed: 1 }))).status).toBe(404);
    expect((await start.POST(post({ env: 'household', taskType: 'pick_and_place', seed: -1 }))).status).toBe(400);
    expect((await session.GET(new Request('http://x'), ctx('missing'))).status).toBe(404);
  });
});
