// The privileged planner. It solves from the true current state and caches the plan along the
// states it passes through; any deviation (a slip, a random detour, a rollback) is a state the
// plan does not hold, which triggers a fresh solve. A state from which no solution exists
// (a deadlock: e.g. a box pushed into a corner that is not a target) has no plan: nextAction
// returns null, as the Oracle contract asks, and the scripted actor falls back to its
// "look" action, which Sokoban answers as an unknown action. The episode is then lost.

import type { PlannedAction } from '../types';
import { delta, levelOf, type Dir, type State } from './level';
import { hasDeadBox, solve, stateKey } from './solver';

/**
 * Expansions allowed per solve: generated starts need at most a tenth of it, so this only
 * bounds the time spent proving that a strange state is hopeless (then treated as no plan).
 */
export const ORACLE_BUDGET = 20_000;

interface Plan {
  map: string;
  /** keys[i] is the state in which moves[i] is played. */
  keys: number[];
  moves: Dir[];
}

export class Planner {
  private plan: Plan | null = null;
  private hopeless: { map: string; key: number } | null = null;

  /** The next move of a shortest solution from `s`, or null when there is none. */
  next(s: State): Dir | null {
    if (s.done) return null;
    const level = levelOf(s.rows);
    const map = s.rows.join('\n');
    const key = stateKey(level, s.player, s.boxes);
    if (this.plan?.map === map) {
      const i = this.plan.keys.indexOf(key);
      if (i >= 0) return this.plan.moves[i];
    }
    if (this.hopeless?.map === map && this.hopeless.key === key) return null;
    const result = hasDeadBox(level, s.boxes) ? null : solve(level, s.player, s.boxes, ORACLE_BUDGET);
    if (!result || result.status !== 'solved' || result.moves.length === 0) {
      this.hopeless = { map, key };
      return null;
    }
    this.plan = { map, keys: replayKeys(s, result.moves), moves: result.moves };
    return result.moves[0];
  }
}

function replayKeys(s: State, moves: Dir[]): number[] {
  const level = levelOf(s.rows);
  let player = s.player;
  let boxes = s.boxes.slice();
  const keys: number[] = [];
  for (const m of moves) {
    keys.push(stateKey(level, player, boxes));
    const step = delta(level.width, m);
    player += step;
    const bi = boxes.indexOf(player);
    if (bi >= 0) {
      boxes = boxes.slice();
      boxes[bi] = player + step;
      boxes.sort((a, b) => a - b);
    }
  }
  return keys;
}

function thought(s: State, dir: Dir): string {
  const level = levelOf(s.rows);
  const step = delta(level.width, dir);
  const next = s.player + step;
  if (!s.boxes.includes(next)) return `I'll move ${dir} to get into position behind the next box to push.`;
  const onNow = level.target[next] === 1;
  const onAfter = level.target[next + step] === 1;
  if (onAfter && !onNow) return `Pushing the box ${dir} puts it on a target.`;
  if (onNow && !onAfter) return `I'll push the box ${dir} off its target for now, to make room for the others.`;
  return `I'll push the box ${dir}, towards a target.`;
}

export function nextAction(planner: Planner, s: State): PlannedAction | null {
  const dir = planner.next(s);
  return dir && { action: dir, thought: thought(s, dir) };
}
