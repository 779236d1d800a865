// The level state, its terrain symbols and compass directions. The state is plain JSON
// (strings, arrays, records) so that snapshot/restore is a deep copy.

import type { TaskTypeId } from './taskTypes';

/** Terrain symbols as NetHack draws them; items and the agent are drawn on top. */
export const T = {
  floor: '.',
  hwall: '-',
  vwall: '|',
  /** Interior rock wall: the only wall a pick-axe can dig through. */
  rock: '#',
  lava: '}',
  stairs: '>',
  /** A closed door, locked or not: the map does not tell which. */
  closedDoor: '+',
  openDoor: "'",
} as const;

export type ToolKind = 'key' | 'pick-axe';

export const ITEM_SYMBOL = '(';

export interface Item {
  kind: ToolKind;
  x: number;
  y: number;
}

export interface Pos {
  x: number;
  y: number;
}

export interface State {
  taskType: TaskTypeId;
  seed: number;
  goal: string;
  width: number;
  height: number;
  /** One string per row, `height` rows of `width` terrain symbols. */
  grid: string[];
  /** "x,y" of closed doors that are still locked. */
  locked: string[];
  /** Items still lying on the map. */
  items: Item[];
  inventory: ToolKind[];
  pos: Pos;
  /** The message line of the last observation (NetHack's top line). */
  message: string;
  steps: number;
  done: boolean;
  success: boolean;
  dead: boolean;
}

export interface Direction {
  name: string;
  dx: number;
  dy: number;
}

/** Orthogonal first, so that ties in the planner prefer straight moves. */
export const DIRECTIONS: Direction[] = [
  { name: 'north', dx: 0, dy: -1 },
  { name: 'south', dx: 0, dy: 1 },
  { name: 'east', dx: 1, dy: 0 },
  { name: 'west', dx: -1, dy: 0 },
  { name: 'northeast', dx: 1, dy: -1 },
  { name: 'northwest', dx: -1, dy: -1 },
  { name: 'southeast', dx: 1, dy: 1 },
  { name: 'southwest', dx: -1, dy: 1 },
];

export const DIRECTION_NAMES = DIRECTIONS.map((d) => d.name);

export function direction(name: string): Direction | undefined {
  return DIRECTIONS.find((d) => d.name === name);
}

/** The compass direction from (dx, dy) signs; undefined for (0, 0). */
export function directionOf(dx: number, dy: number): Direction | undefined {
  return DIRECTIONS.find((d) => d.dx === Math.sign(dx) && d.dy === Math.sign(dy));
}

export function isDiagonal(d: Direction): boolean {
  return d.dx !== 0 && d.dy !== 0;
}

export const key = (x: number, y: number) => `${x},${y}`;

export function inside(s: Pick<State, 'width' | 'height'>, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < s.width && y < s.height;
}

export function terrain(s: Pick<State, 'grid' | 'width' | 'height'>, x: number, y: number): string {
  return inside(s, x, y) ? s.grid[y][x] : T.rock;
}

export function setTerrain(s: Pick<State, 'grid'>, x: number, y: number, c: string): void {
  const row = s.grid[y];
  s.grid[y] = row.slice(0, x) + c + row.slice(x + 1);
}

export function isWall(c: string): boolean {
  return c === T.hwall || c === T.vwall || c === T.rock;
}

export function isDoor(c: string): boolean {
  return c === T.closedDoor || c === T.openDoor;
}

/** Squares one can stand on without opening, digging or dying first. */
export function isWalkable(c: string): boolean {
  return c === T.floor || c === T.stairs || c === T.openDoor;
}

export function isLocked(s: Pick<State, 'locked'>, x: number, y: number): boolean {
  return s.locked.includes(key(x, y));
}

export function itemAt(s: Pick<State, 'items'>, x: number, y: number): Item | undefined {
  return s.items.find((i) => i.x === x && i.y === y);
}

export function stairsOf(s: Pick<State, 'grid'>): Pos {
  for (let y = 0; y < s.grid.length; y++) {
    const x = s.grid[y].indexOf(T.stairs);
    if (x >= 0) return { x, y };
  }
  throw new Error('gridworld: level without a staircase');
}

/** NetHack forbids moving diagonally into or out of a doorway that has a door. */
export function diagonalDoorBlock(s: State, from: Pos, d: Direction): 'into' | 'out of' | null {
  if (!isDiagonal(d)) return null;
  if (isDoor(terrain(s, from.x, from.y))) return 'out of';
  if (isDoor(terrain(s, from.x + d.dx, from.y + d.dy))) return 'into';
  return null;
}
