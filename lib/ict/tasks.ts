import { makeTask } from '../envs/tasks';
import type { Task } from '../envs/types';
import { rngFor, seedFor } from '../util/rng';
import type { IctConfig } from './config';

export interface PlannedEpisode {
  key: string;
  role: 'train' | 'validation';
  task: Task;
}

/**
 * The k train tasks of meta-turn i: fresh, unseen seeds every meta-turn, types drawn from the
 * train split. A pure function of the config, so a resumed run plans the same batch.
 */
export function trainBatch(cfg: IctConfig, metaTurn: number): PlannedEpisode[] {
  const rng = rngFor('ict-train-types', cfg.seed, metaTurn);
  return Array.from({ length: cfg.batchSize }, (_, j) => ({
    key: `mt${metaTurn}/train/${j}`,
    role: 'train' as const,
    task: makeTask(cfg.env, rng.pick(cfg.trainTaskTypes), seedFor('ict-train', cfg.seed, metaTurn, j)),
  }));
}

/** The fixed validation set: the same held-out tasks at every meta-turn, types round-robin. */
export function validationTasks(cfg: IctConfig): Task[] {
  return Array.from({ length: cfg.valTasks }, (_, j) =>
    makeTask(cfg.env, cfg.heldOutTaskTypes[j % cfg.heldOutTaskTypes.length], seedFor('ict-val', cfg.seed, j)),
  );
}

export function validationBatch(cfg: IctConfig, metaTurn: number): PlannedEpisode[] {
  return validationTasks(cfg).map((task, j) => ({ key: `mt${metaTurn}/val/${j}`, role: 'validation' as const, task }));
}
