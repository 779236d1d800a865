import type { Task } from './types';

/** Task ids are derived from type and seed, so that a task is reproducible from its id alone. */
export function makeTask(envId: string, taskType: string, seed: number): Task {
  return { envId, taskType, taskId: `${taskType}-${seed}`, seed };
}
