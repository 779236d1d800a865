import type { TaskTypeSpec } from '../types';

export type TaskTypeId = 'room' | 'maze' | 'key_door' | 'lava_crossing' | 'use_item';

export interface TaskTypeDef extends TaskTypeSpec {
  id: TaskTypeId;
  /** The one-line goal; it names the destination, never the mechanism. */
  goal: string;
}

// Held out: lava_crossing and use_item. Their lessons are all shown on the training types:
// walls and lava pools in rooms and mazes teach reading the map before moving (which is what
// saves the agent from lava), and key_door teaches picking a tool up (standing on it) before
// applying it, which is exactly what the pick-axe of use_item needs.
export const TASK_TYPES: TaskTypeDef[] = [
  {
    id: 'room',
    label: 'Room',
    description: 'Reach the staircase down in a room with a few obstacles (rock walls, sometimes a lava pool).',
    split: 'train',
    goal: 'reach the staircase down (>)',
  },
  {
    id: 'maze',
    label: 'Maze',
    description: 'Find the way through a corridor maze to the staircase down.',
    split: 'train',
    goal: 'find your way through the maze to the staircase down (>)',
  },
  {
    id: 'key_door',
    label: 'Key & door',
    description: 'Pick up the key, unlock and open the locked door, and reach the staircase behind it.',
    split: 'train',
    goal: 'get through the door and reach the staircase down (>)',
  },
  {
    id: 'lava_crossing',
    label: 'Lava crossing',
    description: 'Cross a field of lava along its one safe path to the staircase; stepping into lava is fatal.',
    split: 'heldout',
    goal: 'cross the lava field and reach the staircase down (>)',
  },
  {
    id: 'use_item',
    label: 'Use an item',
    description: 'The staircase is walled in: pick up the pick-axe and dig through the rock wall to reach it.',
    split: 'heldout',
    goal: 'reach the staircase down (>), which is walled in',
  },
];

export function taskTypeDef(id: string): TaskTypeDef {
  const def = TASK_TYPES.find((t) => t.id === id);
  if (!def) throw new Error(`gridworld: unknown task type "${id}"`);
  return def;
}
