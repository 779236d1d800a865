// The privileged planner: a shortest-path search over (square, key held, pick-axe held) on the
// true map. Doors, keys, digging and lava are folded into edge costs, so one search covers every
// task type. It re-plans from the current state on every call and therefore recovers after any
// detour; it never bumps into anything and never steps into lava.

import type { PlannedAction } from '../types';
import {
  DIRECTIONS,
  T,
  isDoor,
  isLocked,
  isWalkable,
  itemAt,
  stairsOf,
  terrain,
  type Direction,
  type Pos,
  type State,
  type ToolKind,
} from './level';

export type StepKind = 'move' | 'open' | 'unlock' | 'dig' | 'pickup';

/** One action of a plan; `target` is the square acted on (the item's square for pickup). */
export interface PlanStep {
  kind: StepKind;
  dir: Direction | null;
  from: Pos;
  target: Pos;
  item?: ToolKind;
}

// Edge kinds of the search; each expands to one or more actions.
const PICKUP = 0;
const WALK = 1;
const OPEN = 2;
const UNLOCK = 3;
const DIG = 4;

// The scripted actor asks for pitfall opportunities and the next action on the same state;
// the last plan is kept, keyed by everything the search reads. Plans are never mutated.
let last: { key: string; steps: PlanStep[] | null } | null = null;

/** The shortest sequence of actions to the staircase, or null when none exists. */
export function plan(s: State): PlanStep[] | null {
  if (s.done) return null;
  const key = JSON.stringify([s.grid, s.pos, s.inventory, s.locked, s.items]);
  if (last?.key !== key) last = { key, steps: search(s) };
  return last.steps;
}

function search(s: State): PlanStep[] | null {
  const goal = stairsOf(s);
  const w = s.width;
  const size = w * s.height * 4;
  // Node id: square index × 4 + key bit × 2 + pick-axe bit.
  const id = (x: number, y: number, k: number, p: number) => (y * w + x) * 4 + k * 2 + p;
  const dist = new Int32Array(size).fill(-1);
  const prev = new Int32Array(size).fill(-1);
  const how = new Int8Array(size);
  const dirOf = new Int8Array(size);
  const origin = id(s.pos.x, s.pos.y, s.inventory.includes('key') ? 1 : 0, s.inventory.includes('pick-axe') ? 1 : 0);
  dist[origin] = 0;
  // Edge costs are 1..3, so a bucket queue is an exact and deterministic Dijkstra.
  const buckets: number[][] = [[origin]];
  const relax = (from: number, to: number, cost: number, kind: number, dir: number) => {
    const nd = dist[from] + cost;
    if (dist[to] !== -1 && dist[to] <= nd) return;
    dist[to] = nd;
    prev[to] = from;
    how[to] = kind;
    dirOf[to] = dir;
    (buckets[nd] ??= []).push(to);
  };
  for (let d = 0; d < buckets.length; d++) {
    for (const n of buckets[d] ?? []) {
      if (dist[n] !== d) continue;
      const cell = n >> 2;
      const x = cell % w;
      const y = (cell - x) / w;
      const k = (n >> 1) & 1;
      const p = n & 1;
      if (x === goal.x && y === goal.y) return unwind(s, n, prev, how, dirOf);
      const item = itemAt(s, x, y);
      if (item?.kind === 'key' && !k) relax(n, id(x, y, 1, p), 1, PICKUP, -1);
      if (item?.kind === 'pick-axe' && !p) relax(n, id(x, y, k, 1), 1, PICKUP, -1);
      const fromDoor = isDoor(terrain(s, x, y));
      for (let i = 0; i < DIRECTIONS.length; i++) {
        const dir = DIRECTIONS[i];
        const nx = x + dir.dx;
        const ny = y + dir.dy;
        const c = terrain(s, nx, ny);
        const diagonal = dir.dx !== 0 && dir.dy !== 0;
        // NetHack: no diagonal step into or out of a doorway with a door.
        if (diagonal && (fromDoor || isDoor(c))) continue;
        const to = id(nx, ny, k, p);
        if (isWalkable(c)) relax(n, to, 1, WALK, i);
        else if (c === T.closedDoor) {
          if (!isLocked(s, nx, ny)) relax(n, to, 2, OPEN, i);
          else if (k) relax(n, to, 3, UNLOCK, i);
        } else if (c === T.rock && p) relax(n, to, 2, DIG, i);
      }
    }
  }
  return null;
}

function unwind(s: State, end: number, prev: Int32Array, how: Int8Array, dirOf: Int8Array): PlanStep[] {
  const w = s.width;
  const pos = (n: number): Pos => ({ x: (n >> 2) % w, y: Math.floor((n >> 2) / w) });
  const chunks: PlanStep[][] = [];
  for (let n = end; prev[n] !== -1; n = prev[n]) {
    const from = pos(prev[n]);
    const target = pos(n);
    if (how[n] === PICKUP) {
      chunks.push([{ kind: 'pickup', dir: null, from, target, item: itemAt(s, from.x, from.y)!.kind }]);
      continue;
    }
    const dir = DIRECTIONS[dirOf[n]];
    const move: PlanStep = { kind: 'move', dir, from, target };
    const open: PlanStep = { kind: 'open', dir, from, target };
    if (how[n] === WALK) chunks.push([move]);
    else if (how[n] === OPEN) chunks.push([open, move]);
    else if (how[n] === UNLOCK) chunks.push([{ kind: 'unlock', dir, from, target }, open, move]);
    else chunks.push([{ kind: 'dig', dir, from, target }, move]);
  }
  return chunks.reverse().flat();
}

const ITEM_NAME: Record<ToolKind, string> = { key: 'key', 'pick-axe': 'pick-axe' };

/** The action text for a plan step, in the environment's command language. */
export function render(step: PlanStep): string {
  switch (step.kind) {
    case 'move':
      return step.dir!.name;
    case 'open':
      return `open ${step.dir!.name}`;
    case 'unlock':
      return `apply key ${step.dir!.name}`;
    case 'dig':
      return `apply pick-axe ${step.dir!.name}`;
    case 'pickup':
      return 'pickup';
  }
}

/** What the plan is heading for: the first square where something other than walking happens. */
export function waypoint(s: State, steps: PlanStep[]): { pos: Pos; name: string } {
  const first = steps.find((p) => p.kind !== 'move');
  if (!first) return { pos: stairsOf(s), name: 'staircase down' };
  switch (first.kind) {
    case 'pickup':
      return { pos: first.target, name: ITEM_NAME[first.item!] };
    case 'dig':
      // The wall is only in the way; what the agent heads for is the staircase inside.
      return { pos: stairsOf(s), name: 'staircase down' };
    default:
      return { pos: first.target, name: 'door' };
  }
}

function thought(s: State, steps: PlanStep[]): string {
  const step = steps[0];
  const dir = step.dir?.name;
  switch (step.kind) {
    case 'pickup':
      return `I am standing on the ${ITEM_NAME[step.item!]}; I'll pick it up.`;
    case 'unlock':
      return `I have the key; I'll unlock the door to the ${dir}.`;
    case 'open':
      return `The door to the ${dir} is closed; I'll open it.`;
    case 'dig':
      return `The staircase is walled in; I'll dig through the wall to the ${dir} with my pick-axe.`;
    case 'move': {
      const w = waypoint(s, steps);
      return `I'm heading for the ${w.name}; the way leads ${dir}.`;
    }
  }
}

export function nextAction(s: State): PlannedAction | null {
  const steps = plan(s);
  if (!steps || steps.length === 0) return null;
  return { action: render(steps[0]), thought: thought(s, steps) };
}
