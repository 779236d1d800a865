import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { EpisodeRecord, StepRecord } from '../lib/episodes/types';
import type { Recorder } from '../lib/runs/recorder';
import type { Db } from './open';
import { episodes, metaTurns, steps } from './schema';

const now = () => Date.now();

/** Persists a run's loop output. Every method is one statement or one transaction. */
export function createDbRecorder(db: Db, runId: number): Recorder {
  return {
    async episodeStarted(e) {
      const row = db
        .insert(episodes)
        .values({
          runId,
          key: e.key,
          metaTurnIndex: e.metaTurnIndex,
          role: e.role,
          envId: e.task.envId,
          envVersion: e.envVersion,
          taskType: e.task.taskType,
          taskId: e.task.taskId,
          seed: e.task.seed,
          goal: e.goal,
          systemPrompt: e.systemPrompt,
          parentEpisodeId: e.parentEpisodeId ?? null,
          branchStep: e.branchStep ?? null,
          status: 'running',
          startedAt: now(),
        })
        .returning({ id: episodes.id })
        .get();
      return row.id;
    },

    async stepRecorded(episodeId, s) {
      db.transaction((tx) => {
        tx.insert(steps).values({ episodeId, ...s }).run();
        tx.update(episodes).set({ stepCount: s.index + 1 }).where(eq(episodes.id, episodeId)).run();
      });
    },

    async episodeFinished(episodeId, r) {
      db.update(episodes)
        .set({ ...r, errorCalls: r.errorCalls ?? null, finishedAt: now() })
        .where(eq(episodes.id, episodeId))
        .run();
    },

    async metaTurnStarted(index, systemPrompt) {
      db.insert(metaTurns)
        .values({ runId, index, systemPrompt })
        .onConflictDoUpdate({ target: [metaTurns.runId, metaTurns.index], set: { systemPrompt } })
        .run();
    },

    async metaTurnRecorded(s) {
      db.update(metaTurns)
        .set({ trainReward: s.trainReward, valReward: s.valReward, trainSuccess: s.trainSuccess, valSuccess: s.valSuccess })
        .where(and(eq(metaTurns.runId, runId), eq(metaTurns.index, s.index)))
        .run();
    },

    async reflectionRecorded(r) {
      db.update(metaTurns)
        .set({
          reflectorInput: r.input,
          reflectorOutput: r.output,
          analysis: r.analysis,
          nextPrompt: r.nextPrompt,
          reflectionError: r.error,
          reflectorCalls: r.calls ?? null,
          finishedAt: now(),
        })
        .where(and(eq(metaTurns.runId, runId), eq(metaTurns.index, r.index)))
        .run();
    },

    async loadMetaTurns() {
      return db
        .select({ index: metaTurns.index, systemPrompt: metaTurns.systemPrompt, nextPrompt: metaTurns.nextPrompt })
        .from(metaTurns)
        .where(eq(metaTurns.runId, runId))
        .orderBy(asc(metaTurns.index))
        .all();
    },

    async loadFinishedEpisodes(metaTurnIndex) {
      const rows = db
        .select()
        .from(episodes)
        .where(and(eq(episodes.runId, runId), eq(episodes.metaTurnIndex, metaTurnIndex), ne(episodes.status, 'running')))
        .orderBy(asc(episodes.id))
        .all();
      if (rows.length === 0) return [];
      const allSteps = db
        .select()
        .from(steps)
        .where(inArray(steps.episodeId, rows.map((r) => r.id)))
        .orderBy(asc(steps.episodeId), asc(steps.index))
        .all();
      return rows.map((r): EpisodeRecord => ({
        id: r.id,
        key: r.key,
        metaTurnIndex: r.metaTurnIndex,
        role: r.role,
        task: { envId: r.envId, taskType: r.taskType, taskId: r.taskId, seed: r.seed },
        envVersion: r.envVersion,
        goal: r.goal,
        systemPrompt: r.systemPrompt,
        parentEpisodeId: r.parentEpisodeId,
        branchStep: r.branchStep,
        status: r.status === 'errored' ? 'errored' : 'done',
        success: r.success ?? false,
        totalReward: r.totalReward ?? 0,
        stepCount: r.stepCount,
        negativeCount: r.negativeCount,
        error: r.error,
        errorCalls: r.errorCalls ?? undefined,
        steps: allSteps
          .filter((s) => s.episodeId === r.id)
          .map(({ id: _id, episodeId: _e, ...s }): StepRecord => ({ ...s, calls: s.calls ?? [] })),
      }));
    },

    async discardUnfinishedEpisodes() {
      // Steps cascade with their episode.
      db.delete(episodes)
        .where(and(eq(episodes.runId, runId), eq(episodes.status, 'running')))
        .run();
    },
  };
}
