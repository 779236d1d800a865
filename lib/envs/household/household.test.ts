import { describe, it, expect } from 'vitest';
import { makeTask } from '../tasks';
import type { Env, ResetResult, StepResult } from '../types';
import { rngFor } from '../../util/rng';
import { householdEnv, MAX_STEPS } from './index';

const TYPES = householdEnv.taskTypes.map((t) => t.id);
const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);
const NOTHING = 'Nothing happens.';

async function start(taskType: string, seed: number): Promise<{ env: Env; reset: ResetResult }> {
  const env = householdEnv.create();
  const reset = await env.reset(makeTask('household', taskType, seed));
  return { env, reset };
}

/** Follows the oracle until the episode ends, checking that every planned action is admissible. */
async function followOracle(env: Env, available: string[]): Promise<{ actions: string[]; results: StepResult[] }> {
  const actions: string[] = [];
  const results: StepResult[] = [];
  for (;;) {
    const next = env.oracle!.nextAction();
    if (!next) break;
    expect(available.length).toBeGreaterThan(0);
    expect(available).toContain(next.action);
    const r = await env.step(next.action);
    actions.push(next.action);
    results.push(r);
    available = r.availableActions;
    if (r.done) break;
  }
  return { actions, results };
}

describe('household spec', () => {
  it('declares the six task types with their default splits', () => {
    expect(householdEnv.taskTypes.map(({ id, split }) => ({ id, split }))).toEqual([
      { id: 'pick_and_place', split: 'train' },
      { id: 'look_at_obj_in_light', split: 'heldout' },
      { id: 'pick_clean_then_place', split: 'train' },
      { id: 'pick_heat_then_place', split: 'train' },
      { id: 'pick_cool_then_place', split: 'heldout' },
      { id: 'pick_two_obj_and_place', split: 'train' },
    ]);
    for (const t of householdEnv.taskTypes) {
      expect(t.label.length).toBeGreaterThan(0);
      expect(t.description.length).toBeGreaterThan(0);
    }
  });

  it('has identity, limits and pitfalls', () => {
    expect({ id: householdEnv.id, name: householdEnv.name, maxSteps: householdEnv.maxSteps }).toEqual({
      id: 'household',
      name: 'Household (ALFWorld-style)',
      maxSteps: 30,
    });
    expect(householdEnv.version).toMatch(/^household@\d+\.\d+\.\d+$/);
    expect(householdEnv.pitfalls.map((p) => p.id)).toEqual([
      'closed-receptacle',
      'wrong-appliance',
      'put-before-go',
      'hands-full',
      'lamp-without-object',
    ]);
    const negative = (text: string) => householdEnv.negativeFeedback.some((re) => re.test(text));
    expect(negative(NOTHING)).toBe(true);
    expect(negative('You turn on the desklamp 1. You are not holding anything to look at.')).toBe(true);
    expect(negative('You turn on the desklamp 1.')).toBe(false);
  });

  it('has a neutral system prompt without any lesson', () => {
    const prompt = householdEnv.initialSystemPrompt;
    expect(prompt).toContain('Thought:');
    expect(prompt).toContain('Action:');
    expect(prompt).toMatch(/admissible/);
    for (const p of householdEnv.pitfalls) {
      expect(p.lesson).toMatch(/^[A-Z][^.]*\.$/);
      expect(prompt).not.toContain(p.lesson);
    }
    expect(prompt).not.toMatch(/microwave|fridge|sinkbasin|desklamp|one object/i);
  });
});

describe('household determinism', () => {
  it('gives the same layout, goal and oracle trajectory for the same seed', async () => {
    for (const type of TYPES) {
      const a = await start(type, 7);
      const b = await start(type, 7);
      expect(b.reset).toEqual(a.reset);
      const runA = await followOracle(a.env, a.reset.availableActions);
      const runB = await followOracle(b.env, b.reset.availableActions);
      expect(runB).toEqual(runA);
    }
  });

  it('gives different layouts for different seeds', async () => {
    for (const type of TYPES) {
      const layouts = new Set<string>();
      for (const seed of SEEDS.slice(0, 10)) {
        const { env } = await start(type, seed);
        layouts.add(JSON.stringify(await env.snapshot!()));
      }
      expect(layouts.size).toBe(10);
    }
  });

  it('starts in the middle of the room with an ALFWorld-style task line', async () => {
    for (const type of TYPES) {
      const { reset } = await start(type, 3);
      expect(reset.observation).toMatch(
        /^You are in the middle of a room\. Looking quickly around you, you see a [a-z]+ \d+(, a [a-z]+ \d+)*, and a [a-z]+ \d+\.\n\nYour task is to: .+\.$/,
      );
      expect(reset.observation.endsWith(`Your task is to: ${reset.goal}.`)).toBe(true);
      expect(reset.info).toMatchObject({ taskType: type, seed: 3 });
    }
  });
});

describe('household oracle', () => {
  it('solves every task type on 20 seeds within maxSteps', async () => {
    for (const type of TYPES) {
      let solved = 0;
      for (const seed of SEEDS) {
        const { env, reset } = await start(type, seed);
        const { results } = await followOracle(env, reset.availableActions);
        expect(results.length).toBeLessThanOrEqual(MAX_STEPS);
        expect(results.some((r) => r.negative)).toBe(false);
        expect(results.slice(0, -1).every((r) => !r.done && r.reward === 0)).toBe(true);
        const last = results[results.length - 1];
        expect({ reward: last.reward, done: last.done, success: last.success }).toEqual({ reward: 1, done: true, success: true });
        if (last.success) solved++;
        expect(env.oracle!.nextAction()).toBeNull();
      }
      expect(solved / SEEDS.length).toBe(1);
    }
  });

  it('answers in ALFWorld phrasing', async () => {
    const phrasing: [RegExp, RegExp][] = [
      [/^go to (.+)$/, /^You arrive at (\S+ \d+)\. (On the \1, you see .+\.|The \1 is closed\.|The \1 is open\. In it, you see .+\.)$/],
      [/^open (.+)$/, /^You open the (\S+ \d+)\. The \1 is open\. In it, you see (nothing|a .+)\.$/],
      [/^take (\S+ \d+) from (\S+ \d+)$/, /^You pick up the \S+ \d+ from the \S+ \d+\.$/],
      [/^put (\S+ \d+) in\/on (\S+ \d+)$/, /^You put the \S+ \d+ in\/on the \S+ \d+\.$/],
      [/^(clean|heat|cool) /, /^You (clean|heat|cool) the \S+ \d+ using the \S+ \d+\.$/],
      [/^use desklamp \d+$/, /^You turn on the desklamp \d+\.$/],
    ];
    for (const type of TYPES) {
      for (const seed of SEEDS.slice(0, 5)) {
        const { env, reset } = await start(type, seed);
        const { actions, results } = await followOracle(env, reset.availableActions);
        actions.forEach((action, i) => {
          const rule = phrasing.find(([a]) => a.test(action));
          expect(rule, action).toBeDefined();
          expect(results[i].observation).toMatch(rule![1]);
        });
      }
    }
  });

  it('recovers after random detours', async () => {
    for (const type of TYPES) {
      for (const seed of SEEDS.slice(0, 5)) {
        const { env, reset } = await start(type, seed);
        const rng = rngFor('household-test', type, seed);
        let available = reset.availableActions;
        for (let i = 0; i < 6; i++) available = (await env.step(rng.pick(available))).availableActions;
        const { results } = await followOracle(env, available);
        expect(results[results.length - 1].success).toBe(true);
      }
    }
  });
});

describe('household pitfalls', () => {
  it('each opportunity fails recognisably and the oracle still recovers', async () => {
    const pitfalls = new Map(householdEnv.pitfalls.map((p) => [p.id, p]));
    const seenIn = new Map<string, Set<string>>();
    for (const type of TYPES) {
      for (const seed of SEEDS) {
        const { env, reset } = await start(type, seed);
        let available = reset.availableActions;
        for (;;) {
          for (const opp of env.oracle!.pitfallOpportunities()) {
            const pitfall = pitfalls.get(opp.pitfallId)!;
            expect(pitfall, opp.pitfallId).toBeDefined();
            expect(opp.thought.length).toBeGreaterThan(0);
            expect(opp.action).toMatch(pitfall.actionPattern);
            // A reflector must be able to attribute the mistake to this pitfall alone.
            for (const other of householdEnv.pitfalls) {
              if (other.id !== pitfall.id) expect(opp.action).not.toMatch(other.actionPattern);
            }
            if (opp.pitfallId !== 'lamp-without-object') expect(available).not.toContain(opp.action);
            const saved = await env.snapshot!();
            const r = await env.step(opp.action);
            expect(r.observation).toMatch(pitfall.feedbackPattern);
            expect({ negative: r.negative, reward: r.reward, success: r.success }).toEqual({ negative: true, reward: 0, success: false });
            const { results } = await followOracle(env, r.availableActions);
            expect(results[results.length - 1].success).toBe(true);
            await env.restore!(saved);
            if (!seenIn.has(opp.pitfallId)) seenIn.set(opp.pitfallId, new Set());
            seenIn.get(opp.pitfallId)!.add(type);
          }
          const next = env.oracle!.nextAction();
          if (!next) break;
          const r = await env.step(next.action);
          available = r.availableActions;
          if (r.done) break;
        }
      }
    }
    const coverage = Object.fromEntries([...seenIn].map(([id, types]) => [id, [...types].sort()]));
    expect(Object.keys(coverage).sort()).toEqual([...pitfalls.keys()].sort());
    // Shared across types, so that lessons from training types apply to held-out ones.
    expect(coverage['wrong-appliance']).toEqual(['pick_clean_then_place', 'pick_cool_then_place', 'pick_heat_then_place']);
    expect(coverage['closed-receptacle']).toEqual([...TYPES].sort());
    expect(coverage['put-before-go']).toEqual(
      TYPES.filter((t) => t !== 'look_at_obj_in_light').sort(),
    );
    expect(coverage['hands-full']).toContain('pick_two_obj_and_place');
    expect(coverage['hands-full']).toContain('look_at_obj_in_light');
    expect(coverage['lamp-without-object']).toEqual(['look_at_obj_in_light']);
  });

  it('lighting the lamp empty-handed at its desk gives the distinct message', async () => {
    let checked = 0;
    for (const seed of SEEDS) {
      const { env } = await start('look_at_obj_in_light', seed);
      const snap = (await env.snapshot!()) as { lamp: { name: string; host: string } };
      await env.step(`go to ${snap.lamp.host}`);
      const r = await env.step(`use ${snap.lamp.name}`);
      expect({ observation: r.observation, negative: r.negative, success: r.success }).toEqual({
        observation: `You turn on the ${snap.lamp.name}. You are not holding anything to look at.`,
        negative: true,
        success: false,
      });
      const { results } = await followOracle(env, r.availableActions);
      expect(results[results.length - 1].success).toBe(true);
      checked++;
    }
    expect(checked).toBe(SEEDS.length);
  });
});

describe('household commands', () => {
  it('answers "Nothing happens." to garbage and inadmissible commands', async () => {
    const { env } = await start('pick_heat_then_place', 1);
    for (const action of ['', 'dance wildly', 'go to moon 1', 'take apple 99 from countertop 1', 'put apple 1 in fridge 1', 'open fridge 1', 'use desklamp 1']) {
      const r = await env.step(action);
      expect({ observation: r.observation, reward: r.reward, done: r.done, success: r.success, negative: r.negative }).toEqual({
        observation: NOTHING,
        reward: 0,
        done: false,
        success: false,
        negative: true,
      });
      expect(r.availableActions.length).toBeGreaterThan(0);
    }
  });

  it('accepts "in", "on" and "in/on" for put, and case or trailing dots', async () => {
    for (const form of ['in', 'on', 'in/on']) {
      const { env, reset } = await start('pick_and_place', 2);
      let available = reset.availableActions;
      let last: StepResult | undefined;
      for (;;) {
        const next = env.oracle!.nextAction();
        if (!next) break;
        const action = next.action.startsWith('put ') ? next.action.replace(' in/on ', ` ${form} `) : next.action;
        last = await env.step(action.toUpperCase() + '.');
        available = last.availableActions;
        if (last.done) break;
      }
      expect(available.length).toBeGreaterThan(0);
      expect(last?.success).toBe(true);
    }
  });

  it('lets the agent carry one object at most', async () => {
    const { env, reset } = await start('pick_two_obj_and_place', 4);
    const { actions } = await followOracle(env, reset.availableActions);
    const firstTake = actions.findIndex((a) => a.startsWith('take '));
    const replay = householdEnv.create();
    await replay.reset(makeTask('household', 'pick_two_obj_and_place', 4));
    for (const a of actions.slice(0, firstTake + 1)) await replay.step(a);
    const r = await replay.step('inventory');
    expect(r.observation).toMatch(/^You are carrying: a \S+ \d+\.$/);
    expect(r.availableActions.some((a) => a.startsWith('take '))).toBe(false);
  });

  it('ends the episode at maxSteps with success false', async () => {
    const { env } = await start('pick_and_place', 5);
    for (let i = 1; i < MAX_STEPS; i++) {
      const r = await env.step('look');
      expect(r.done).toBe(false);
    }
    const last = await env.step('look');
    expect({ done: last.done, success: last.success, reward: last.reward }).toEqual({ done: true, success: false, reward: 0 });
    expect(env.oracle!.nextAction()).toBeNull();
    const after = await env.step('look');
    expect({ done: after.done, success: after.success, reward: after.reward }).toEqual({ done: true, success: false, reward: 0 });
  });

  it('lists only admissible commands that actually do something', async () => {
    for (const type of TYPES) {
      for (const seed of SEEDS.slice(0, 3)) {
        const { env, reset } = await start(type, seed);
        const rng = rngFor('household-admissible', type, seed);
        let available = reset.availableActions;
        for (let i = 0; i < 12 && available.length > 0; i++) {
          expect(available).toContain('look');
          expect(available).toContain('inventory');
          expect(new Set(available).size).toBe(available.length);
          const saved = await env.snapshot!();
          for (const action of available) {
            const r = await env.step(action);
            expect(r.observation, action).not.toBe(NOTHING);
            expect(r.negative && !action.startsWith('use ')).toBe(false);
            await env.restore!(saved);
          }
          const r = await env.step(rng.pick(available));
          if (r.done) break;
          available = r.availableActions;
        }
      }
    }
  });
});

describe('household snapshot', () => {
  it('restores a JSON-safe state so that later steps replay identically', async () => {
    for (const type of TYPES) {
      const { env, reset } = await start(type, 11);
      const { actions } = await followOracle(env, reset.availableActions);
      const half = Math.floor(actions.length / 2);

      const replay = householdEnv.create();
      await replay.reset(makeTask('household', type, 11));
      for (const a of actions.slice(0, half)) await replay.step(a);
      const snap = await replay.snapshot!();
      expect(JSON.parse(JSON.stringify(snap))).toEqual(snap);

      const rest = [...actions.slice(half), 'look', 'inventory'];
      const first: StepResult[] = [];
      for (const a of rest) first.push(await replay.step(a));

      // The snapshot is a copy: stepping on must not have changed it.
      const fresh = householdEnv.create();
      await fresh.restore!(JSON.parse(JSON.stringify(snap)));
      const second: StepResult[] = [];
      for (const a of rest) second.push(await fresh.step(a));
      expect(second).toEqual(first);
      expect(first.some((r) => r.success)).toBe(true);
      await fresh.close();
    }
  });
});
