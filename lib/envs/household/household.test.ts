import { describe, it, expect } from 'vitest';
import { makeTask } from '../tasks';
import type { StepResult } from '../types';
import { rngFor } from '../../util/rng';
import {
  expectNeutralPrompt,
  expectOracleSucceeds,
  expectSameSeedSameRun,
  expectSeedsDiffer,
  expectSnapshotReplays,
  expectTaskTypes,
  followOracle,
  negativeFor,
  starter,
  stepToLimit,
  walkPitfalls,
  walkAdmissible,
} from '../testing/env-checks';
import { householdEnv, MAX_STEPS } from './index';

const TYPES = householdEnv.taskTypes.map((t) => t.id);
const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);
const NOTHING = 'Nothing happens.';

const start = starter(householdEnv);

describe('household spec', () => {
  it('declares the six task types with their default splits', () => {
    expectTaskTypes(householdEnv, [
      { id: 'pick_and_place', split: 'train' },
      { id: 'look_at_obj_in_light', split: 'heldout' },
      { id: 'pick_clean_then_place', split: 'train' },
      { id: 'pick_heat_then_place', split: 'train' },
      { id: 'pick_cool_then_place', split: 'heldout' },
      { id: 'pick_two_obj_and_place', split: 'train' },
    ]);
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
    const negative = negativeFor(householdEnv);
    expect(negative(NOTHING)).toBe(true);
    expect(negative('You turn on the desklamp 1. You are not holding anything to look at.')).toBe(true);
    expect(negative('You turn on the desklamp 1.')).toBe(false);
  });

  it('has a neutral system prompt without any lesson', () => {
    expectNeutralPrompt(householdEnv, /microwave|fridge|sinkbasin|desklamp|one object/i);
  });
});

describe('household determinism', () => {
  it('gives the same layout, goal and oracle trajectory for the same seed', async () => {
    await expectSameSeedSameRun(start, followOracle, TYPES);
  });

  it('gives different layouts for different seeds', async () => {
    await expectSeedsDiffer(TYPES, SEEDS.slice(0, 10), async (type, seed) => JSON.stringify(await (await start(type, seed)).env.snapshot!()));
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
        await expectOracleSucceeds(followOracle, env, available);
      }
    }
  });
});

describe('household pitfalls', () => {
  it('each opportunity fails recognisably and the oracle still recovers', async () => {
    const coverage = await walkPitfalls({
      spec: householdEnv,
      start,
      types: TYPES,
      seeds: SEEDS,
      actionAttributes: true,
      beforeSlip: ({ opp, available }) => {
        if (opp.pitfallId !== 'lamp-without-object') expect(available).not.toContain(opp.action);
      },
      afterSlip: async ({ env, r }) => {
        expect({ negative: r.negative, reward: r.reward, success: r.success }).toEqual({ negative: true, reward: 0, success: false });
        await expectOracleSucceeds(followOracle, env, r.availableActions);
      },
    });
    expect(Object.keys(coverage).sort()).toEqual(householdEnv.pitfalls.map((p) => p.id).sort());
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
      await expectOracleSucceeds(followOracle, env, r.availableActions);
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
    const last = await stepToLimit(env, 'look', MAX_STEPS);
    expect({ done: last.done, success: last.success, reward: last.reward }).toEqual({ done: true, success: false, reward: 0 });
    expect(env.oracle!.nextAction()).toBeNull();
    const after = await env.step('look');
    expect({ done: after.done, success: after.success, reward: after.reward }).toEqual({ done: true, success: false, reward: 0 });
  });

  it('lists only admissible commands that actually do something', async () => {
    await walkAdmissible({
      start,
      types: TYPES,
      seeds: SEEDS.slice(0, 3),
      rngKey: 'household-admissible',
      steps: 12,
      untilEmpty: true,
      checkList: (available) => {
        expect(available).toContain('look');
        expect(available).toContain('inventory');
      },
      probe: (available) => available,
      checkProbe: (action, r) => {
        expect(r.observation, action).not.toBe(NOTHING);
        expect(r.negative && !action.startsWith('use ')).toBe(false);
      },
      choose: (available, _env, rng) => rng.pick(available),
    });
  });
});

describe('household snapshot', () => {
  it('restores a JSON-safe state so that later steps replay identically', async () => {
    await expectSnapshotReplays({
      spec: householdEnv,
      start,
      follow: followOracle,
      types: TYPES,
      seed: 11,
      rest: (actions, half) => [...actions.slice(half), 'look', 'inventory'],
      afterFresh: async ({ first }) => {
        expect(first.some((r) => r.success)).toBe(true);
      },
    });
  });
});
