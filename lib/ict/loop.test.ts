import { describe, expect, it } from 'vitest';
import { createOfflineActor } from '../agents/offline/actor';
import { createOfflineReflector, LESSONS_HEADER } from '../agents/offline/reflector';
import type { IctReflector } from '../agents/types';
import { getEnvSpec } from '../envs/registry';
import { MemoryRecorder } from '../runs/memory-recorder';
import { ictConfigSchema } from './config';
import { runIct } from './loop';

const spec = getEnvSpec('household');
const config = ictConfigSchema.parse({ name: 't', env: 'household', seed: 7 });

function fingerprint(rec: MemoryRecorder) {
  return [...rec.episodes.values()]
    .map((e) => ({
      key: e.key,
      taskId: e.task.taskId,
      success: e.success,
      reward: e.totalReward,
      actions: e.steps.map((s) => s.executedAction),
      prompt: e.systemPrompt,
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

async function run(rec: MemoryRecorder, signal = new AbortController().signal) {
  return runIct({ config, spec, actor: createOfflineActor(), reflector: createOfflineReflector(), recorder: rec, signal });
}

describe('runIct', () => {
  it('plays k×T train episodes and T×valTasks validation episodes, and prompts flow from the reflector', async () => {
    const rec = new MemoryRecorder();
    const summary = await run(rec);
    const eps = [...rec.episodes.values()];
    expect(eps.filter((e) => e.role === 'train')).toHaveLength(config.batchSize * config.metaTurns);
    expect(eps.filter((e) => e.role === 'validation')).toHaveLength(config.valTasks * config.metaTurns);
    expect(eps.every((e) => e.status === 'done')).toBe(true);

    const turns = [...rec.metaTurns.values()].sort((a, b) => a.index - b.index);
    expect(turns.map((t) => t.index)).toEqual([0, 1, 2, 3]);
    expect(turns[0].systemPrompt).toBe(spec.initialSystemPrompt);
    for (let i = 1; i < turns.length; i++) expect(turns[i].systemPrompt).toBe(turns[i - 1].nextPrompt);
    // Each episode ran under its meta-turn's prompt.
    for (const e of eps) expect(e.systemPrompt).toBe(turns[e.metaTurnIndex!].systemPrompt);
    expect(summary.finalPrompt).toBe(turns[3].nextPrompt);
    // The offline reflector learned at least one lesson from the train batches.
    expect(summary.finalPrompt).toContain(LESSONS_HEADER);
  });

  it('uses fresh train tasks every meta-turn, a fixed validation set from held-out types only', async () => {
    const rec = new MemoryRecorder();
    await run(rec);
    const eps = [...rec.episodes.values()];
    const trainIds = eps.filter((e) => e.role === 'train').map((e) => e.task.taskId);
    expect(new Set(trainIds).size).toBe(trainIds.length);
    for (const e of eps.filter((e) => e.role === 'train')) expect(config.trainTaskTypes).toContain(e.task.taskType);
    const valByTurn = (i: number) => eps.filter((e) => e.role === 'validation' && e.metaTurnIndex === i).map((e) => e.task.taskId).sort();
    expect(valByTurn(3)).toEqual(valByTurn(0));
    for (const e of eps.filter((e) => e.role === 'validation')) expect(config.heldOutTaskTypes).toContain(e.task.taskType);
  });

  it('is deterministic for a seed and resumes after an abort without losing or duplicating episodes', async () => {
    const whole = new MemoryRecorder();
    await run(whole);

    const resumed = new MemoryRecorder();
    const ctl = new AbortController();
    let recorded = 0;
    const origStep = resumed.stepRecorded.bind(resumed);
    resumed.stepRecorded = async (id, s) => {
      await origStep(id, s);
      if (++recorded === 400) ctl.abort();
    };
    await expect(run(resumed, ctl.signal)).rejects.toThrow('canceled');
    const partial = [...resumed.episodes.values()];
    expect(partial.some((e) => !e.finished)).toBe(true);
    await run(resumed);
    expect(fingerprint(resumed)).toEqual(fingerprint(whole));
  });

  it('keeps the prompt and records the failure when the reflector fails', async () => {
    const failing: IctReflector = {
      label: 'broken',
      kind: 'llm',
      reflect: async () => ({ analysis: '', prompt: 'garbage', input: 'in', output: 'no sections', error: 'missing IMPROVED PROMPT section' }),
    };
    const rec = new MemoryRecorder();
    const cfg = { ...config, metaTurns: 2 };
    await runIct({ config: cfg, spec, actor: createOfflineActor(), reflector: failing, recorder: rec, signal: new AbortController().signal });
    const turns = [...rec.metaTurns.values()];
    expect(turns.map((t) => t.systemPrompt)).toEqual([spec.initialSystemPrompt, spec.initialSystemPrompt]);
    expect(turns[0].reflection?.error).toBe('missing IMPROVED PROMPT section');
  });
});

describe('runIct with failing episodes', () => {
  const broken = (error: Error & { fatal?: boolean }) => ({
    label: 'broken',
    kind: 'llm' as const,
    startEpisode: () => ({
      act: async () => {
        throw error;
      },
    }),
  });

  it('ends the run when every episode of a meta-turn errored, keeping the episodes', async () => {
    const rec = new MemoryRecorder();
    const run = runIct({ config, spec, actor: broken(new Error('network: connect ECONNREFUSED')), reflector: createOfflineReflector(), recorder: rec, signal: new AbortController().signal });
    await expect(run).rejects.toThrow('every episode of meta-turn 0 errored; first error: network: connect ECONNREFUSED');
    const eps = [...rec.episodes.values()];
    expect(eps).toHaveLength(config.batchSize + config.valTasks);
    expect(eps.every((e) => e.finished && e.status === 'errored' && e.error === 'network: connect ECONNREFUSED')).toBe(true);
  });

  it('stops at the first fatal error and records that episode as errored', async () => {
    const rec = new MemoryRecorder();
    const fatal = Object.assign(new Error('auth: invalid API key'), { fatal: true });
    const run = runIct({ config: { ...config, parallelEpisodes: 1 }, spec, actor: broken(fatal), reflector: createOfflineReflector(), recorder: rec, signal: new AbortController().signal });
    await expect(run).rejects.toThrow('auth: invalid API key');
    const eps = [...rec.episodes.values()];
    expect(eps).toHaveLength(1);
    expect(eps[0]).toMatchObject({ status: 'errored', error: 'auth: invalid API key', finished: true });
  });
});

describe('runIct and the event loop', () => {
  it('lets timers run while an offline run with no step delay is in progress', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const started = performance.now();
    await runIct({ config: { ...config, valTasks: 24 }, spec, actor: createOfflineActor(), reflector: createOfflineReflector(), recorder: new MemoryRecorder(), signal: new AbortController().signal });
    const elapsed = performance.now() - started;
    clearInterval(timer);
    // A heartbeat timer must not starve: without yielding, ticks stays 0 however long the run takes.
    expect(elapsed).toBeGreaterThan(20);
    expect(ticks).toBeGreaterThan(3);
  });
});
