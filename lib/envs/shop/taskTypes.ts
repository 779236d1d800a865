import type { TaskTypeSpec } from '../types';
import type { GroupId } from './catalog';

export interface TaskTypeDef extends TaskTypeSpec {
  id: GroupId;
}

// One task type per category group. Held out: beauty and grocery, whose option kinds (scent,
// flavor, pack) partly differ from the training groups', while the pitfalls are the same.
export const TASK_TYPES: TaskTypeDef[] = [
  {
    id: 'fashion',
    label: 'Fashion',
    description: "Buy clothing or shoes (t-shirts, dresses, running shoes, hoodies) with the requested attributes, size, color and price.",
    split: 'train',
  },
  {
    id: 'electronics',
    label: 'Electronics accessories',
    description: 'Buy phone cases, earbuds, cables or speakers with the requested features, model, length or color and price.',
    split: 'train',
  },
  {
    id: 'home',
    label: 'Home & kitchen',
    description: 'Buy mugs, pans, bed sheets or office chairs with the requested features, size, color and price.',
    split: 'train',
  },
  {
    id: 'beauty',
    label: 'Beauty',
    description: 'Buy shampoo, moisturizer, lipstick or body lotion with the requested properties, size, scent or color and price.',
    split: 'heldout',
  },
  {
    id: 'grocery',
    label: 'Grocery',
    description: 'Buy coffee, protein bars, tea or olive oil with the requested properties, flavor, roast, pack and price.',
    split: 'heldout',
  },
];

export function taskTypeDef(id: string): TaskTypeDef {
  const def = TASK_TYPES.find((t) => t.id === id);
  if (!def) throw new Error(`shop: unknown task type "${id}"`);
  return def;
}
