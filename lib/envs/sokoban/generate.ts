// Seeded level generation by reverse play (as in gym-sokoban): carve a room, put every box on
// its target, then walk the player backwards, pulling boxes. Every pull undoes a legal push,
// so the start is solvable by construction; the solver then checks that its optimal solution
// fits the task type's move range, and the level is redrawn from the same stream otherwise.

import { rngFor, type Rng } from '../../util/rng';
import { DIRS, SYMBOL, delta, levelOf, type State } from './level';
import { pushBound, solve } from './solver';
import { taskTypeDef, type TaskTypeDef } from './task-types';

const ATTEMPTS = 300;
/**
 * Levels whose optimal solution takes the solver longer to prove are redrawn, so that the
 * oracle stays fast (well under 100 ms) on every generated start.
 */
const GENERATION_BUDGET = 1_000;
/** Reverse-play end states checked with the solver per attempt. */
const CANDIDATES = 3;

// Generation is a pure function of (type, seed) and costs a few solver runs; tests and
// rollbacks reset the same tasks many times.
const generated = new Map<string, { state: State; optimal: number }>();

export interface Generated {
  state: State;
  /** Length of the optimal solution from the start, in moves. */
  optimal: number;
}

export function generate(taskType: string, seed: number): Generated {
  const def = taskTypeDef(taskType);
  const key = `${def.id}/${seed}`;
  const hit = generated.get(key);
  if (hit) return { state: structuredClone(hit.state), optimal: hit.optimal };
  const rng = rngFor('sokoban', def.id, seed);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const out = tryGenerate(def, seed, rng);
    if (!out) continue;
    if (generated.size >= 1024) generated.clear();
    generated.set(key, out);
    return { state: structuredClone(out.state), optimal: out.optimal };
  }
  throw new Error(`sokoban: could not generate ${def.id} for seed ${seed}`);
}

/** Interior floor as a width×height boolean grid. */
type Mask = boolean[][];

// gym-sokoban's brushes: a random walk stamps one of these 3×3 shapes at every step.
const BRUSHES = [
  ['...', '###', '...'],
  ['.#.', '.#.', '.#.'],
  ['...', '##.', '.#.'],
  ['...', '##.', '##.'],
  ['...', '.##', '.#.'],
];

function carveRoom(rng: Rng, w: number, h: number): Mask {
  const floor: Mask = Array.from({ length: h }, () => new Array<boolean>(w).fill(false));
  let x = rng.int(w);
  let y = rng.int(h);
  const steps = Math.round(1.5 * (w + 2 + h + 2));
  for (let i = 0; i < steps; i++) {
    const brush = rng.pick(BRUSHES);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const cx = x + dx;
        const cy = y + dy;
        if (brush[dy + 1][dx + 1] === '#' && cx >= 0 && cy >= 0 && cx < w && cy < h) floor[cy][cx] = true;
      }
    }
    const [mx, my] = rng.pick([[0, -1], [0, 1], [-1, 0], [1, 0]] as const);
    if (x + mx >= 0 && x + mx < w && y + my >= 0 && y + my < h) {
      x += mx;
      y += my;
    }
  }
  return floor;
}

/**
 * A partial maze on the even interior coordinates, grown depth-first, plus one or two extra
 * openings so that the player can get round a box: every passage is one cell wide.
 */
function carveCorridors(rng: Rng, w: number, h: number): Mask {
  const floor: Mask = Array.from({ length: h }, () => new Array<boolean>(w).fill(false));
  const nodesX = Math.floor((w + 1) / 2);
  const nodesY = Math.floor((h + 1) / 2);
  const want = Math.round(nodesX * nodesY * (0.6 + 0.2 * rng.next()));
  const seen = new Set<string>();
  const start: [number, number] = [rng.int(nodesX), rng.int(nodesY)];
  const stack: [number, number][] = [start];
  seen.add(start.join());
  floor[start[1] * 2][start[0] * 2] = true;
  const steps: [number, number][] = [[0, -1], [0, 1], [-1, 0], [1, 0]];
  while (stack.length > 0 && seen.size < want) {
    const [nx, ny] = stack[stack.length - 1];
    const options = steps.filter(([dx, dy]) => {
      const ax = nx + dx;
      const ay = ny + dy;
      return ax >= 0 && ay >= 0 && ax < nodesX && ay < nodesY && !seen.has(`${ax},${ay}`);
    });
    if (options.length === 0) {
      stack.pop();
      continue;
    }
    const [dx, dy] = rng.pick(options);
    const next: [number, number] = [nx + dx, ny + dy];
    seen.add(next.join());
    floor[ny * 2 + dy][nx * 2 + dx] = true;
    floor[next[1] * 2][next[0] * 2] = true;
    stack.push(next);
  }
  // Loops: open a wall cell between two carved nodes that the maze left apart.
  const walls: [number, number][] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (floor[y][x] || (x % 2 === 1) === (y % 2 === 1)) continue;
      const horizontal = x % 2 === 1;
      const a = horizontal ? floor[y][x - 1] : floor[y - 1]?.[x];
      const b = horizontal ? floor[y][x + 1] : floor[y + 1]?.[x];
      if (a && b) walls.push([x, y]);
    }
  }
  for (const [x, y] of rng.shuffle(walls).slice(0, 1 + rng.int(2))) floor[y][x] = true;
  return floor;
}

function rowsOf(mask: Mask, targets: Set<string>): string[] {
  const w = mask[0].length;
  const border = SYMBOL.wall.repeat(w + 2);
  const inner = mask.map((line, y) => {
    const cells = line.map((f, x) => (!f ? SYMBOL.wall : targets.has(`${x},${y}`) ? SYMBOL.target : SYMBOL.floor));
    return `${SYMBOL.wall}${cells.join('')}${SYMBOL.wall}`;
  });
  return [border, ...inner, border];
}

function tryGenerate(def: TaskTypeDef, seed: number, rng: Rng): Generated | null {
  const { width: w, height: h } = def.interior;
  const mask = def.shape === 'corridor' ? carveCorridors(rng, w, h) : carveRoom(rng, w, h);
  const count = rng.pick(def.boxes);
  const free = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && mask[y][x];
  const cells: [number, number][] = [];
  mask.forEach((line, y) => line.forEach((f, x) => f && cells.push([x, y])));
  // Rooms much smaller than that rarely give a level in the move range: skip them early.
  if (cells.length < 4 * count + 8) return null;
  // A box can only leave a target that has two free cells in a line beside it.
  const exits = cells.filter(([x, y]) =>
    [[0, 1], [0, -1], [1, 0], [-1, 0]].some(([dx, dy]) => free(x + dx, y + dy) && free(x + 2 * dx, y + 2 * dy)),
  );
  if (exits.length < count) return null;
  const targetCells = rng.shuffle(exits).slice(0, count);
  const targetSet = new Set(targetCells.map(([x, y]) => `${x},${y}`));
  const rows = rowsOf(mask, targetSet);
  const level = levelOf(rows);
  const cellOf = ([x, y]: [number, number]) => (y + 1) * level.width + (x + 1);
  const bound = pushBound(level, count);

  // Reverse play: boxes start on their targets and the player walks backwards, pulling them.
  const boxes = targetCells.map(cellOf);
  let player = cellOf(rng.pick(cells.filter(([x, y]) => !targetSet.has(`${x},${y}`))));
  const candidates: { boxes: number[]; player: number; score: number }[] = [];
  const seen = new Set<string>();
  // With three or more boxes in a small room one often ends up on a target; that is allowed.
  const allowedOnTarget = count >= 3 ? 1 : 0;
  const steps = 100 + 100 * count;
  for (let i = 0; i < steps; i++) {
    // Mostly take the pull that drags the boxes furthest from the targets, else wander.
    let d = rng.pick(DIRS);
    let pull = true;
    if (rng.chance(0.6)) {
      let gain = 0;
      const now = bound(boxes);
      for (const dir of DIRS) {
        const s = delta(level.width, dir);
        const from = boxes.indexOf(player - s);
        if (from < 0 || level.wall[player + s] || boxes.includes(player + s)) continue;
        const after = bound(boxes.map((b, j) => (j === from ? player : b))) - now;
        if (after > gain) {
          gain = after;
          d = dir;
        }
      }
    } else {
      pull = rng.chance(0.5);
    }
    const s = delta(level.width, d);
    const next = player + s;
    if (level.wall[next] || boxes.includes(next)) continue;
    const pulled = boxes.indexOf(player - s);
    if (pulled >= 0 && pull) boxes[pulled] = player;
    player = next;
    if (boxes.filter((b) => level.target[b] === 1).length > allowedOnTarget) continue;
    const sorted = boxes.slice().sort((a, b) => a - b);
    const key = `${player}:${sorted.join()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    candidates.push({ boxes: sorted, player, score: bound(sorted) });
  }

  // The arrangements furthest from solved are the hardest; keep the longest solution that fits.
  candidates.sort((a, b) => b.score - a.score);
  let best: { boxes: number[]; player: number; optimal: number } | null = null;
  for (const c of candidates.slice(0, CANDIDATES)) {
    // The bound never exceeds the optimum: a candidate far below the range is not worth solving.
    if (c.score < def.moves.min / 2) break;
    const result = solve(level, c.player, c.boxes, GENERATION_BUDGET);
    if (result.status !== 'solved') continue;
    const optimal = result.moves.length;
    if (optimal < def.moves.min || optimal > def.moves.max) continue;
    if (!best || optimal > best.optimal) best = { boxes: c.boxes, player: c.player, optimal };
  }
  if (!best) return null;
  return {
    state: { taskType: def.id, seed, rows, boxes: best.boxes, player: best.player, steps: 0, done: false, success: false },
    optimal: best.optimal,
  };
}
