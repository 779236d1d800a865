import { describe, it, expect } from 'vitest';
import { makeTask } from '../tasks';
import type { Env, StepResult } from '../types';
import { rngFor } from '../../util/rng';
import {
  expectNeutralPrompt,
  expectOracleSucceeds,
  expectSameSeedSameRun,
  expectSeedsDiffer,
  expectSnapshotReplays,
  expectTaskTypes,
  followOracle,
  starter,
  stepToLimit,
  walkPitfalls,
  walkAdmissible,
} from '../testing/env-checks';
import { gridworldEnv, MAX_STEPS } from './index';
import { MAX_PLAN } from './generate';
import { DIRECTION_NAMES, direction, terrain, type State } from './level';

const TYPES = gridworldEnv.taskTypes.map((t) => t.id);
const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);

const start = starter(gridworldEnv);

const stateOf = async (env: Env) => (await env.snapshot!()) as State;
const messageOf = (observation: string) => observation.split('\n')[0];

describe('gridworld spec', () => {
  it('declares the five task types with their default splits', () => {
    expectTaskTypes(gridworldEnv, [
      { id: 'room', split: 'train' },
      { id: 'maze', split: 'train' },
      { id: 'key_door', split: 'train' },
      { id: 'lava_crossing', split: 'heldout' },
      { id: 'use_item', split: 'heldout' },
    ]);
  });

  it('has identity, limits and pitfalls', () => {
    expect({ id: gridworldEnv.id, name: gridworldEnv.name, maxSteps: gridworldEnv.maxSteps }).toEqual({
      id: 'gridworld',
      name: 'Gridworld (MiniHack-style)',
      maxSteps: 50,
    });
    expect(gridworldEnv.version).toMatch(/^gridworld@\d+\.\d+\.\d+$/);
    expect(gridworldEnv.pitfalls.map((p) => p.id)).toEqual(['unsafe-move', 'locked-door', 'pickup-nothing', 'apply-without-item']);
    const negative = (message: string) => gridworldEnv.negativeFeedback.some((re) => re.test(`${message}\n|..@..|\nDlvl:1`));
    for (const m of [
      "It's a wall.",
      'You fall into the lava! You die...',
      'That door is closed.',
      'This door is locked.',
      'There is nothing here to pick up.',
      "You don't have anything to apply.",
      "You can't move diagonally out of an intact doorway.",
      'You swing your pick-axe through thin air.',
      'Unknown command: dance.',
    ]) {
      expect(negative(m), m).toBe(true);
    }
    for (const m of ['You move east.', 'You see here a key.', 'You pick up the key.', 'The door opens.', 'Time passes.', 'You reach the staircase down.']) {
      expect(negative(m), m).toBe(false);
    }
  });

  it('has a neutral system prompt without any lesson', () => {
    expectNeutralPrompt(gridworldEnv, /kill|die|deadly|dangerous|locked|unlock|key|pick-axe|dig|stand on/i);
  });
});

describe('gridworld determinism', () => {
  it('gives the same level, goal and oracle trajectory for the same seed', async () => {
    await expectSameSeedSameRun(start, followOracle, TYPES);
  });

  it('gives different levels for different seeds', async () => {
    await expectSeedsDiffer(TYPES, SEEDS.slice(0, 10), async (type, seed) => (await start(type, seed)).reset.observation);
  });

  it('shows a NetHack screen: message line, a walled map of at most 15×9, status line', async () => {
    for (const type of TYPES) {
      for (const seed of SEEDS.slice(0, 5)) {
        const { reset } = await start(type, seed);
        const lines = reset.observation.split('\n');
        expect(lines[0]).toBe(`Hello Agent, welcome to the dungeon! Your task is to ${reset.goal.charAt(0).toLowerCase()}${reset.goal.slice(1)}.`);
        expect(lines[lines.length - 1]).toBe('Dlvl:1 HP:12(12) T:0 Inventory: nothing');
        const map = lines.slice(1, -1);
        expect(map.length).toBeLessThanOrEqual(9);
        expect(map.every((row) => row.length === map[0].length && row.length <= 15)).toBe(true);
        expect(map[0]).toMatch(/^-+$/);
        expect(map[map.length - 1]).toMatch(/^-+$/);
        expect(map.slice(1, -1).every((row) => /^\|.*\|$/.test(row))).toBe(true);
        const screen = map.join('');
        expect(screen.match(/@/g)).toHaveLength(1);
        expect(screen.match(/>/g)).toHaveLength(1);
        expect(screen).toMatch(/^[-|#.}>+'(@]+$/);
        expect(reset.info).toMatchObject({ taskType: type, seed });
      }
    }
  });
});

describe('gridworld oracle', () => {
  it('solves every task type on 30 seeds within maxSteps, never bumping into anything', async () => {
    const longest: Record<string, number> = {};
    for (const type of TYPES) {
      let solved = 0;
      longest[type] = 0;
      for (const seed of Array.from({ length: 30 }, (_, i) => i + 1)) {
        const { env, reset } = await start(type, seed);
        const { results } = await followOracle(env, reset.availableActions);
        expect(results.some((r) => r.negative)).toBe(false);
        expect(results.slice(0, -1).every((r) => !r.done && r.reward === 0)).toBe(true);
        const last = results[results.length - 1];
        expect({ reward: last.reward, done: last.done, success: last.success, message: messageOf(last.observation) }).toEqual({
          reward: 1,
          done: true,
          success: true,
          message: 'You reach the staircase down.',
        });
        solved++;
        longest[type] = Math.max(longest[type], results.length);
        expect(env.oracle!.nextAction()).toBeNull();
      }
      expect(solved / 30).toBe(1);
    }
    // Slack for a few mistakes: the longest oracle path stays well below maxSteps.
    expect(Math.max(...Object.values(longest))).toBeLessThanOrEqual(MAX_PLAN);
    expect(MAX_PLAN).toBeLessThanOrEqual(MAX_STEPS - 15);
  });

  it('uses the mechanism of each task type', async () => {
    const uses: Record<string, string[]> = {
      key_door: ['pickup', 'apply key', 'open'],
      use_item: ['pickup', 'apply pick-axe'],
    };
    for (const type of TYPES) {
      const { env, reset } = await start(type, 3);
      const { actions } = await followOracle(env, reset.availableActions);
      const verbs = [...new Set(actions.filter((a) => !DIRECTION_NAMES.includes(a)).map((a) => a.replace(/ \S+$/, '')))];
      expect(verbs).toEqual(uses[type] ?? []);
    }
  });

  it('recovers after random (non-lethal) detours', async () => {
    for (const type of TYPES) {
      for (const seed of SEEDS.slice(0, 5)) {
        const { env, reset } = await start(type, seed);
        const rng = rngFor('gridworld-test', type, seed);
        let available = reset.availableActions;
        for (let i = 0; i < 8; i++) {
          const s = await stateOf(env);
          const safe = available.filter((a) => {
            const d = direction(a);
            return !d || terrain(s, s.pos.x + d.dx, s.pos.y + d.dy) !== '}';
          });
          const r = await env.step(rng.pick(safe));
          available = r.availableActions;
          if (r.done) break;
        }
        if ((await stateOf(env)).done) continue;
        await expectOracleSucceeds(followOracle, env, available);
      }
    }
  });
});

describe('gridworld pitfalls', () => {
  it('each opportunity fails recognisably, repeats identically, and the oracle recovers (except from lava)', async () => {
    const lavaIn = new Set<string>();
    const coverage = await walkPitfalls({
      spec: gridworldEnv,
      start,
      types: TYPES,
      seeds: SEEDS,
      actionAttributes: true,
      beforeSlip: ({ opp, available }) => {
        // Moves and door opening are always offered (the map does not tell what is locked).
        expect(available.includes(opp.action)).toBe(['unsafe-move', 'locked-door'].includes(opp.pitfallId));
      },
      afterSlip: async ({ env, type, opp, r, checked }) => {
        expect({ negative: r.negative, reward: r.reward, success: r.success }).toEqual({ negative: true, reward: 0, success: false });
        if (messageOf(r.observation) === 'You fall into the lava! You die...') {
          lavaIn.add(type);
          expect({ done: r.done, dead: r.info.dead, available: r.availableActions }).toEqual({ done: true, dead: true, available: [] });
          expect(env.oracle!.nextAction()).toBeNull();
        } else if (!checked.has(opp.pitfallId)) {
          checked.add(opp.pitfallId);
          // A looping actor gets the same answer each time and changes nothing but the clock.
          const before = { ...((await env.snapshot!()) as State), steps: 0, message: '' };
          for (let i = 0; i < 3; i++) {
            const again = await env.step(opp.action);
            expect({ message: messageOf(again.observation), negative: again.negative }).toEqual({ message: messageOf(r.observation), negative: true });
          }
          expect({ ...((await env.snapshot!()) as State), steps: 0, message: '' }).toEqual(before);
          await expectOracleSucceeds(followOracle, env, r.availableActions);
        }
      },
    });
    expect(coverage).toEqual({
      'unsafe-move': [...TYPES].sort(),
      'locked-door': ['key_door'],
      'pickup-nothing': ['key_door', 'use_item'],
      'apply-without-item': ['key_door', 'use_item'],
    });
    // Lava kills on the held-out crossing, and a training type shows it too.
    expect(lavaIn.has('lava_crossing')).toBe(true);
    expect(lavaIn.has('room')).toBe(true);
    // Every pitfall met on a held-out type is also met on a training type, so lessons transfer.
    const train = new Set(gridworldEnv.taskTypes.filter((t) => t.split === 'train').map((t) => t.id));
    for (const types of Object.values(coverage)) expect(types.some((t) => train.has(t))).toBe(true);
  });
});

describe('gridworld commands', () => {
  it('answers garbage and impossible commands with negative feedback and changes nothing', async () => {
    const { env } = await start('key_door', 1);
    const before = await stateOf(env);
    const cases: [string, string][] = [
      ['', 'Unknown command.'],
      ['dance wildly', 'Unknown command: dance wildly.'],
      ['zap wand east', "You don't have anything to zap."],
      ['apply', "You don't have anything to apply."],
      ['pickup', 'There is nothing here to pick up.'],
      ['apply key east', "You don't have anything to apply."],
      ['open north', 'You see no door there.'],
      ['open', 'In what direction?'],
      ['west', "It's a wall."],
    ];
    for (const [action, message] of cases) {
      const r = await env.step(action);
      expect({ message: messageOf(r.observation), reward: r.reward, done: r.done, success: r.success, negative: r.negative }).toEqual({
        message,
        reward: 0,
        done: false,
        success: false,
        negative: true,
      });
      expect(r.availableActions.length).toBeGreaterThan(0);
    }
    expect({ ...(await stateOf(env)), steps: 0, message: '' }).toEqual({ ...before, steps: 0, message: '' });
  });

  it('accepts case, trailing dots, "go <dir>" and short directions', async () => {
    const short: Record<string, string> = { north: 'n', south: 's', east: 'e', west: 'w', northeast: 'ne', northwest: 'nw', southeast: 'se', southwest: 'sw' };
    for (const style of ['upper', 'go', 'short'] as const) {
      const { env } = await start('key_door', 2);
      let last: StepResult | undefined;
      for (;;) {
        const next = env.oracle!.nextAction();
        if (!next) break;
        const a = next.action;
        const moved = DIRECTION_NAMES.includes(a);
        const action = style === 'upper' ? `${a.toUpperCase()}.` : style === 'go' && moved ? `go ${a}` : moved ? short[a] : a.replace('pickup', 'pick up');
        last = await env.step(action);
        expect(last.negative).toBe(false);
        if (last.done) break;
      }
      expect(last?.success).toBe(true);
    }
  });

  it('speaks NetHack about doors, digging and lava', async () => {
    // key_door 1: the agent walks to the key, then stands west of the locked door.
    const { env, reset } = await start('key_door', 1);
    const { actions } = await followOracle(env, reset.availableActions);
    const replay = gridworldEnv.create();
    await replay.reset(makeTask('gridworld', 'key_door', 1));
    const unlock = actions.indexOf('apply key east');
    expect(unlock).toBeGreaterThan(0);
    for (const a of actions.slice(0, unlock)) await replay.step(a);
    const say = async (a: string) => messageOf((await replay.step(a)).observation);
    expect(await say('east')).toBe('That door is closed.');
    expect(await say('open east')).toBe('This door is locked.');
    expect(await say('apply key north')).toBe('You see no door there.');
    expect(await say('apply pick-axe east')).toBe("You don't have that object.");
    expect(await say('apply key east')).toBe('You succeed in unlocking the door.');
    expect(await say('apply key east')).toBe('This door is not locked.');
    expect(await say('open door')).toBe('The door opens.');
    expect(await say('open east')).toBe('This door is already open.');
    expect(await say('east')).toBe('You move east into the doorway.');
    expect(await say('look')).toBe('There is an open door here.');
    expect(await say('southeast')).toBe("You can't move diagonally out of an intact doorway.");

    // use_item 1: the pick-axe digs through rock, not through the outer wall.
    const dig = gridworldEnv.create();
    await dig.reset(makeTask('gridworld', 'use_item', 1));
    const s = await stateOf(dig);
    const tool = s.items[0];
    await dig.restore!({ ...s, pos: { x: tool.x, y: tool.y } });
    expect(messageOf((await dig.step('look')).observation)).toBe('You see here a pick-axe.');
    expect(messageOf((await dig.step('pickup')).observation)).toBe('You pick up the pick-axe.');
    expect(messageOf((await dig.step('apply pick-axe south')).observation)).toBe('This wall is too hard to dig into.');
    expect(messageOf((await dig.step('apply pick-axe north')).observation)).toBe('You swing your pick-axe through thin air.');
    expect(messageOf((await dig.step('apply pick-axe')).observation)).toBe('In what direction?');
    const dug = await followOracle(dig, (await dig.step('look')).availableActions);
    expect(dug.actions.filter((a) => a.startsWith('apply pick-axe '))).toHaveLength(1);
    expect(messageOf(dug.results.find((_, i) => dug.actions[i].startsWith('apply'))!.observation)).toBe('You make an opening in the wall.');
    expect(dug.results[dug.results.length - 1].success).toBe(true);
  });

  it('kills the agent in lava and ignores every later step', async () => {
    const { env } = await start('lava_crossing', 1);
    const s = await stateOf(env);
    const lava = s.grid.flatMap((row, y) => [...row].map((c, x) => ({ c, x, y }))).find((p) => p.c === '}')!;
    // Stand west of a lava square; a floor square there exists on the first lava column's bank.
    await env.restore!({ ...s, grid: s.grid.map((row, y) => (y === lava.y ? row.slice(0, lava.x - 1) + '.' + row.slice(lava.x) : row)), pos: { x: lava.x - 1, y: lava.y } });
    const r = await env.step('east');
    expect({ message: messageOf(r.observation), done: r.done, success: r.success, reward: r.reward, negative: r.negative }).toEqual({
      message: 'You fall into the lava! You die...',
      done: true,
      success: false,
      reward: 0,
      negative: true,
    });
    expect(r.observation.split('\n').pop()).toMatch(/^Dlvl:1 HP:0\(12\) T:1 /);
    const dead = await env.snapshot!();
    const after = await env.step('west');
    expect({ message: messageOf(after.observation), done: after.done, reward: after.reward }).toEqual({ message: 'The game is over.', done: true, reward: 0 });
    expect(await env.snapshot!()).toEqual(dead);
  });

  it('ends the episode at maxSteps with success false', async () => {
    const { env } = await start('room', 5);
    const last = await stepToLimit(env, 'wait', MAX_STEPS);
    expect({ done: last.done, success: last.success, reward: last.reward }).toEqual({ done: true, success: false, reward: 0 });
    expect(env.oracle!.nextAction()).toBeNull();
    const after = await env.step('wait');
    expect({ done: after.done, success: after.success, reward: after.reward, steps: after.info.steps }).toEqual({ done: true, success: false, reward: 0, steps: MAX_STEPS });
  });

  it('lists every move, wait and look, and verbs only where they can apply', async () => {
    await walkAdmissible({
      start,
      types: TYPES,
      seeds: SEEDS.slice(0, 3),
      rngKey: 'gridworld-admissible',
      steps: 12,
      checkList: (available) => {
        expect(available.slice(0, 8)).toEqual(DIRECTION_NAMES);
        expect(available.slice(-2)).toEqual(['wait', 'look']);
      },
      probe: (available) => available.slice(8),
      checkProbe: (action, r) => {
        // Opening a locked door is offered (the map cannot tell) and is the one verb that may fail.
        if (!/^open /.test(action)) expect(r.negative, action).toBe(false);
      },
      choose: async (available, env, rng) => {
        const s = await stateOf(env);
        const safe = available.filter((a) => {
          const d = direction(a);
          return !d || terrain(s, s.pos.x + d.dx, s.pos.y + d.dy) !== '}';
        });
        return rng.pick(safe);
      },
    });
  });
});

describe('gridworld snapshot', () => {
  it('restores a JSON-safe state so that later steps replay identically', async () => {
    await expectSnapshotReplays({
      spec: gridworldEnv,
      start,
      follow: followOracle,
      types: TYPES,
      seed: 11,
      rest: (actions, half) => ['look', 'wait', 'pickup', ...DIRECTION_NAMES.slice(0, 2), ...actions.slice(half)],
      sameInstance: 'after-fresh',
    });
  });
});
