import { describe, expect, it } from 'vitest';
import { createOfflineActor } from '../agents/offline/actor';
import { createOfflineReflector } from '../agents/offline/reflector';
import { ictConfigSchema } from '../ict/config';
import { runIct } from '../ict/loop';
import { MemoryRecorder } from '../runs/memory-recorder';
import { defaultSplit, listEnvSpecs } from './registry';
import { RewindLog } from './rollback';
import { makeTask } from './tasks';
import type { Env, EnvSpec } from './types';

// Properties every built-in environment must have, checked over the whole registry so that a new
// environment is covered the moment it is registered.

function withoutSnapshots(spec: EnvSpec): EnvSpec {
  return {
    ...spec,
    create: () => {
      const env = spec.create();
      const bare: Env = { reset: (t) => env.reset(t), step: (a) => env.step(a), close: () => env.close(), oracle: env.oracle };
      return bare;
    },
  };
}

/** Oracle play with a garbage action at step 1, recording everything for rewinds. */
async function playLogged(spec: EnvSpec, taskType: string, seed: number, steps: number) {
  const task = makeTask(spec.id, taskType, seed);
  const env = spec.create();
  const log = new RewindLog(spec, task);
  await log.started(env, await env.reset(task));
  const actions: string[] = [];
  const feedbacks: string[] = [];
  for (let i = 0; i < steps; i++) {
    const action = i === 1 ? 'xyzzy plugh' : env.oracle?.nextAction()?.action;
    if (!action) break;
    const out = await env.step(action);
    actions.push(action);
    feedbacks.push(out.observation);
    await log.stepped(env, { executedAction: action, feedback: out.observation });
    if (out.done) break;
  }
  await env.close();
  return { log, actions, feedbacks };
}

describe.each(listEnvSpecs().map((s) => [s.id, s] as const))('environment %s', (_id, spec) => {
  it('declares a versioned spec with both splits and lesson-free initial prompt', () => {
    expect(spec.version).toMatch(new RegExp(`^${spec.id}@\\d+\\.\\d+\\.\\d+$`));
    const split = defaultSplit(spec);
    expect(split.train.length).toBeGreaterThan(0);
    expect(split.heldout.length).toBeGreaterThan(0);
    expect(spec.pitfalls.length).toBeGreaterThan(0);
    for (const p of spec.pitfalls) expect(spec.initialSystemPrompt).not.toContain(p.lesson);
  });

  it('runs an offline ICT run to the end', async () => {
    const config = ictConfigSchema.parse({ name: 't', env: spec.id, batchSize: 2, metaTurns: 2, valTasks: 4, seed: 3 });
    const rec = new MemoryRecorder();
    const summary = await runIct({ config, spec, actor: createOfflineActor(), reflector: createOfflineReflector(), recorder: rec, signal: new AbortController().signal });
    expect(summary.metaTurns).toHaveLength(2);
    const eps = [...rec.episodes.values()];
    expect(eps).toHaveLength(2 * (2 + 4));
    expect(eps.filter((e) => e.status === 'errored').map((e) => e.error)).toEqual([]);
    expect(eps.every((e) => e.envVersion === spec.version && e.steps.length > 0)).toBe(true);
  }, 60_000);

  it.each([
    ['snapshot', spec],
    ['replay', withoutSnapshots(spec)],
  ])('rolls back by %s to any step and continues identically', async (method, variant) => {
    for (const taskType of spec.taskTypes.map((t) => t.id)) {
      const { log, actions, feedbacks } = await playLogged(variant, taskType, 21, 5);
      for (const k of [0, Math.min(2, actions.length), actions.length]) {
        const back = await log.rewindTo(k);
        expect(back.method).toBe(method);
        const again: string[] = [];
        for (const a of actions.slice(k)) again.push((await back.env.step(a)).observation);
        expect(again).toEqual(feedbacks.slice(k));
        await back.env.close();
      }
    }
  }, 60_000);
});
