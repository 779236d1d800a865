// A move-optimal Sokoban solver: A* over (player, boxes) states with unit move costs.
// Levels are at most 8×8 inside with four boxes, so a state packs into one number and the
// search stays small with dead-square and 2×2-freeze pruning and a consistent heuristic.

import { DIRS, UNREACHABLE, delta, type Dir, type Level } from './level';

export type SolveResult =
  | { status: 'solved'; moves: Dir[]; expansions: number }
  /** The whole reachable space was searched: no box arrangement puts every box on a target. */
  | { status: 'unsolvable' }
  /** Gave up after the expansion budget; callers treat this as "no plan". */
  | { status: 'budget' };

export const DEFAULT_BUDGET = 200_000;

/** Packs player and sorted boxes into one exact integer (≤ 64 floor cells, ≤ 6 boxes). */
export function stateKey(level: Level, player: number, boxes: readonly number[]): number {
  const base = level.floor.length;
  let key = 0;
  for (let i = boxes.length - 1; i >= 0; i--) key = key * base + level.floorIndex[boxes[i]];
  return key * base + level.floorIndex[player];
}

function unpack(level: Level, key: number, count: number, boxes: number[]): number {
  const base = level.floor.length;
  const player = level.floor[key % base];
  key = Math.floor(key / base);
  for (let i = 0; i < count; i++) {
    boxes[i] = level.floor[key % base];
    key = Math.floor(key / base);
  }
  return player;
}

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  const out: number[][] = [];
  for (const rest of permutations(n - 1)) {
    for (let i = 0; i <= rest.length; i++) out.push([...rest.slice(0, i), n - 1, ...rest.slice(i)]);
  }
  return out;
}

/** Precomputed assignments of boxes to targets, for the matching lower bound. */
interface Matching {
  perms: Int32Array;
  count: number;
  targets: number;
  /** Scratch: cost[i * targets + t] for the boxes being scored. */
  cost: Int32Array;
}

function matching(level: Level, count: number): Matching {
  const all = permutations(level.targets.length).map((p) => p.slice(0, count));
  const unique = [...new Map(all.map((p) => [p.join(), p])).values()];
  return {
    perms: Int32Array.from(unique.flat()),
    count,
    targets: level.targets.length,
    cost: new Int32Array(count * level.targets.length),
  };
}

/**
 * Lower bound on the remaining moves: the cheapest assignment of boxes to distinct targets in
 * pushes, plus the walk to the nearest box before any push. Each move changes it by at most
 * one, so it is consistent and A* returns a shortest solution.
 */
function heuristic(level: Level, m: Matching, player: number, boxes: readonly number[]): number {
  const pushes = matchCost(level, m, boxes);
  if (pushes === 0) return 0;
  let walk = UNREACHABLE;
  for (const b of boxes) {
    const d = Math.abs(level.row[b] - level.row[player]) + Math.abs(level.col[b] - level.col[player]) - 1;
    if (d < walk) walk = d;
  }
  return pushes + walk;
}

function matchCost(level: Level, m: Matching, boxes: readonly number[]): number {
  const { perms, count, targets, cost } = m;
  for (let i = 0; i < count; i++) {
    for (let t = 0; t < targets; t++) cost[i * targets + t] = level.pushDist[t][boxes[i]];
  }
  let best = UNREACHABLE;
  for (let p = 0; p < perms.length; p += count) {
    let sum = 0;
    for (let i = 0; i < count && sum < best; i++) sum += cost[i * targets + perms[p + i]];
    if (sum < best) best = sum;
  }
  return best;
}

/** A 2×2 block of walls and boxes holding a box off target can never be broken up. */
function frozen(level: Level, occupied: Uint8Array, moved: number): boolean {
  const w = level.width;
  const { wall, target } = level;
  for (const o of [moved, moved - 1, moved - w, moved - w - 1]) {
    if (!(wall[o] || occupied[o]) || !(wall[o + 1] || occupied[o + 1])) continue;
    if (!(wall[o + w] || occupied[o + w]) || !(wall[o + w + 1] || occupied[o + w + 1])) continue;
    if ((occupied[o] && !target[o]) || (occupied[o + 1] && !target[o + 1])) return true;
    if ((occupied[o + w] && !target[o + w]) || (occupied[o + w + 1] && !target[o + w + 1])) return true;
  }
  return false;
}

class Heap {
  private prio: number[] = [];
  private keys: number[] = [];
  get size(): number {
    return this.keys.length;
  }
  push(p: number, key: number): void {
    const { prio, keys } = this;
    let i = keys.length;
    prio.push(p);
    keys.push(key);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (prio[parent] <= p) break;
      prio[i] = prio[parent];
      keys[i] = keys[parent];
      i = parent;
    }
    prio[i] = p;
    keys[i] = key;
  }
  pop(): number {
    const { prio, keys } = this;
    const top = keys[0];
    const lastP = prio.pop()!;
    const lastK = keys.pop()!;
    const n = keys.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= n) break;
        if (child + 1 < n && prio[child + 1] < prio[child]) child++;
        if (prio[child] >= lastP) break;
        prio[i] = prio[child];
        keys[i] = keys[child];
        i = child;
      }
      prio[i] = lastP;
      keys[i] = lastK;
    }
    return top;
  }
}

/** Fewest pushes that could put every box on a distinct target (ranks generated candidates). */
export function pushBound(level: Level, count: number): (boxes: readonly number[]) => number {
  const m = matching(level, count);
  return (boxes) => matchCost(level, m, boxes);
}

export function isSolved(level: Level, boxes: readonly number[]): boolean {
  return boxes.every((b) => level.target[b] === 1);
}

/** True when some box off target sits where it can never reach a target. */
export function hasDeadBox(level: Level, boxes: readonly number[]): boolean {
  return boxes.some((b) => level.dead[b] === 1);
}

/**
 * Searches over pushes, as the expensive part of Sokoban is where boxes go: a node is the
 * boxes plus the exact player cell right after a push, an edge is the shortest walk to a
 * pushing position plus the push itself. With edge costs in moves this is still A* over
 * moves, so the result is a shortest solution, with far fewer nodes than one per step.
 */
export function solve(level: Level, player: number, boxes: readonly number[], budget = DEFAULT_BUDGET): SolveResult {
  const count = boxes.length;
  if (count > level.targets.length) return { status: 'unsolvable' };
  const start = [...boxes].sort((a, b) => a - b);
  if (isSolved(level, start)) return { status: 'solved', moves: [], expansions: 0 };
  if (hasDeadBox(level, start)) return { status: 'unsolvable' };
  const perms = matching(level, count);
  const startKey = stateKey(level, player, start);
  // g per key, and how each key was reached (parent key and push), to rebuild the moves.
  const g = new Map<number, number>([[startKey, 0]]);
  const parent = new Map<number, number>();
  const closed = new Set<number>();
  const heap = new Heap();
  // f first; among equal f, deeper nodes first (they are closer to a goal).
  const SCALE = 4096;
  heap.push(heuristic(level, perms, player, start) * SCALE + (SCALE - 1), startKey);
  const cur: number[] = new Array(count);
  const deltas = DIRS.map((d) => delta(level.width, d));
  const dist = new Int32Array(level.width * level.height);
  const queue = new Int32Array(level.floor.length);
  const occupied = new Uint8Array(level.width * level.height);
  let expansions = 0;
  while (heap.size > 0) {
    const key = heap.pop();
    // A key pushed again with a better g leaves a stale entry behind; expand each key once.
    if (closed.has(key)) continue;
    closed.add(key);
    const gk = g.get(key)!;
    const p = unpack(level, key, count, cur);
    if (isSolved(level, cur)) return { status: 'solved', moves: rebuild(level, parent, startKey, key, count), expansions };
    if (++expansions > budget) return { status: 'budget' };
    for (const b of cur) occupied[b] = 1;
    walkDistances(level, p, occupied, dist, queue);
    for (let bi = 0; bi < count; bi++) {
      const b = cur[bi];
      for (let di = 0; di < 4; di++) {
        const s = deltas[di];
        const from = b - s;
        const to = b + s;
        if (dist[from] < 0 || level.wall[to] || level.dead[to] || occupied[to]) continue;
        occupied[b] = 0;
        occupied[to] = 1;
        const stuck = frozen(level, occupied, to);
        occupied[to] = 0;
        occupied[b] = 1;
        if (stuck) continue;
        const next = moveBox(cur, bi, to);
        const nk = stateKey(level, b, next);
        const ng = gk + dist[from] + 1;
        const old = g.get(nk);
        if (old !== undefined && old <= ng) continue;
        g.set(nk, ng);
        parent.set(nk, key);
        const f = ng + heuristic(level, perms, b, next);
        heap.push(f * SCALE + (SCALE - 1 - ng), nk);
      }
    }
    for (const b of cur) occupied[b] = 0;
  }
  return { status: 'unsolvable' };
}

/** Breadth-first walking distances from `from` around the boxes; -1 where unreachable. */
function walkDistances(level: Level, from: number, occupied: Uint8Array, dist: Int32Array, queue: Int32Array): void {
  dist.fill(-1);
  dist[from] = 0;
  queue[0] = from;
  let tail = 1;
  const w = level.width;
  const { wall } = level;
  const neighbours = [-w, w, -1, 1];
  for (let head = 0; head < tail; head++) {
    const c = queue[head];
    const dc = dist[c] + 1;
    for (let i = 0; i < 4; i++) {
      const n = c + neighbours[i];
      if (dist[n] >= 0 || wall[n] || occupied[n]) continue;
      dist[n] = dc;
      queue[tail++] = n;
    }
  }
}

/** A copy of the sorted boxes with box `i` moved to `to`, still sorted. */
function moveBox(boxes: readonly number[], i: number, to: number): number[] {
  const out = boxes.slice();
  out[i] = to;
  let j = i;
  while (j > 0 && out[j - 1] > out[j]) {
    [out[j - 1], out[j]] = [out[j], out[j - 1]];
    j--;
  }
  while (j < out.length - 1 && out[j + 1] < out[j]) {
    [out[j + 1], out[j]] = [out[j], out[j + 1]];
    j++;
  }
  return out;
}

/** A shortest walk from `from` to `to` around the boxes, in the fixed direction order. */
function walk(level: Level, from: number, to: number, boxes: readonly number[]): Dir[] {
  const came = new Map<number, number>([[from, -1]]);
  const queue = [from];
  const deltas = DIRS.map((d) => delta(level.width, d));
  for (let head = 0; head < queue.length && !came.has(to); head++) {
    const c = queue[head];
    deltas.forEach((s, di) => {
      const n = c + s;
      if (came.has(n) || level.wall[n] || boxes.includes(n)) return;
      came.set(n, di);
      queue.push(n);
    });
  }
  const moves: Dir[] = [];
  for (let c = to; c !== from; ) {
    const di = came.get(c)!;
    moves.push(DIRS[di]);
    c -= deltas[di];
  }
  return moves.reverse();
}

function rebuild(level: Level, parent: Map<number, number>, startKey: number, goal: number, count: number): Dir[] {
  const chain: number[] = [];
  for (let k = goal; k !== startKey; k = parent.get(k)!) chain.push(k);
  chain.push(startKey);
  chain.reverse();
  const moves: Dir[] = [];
  const before: number[] = new Array(count);
  const after: number[] = new Array(count);
  for (let i = 1; i < chain.length; i++) {
    const p = unpack(level, chain[i - 1], count, before);
    const q = unpack(level, chain[i], count, after);
    // The player ends on the cell the box left; the box moved one step on from there.
    const to = after.find((b) => !before.includes(b))!;
    const di = DIRS.findIndex((d) => q + delta(level.width, d) === to);
    moves.push(...walk(level, p, q - delta(level.width, DIRS[di]), before), DIRS[di]);
  }
  return moves;
}
