// Seeded procedural levels, one generator per task type. Every level is a walled rectangle of
// at most 15×9 squares: outer walls `-`/`|` (undiggable), interior rock `#` (diggable). A level
// is kept only when the planner solves it within the length bounds, so every task is solvable;
// the retries draw from the same seeded stream, so generation stays a pure function of the seed.

import { rngFor, type Rng } from '../../util/rng';
import { T, key, setTerrain, terrain, type Item, type Pos, type State } from './level';
import { plan } from './oracle';
import { taskTypeDef, type TaskTypeId } from './taskTypes';

/** The planner's path length is kept within these bounds (maxSteps leaves slack above). */
export const MIN_PLAN = 5;
export const MAX_PLAN = 32;

interface Draft {
  width: number;
  height: number;
  grid: string[];
  locked: string[];
  items: Item[];
  start: Pos;
}

function frame(width: number, height: number, fill: string = T.floor): string[] {
  const edge = T.hwall.repeat(width);
  const row = T.vwall + fill.repeat(width - 2) + T.vwall;
  return [edge, ...Array.from({ length: height - 2 }, () => row), edge];
}

const between = (rng: Rng, lo: number, hi: number) => lo + rng.int(hi - lo + 1);

function cells(d: Draft, ok: (x: number, y: number) => boolean): Pos[] {
  const out: Pos[] = [];
  for (let y = 1; y < d.height - 1; y++) {
    for (let x = 1; x < d.width - 1; x++) if (ok(x, y)) out.push({ x, y });
  }
  return out;
}

const same = (a: Pos, b: Pos) => a.x === b.x && a.y === b.y;
const far = (a: Pos, b: Pos, n: number) => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y)) >= n;

/** A straight run of `c` over the floor from (x, y), kept off the given squares. */
function segment(d: Draft, c: string, keepClear: Pos[], x: number, y: number, len: number, vertical: boolean): void {
  for (let i = 0; i < len; i++) {
    const p = vertical ? { x, y: y + i } : { x: x + i, y };
    if (terrain(d, p.x, p.y) !== T.floor || keepClear.some((k) => same(k, p))) continue;
    setTerrain(d, p.x, p.y, c);
  }
}

/** A random square from `options`; throws NoRoom so that the generator draws a new level. */
function pick(rng: Rng, options: Pos[]): Pos {
  if (options.length === 0) throw new NoRoom();
  return rng.pick(options);
}

class NoRoom extends Error {}

/** A room with a wall or lava strip across the direct line, plus a few loose rock walls. */
function room(rng: Rng): Draft {
  const width = between(rng, 9, 15);
  const height = between(rng, 6, 9);
  const d: Draft = { width, height, grid: frame(width, height), locked: [], items: [], start: { x: 0, y: 0 } };
  const leftToRight = rng.chance(0.5);
  const sx = leftToRight ? between(rng, 1, 2) : between(rng, width - 3, width - 2);
  const gx = leftToRight ? between(rng, width - 3, width - 2) : between(rng, 1, 2);
  const start = { x: sx, y: between(rng, 1, height - 2) };
  const goal = { x: gx, y: between(rng, 1, height - 2) };
  const clear = [start, goal];
  const cx = between(rng, 4, width - 5);
  const lineY = Math.round(start.y + ((goal.y - start.y) * (cx - start.x)) / (goal.x - start.x));
  const len = between(rng, 2, Math.min(4, height - 3));
  const barrier = rng.chance(0.4) ? T.lava : T.rock;
  segment(d, barrier, clear, cx, lineY - rng.int(len), len, true);
  for (let i = rng.int(3); i > 0; i--) {
    segment(d, T.rock, clear, between(rng, 1, width - 2), between(rng, 1, height - 2), between(rng, 1, 3), rng.chance(0.5));
  }
  setTerrain(d, goal.x, goal.y, T.stairs);
  d.start = start;
  return d;
}

/** A perfect maze of corridors (recursive backtracker) with a few extra openings. */
function maze(rng: Rng): Draft {
  const width = rng.chance(0.7) ? 15 : 13;
  const height = rng.chance(0.7) ? 9 : 7;
  const d: Draft = { width, height, grid: frame(width, height, T.rock), locked: [], items: [], start: { x: 0, y: 0 } };
  const cw = (width - 1) / 2;
  const ch = (height - 1) / 2;
  const seen = new Set<string>();
  const stack: Pos[] = [{ x: rng.int(cw), y: rng.int(ch) }];
  seen.add(key(stack[0].x, stack[0].y));
  setTerrain(d, stack[0].x * 2 + 1, stack[0].y * 2 + 1, T.floor);
  while (stack.length) {
    const c = stack[stack.length - 1];
    const next = rng
      .shuffle([{ x: c.x + 1, y: c.y }, { x: c.x - 1, y: c.y }, { x: c.x, y: c.y + 1 }, { x: c.x, y: c.y - 1 }])
      .find((n) => n.x >= 0 && n.y >= 0 && n.x < cw && n.y < ch && !seen.has(key(n.x, n.y)));
    if (!next) {
      stack.pop();
      continue;
    }
    seen.add(key(next.x, next.y));
    setTerrain(d, next.x * 2 + 1, next.y * 2 + 1, T.floor);
    setTerrain(d, c.x + next.x + 1, c.y + next.y + 1, T.floor);
    stack.push(next);
  }
  // Loops: a few walls between two corridor squares are knocked out.
  const walls = cells(d, (x, y) => terrain(d, x, y) === T.rock && (x % 2) + (y % 2) === 1);
  for (const w of rng.shuffle(walls).slice(0, rng.int(3))) setTerrain(d, w.x, w.y, T.floor);
  const corridors = cells(d, (x, y) => x % 2 === 1 && y % 2 === 1);
  const start = rng.pick(corridors);
  const goal = pick(rng, corridors.filter((c) => far(c, start, 5)));
  setTerrain(d, goal.x, goal.y, T.stairs);
  d.start = start;
  return d;
}

/** Two halves split by a rock wall whose only door is locked; the key lies on the near side. */
function keyDoor(rng: Rng): Draft {
  const width = between(rng, 11, 15);
  const height = between(rng, 7, 9);
  const d: Draft = { width, height, grid: frame(width, height), locked: [], items: [], start: { x: 0, y: 0 } };
  const vertical = !(height === 9 && rng.chance(0.35));
  const wallAt = vertical ? Math.floor(width / 2) + rng.int(3) - 1 : 4;
  const door = vertical ? { x: wallAt, y: between(rng, 1, height - 2) } : { x: between(rng, 1, width - 2), y: wallAt };
  for (const c of cells(d, (x, y) => (vertical ? x : y) === wallAt)) setTerrain(d, c.x, c.y, T.rock);
  setTerrain(d, door.x, door.y, T.closedDoor);
  d.locked.push(key(door.x, door.y));
  const nearFirst = rng.chance(0.5);
  const side = (p: Pos) => (vertical ? p.x : p.y) < wallAt === nearFirst;
  const near = cells(d, (x, y) => side({ x, y }) && terrain(d, x, y) === T.floor);
  const beyond = cells(d, (x, y) => !side({ x, y }) && terrain(d, x, y) === T.floor);
  const start = pick(rng, near);
  const keySpot = pick(rng, near.filter((c) => far(c, start, 3)));
  const goal = pick(rng, beyond.filter((c) => far(c, door, 2)));
  // The squares on both sides of the door stay free: doors are entered straight, never diagonally.
  const approach = vertical ? [{ x: door.x - 1, y: door.y }, { x: door.x + 1, y: door.y }] : [{ x: door.x, y: door.y - 1 }, { x: door.x, y: door.y + 1 }];
  const clear = [start, keySpot, goal, ...approach];
  if (rng.chance(0.6)) {
    segment(d, T.rock, clear, between(rng, 1, width - 2), between(rng, 1, height - 2), between(rng, 2, 3), rng.chance(0.5));
  }
  d.items.push({ kind: 'key', ...keySpot });
  setTerrain(d, goal.x, goal.y, T.stairs);
  d.start = start;
  return d;
}

/** A band of lava with one winding safe path; the start and the staircase on opposite banks. */
function lavaCrossing(rng: Rng): Draft {
  const width = between(rng, 13, 15);
  const height = between(rng, 7, 9);
  const d: Draft = { width, height, grid: frame(width, height), locked: [], items: [], start: { x: 0, y: 0 } };
  const first = 3;
  const last = width - 4;
  for (const c of cells(d, (x) => x >= first && x <= last)) setTerrain(d, c.x, c.y, T.lava);
  const turns = new Set(rng.shuffle(Array.from({ length: last - first }, (_, i) => first + i)).slice(0, between(rng, 2, 3)));
  let y = between(rng, 1, height - 2);
  for (let x = first; x <= last; x++) {
    setTerrain(d, x, y, T.floor);
    if (!turns.has(x)) continue;
    const options = Array.from({ length: height - 2 }, (_, i) => i + 1).filter((ny) => ny !== y && Math.abs(ny - y) <= 3);
    const ny = rng.pick(options);
    for (let k = Math.min(y, ny); k <= Math.max(y, ny); k++) setTerrain(d, x, k, T.floor);
    y = ny;
  }
  const leftToRight = rng.chance(0.5);
  const startCols = leftToRight ? [1, 2] : [width - 3, width - 2];
  const goalCols = leftToRight ? [width - 3, width - 2] : [1, 2];
  const start = { x: rng.pick(startCols), y: between(rng, 1, height - 2) };
  const goal = { x: rng.pick(goalCols), y: between(rng, 1, height - 2) };
  setTerrain(d, goal.x, goal.y, T.stairs);
  d.start = start;
  return d;
}

/** The staircase sits in a closed rock vault; a pick-axe lies on the other side of the level. */
function useItem(rng: Rng): Draft {
  const width = between(rng, 11, 15);
  const height = between(rng, 7, 9);
  const d: Draft = { width, height, grid: frame(width, height), locked: [], items: [], start: { x: 0, y: 0 } };
  const vaultRight = rng.chance(0.5);
  const mid = Math.floor(width / 2);
  const vx = vaultRight ? between(rng, mid + 2, width - 2) : between(rng, 1, mid - 2);
  const vy = between(rng, 1, height - 2);
  for (let y = vy - 1; y <= vy + 1; y++) {
    for (let x = vx - 1; x <= vx + 1; x++) {
      if (x >= 1 && y >= 1 && x <= width - 2 && y <= height - 2) setTerrain(d, x, y, T.rock);
    }
  }
  setTerrain(d, vx, vy, T.stairs);
  const near = cells(d, (x, y) => (vaultRight ? x < mid : x > mid) && terrain(d, x, y) === T.floor);
  const start = pick(rng, near);
  const open = cells(d, (x, y) => terrain(d, x, y) === T.floor && far({ x, y }, { x: vx, y: vy }, 3));
  const tool = pick(rng, open.filter((c) => far(c, start, 3)));
  const clear = [start, tool];
  if (rng.chance(0.4)) {
    segment(d, T.lava, clear, between(rng, 3, width - 4), between(rng, 1, height - 2), between(rng, 1, 3), rng.chance(0.5));
  }
  d.items.push({ kind: 'pick-axe', ...tool });
  d.start = start;
  return d;
}

const GENERATORS: Record<TaskTypeId, (rng: Rng) => Draft> = {
  room,
  maze,
  key_door: keyDoor,
  lava_crossing: lavaCrossing,
  use_item: useItem,
};

function welcome(goal: string): string {
  return `Hello Agent, welcome to the dungeon! Your task is to ${goal}.`;
}

export function generate(taskType: string, seed: number): State {
  const def = taskTypeDef(taskType);
  const rng = rngFor('gridworld', def.id, seed);
  for (let attempt = 0; attempt < 500; attempt++) {
    let d: Draft;
    try {
      d = GENERATORS[def.id](rng);
    } catch (err) {
      if (err instanceof NoRoom) continue;
      throw err;
    }
    const s: State = {
      taskType: def.id,
      seed,
      goal: def.goal,
      width: d.width,
      height: d.height,
      grid: d.grid,
      locked: d.locked,
      items: d.items,
      inventory: [],
      pos: d.start,
      message: welcome(def.goal),
      steps: 0,
      done: false,
      success: false,
      dead: false,
    };
    const steps = plan(s);
    if (steps && steps.length >= MIN_PLAN && steps.length <= MAX_PLAN) return s;
  }
  throw new Error(`gridworld: no solvable ${taskType} level for seed ${seed}`);
}
