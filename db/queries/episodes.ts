import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../open';
import { episodes, steps } from '../schema';

const summaryColumns = {
  id: episodes.id,
  key: episodes.key,
  metaTurnIndex: episodes.metaTurnIndex,
  role: episodes.role,
  envId: episodes.envId,
  taskType: episodes.taskType,
  taskId: episodes.taskId,
  seed: episodes.seed,
  goal: episodes.goal,
  status: episodes.status,
  success: episodes.success,
  totalReward: episodes.totalReward,
  stepCount: episodes.stepCount,
  negativeCount: episodes.negativeCount,
  error: episodes.error,
};

/** Episodes of a run without their steps, in the order the loop planned them. */
export function listEpisodesByRun(db: Db, { runId }: { runId: number }) {
  return db
    .select(summaryColumns)
    .from(episodes)
    .where(eq(episodes.runId, runId))
    .orderBy(asc(episodes.metaTurnIndex), asc(episodes.role), asc(episodes.id))
    .all();
}
export type EpisodeSummary = ReturnType<typeof listEpisodesByRun>[number];

export function getEpisodeById(db: Db, { id }: { id: number }) {
  return db.select().from(episodes).where(eq(episodes.id, id)).get();
}

export function listSteps(db: Db, { episodeId }: { episodeId: number }) {
  return db.select().from(steps).where(eq(steps.episodeId, episodeId)).orderBy(asc(steps.index)).all();
}

export function countEpisodes(db: Db, { runId, status }: { runId: number; status?: 'done' | 'errored' | 'running' }) {
  const where = status ? and(eq(episodes.runId, runId), eq(episodes.status, status)) : eq(episodes.runId, runId);
  return db.select({ n: sql<number>`count(*)` }).from(episodes).where(where).get()?.n ?? 0;
}
