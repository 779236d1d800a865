// The board: the JSON state of one episode and the static analysis of its map. Cells are
// indices into the row-major grid, which always has a wall border, so neighbours of any
// floor cell are in range without bounds checks.

export type Dir = 'up' | 'down' | 'left' | 'right';

/** The fixed order in which directions are listed and tried (admissible list, solver, pitfalls). */
export const DIRS: readonly Dir[] = ['up', 'down', 'left', 'right'];

/** The notation common in LLM-agent Sokoban setups (RAGEN and kin). */
export const SYMBOL = {
  wall: '#',
  floor: '_',
  target: 'O',
  box: 'X',
  boxOnTarget: '√',
  player: 'P',
  playerOnTarget: 'S',
} as const;

export interface State {
  taskType: string;
  seed: number;
  /** Static map rows of '#', '_' and 'O'; boxes and player are kept apart so the map never changes. */
  rows: string[];
  /** Box cells, sorted ascending (boxes are interchangeable). */
  boxes: number[];
  player: number;
  steps: number;
  done: boolean;
  success: boolean;
}

/** What never changes during an episode, precomputed once per map. */
export interface Level {
  width: number;
  height: number;
  wall: Uint8Array;
  target: Uint8Array;
  /** A box here can never reach any target (simple dead squares). */
  dead: Uint8Array;
  targets: number[];
  /** Floor cells in ascending order, and each cell's position in that list (-1 for walls). */
  floor: number[];
  floorIndex: Int32Array;
  /** pushDist[t][c]: fewest pushes that bring a box from c to targets[t] on an empty board. */
  pushDist: Int32Array[];
  row: Int32Array;
  col: Int32Array;
}

export const UNREACHABLE = 1 << 20;

export function delta(width: number, d: Dir): number {
  switch (d) {
    case 'up':
      return -width;
    case 'down':
      return width;
    case 'left':
      return -1;
    case 'right':
      return 1;
  }
}

// Analyses are pure functions of the map; tests and the oracle re-analyse the same maps often.
const analysed = new Map<string, Level>();

export function levelOf(rows: string[]): Level {
  const key = rows.join('\n');
  const hit = analysed.get(key);
  if (hit) return hit;
  const level = analyse(rows);
  if (analysed.size >= 512) analysed.clear();
  analysed.set(key, level);
  return level;
}

function analyse(rows: string[]): Level {
  const height = rows.length;
  const width = rows[0].length;
  const n = width * height;
  const wall = new Uint8Array(n);
  const target = new Uint8Array(n);
  const floorIndex = new Int32Array(n).fill(-1);
  const row = new Int32Array(n);
  const col = new Int32Array(n);
  const floor: number[] = [];
  const targets: number[] = [];
  for (let c = 0; c < n; c++) {
    const ch = rows[Math.floor(c / width)][c % width];
    row[c] = Math.floor(c / width);
    col[c] = c % width;
    if (ch === SYMBOL.wall) {
      wall[c] = 1;
      continue;
    }
    floorIndex[c] = floor.length;
    floor.push(c);
    if (ch === SYMBOL.target) {
      target[c] = 1;
      targets.push(c);
    }
  }
  // Reverse pushes ("pulls") from each target: a box can be pulled from y to y-d when the
  // player can stand at y-d and step back to y-2d. Cells no target reaches are dead.
  const pushDist = targets.map((t) => {
    const dist = new Int32Array(n).fill(UNREACHABLE);
    dist[t] = 0;
    const queue = [t];
    for (let i = 0; i < queue.length; i++) {
      const y = queue[i];
      for (const d of DIRS) {
        const s = delta(width, d);
        const x = y - s;
        if (wall[x] || wall[x - s] || dist[x] !== UNREACHABLE) continue;
        dist[x] = dist[y] + 1;
        queue.push(x);
      }
    }
    return dist;
  });
  const dead = new Uint8Array(n);
  for (const c of floor) dead[c] = pushDist.every((dist) => dist[c] === UNREACHABLE) ? 1 : 0;
  return { width, height, wall, target, dead, targets, floor, floorIndex, pushDist, row, col };
}

/** Walls on a vertical side and on a horizontal side: a box here can never move again. */
export function isCorner(level: Level, c: number): boolean {
  const { wall, width } = level;
  return (wall[c - width] === 1 || wall[c + width] === 1) && (wall[c - 1] === 1 || wall[c + 1] === 1);
}

/** A box lost for good in a corner that is not a target (the deadlock the env names). */
export function stuckInCorner(level: Level, c: number): boolean {
  return level.target[c] === 0 && isCorner(level, c);
}

export function boxesOnTarget(level: Level, boxes: readonly number[]): number {
  return boxes.filter((b) => level.target[b] === 1).length;
}

export function render(s: State): string {
  const level = levelOf(s.rows);
  const boxes = new Set(s.boxes);
  const lines: string[] = [];
  for (let r = 0; r < level.height; r++) {
    let line = '';
    for (let x = 0; x < level.width; x++) {
      const c = r * level.width + x;
      const onTarget = level.target[c] === 1;
      if (level.wall[c]) line += SYMBOL.wall;
      else if (c === s.player) line += onTarget ? SYMBOL.playerOnTarget : SYMBOL.player;
      else if (boxes.has(c)) line += onTarget ? SYMBOL.boxOnTarget : SYMBOL.box;
      else line += onTarget ? SYMBOL.target : SYMBOL.floor;
    }
    lines.push(line);
  }
  return lines.join('\n');
}
