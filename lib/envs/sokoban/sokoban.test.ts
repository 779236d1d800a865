import { describe, it, expect } from 'vitest';
import type { Env } from '../types';
import { rngFor } from '../../util/rng';
import {
  expectNeutralPrompt,
  expectOracleSucceeds,
  expectSameSeedSameRun,
  expectSeedsDiffer,
  expectSnapshotReplays,
  expectTaskTypes,
  followOracle as follow,
  listedAction,
  negativeFor,
  starter,
  stepToLimit,
  walkPitfalls,
} from '../testing/env-checks';
import { generate } from './generate';
import { DIRS, delta, levelOf, type State } from './level';
import { solve } from './solver';
import { sokobanEnv, MAX_STEPS } from './index';

const TYPES = sokobanEnv.taskTypes.map((t) => t.id);
const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);
const BOARD = /^[#_OX√PS]+$/;

const start = starter(sokobanEnv);

/** A fresh env holding a hand-made position. */
async function position(rows: string[], player: [number, number], boxes: [number, number][]): Promise<Env> {
  const width = rows[0].length;
  const cell = ([r, c]: [number, number]) => r * width + c;
  const state: State = {
    taskType: 'boxes1',
    seed: 0,
    rows,
    boxes: boxes.map(cell).sort((a, b) => a - b),
    player: cell(player),
    steps: 0,
    done: false,
    success: false,
  };
  const env = sokobanEnv.create();
  await env.restore!(state);
  return env;
}

/** The line of feedback above the board. */
function feedbackOf(observation: string): string {
  return observation.split('\n')[0];
}

function boardOf(observation: string): string[] {
  return observation.split('\n').slice(2, -1);
}

/** Follows the oracle until the episode ends, checking that every planned action is admissible and explained. */
function followOracle(env: Env, available: string[]) {
  return follow(env, available, (listed, next) => {
    listedAction(listed, next);
    expect(next.thought.length).toBeGreaterThan(0);
  });
}

/** Plain breadth-first search over single moves: slow but obviously right, for small levels. */
function bfsLength(s: State): number | null {
  const level = levelOf(s.rows);
  const key = (p: number, b: number[]) => `${p}:${b.join()}`;
  const seen = new Set([key(s.player, s.boxes)]);
  let frontier = [{ p: s.player, b: s.boxes }];
  for (let depth = 0; frontier.length > 0; depth++) {
    const next: typeof frontier = [];
    for (const { p, b } of frontier) {
      if (b.every((c) => level.target[c] === 1)) return depth;
      for (const d of DIRS) {
        const step = delta(level.width, d);
        const n = p + step;
        if (level.wall[n]) continue;
        let boxes = b;
        if (b.includes(n)) {
          if (level.wall[n + step] || b.includes(n + step)) continue;
          boxes = b.map((c) => (c === n ? n + step : c)).sort((x, y) => x - y);
        }
        const k = key(n, boxes);
        if (seen.has(k)) continue;
        seen.add(k);
        next.push({ p: n, b: boxes });
      }
    }
    frontier = next;
  }
  return null;
}

describe('sokoban spec', () => {
  it('declares five task types, easier ones for training and harder ones held out', () => {
    expectTaskTypes(sokobanEnv, [
      { id: 'boxes1', split: 'train' },
      { id: 'boxes2', split: 'train' },
      { id: 'boxes3', split: 'heldout' },
      { id: 'corridor', split: 'heldout' },
      { id: 'large', split: 'heldout' },
    ]);
  });

  it('has identity, limits, pitfalls and negative feedback', () => {
    expect({ id: sokobanEnv.id, name: sokobanEnv.name, maxSteps: sokobanEnv.maxSteps, version: sokobanEnv.version }).toEqual({
      id: 'sokoban',
      name: 'Sokoban',
      maxSteps: 100,
      version: 'sokoban@1.0.0',
    });
    expect(sokobanEnv.pitfalls.map((p) => p.id)).toEqual(['walk-into-wall', 'push-into-wall', 'corner-deadlock']);
    const negative = negativeFor(sokobanEnv);
    for (const text of [
      "You can't move into a wall.",
      "The box can't move: it is blocked by a wall.",
      "The box can't move: it is blocked by another box.",
      "The box can't move: it is stuck in a corner.",
      'You pushed a box left. That box is stuck in a corner.',
      'Unknown action "look". Valid actions are: up, down, left, right.',
    ]) {
      expect(negative(text), text).toBe(true);
    }
    for (const text of ['You moved up.', 'You pushed a box right onto a target.', 'You pushed a box down off its target.', 'The episode is over.']) {
      expect(negative(text), text).toBe(false);
    }
  });

  it('has a neutral system prompt without any lesson, documenting the notation', () => {
    expectNeutralPrompt(sokobanEnv, /corner|deadlock|behind it/i);
    expect(sokobanEnv.initialSystemPrompt).toContain('#: wall, _: floor, O: target, X: box, √: box on a target, P: you, S: you standing on a target.');
  });
});

describe('sokoban generation', () => {
  it('gives the same level, goal and oracle trajectory for the same seed', async () => {
    await expectSameSeedSameRun(start, followOracle, TYPES);
  });

  it('gives different levels for different seeds', async () => {
    await expectSeedsDiffer(TYPES, SEEDS.slice(0, 10), async (type, seed) => (await start(type, seed)).reset.observation);
  });

  it('shows the task, the board in the documented notation and the box count', async () => {
    const sizes: Record<string, [number, number]> = { boxes1: [8, 8], boxes2: [8, 8], boxes3: [8, 8], corridor: [9, 9], large: [10, 10] };
    for (const type of TYPES) {
      for (const seed of SEEDS.slice(0, 5)) {
        const { reset } = await start(type, seed);
        const lines = reset.observation.split('\n');
        expect(lines[0]).toBe(`Your task is to: ${reset.goal}.`);
        expect(reset.goal).toMatch(/^push (the box onto the target|all [2-4] boxes onto the targets)$/);
        const board = boardOf(reset.observation);
        expect([board.length, board[0].length]).toEqual(sizes[type]);
        for (const row of board) expect(row).toMatch(BOARD);
        const boxes = reset.info.boxes as number;
        expect(board.join('').match(/[X√]/g)!.length).toBe(boxes);
        expect(board.join('').match(/[O√S]/g)!.length).toBe(boxes);
        expect(board.join('').match(/[PS]/g)!.length).toBe(1);
        expect(lines[lines.length - 1]).toMatch(new RegExp(`^Boxes on targets: [01] of ${boxes}\\.$`));
        expect(reset.availableActions).toEqual(['up', 'down', 'left', 'right']);
        expect(reset.info).toEqual({ taskType: type, seed, boxes, width: sizes[type][1], height: sizes[type][0] });
      }
    }
  });

  it('keeps every optimal solution inside its type range and the step limit', () => {
    const ranges: Record<string, [number, number]> = { boxes1: [6, 35], boxes2: [12, 50], boxes3: [18, 60], corridor: [12, 60], large: [20, 70] };
    for (const type of TYPES) {
      for (const seed of SEEDS) {
        const { state, optimal } = generate(type, seed);
        expect(optimal).toBeGreaterThanOrEqual(ranges[type][0]);
        expect(optimal).toBeLessThanOrEqual(ranges[type][1]);
        expect(optimal).toBeLessThan(MAX_STEPS);
        if (type === 'large') expect([3, 4]).toContain(state.boxes.length);
        else expect(state.boxes.length).toBe({ boxes1: 1, boxes2: 2, boxes3: 3, corridor: 2 }[type]);
      }
    }
  });

  it('draws corridors one cell wide', () => {
    for (const seed of SEEDS) {
      const { rows } = generate('corridor', seed).state;
      for (let r = 0; r + 1 < rows.length; r++) {
        for (let c = 0; c + 1 < rows[r].length; c++) {
          const square = [rows[r][c], rows[r][c + 1], rows[r + 1][c], rows[r + 1][c + 1]];
          expect(square.some((ch) => ch === '#')).toBe(true);
        }
      }
    }
  });
});

describe('sokoban solver', () => {
  it('finds shortest solutions: its lengths agree with plain BFS on small levels', () => {
    for (const type of ['boxes1', 'boxes2', 'corridor']) {
      for (const seed of SEEDS.slice(0, 4)) {
        const { state, optimal } = generate(type, seed);
        expect(bfsLength(state), `${type}-${seed}`).toBe(optimal);
      }
    }
  });

  it('solves every generated start in < 200 ms, typically < 20 ms', () => {
    const times: number[] = [];
    for (const type of TYPES) {
      for (const seed of SEEDS) {
        const { state, optimal } = generate(type, seed);
        const t0 = performance.now();
        const r = solve(levelOf(state.rows), state.player, state.boxes);
        times.push(performance.now() - t0);
        expect(r.status === 'solved' && r.moves.length).toBe(optimal);
      }
    }
    times.sort((a, b) => a - b);
    expect(times[times.length - 1]).toBeLessThan(200);
    expect(times[Math.floor(times.length / 2)]).toBeLessThan(20);
  });

  it('reports a dead position as unsolvable and a live one solved', () => {
    const rows = ['######', '#___O#', '#____#', '######'];
    const level = levelOf(rows);
    // A box in the top-left corner can never reach the target.
    expect(solve(level, 2 * 6 + 2, [1 * 6 + 1])).toEqual({ status: 'unsolvable' });
    expect(solve(level, 2 * 6 + 1, [1 * 6 + 2])).toEqual({ status: 'solved', moves: ['up', 'right', 'right'], expansions: expect.any(Number) });
  });
});

describe('sokoban oracle', () => {
  it('solves every task type on 20 seeds, optimally and within maxSteps', async () => {
    const rates: Record<string, number> = {};
    for (const type of TYPES) {
      let solved = 0;
      for (const seed of SEEDS) {
        const { env, reset } = await start(type, seed);
        const { results } = await followOracle(env, reset.availableActions);
        expect(results.length).toBe(generate(type, seed).optimal);
        expect(results.some((r) => r.negative)).toBe(false);
        expect(results.slice(0, -1).every((r) => !r.done && !r.success)).toBe(true);
        const last = results[results.length - 1];
        expect({ done: last.done, success: last.success }).toEqual({ done: true, success: true });
        expect(feedbackOf(last.observation)).toMatch(/All boxes are on targets\. Puzzle solved!$/);
        expect(last.reward).toBeCloseTo(10.9, 5);
        expect(last.info.boxesOnTarget).toBe(reset.info.boxes);
        if (last.success) solved++;
        expect(env.oracle!.nextAction()).toBeNull();
        expect(env.oracle!.pitfallOpportunities()).toEqual([]);
      }
      rates[type] = solved / SEEDS.length;
    }
    expect(rates).toEqual(Object.fromEntries(TYPES.map((t) => [t, 1])));
  });

  it('answers its own moves with plain movement and push phrasing', async () => {
    for (const type of TYPES) {
      const { env, reset } = await start(type, 2);
      const { actions, results } = await followOracle(env, reset.availableActions);
      actions.forEach((action, i) => {
        expect(feedbackOf(results[i].observation)).toMatch(
          new RegExp(`^(You moved ${action}\\.|You pushed a box ${action}( onto a target| off its target)?\\.( All boxes are on targets\\. Puzzle solved!)?)$`),
        );
      });
    }
  });

  it('re-plans after random detours, and gives up only on positions that are truly lost', async () => {
    let recovered = 0;
    let lost = 0;
    for (const type of TYPES) {
      for (const seed of SEEDS.slice(0, 6)) {
        const { env } = await start(type, seed);
        const rng = rngFor('sokoban-test', type, seed);
        for (let i = 0; i < 8; i++) await env.step(rng.pick(DIRS));
        const s = (await env.snapshot!()) as State;
        if (env.oracle!.nextAction() === null) {
          expect(solve(levelOf(s.rows), s.player, s.boxes, 2_000_000).status).toBe('unsolvable');
          lost++;
          continue;
        }
        await expectOracleSucceeds(followOracle, env, [...DIRS]);
        recovered++;
      }
    }
    expect(recovered).toBeGreaterThan(lost);
  });
});

describe('sokoban pitfalls', () => {
  it('each opportunity fails recognisably, and the oracle recovers from all but the corner', async () => {
    const coverage = await walkPitfalls({
      spec: sokobanEnv,
      start,
      types: TYPES,
      seeds: SEEDS,
      actionAttributes: false,
      beforeSlip: ({ opp, planned }) => {
        expect(opp.action).not.toBe(planned?.action);
      },
      afterSlip: async ({ env, opp, pitfall, r, saved, checked }) => {
        const feedback = r.observation;
        // Four actions only: the feedback alone attributes the step to one pitfall.
        for (const other of sokobanEnv.pitfalls) {
          if (other.id !== pitfall.id) expect(other.actionPattern.test(opp.action) && other.feedbackPattern.test(feedback)).toBe(false);
        }
        expect({ negative: r.negative, success: r.success, done: r.done }).toEqual({ negative: true, success: false, done: false });
        if (!checked.has(opp.pitfallId)) {
          checked.add(opp.pitfallId);
          // The scripted actor may repeat a slip: it keeps failing the same way.
          const again = await env.step(opp.action);
          expect(again.observation).toMatch(pitfall.feedbackPattern);
          expect(again.negative).toBe(true);
          if (opp.pitfallId === 'corner-deadlock') {
            expect(again.reward).toBeCloseTo(-0.1, 5);
            expect(env.oracle!.nextAction()).toBeNull();
            expect(env.oracle!.pitfallOpportunities()).toEqual([]);
          } else {
            expect([r.reward, again.reward]).toEqual([-0.1, -0.1]);
            expect(await env.snapshot!()).toEqual({ ...(saved as State), steps: (saved as State).steps + 2 });
            await expectOracleSucceeds(followOracle, env, r.availableActions);
          }
        }
      },
    });
    // Shared across types, so that lessons from training types apply to held-out ones.
    expect(coverage).toEqual({
      'walk-into-wall': [...TYPES].sort(),
      'push-into-wall': [...TYPES].sort(),
      'corner-deadlock': [...TYPES].sort(),
    });
  });
});

describe('sokoban moves and rewards', () => {
  const ROOM = ['#######', '#_____#', '#__O__#', '#_____#', '#######'];

  async function play(env: Env, action: string) {
    const r = await env.step(action);
    return { feedback: feedbackOf(r.observation), reward: r.reward, negative: r.negative, done: r.done, success: r.success };
  }

  it('walks, bumps into walls and pushes boxes onto and off targets', async () => {
    const env = await position(ROOM, [2, 1], [[2, 2], [1, 5]]);
    expect(await play(env, 'up')).toEqual({ feedback: 'You moved up.', reward: -0.1, negative: false, done: false, success: false });
    expect(await play(env, 'up')).toEqual({ feedback: "You can't move into a wall.", reward: -0.1, negative: true, done: false, success: false });
    await play(env, 'down');
    expect(await play(env, 'right')).toEqual({ feedback: 'You pushed a box right onto a target.', reward: 0.9, negative: false, done: false, success: false });
    expect(await play(env, 'right')).toEqual({ feedback: 'You pushed a box right off its target.', reward: -1.1, negative: false, done: false, success: false });
    const r = await env.step('left');
    expect(boardOf(r.observation)).toEqual(['#######', '#____X#', '#_POX_#', '#_____#', '#######']);
    expect(r.info).toEqual({ steps: 6, boxesOnTarget: 0 });
  });

  it('names boxes blocked by walls, by boxes, and stuck in corners', async () => {
    const env = await position(ROOM, [3, 1], [[3, 2], [3, 3], [1, 4]]);
    expect(await play(env, 'right')).toMatchObject({ feedback: "The box can't move: it is blocked by another box.", reward: -0.1, negative: true });
    await play(env, 'up');
    await play(env, 'up');
    await play(env, 'right');
    await play(env, 'right');
    expect(await play(env, 'right')).toMatchObject({ feedback: 'You pushed a box right. That box is stuck in a corner.', negative: true });
    expect(await play(env, 'right')).toMatchObject({ feedback: "The box can't move: it is stuck in a corner.", negative: true });
    expect(env.oracle!.nextAction()).toBeNull();
    const blocked = await position(ROOM, [2, 2], [[3, 2]]);
    expect(await play(blocked, 'down')).toMatchObject({ feedback: "The box can't move: it is blocked by a wall.", negative: true });
  });

  it('pays the solve bonus and ends the episode on the last box', async () => {
    const env = await position(ROOM, [2, 1], [[2, 2]]);
    const r = await env.step('right');
    expect({ feedback: feedbackOf(r.observation), reward: r.reward, done: r.done, success: r.success }).toEqual({
      feedback: 'You pushed a box right onto a target. All boxes are on targets. Puzzle solved!',
      reward: 10.9,
      done: true,
      success: true,
    });
    const after = await env.step('left');
    expect({ feedback: feedbackOf(after.observation), reward: after.reward, done: after.done, success: after.success, negative: after.negative }).toEqual({
      feedback: 'The episode is over.',
      reward: 0,
      done: true,
      success: true,
      negative: false,
    });
    expect(boardOf(after.observation)).toEqual(boardOf(r.observation));
  });

  it('answers garbage with a negative "Unknown action" and forgives case and a trailing dot', async () => {
    const { env, reset } = await start('boxes2', 1);
    for (const action of ['', 'look', 'dance wildly', 'go north', 'up up', 'x'.repeat(200)]) {
      const r = await env.step(action);
      expect({ reward: r.reward, done: r.done, negative: r.negative }).toEqual({
        reward: -0.1,
        done: false,
        negative: true,
      });
      expect(feedbackOf(r.observation)).toMatch(/^Unknown action ".{0,41}"\. Valid actions are: up, down, left, right\.$/);
      expect(boardOf(r.observation)).toEqual(boardOf(reset.observation));
      expect(r.availableActions).toEqual(['up', 'down', 'left', 'right']);
    }
    const plan = env.oracle!.nextAction()!;
    const r = await env.step(` ${plan.action.toUpperCase()}. `);
    expect(r.negative).toBe(false);
    expect(feedbackOf(r.observation)).toMatch(/^You (moved|pushed a box) /);
  });

  it('ends the episode at maxSteps with success false', async () => {
    const { env } = await start('boxes3', 5);
    const last = await stepToLimit(env, 'look', MAX_STEPS);
    expect({ done: last.done, success: last.success, reward: last.reward }).toEqual({ done: true, success: false, reward: -0.1 });
    expect(env.oracle!.nextAction()).toBeNull();
    const before = await env.snapshot!();
    const after = await env.step(env.oracle!.nextAction()?.action ?? 'up');
    expect({ done: after.done, success: after.success, reward: after.reward, feedback: feedbackOf(after.observation) }).toEqual({
      done: true,
      success: false,
      reward: 0,
      feedback: 'The episode is over.',
    });
    expect(await env.snapshot!()).toEqual(before);
  });
});

describe('sokoban snapshot', () => {
  it('restores a JSON-safe state so that later steps replay identically, also in a fresh instance', async () => {
    await expectSnapshotReplays({
      spec: sokobanEnv,
      start,
      follow: followOracle,
      types: TYPES,
      seed: 11,
      rest: (actions, half) => ['left', 'nonsense', ...actions.slice(half)],
      sameInstance: 'before-fresh',
      afterFresh: async ({ fresh, snap }) => {
        await fresh.restore!(snap);
        await expectOracleSucceeds(followOracle, fresh, [...DIRS]);
      },
    });
  });
});
