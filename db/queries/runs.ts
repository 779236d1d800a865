import { and, desc, eq, inArray, lt, notInArray, or, sql } from 'drizzle-orm';
import type { RunConfig, RunKind, RunProgress, RunStatus } from '../../lib/runs/types';
import type { Db } from '../open';
import { runs, type RunRow } from '../schema';

export function insertRun(db: Db, input: { name: string; kind: RunKind; config: RunConfig; seed: number }): number {
  const row = db.insert(runs).values(input).returning({ id: runs.id }).get();
  return row.id;
}

export function getRunById(db: Db, { id }: { id: number }): RunRow | undefined {
  return db.select().from(runs).where(eq(runs.id, id)).get();
}

/** Runs newest first, each with the validation reward of its last scored meta-turn. */
export function listRuns(db: Db, { limit = 200 }: { limit?: number } = {}) {
  // Written out with table qualifiers: drizzle renders bare column names inside sql``, and a bare
  // "id" here would bind to meta_turns.id instead of the outer run.
  const lastVal = sql<number | null>`(
    select mt.val_reward from meta_turns mt
    where mt.run_id = "runs"."id" and mt.val_reward is not null
    order by mt."index" desc limit 1)`;
  return db
    .select({
      id: runs.id,
      name: runs.name,
      kind: runs.kind,
      status: runs.status,
      progress: runs.progress,
      error: runs.error,
      seed: runs.seed,
      createdAt: runs.createdAt,
      finishedAt: runs.finishedAt,
      env: sql<string>`json_extract(${runs.config}, '$.env')`,
      lastValReward: lastVal,
    })
    .from(runs)
    .orderBy(desc(runs.createdAt), desc(runs.id))
    .limit(limit)
    .all();
}
export type RunListItem = ReturnType<typeof listRuns>[number];

export interface ClaimOptions {
  workerId: string;
  now: number;
  staleMs: number;
  /** Workers known to be dead (e.g. this host's previous process): their runs are taken at once. */
  deadWorkers?: string[];
  /** Runs this worker is executing: never claimed twice, however late its own heartbeat is. */
  excludeIds?: number[];
}

/**
 * Claims the oldest queued run, or a running one whose worker stopped heart-beating (or is known
 * dead). One UPDATE … RETURNING, so two workers can never claim the same run.
 */
export function claimNextRun(db: Db, { workerId, now, staleMs, deadWorkers = [], excludeIds = [] }: ClaimOptions): RunRow | undefined {
  const claimable = and(
    or(
      eq(runs.status, 'queued'),
      and(eq(runs.status, 'running'), lt(runs.heartbeatAt, now - staleMs)),
      deadWorkers.length ? and(eq(runs.status, 'running'), inArray(runs.claimedBy, deadWorkers)) : undefined,
    ),
    excludeIds.length ? notInArray(runs.id, excludeIds) : undefined,
  );
  const candidate = db.select({ id: runs.id }).from(runs).where(claimable).orderBy(runs.createdAt, runs.id).limit(1).get();
  if (!candidate) return undefined;
  return db
    .update(runs)
    .set({
      status: 'running',
      claimedBy: workerId,
      heartbeatAt: now,
      startedAt: sql`coalesce(${runs.startedAt}, ${now})`,
      attempts: sql`${runs.attempts} + 1`,
    })
    .where(and(eq(runs.id, candidate.id), claimable))
    .returning()
    .get();
}

/** Claims one queued run by id (the CLI runs what it queued). */
export function claimRunById(db: Db, { id, workerId, now }: { id: number; workerId: string; now: number }): RunRow | undefined {
  return db
    .update(runs)
    .set({ status: 'running', claimedBy: workerId, heartbeatAt: now, startedAt: now, attempts: sql`${runs.attempts} + 1` })
    .where(and(eq(runs.id, id), eq(runs.status, 'queued')))
    .returning()
    .get();
}

/** Runs claimed by someone, for finding the ones whose worker died. */
export function listClaimedRunning(db: Db) {
  return db.select({ id: runs.id, claimedBy: runs.claimedBy }).from(runs).where(eq(runs.status, 'running')).all();
}

/** Returns false when the run is no longer ours (reclaimed by another worker). */
export function heartbeatRun(
  db: Db,
  { id, workerId, now, progress }: { id: number; workerId: string; now: number; progress?: RunProgress },
): { owned: boolean; cancelRequested: boolean } {
  const row = db
    .update(runs)
    .set(progress ? { heartbeatAt: now, progress } : { heartbeatAt: now })
    .where(and(eq(runs.id, id), eq(runs.claimedBy, workerId), eq(runs.status, 'running')))
    .returning({ cancelRequested: runs.cancelRequested })
    .get();
  return { owned: !!row, cancelRequested: row?.cancelRequested ?? false };
}

export function finishRun(
  db: Db,
  { id, workerId, status, error, now }: { id: number; workerId: string; status: Extract<RunStatus, 'done' | 'failed' | 'canceled'>; error?: string | null; now: number },
): boolean {
  const row = db
    .update(runs)
    .set({ status, error: error ?? null, finishedAt: now, heartbeatAt: now })
    .where(and(eq(runs.id, id), eq(runs.claimedBy, workerId), eq(runs.status, 'running')))
    .returning({ id: runs.id })
    .get();
  return !!row;
}

/** Queued runs are canceled at once; running ones are flagged and stopped by their worker. */
export function requestCancel(db: Db, { id, now }: { id: number; now: number }): RunStatus | undefined {
  return db.transaction((tx) => {
    const run = tx.select({ status: runs.status }).from(runs).where(eq(runs.id, id)).get();
    if (!run) return undefined;
    if (run.status === 'queued') {
      tx.update(runs).set({ status: 'canceled', finishedAt: now }).where(eq(runs.id, id)).run();
      return 'canceled';
    }
    if (run.status === 'running') {
      tx.update(runs).set({ cancelRequested: true }).where(eq(runs.id, id)).run();
    }
    return run.status;
  });
}
