import { describe, expect, it } from 'vitest';
import { ictConfigSchema } from '../lib/ict/config';
import { createDbRecorder } from './recorder';
import { openDatabase } from './open';
import { listEpisodesByRun, listSteps } from './queries/episodes';
import { claimNextRun, finishRun, getRunById, heartbeatRun, insertRun, listRuns, requestCancel } from './queries/runs';
import { getRunUsage } from './queries/usage';
import { getRunView } from './queries/views';

const config = ictConfigSchema.parse({ name: 'db test', env: 'household', seed: 3 });

function freshDb() {
  const db = openDatabase(':memory:');
  const id = insertRun(db, { name: config.name, kind: 'ict', config, seed: config.seed });
  return { db, id };
}

describe('db', () => {
  it('migrates an in-memory database and round-trips a run with its config', () => {
    const { db, id } = freshDb();
    const run = getRunById(db, { id })!;
    expect(run).toMatchObject({ id, name: 'db test', kind: 'ict', status: 'queued', seed: 3, attempts: 0, cancelRequested: false });
    expect(run.config).toEqual(config);
    expect(listRuns(db)).toMatchObject([{ id, name: 'db test', env: 'household', lastValReward: null }]);
  });

  it('lists each run with the validation reward of its own last scored meta-turn', async () => {
    const { db, id } = freshDb();
    const id2 = insertRun(db, { name: 'second', kind: 'ict', config, seed: 2 });
    const score = async (runId: number, index: number, valReward: number | null) => {
      const rec = createDbRecorder(db, runId);
      await rec.metaTurnStarted(index, `sp${index}`);
      await rec.metaTurnRecorded({ index, trainReward: 0, valReward, trainSuccess: 0, valSuccess: 0 });
    };
    await score(id2, 0, 0.1);
    await score(id, 0, 0.2);
    await score(id, 1, 0.3);
    await score(id2, 1, 0.4);
    await score(id2, 2, null);
    const byId = Object.fromEntries(listRuns(db).map((r) => [r.id, r.lastValReward]));
    expect(byId).toEqual({ [id]: 0.3, [id2]: 0.4 });
  });

  it('claims a queued run once, and takes over a run whose worker went silent', () => {
    const { db, id } = freshDb();
    expect(claimNextRun(db, { workerId: 'a', now: 1000, staleMs: 500 })).toMatchObject({ id, status: 'running', claimedBy: 'a', attempts: 1 });
    expect(claimNextRun(db, { workerId: 'b', now: 1200, staleMs: 500 })).toBeUndefined();
    expect(heartbeatRun(db, { id, workerId: 'a', now: 1300 })).toEqual({ owned: true, cancelRequested: false });
    // A worker never re-claims a run it is itself executing, however late its heartbeat.
    expect(claimNextRun(db, { workerId: 'a', now: 2000, staleMs: 500, excludeIds: [id] })).toBeUndefined();
    expect(claimNextRun(db, { workerId: 'b', now: 2000, staleMs: 500 })).toMatchObject({ id, claimedBy: 'b', attempts: 2 });
    // The old worker learns it lost the run and cannot finish it.
    expect(heartbeatRun(db, { id, workerId: 'a', now: 2100 }).owned).toBe(false);
    expect(finishRun(db, { id, workerId: 'a', status: 'done', now: 2100 })).toBe(false);
    expect(finishRun(db, { id, workerId: 'b', status: 'done', now: 2200 })).toBe(true);
    expect(getRunById(db, { id })!.status).toBe('done');
  });

  it('takes over at once a run whose worker is known dead', () => {
    const { db, id } = freshDb();
    claimNextRun(db, { workerId: 'host:1', now: 1000, staleMs: 60_000 });
    expect(claimNextRun(db, { workerId: 'host:2', now: 1001, staleMs: 60_000 })).toBeUndefined();
    expect(claimNextRun(db, { workerId: 'host:2', now: 1001, staleMs: 60_000, deadWorkers: ['host:1'] })).toMatchObject({ id, claimedBy: 'host:2' });
  });

  it('cancels queued runs at once and flags running ones', () => {
    const { db, id } = freshDb();
    expect(requestCancel(db, { id, now: 5 })).toBe('canceled');
    expect(requestCancel(db, { id: 999, now: 5 })).toBeUndefined();
    const id2 = insertRun(db, { name: 'b', kind: 'ict', config, seed: 1 });
    claimNextRun(db, { workerId: 'w', now: 10, staleMs: 1000 });
    expect(requestCancel(db, { id: id2, now: 11 })).toBe('running');
    expect(heartbeatRun(db, { id: id2, workerId: 'w', now: 12 })).toEqual({ owned: true, cancelRequested: true });
  });

  it('records episodes, steps and meta-turns, and discards unfinished episodes on resume', async () => {
    const { db, id } = freshDb();
    const rec = createDbRecorder(db, id);
    const task = { envId: 'household', taskType: 'pick_and_place', taskId: 'pick_and_place-1', seed: 1 };
    await rec.metaTurnStarted(0, 'sp0');
    const e1 = await rec.episodeStarted({ key: 'mt0/train/0', metaTurnIndex: 0, role: 'train', task, envVersion: 'v', goal: 'g', systemPrompt: 'sp0' });
    const step = { index: 0, observation: 'o', availableActions: ['look'], thought: 't', proposedAction: 'look', executedAction: 'look', feedback: 'Nothing happens.', reward: 0, done: false, negative: true, latencyMs: 1.5, calls: [] };
    await rec.stepRecorded(e1, step);
    await rec.episodeFinished(e1, { status: 'done', success: true, totalReward: 1, stepCount: 1, negativeCount: 1, error: null });
    const e2 = await rec.episodeStarted({ key: 'mt0/train/1', metaTurnIndex: 0, role: 'train', task, envVersion: 'v', goal: 'g', systemPrompt: 'sp0' });
    await rec.stepRecorded(e2, step);
    await expect(rec.episodeStarted({ key: 'mt0/train/0', metaTurnIndex: 0, role: 'train', task, envVersion: 'v', goal: 'g', systemPrompt: 'sp0' })).rejects.toThrow();

    await rec.metaTurnRecorded({ index: 0, trainReward: 0.5, valReward: 0.25, trainSuccess: 0.5, valSuccess: 0.25 });
    await rec.reflectionRecorded({ index: 0, input: 'in', output: 'out', analysis: 'a', nextPrompt: 'sp1', error: null });
    expect(await rec.loadMetaTurns()).toEqual([{ index: 0, systemPrompt: 'sp0', nextPrompt: 'sp1' }]);

    const finished = await rec.loadFinishedEpisodes(0);
    expect(finished).toHaveLength(1);
    expect(finished[0]).toMatchObject({ id: e1, key: 'mt0/train/0', task, success: true, totalReward: 1, steps: [step] });

    await rec.discardUnfinishedEpisodes();
    expect(listEpisodesByRun(db, { runId: id }).map((e) => e.id)).toEqual([e1]);
    expect(listSteps(db, { episodeId: e2 })).toEqual([]);

    const view = getRunView(db, { id })!;
    expect(view.metaTurns).toMatchObject([{ index: 0, systemPrompt: 'sp0', nextPrompt: 'sp1', trainReward: 0.5, valReward: 0.25 }]);
    expect(view).not.toHaveProperty('claimedBy');
    expect(listRuns(db)[0].lastValReward).toBe(0.25);
  });
});

describe('run usage', () => {
  it('sums tokens, retries and failed calls over steps and reflections of one run only', async () => {
    const { db, id } = freshDb();
    const other = insertRun(db, { name: 'other', kind: 'ict', config, seed: 9 });
    const task = { envId: 'household', taskType: 'pick_and_place', taskId: 'pick_and_place-1', seed: 1 };
    const call = (p: number, c: number, extra: object = {}) => ({ messages: [], reply: 'x', promptTokens: p, completionTokens: c, retries: 1, ...extra });
    for (const runId of [id, other]) {
      const rec = createDbRecorder(db, runId);
      await rec.metaTurnStarted(0, 'sp');
      const e = await rec.episodeStarted({ key: 'k', metaTurnIndex: 0, role: 'train', task, envVersion: 'v', goal: 'g', systemPrompt: 'sp' });
      const base = { observation: 'o', availableActions: [], thought: null, proposedAction: 'a', executedAction: 'a', feedback: 'f', reward: 0, done: false, negative: false, latencyMs: 1 };
      await rec.stepRecorded(e, { ...base, index: 0, calls: [call(100, 10)] });
      await rec.stepRecorded(e, { ...base, index: 1, calls: [call(120, 12), { messages: [], reply: '', error: 'timeout: no answer', retries: 3 }] });
      await rec.stepRecorded(e, { ...base, index: 2, calls: [] });
      await rec.reflectionRecorded({ index: 0, input: 'i', output: 'o', analysis: '', nextPrompt: 'sp', error: 'missing IMPROVED PROMPT section', calls: [call(1000, 200)] });
    }
    expect(getRunUsage(db, { runId: id })).toEqual({
      actor: { calls: 3, promptTokens: 220, completionTokens: 22, failedCalls: 1, retries: 5 },
      reflector: { calls: 1, promptTokens: 1000, completionTokens: 200, failedCalls: 0, retries: 1 },
      reflectionErrors: 1,
    });
  });
});
