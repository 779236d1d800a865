import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/open';
import { listEpisodesByRun } from '../db/queries/episodes';
import { getRunById, insertRun, requestCancel } from '../db/queries/runs';
import { getRunView } from '../db/queries/views';
import { ictConfigSchema } from '../lib/ict/config';
import type { RunConfig } from '../lib/runs/types';
import { startWorker, type WorkerHandle } from './worker';

const quiet = () => undefined;
let worker: WorkerHandle | null = null;
afterEach(async () => {
  await worker?.stop();
  worker = null;
});

async function until<T>(fn: () => T | undefined | false, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function queue(db: Db, overrides: Partial<RunConfig> = {}) {
  const config = { ...ictConfigSchema.parse({ name: 'w', env: 'household', metaTurns: 2, valTasks: 4 }), ...overrides };
  return insertRun(db, { name: config.name, kind: 'ict', config, seed: config.seed });
}

describe('worker', () => {
  it('claims a queued run, executes it to done and stores progress', async () => {
    const db = openDatabase(':memory:');
    const id = queue(db);
    worker = startWorker(db, { pollMs: 20, heartbeatMs: 20, log: quiet });
    const run = await until(() => {
      const r = getRunById(db, { id });
      return r?.status === 'done' && r;
    });
    expect(run.progress).toMatchObject({ metaTurns: 2, episodesDone: 14, episodesTotal: 14, phase: 'finished' });
    expect(getRunView(db, { id })!.metaTurns).toHaveLength(2);
    expect(run.finishedAt).toBeGreaterThanOrEqual(run.startedAt!);
  });

  it('stores the failure message on the run and keeps what was stored', async () => {
    const db = openDatabase(':memory:');
    const id = queue(db, { env: 'no-such-env' });
    worker = startWorker(db, { pollMs: 20, heartbeatMs: 20, log: quiet });
    const run = await until(() => {
      const r = getRunById(db, { id });
      return r?.status === 'failed' && r;
    });
    expect(run.error).toContain('unknown environment "no-such-env"');
  });

  it('stops a running run on a cancel request and keeps its finished episodes', async () => {
    const db = openDatabase(':memory:');
    const id = queue(db, { offlineStepDelayMs: 30, metaTurns: 4 });
    worker = startWorker(db, { pollMs: 20, heartbeatMs: 20, log: quiet });
    await until(() => listEpisodesByRun(db, { runId: id }).filter((e) => e.status === 'done').length >= 2);
    expect(requestCancel(db, { id, now: Date.now() })).toBe('running');
    const run = await until(() => {
      const r = getRunById(db, { id });
      return r?.status === 'canceled' && r;
    });
    expect(run.error).toBeNull();
    const eps = listEpisodesByRun(db, { runId: id });
    expect(eps.filter((e) => e.status === 'done').length).toBeGreaterThanOrEqual(2);
    expect(eps.length).toBeLessThan(4 * 7);
  });

  it('leaves a run running on shutdown so that the next worker resumes it', async () => {
    const db = openDatabase(':memory:');
    const id = queue(db, { offlineStepDelayMs: 20 });
    worker = startWorker(db, { pollMs: 20, heartbeatMs: 20, log: quiet });
    await until(() => listEpisodesByRun(db, { runId: id }).some((e) => e.status === 'done'));
    await worker.stop();
    expect(getRunById(db, { id })!.status).toBe('running');
    worker = startWorker(db, { pollMs: 20, heartbeatMs: 20, staleMs: 300, log: quiet });
    const run = await until(() => {
      const r = getRunById(db, { id });
      return r?.status === 'done' && r;
    });
    expect(run.attempts).toBe(2);
    const keys = listEpisodesByRun(db, { runId: id }).map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toHaveLength(2 * 7);
  });
});
