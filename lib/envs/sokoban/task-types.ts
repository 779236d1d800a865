// Task types differ in room shape, size and number of boxes. The pitfalls are the same in all
// of them, so lessons learned on the small training rooms carry over to the held-out ones.

import type { TaskTypeSpec } from '../types';

export type TaskTypeId = 'boxes1' | 'boxes2' | 'boxes3' | 'corridor' | 'large';

export interface TaskTypeDef extends TaskTypeSpec {
  id: TaskTypeId;
  /** 'room': open room carved by a random walk; 'corridor': one-cell-wide passages. */
  shape: 'room' | 'corridor';
  /** Inside the wall border. */
  interior: { width: number; height: number };
  /** Number of boxes; one is picked per level. */
  boxes: readonly number[];
  /** Accepted length of the optimal solution, in moves: not trivial, and well inside the step limit. */
  moves: { min: number; max: number };
}

export const TASK_TYPES: TaskTypeDef[] = [
  {
    id: 'boxes1',
    label: 'One box',
    description: 'A 6×6 room with one box and one target.',
    split: 'train',
    shape: 'room',
    interior: { width: 6, height: 6 },
    boxes: [1],
    moves: { min: 6, max: 35 },
  },
  {
    id: 'boxes2',
    label: 'Two boxes',
    description: 'A 6×6 room with two boxes and two targets.',
    split: 'train',
    shape: 'room',
    interior: { width: 6, height: 6 },
    boxes: [2],
    moves: { min: 12, max: 50 },
  },
  {
    id: 'boxes3',
    label: 'Three boxes',
    description: 'The common setup: a 6×6 room with three boxes and three targets.',
    split: 'heldout',
    shape: 'room',
    interior: { width: 6, height: 6 },
    boxes: [3],
    moves: { min: 18, max: 60 },
  },
  {
    id: 'corridor',
    label: 'Corridors',
    description: 'A 7×7 maze of one-cell-wide corridors with two boxes: boxes only move along straight passages.',
    split: 'heldout',
    shape: 'corridor',
    interior: { width: 7, height: 7 },
    boxes: [2],
    moves: { min: 12, max: 60 },
  },
  {
    id: 'large',
    label: 'Large room',
    description: 'An 8×8 room with three or four boxes.',
    split: 'heldout',
    shape: 'room',
    interior: { width: 8, height: 8 },
    boxes: [3, 4],
    moves: { min: 20, max: 70 },
  },
];

export function taskTypeDef(id: string): TaskTypeDef {
  const def = TASK_TYPES.find((t) => t.id === id);
  if (!def) throw new Error(`sokoban: unknown task type "${id}"`);
  return def;
}
