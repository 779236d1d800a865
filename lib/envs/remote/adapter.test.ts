// The adapter against our own env server over loopback, checked step by step against a local
// twin of the same task. The remote env has no oracle, so the twin's oracle chooses the actions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { householdEnv } from '../household';
import { replayPrefix, ReplayMismatchError, RewindLog, type ReplayStep } from '../rollback';
import { makeTask } from '../tasks';
import type { Env, StepResult } from '../types';
import { createRemoteEnvSpec, fetchRemoteSpec, type RemoteEnv, type RemoteEnvSpec } from './adapter';
import { startEnvServer, taskForDataIdx, type EnvServer } from './server';

let server: EnvServer;
let remote: RemoteEnvSpec;
const opened: Env[] = [];
const open = <E extends Env>(env: E) => (opened.push(env), env);

beforeAll(async () => {
  server = await startEnvServer({ spec: householdEnv });
  const fetched = await fetchRemoteSpec(server.url);
  remote = createRemoteEnvSpec({ ...fetched!.config, id: 'remote:1', timeoutMs: 2000 });
});
afterAll(async () => {
  await Promise.all(opened.map((e) => e.close()));
  await server.close();
});

/** Steps both with the twin's oracle action (or `actions[i]` where given); returns both results. */
async function lockstep(env: RemoteEnv, twin: Env, n: number, actions: Record<number, string> = {}) {
  const out: { action: string; remote: StepResult; local: StepResult }[] = [];
  for (let i = 0; i < n; i++) {
    const action = actions[i] ?? twin.oracle!.nextAction()?.action;
    if (!action) break;
    out.push({ action, local: await twin.step(action), remote: await env.step(action) });
    if (out.at(-1)!.local.done) break;
  }
  return out;
}

describe('remote environment over our own server', () => {
  it('prefills a registration from GET /spec', async () => {
    const fetched = await fetchRemoteSpec(`${server.url}/`);
    expect(fetched!.config).toEqual({
      name: householdEnv.name,
      baseUrl: server.url,
      version: householdEnv.version,
      description: householdEnv.description,
      maxSteps: householdEnv.maxSteps,
      initialSystemPrompt: householdEnv.initialSystemPrompt,
      negativeFeedback: householdEnv.negativeFeedback.map((r) => r.source),
      taskTypes: householdEnv.taskTypes.map((t) => ({ id: t.id, label: t.label, description: t.description, split: t.split, dataIdx: expect.any(Array) })),
    });
    // Every advertised index maps back to its own type.
    for (const t of fetched!.config.taskTypes) {
      for (const idx of t.dataIdx as number[]) expect(taskForDataIdx(householdEnv, idx).taskType).toBe(t.id);
    }
    expect(remote.negativeFeedback.map((r) => r.source)).toEqual(householdEnv.negativeFeedback.map((r) => r.source));
  });

  it('answers reset, steps, observation and detail exactly as a local instance of the same task', async () => {
    const env = open(remote.create());
    const twin = open(householdEnv.create());
    const local = makeTask('household', 'pick_heat_then_place', 17);
    const r = await env.reset(makeTask(remote.id, 'pick_heat_then_place', 17));
    const l = await twin.reset(local);
    // The server honours the task extension; the index is recorded alongside.
    const dataIdx = remote.remote.taskTypes.find((t) => t.id === 'pick_heat_then_place')!.dataIdx as number[];
    expect(r).toEqual({ ...l, info: { ...l.info, task: local, dataIdx: dataIdx[17] } });

    const steps = await lockstep(env, twin, 6, { 2: 'take banana 9 from nowhere 1' });
    for (const s of steps) expect(s.remote).toEqual(s.local);
    expect(steps[2].remote.negative).toBe(true);
    expect(await env.observation()).toBe(steps.at(-1)!.local.observation);
    expect(await env.availableActions()).toEqual(steps.at(-1)!.local.availableActions);
    expect(await env.detail()).toEqual({
      id: env.instanceId,
      envId: 'household',
      version: householdEnv.version,
      task: local,
      dataIdx: null,
      goal: l.goal,
      steps: 6,
      done: false,
      success: false,
      lastReward: 0,
      totalReward: 0,
      createdAt: expect.any(Number),
    });
  });

  it('plays a whole episode to success with actions from the twin oracle', async () => {
    const env = open(remote.create());
    const twin = open(householdEnv.create());
    await env.reset(makeTask(remote.id, 'pick_two_obj_and_place', 4));
    await twin.reset(makeTask('household', 'pick_two_obj_and_place', 4));
    const steps = await lockstep(env, twin, householdEnv.maxSteps);
    const last = steps.at(-1)!.remote;
    expect({ done: last.done, success: last.success, reward: last.reward }).toEqual({ done: true, success: true, reward: 1 });
    expect(steps.map((s) => s.remote)).toEqual(steps.map((s) => s.local));
  });

  it('maps a task to its dataset index when the server does not know the type', async () => {
    const byIndex = createRemoteEnvSpec({ name: 'by index', baseUrl: server.url, maxSteps: 30, taskTypes: [{ id: 'any', split: 'train', dataIdx: { from: 0, to: 11 } }] });
    const env = open(byIndex.create());
    const twin = open(householdEnv.create());
    // seed 21 → index 21 mod 12 = 9 → the server's task for data_idx 9.
    const r = await env.reset(makeTask(byIndex.id, 'any', 21));
    const l = await twin.reset(taskForDataIdx(householdEnv, 9));
    expect(r).toEqual({ ...l, info: { ...l.info, task: taskForDataIdx(householdEnv, 9), dataIdx: 9 } });
    for (const s of await lockstep(env, twin, 4)) expect(s.remote).toEqual(s.local);
    expect(await env.detail()).toMatchObject({ dataIdx: 9, steps: 4 });
  });

  it('rolls back by replay and reports a diverging replay', async () => {
    const task = makeTask(remote.id, 'pick_clean_then_place', 8);
    const env = open(remote.create());
    const twin = open(householdEnv.create());
    const log = new RewindLog(remote, task);
    await log.started(env, await env.reset(task));
    await twin.reset(makeTask('household', 'pick_clean_then_place', 8));
    const played = await lockstep(env, twin, 5, { 1: 'take banana 9 from nowhere 1' });
    const prefix: ReplayStep[] = played.map((s) => ({ executedAction: s.action, feedback: s.remote.observation }));
    for (const p of prefix) await log.stepped(env, p);

    const rewound = await log.rewindTo(3);
    opened.push(rewound.env);
    expect(rewound.method).toBe('replay');
    expect(rewound.last!.observation).toBe(prefix[2].feedback);
    const again: string[] = [];
    for (const p of prefix.slice(3)) again.push((await rewound.env.step(p.executedAction)).observation);
    expect(again).toEqual(prefix.slice(3).map((p) => p.feedback));

    const before = server.sessions.size;
    const wrong = prefix.map((p, i) => (i === 2 ? { ...p, feedback: 'something else' } : p));
    const err = await replayPrefix(remote, task, wrong).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReplayMismatchError);
    expect((err as ReplayMismatchError).step).toBe(2);
    // The diverged instance was closed on the server.
    expect(server.sessions.size).toBe(before);
  });

  it('closes its server instance and creates a new one on the next reset', async () => {
    const env = remote.create();
    await env.reset(makeTask(remote.id, 'pick_and_place', 1));
    const first = env.instanceId as number;
    expect(server.sessions.has(first)).toBe(true);
    await env.close();
    expect(server.sessions.has(first)).toBe(false);
    await expect(env.observation()).rejects.toThrow('reset() must come first');
    await env.reset(makeTask(remote.id, 'pick_and_place', 1));
    expect(env.instanceId).not.toBe(first);
    await env.close();
    await env.close();
  });
});
