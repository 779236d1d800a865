// Test-only helpers shared by the built-in environments' test files: starting an episode,
// playing the oracle to the end, and the checks every environment repeats (same seed, same run;
// pitfall opportunities; snapshot/restore replay; the step limit). Each helper asserts exactly
// what the test files asserted inline before; environment-specific checks stay in the callers.

import { expect } from 'vitest';
import { rngFor, type Rng } from '../../util/rng';
import { makeTask } from '../tasks';
import type { Env, EnvSnapshot, EnvSpec, Pitfall, PitfallOpportunity, PlannedAction, ResetResult, StepResult } from '../types';

export interface Started {
  env: Env;
  reset: ResetResult;
}

export type Start = (taskType: string, seed: number) => Promise<Started>;

/** `start(taskType, seed)`: a fresh env of the spec (or from `create`), reset to that task. */
export function starter(spec: EnvSpec, create: () => Env = () => spec.create()): Start {
  return async (taskType, seed) => {
    const env = create();
    const reset = await env.reset(makeTask(spec.id, taskType, seed));
    return { env, reset };
  };
}

export interface OracleRun {
  actions: string[];
  results: StepResult[];
}

/** Asserts that a planned action is admissible; by default it must be in a non-empty list. */
export type AdmissibleCheck = (available: string[], next: PlannedAction) => void;

export const listedAction: AdmissibleCheck = (available, next) => {
  expect(available.length).toBeGreaterThan(0);
  expect(available).toContain(next.action);
};

/** Follows the oracle until the episode ends, checking that every planned action is admissible. */
export async function followOracle(env: Env, available: string[], check: AdmissibleCheck = listedAction): Promise<OracleRun> {
  const actions: string[] = [];
  const results: StepResult[] = [];
  for (;;) {
    const next = env.oracle!.nextAction();
    if (!next) break;
    check(available, next);
    const r = await env.step(next.action);
    actions.push(next.action);
    results.push(r);
    available = r.availableActions;
    if (r.done) break;
  }
  return { actions, results };
}

export type Follow = (env: Env, available: string[]) => Promise<OracleRun>;

/** Follows the oracle to the end and expects the last step to succeed. */
export async function expectOracleSucceeds(follow: Follow, env: Env, available: string[]): Promise<void> {
  const { results } = await follow(env, available);
  expect(results[results.length - 1].success).toBe(true);
}

/** Declares exactly these task types with their default splits, each labelled and described. */
export function expectTaskTypes(spec: EnvSpec, expected: { id: string; split: string }[]): void {
  expect(spec.taskTypes.map(({ id, split }) => ({ id, split }))).toEqual(expected);
  for (const t of spec.taskTypes) {
    expect(t.label.length).toBeGreaterThan(0);
    expect(t.description.length).toBeGreaterThan(0);
  }
}

/** Whether a text matches one of the spec's negative-feedback patterns. */
export function negativeFor(spec: EnvSpec): (text: string) => boolean {
  return (text) => spec.negativeFeedback.some((re) => re.test(text));
}

/** The system prompt asks for Thought/Action and admissible actions, states no lesson, and avoids `hints`. */
export function expectNeutralPrompt(spec: EnvSpec, hints: RegExp): void {
  const prompt = spec.initialSystemPrompt;
  expect(prompt).toContain('Thought:');
  expect(prompt).toContain('Action:');
  expect(prompt).toMatch(/admissible/);
  for (const p of spec.pitfalls) {
    expect(p.lesson).toMatch(/^[A-Z][^.]*\.$/);
    expect(prompt).not.toContain(p.lesson);
  }
  expect(prompt).not.toMatch(hints);
}

/** Two resets with the same seed give the same reset and the same oracle run, for every type. */
export async function expectSameSeedSameRun(start: Start, follow: Follow, types: string[], seed = 7): Promise<void> {
  for (const type of types) {
    const a = await start(type, seed);
    const b = await start(type, seed);
    expect(b.reset).toEqual(a.reset);
    const runA = await follow(a.env, a.reset.availableActions);
    const runB = await follow(b.env, b.reset.availableActions);
    expect(runB).toEqual(runA);
  }
}

/** For every type, `key` differs between all the given seeds. */
export async function expectSeedsDiffer(types: string[], seeds: number[], key: (type: string, seed: number) => Promise<string>): Promise<void> {
  for (const type of types) {
    const keys = new Set<string>();
    for (const seed of seeds) keys.add(await key(type, seed));
    expect(keys.size).toBe(seeds.length);
  }
}

/** Steps `action` up to the step limit, expecting the episode to run on until the last step, which it returns. */
export async function stepToLimit(env: Env, action: string, maxSteps: number): Promise<StepResult> {
  for (let i = 1; i < maxSteps; i++) {
    const r = await env.step(action);
    expect(r.done).toBe(false);
  }
  return env.step(action);
}

export interface PitfallCase {
  env: Env;
  type: string;
  opp: PitfallOpportunity;
  pitfall: Pitfall;
  /** The admissible actions in the state the opportunity arose in. */
  available: string[];
  /** The oracle's next action in that state. */
  planned: PlannedAction | null;
  /** The snapshot taken before the slip; restored after `afterSlip`. */
  saved: EnvSnapshot;
  /** The step that made the slip (set for `afterSlip`). */
  r: StepResult;
  /** Pitfall ids already followed up in this episode; the caller adds to it. */
  checked: Set<string>;
}

export interface PitfallWalk {
  spec: EnvSpec;
  start: Start;
  types: string[];
  seeds: number[];
  /** Expect no other pitfall's action pattern to match the opportunity's action. */
  actionAttributes: boolean;
  /** Checks on the opportunity before the slip is stepped. */
  beforeSlip?: (c: Omit<PitfallCase, 'saved' | 'r'>) => void;
  /** Checks on the slip's result (its feedback already matched), before the state is restored. */
  afterSlip: (c: PitfallCase) => Promise<void>;
}

/**
 * Plays the oracle through every type and seed, and at each state takes every pitfall opportunity
 * in turn from a snapshot: the opportunity names a known pitfall, has a thought and matches its
 * action pattern, and the slip's observation matches its feedback pattern. Returns, per pitfall,
 * the sorted task types it arose in.
 */
export async function walkPitfalls(w: PitfallWalk): Promise<Record<string, string[]>> {
  const pitfalls = new Map(w.spec.pitfalls.map((p) => [p.id, p]));
  const seenIn = new Map<string, Set<string>>();
  for (const type of w.types) {
    for (const seed of w.seeds) {
      const { env, reset } = await w.start(type, seed);
      let available = reset.availableActions;
      const checked = new Set<string>();
      for (;;) {
        const opportunities = env.oracle!.pitfallOpportunities();
        const planned = env.oracle!.nextAction();
        for (const opp of opportunities) {
          const pitfall = pitfalls.get(opp.pitfallId)!;
          expect(pitfall, opp.pitfallId).toBeDefined();
          expect(opp.thought.length).toBeGreaterThan(0);
          expect(opp.action).toMatch(pitfall.actionPattern);
          if (w.actionAttributes) {
            // A reflector must be able to attribute the mistake to this pitfall alone.
            for (const other of w.spec.pitfalls) {
              if (other.id !== pitfall.id) expect(opp.action).not.toMatch(other.actionPattern);
            }
          }
          w.beforeSlip?.({ env, type, opp, pitfall, available, planned, checked });
          const saved = await env.snapshot!();
          const r = await env.step(opp.action);
          expect(r.observation).toMatch(pitfall.feedbackPattern);
          await w.afterSlip({ env, type, opp, pitfall, available, planned, saved, r, checked });
          await env.restore!(saved);
          if (!seenIn.has(opp.pitfallId)) seenIn.set(opp.pitfallId, new Set());
          seenIn.get(opp.pitfallId)!.add(type);
        }
        if (!planned) break;
        const r = await env.step(planned.action);
        available = r.availableActions;
        if (r.done) break;
      }
    }
  }
  return Object.fromEntries([...seenIn].map(([id, types]) => [id, [...types].sort()]));
}

export interface SnapshotReplay {
  spec: EnvSpec;
  start: Start;
  follow: Follow;
  types: string[];
  seed: number;
  /** The actions to replay from the snapshot, taken halfway through the oracle run. */
  rest: (actions: string[], half: number) => string[];
  /** Also restore the snapshot into the instance that took it and replay: before or after the fresh instance. */
  sameInstance?: 'before-fresh' | 'after-fresh';
  /** Further checks once the fresh instance has replayed identically. */
  afterFresh?: (c: { first: StepResult[]; fresh: Env; snap: EnvSnapshot }) => Promise<void>;
}

async function replayAll(env: Env, actions: string[]): Promise<StepResult[]> {
  const results: StepResult[] = [];
  for (const a of actions) results.push(await env.step(a));
  return results;
}

/**
 * Snapshots a replay of the oracle run halfway, checks the snapshot is JSON-safe, and expects the
 * same results for `rest` from a fresh instance restored from a JSON copy (the snapshot is a copy:
 * stepping on must not have changed it), and optionally from the same instance restored.
 */
export async function expectSnapshotReplays(c: SnapshotReplay): Promise<void> {
  for (const type of c.types) {
    const { env, reset } = await c.start(type, c.seed);
    const { actions } = await c.follow(env, reset.availableActions);
    const half = Math.floor(actions.length / 2);

    const replay = c.spec.create();
    await replay.reset(makeTask(c.spec.id, type, c.seed));
    for (const a of actions.slice(0, half)) await replay.step(a);
    const snap = await replay.snapshot!();
    expect(JSON.parse(JSON.stringify(snap))).toEqual(snap);

    const rest = c.rest(actions, half);
    const first = await replayAll(replay, rest);
    const sameInstance = async () => {
      await replay.restore!(snap);
      expect(await replayAll(replay, rest)).toEqual(first);
    };
    if (c.sameInstance === 'before-fresh') await sameInstance();

    const fresh = c.spec.create();
    await fresh.restore!(JSON.parse(JSON.stringify(snap)));
    const second = await replayAll(fresh, rest);
    expect(second).toEqual(first);
    await c.afterFresh?.({ first, fresh, snap });

    if (c.sameInstance === 'after-fresh') await sameInstance();
    await fresh.close();
  }
}

export interface AdmissibleWalk {
  start: Start;
  types: string[];
  seeds: number[];
  /** Names the walk's random source, per environment. */
  rngKey: string;
  steps: number;
  /** Stop the walk of a task early once nothing is admissible. */
  untilEmpty?: boolean;
  /** Checks on the list itself at every visited state. */
  checkList(available: string[]): void;
  /** The listed actions to try, each from a restored snapshot. */
  probe(available: string[]): string[];
  /** Checks one probed action's result (the env is still in the state it led to). */
  checkProbe(action: string, result: StepResult, env: Env): Promise<void> | void;
  /** The action the walk then takes, picked with its seeded random source. */
  choose(available: string[], env: Env, rng: Rng): Promise<string> | string;
}

/**
 * A seeded random walk over admissible actions: at every visited state each probed action is
 * tried from a snapshot and checked, then the walk takes one action and goes on.
 */
export async function walkAdmissible(w: AdmissibleWalk): Promise<void> {
  for (const type of w.types) {
    for (const seed of w.seeds) {
      const { env, reset } = await w.start(type, seed);
      const rng = rngFor(w.rngKey, type, seed);
      let available = reset.availableActions;
      for (let i = 0; i < w.steps && (!w.untilEmpty || available.length > 0); i++) {
        w.checkList(available);
        expect(new Set(available).size).toBe(available.length);
        const saved = await env.snapshot!();
        for (const action of w.probe(available)) {
          const r = await env.step(action);
          await w.checkProbe(action, r, env);
          await env.restore!(saved);
        }
        const r = await env.step(await w.choose(available, env, rng));
        if (r.done) break;
        available = r.availableActions;
      }
    }
  }
}
