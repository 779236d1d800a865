import type { TaskTypeSpec } from '../types';
import type { Process, RoomKind } from './catalog';

export type TaskTypeId =
  | 'pick_and_place'
  | 'look_at_obj_in_light'
  | 'pick_clean_then_place'
  | 'pick_heat_then_place'
  | 'pick_cool_then_place'
  | 'pick_two_obj_and_place';

export interface TaskTypeDef extends TaskTypeSpec {
  id: TaskTypeId;
  rooms: RoomKind[];
  process: Process | null;
  /** How many objects of the goal kind must end up in the same target receptacle. */
  count: 0 | 1 | 2;
  /** ALFWorld-style phrasings; `{obj}` and `{recep}` are filled in at generation. */
  templates: string[];
}

export const TASK_TYPES: TaskTypeDef[] = [
  {
    id: 'pick_and_place',
    label: 'Pick & place',
    description: 'Find an object and put it in or on a receptacle.',
    split: 'train',
    rooms: ['kitchen', 'bathroom', 'bedroom', 'livingroom'],
    process: null,
    count: 1,
    templates: ['put a {obj} in {recep}.', 'put some {obj} on {recep}.'],
  },
  {
    id: 'look_at_obj_in_light',
    label: 'Examine in light',
    description: 'Find an object and look at it under the desklamp.',
    split: 'heldout',
    rooms: ['bedroom', 'livingroom'],
    process: null,
    count: 0,
    templates: ['look at {obj} under the desklamp.', 'examine the {obj} with the desklamp.'],
  },
  {
    id: 'pick_clean_then_place',
    label: 'Clean & place',
    description: 'Find an object, clean it, and put it in or on a receptacle.',
    split: 'train',
    rooms: ['kitchen', 'bathroom'],
    process: 'clean',
    count: 1,
    templates: ['put a clean {obj} in {recep}.', 'clean some {obj} and put it in {recep}.'],
  },
  {
    id: 'pick_heat_then_place',
    label: 'Heat & place',
    description: 'Find an object, heat it, and put it in or on a receptacle.',
    split: 'train',
    rooms: ['kitchen'],
    process: 'heat',
    count: 1,
    templates: ['put a hot {obj} in {recep}.', 'heat some {obj} and put it in {recep}.'],
  },
  {
    id: 'pick_cool_then_place',
    label: 'Cool & place',
    description: 'Find an object, cool it, and put it in or on a receptacle.',
    split: 'heldout',
    rooms: ['kitchen'],
    process: 'cool',
    count: 1,
    templates: ['put a cool {obj} in {recep}.', 'cool some {obj} and put it in {recep}.'],
  },
  {
    id: 'pick_two_obj_and_place',
    label: 'Pick two & place',
    description: 'Find two objects of the same kind and put both in or on one receptacle.',
    split: 'train',
    rooms: ['kitchen', 'bathroom', 'bedroom', 'livingroom'],
    process: null,
    count: 2,
    templates: ['put two {obj} in {recep}.', 'find two {obj} and put them in {recep}.'],
  },
];

export function taskTypeDef(id: string): TaskTypeDef {
  const def = TASK_TYPES.find((t) => t.id === id);
  if (!def) throw new Error(`household: unknown task type "${id}"`);
  return def;
}
