import { describe, expect, it } from 'vitest';
import { householdEnv } from './household';
import { replayPrefix, ReplayMismatchError, RewindLog } from './rollback';
import { makeTask } from './tasks';
import type { Env, EnvSpec } from './types';

/** The same environment without snapshot support, to force rollback by replay. */
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

/** Plays a few oracle steps with a deliberate slip, logging for rewind. */
async function play(spec: EnvSpec, seed: number) {
  const task = makeTask(spec.id, 'pick_heat_then_place', seed);
  const env = spec.create();
  const log = new RewindLog(spec, task);
  const reset = await env.reset(task);
  await log.started(env, reset);
  const feedbacks: string[] = [];
  const actions: string[] = [];
  for (let i = 0; i < 5; i++) {
    const action = i === 2 ? 'take banana 9 from nowhere 1' : env.oracle!.nextAction()!.action;
    const out = await env.step(action);
    actions.push(action);
    feedbacks.push(out.observation);
    await log.stepped(env, { executedAction: action, feedback: out.observation });
  }
  return { task, env, log, feedbacks, actions };
}

async function continuation(env: Env, n: number) {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const a = env.oracle!.nextAction();
    if (!a) break;
    out.push((await env.step(a.action)).observation);
  }
  return out;
}

describe.each([
  ['snapshot', householdEnv],
  ['replay', withoutSnapshots(householdEnv)],
])('rollback by %s', (method, spec) => {
  it('rewinds to any step and continues exactly as the original did', async () => {
    const { task, log, feedbacks, actions } = await play(spec, 17);
    for (const k of [0, 2, 3, 5]) {
      const rewound = await log.rewindTo(k);
      expect(rewound.method).toBe(method);
      // Re-taking the original actions from step k reproduces the stored answers…
      const again: string[] = [];
      for (const a of actions.slice(k)) again.push((await rewound.env.step(a)).observation);
      expect(again).toEqual(feedbacks.slice(k));
      // …and the oracle's continuation equals the one from a plainly replayed environment.
      const back = await log.rewindTo(k);
      const plain = householdEnv.create();
      await plain.reset(task);
      for (const a of actions.slice(0, k)) await plain.step(a);
      expect(await continuation(back.env, 8)).toEqual(await continuation(plain, 8));
    }
  });

  it('rewinding does not disturb the live environment', async () => {
    const a = await play(spec, 5);
    const b = await play(spec, 5);
    await a.log.rewindTo(1);
    expect(await continuation(a.env, 8)).toEqual(await continuation(b.env, 8));
  });

  it('refuses steps outside the episode', async () => {
    const { log } = await play(spec, 5);
    await expect(log.rewindTo(6)).rejects.toThrow('cannot rewind to step 6: the episode has 5 steps');
    await expect(log.rewindTo(-1)).rejects.toThrow(RangeError);
  });
});

describe('replayPrefix', () => {
  it('reports the first step whose answer differs from the stored one', async () => {
    const task = makeTask('household', 'pick_and_place', 3);
    const { feedbacks, log } = await play(householdEnv, 3);
    expect(log.length).toBe(5);
    const stored = [
      { executedAction: 'look', feedback: 'this is not what look says' },
      { executedAction: 'inventory', feedback: feedbacks[1] },
    ];
    const err = await replayPrefix(householdEnv, task, stored).catch((e) => e);
    expect(err).toBeInstanceOf(ReplayMismatchError);
    expect(err).toMatchObject({ step: 0, expected: 'this is not what look says' });
    expect(err.message).toContain('replay diverged at step 1');
  });

  it('checks the reset observation too', async () => {
    const task = makeTask('household', 'pick_and_place', 3);
    await expect(replayPrefix(householdEnv, task, [], 'another room')).rejects.toMatchObject({ step: -1 });
  });
});
