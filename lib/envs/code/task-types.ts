import type { TaskTypeSpec } from '../types';
import type { AnyFamily, TaskTypeId } from './family';
import { GREEDY_FAMILIES } from './families/greedy';
import { MATH_FAMILIES } from './families/math';
import { SIMULATION_FAMILIES } from './families/simulation';
import { STRING_FAMILIES } from './families/strings';

export interface TaskTypeDef extends TaskTypeSpec {
  id: TaskTypeId;
  families: AnyFamily[];
}

export const TASK_TYPES: TaskTypeDef[] = [
  {
    id: 'strings',
    label: 'Strings',
    description: 'Transform, encode and count in strings: run-length encoding, brackets, anagrams, letter pairs.',
    split: 'train',
    families: STRING_FAMILIES,
  },
  {
    id: 'math',
    label: 'Math',
    description: 'Number theory and arithmetic on arrays: digits, gcd/lcm, divisors, primes, modular powers, range sums.',
    split: 'train',
    families: MATH_FAMILIES,
  },
  {
    id: 'greedy',
    label: 'Greedy',
    description: 'Sort and take the locally best choice: coins, meetings, rooms, boats, jumps, profits.',
    split: 'train',
    families: GREEDY_FAMILIES,
  },
  {
    id: 'simulation',
    label: 'Simulation',
    description: 'Follow rules step by step (or skip the steps): schedulers, queues, robots, automata, a bank teller.',
    split: 'heldout',
    families: SIMULATION_FAMILIES,
  },
];

export function taskTypeDef(id: string): TaskTypeDef {
  const def = TASK_TYPES.find((t) => t.id === id);
  if (!def) throw new Error(`code: unknown task type "${id}"`);
  return def;
}
