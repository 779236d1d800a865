import os from 'node:os';
import type { Db } from '../db/open';
import { claimNextRun, listClaimedRunning } from '../db/queries/runs';
import { executeRun } from './execute-run';

export interface WorkerOptions {
  pollMs?: number;
  heartbeatMs?: number;
  /** A running run whose heartbeat is older than this is taken over. */
  staleMs?: number;
  /** Runs executed at once by this worker. */
  maxConcurrentRuns?: number;
  log?: (msg: string) => void;
}

export interface WorkerHandle {
  id: string;
  stop(): Promise<void>;
}

const host = os.hostname();

/** A claim by a process of this host that no longer exists can be taken over at once. */
function deadLocalWorkers(db: Db): string[] {
  const dead: string[] = [];
  for (const r of listClaimedRunning(db)) {
    const m = r.claimedBy?.match(/^(.*):(\d+)$/);
    if (!m || m[1] !== host || Number(m[2]) === process.pid) continue;
    try {
      process.kill(Number(m[2]), 0);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ESRCH') dead.push(r.claimedBy!);
    }
  }
  return dead;
}

/** Polls the database for claimable runs and executes them until stopped. */
export function startWorker(db: Db, options: WorkerOptions = {}): WorkerHandle {
  const id = `${host}:${process.pid}`;
  const pollMs = options.pollMs ?? 500;
  const heartbeatMs = options.heartbeatMs ?? 1000;
  const staleMs = options.staleMs ?? Number(process.env.REFLECTLAB_STALE_MS ?? 30_000);
  const maxRuns = options.maxConcurrentRuns ?? 2;
  const log = options.log ?? ((m: string) => console.log(`[worker ${id}] ${m}`));
  const shutdown = new AbortController();
  const active = new Map<number, Promise<unknown>>();
  let timer: NodeJS.Timeout | null = null;

  const tick = () => {
    try {
      while (active.size < maxRuns && !shutdown.signal.aborted) {
        const run = claimNextRun(db, {
          workerId: id,
          now: Date.now(),
          staleMs,
          deadWorkers: deadLocalWorkers(db),
          excludeIds: [...active.keys()],
        });
        if (!run) break;
        log(`claimed run ${run.id} (${run.name}), attempt ${run.attempts}`);
        const p = executeRun(db, run, { workerId: id, heartbeatMs, shutdown: shutdown.signal, log })
          .then((status) => log(`run ${run.id} ended: ${status}`))
          .catch((e) => log(`run ${run.id} crashed: ${e instanceof Error ? e.stack : e}`))
          .finally(() => {
            active.delete(run.id);
            schedule(0);
          });
        active.set(run.id, p);
      }
    } catch (e) {
      log(`poll failed: ${e instanceof Error ? e.message : e}`);
    }
    schedule(pollMs);
  };
  const schedule = (ms: number) => {
    if (shutdown.signal.aborted) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, ms);
  };
  schedule(0);

  return {
    id,
    async stop() {
      shutdown.abort();
      if (timer) clearTimeout(timer);
      await Promise.allSettled([...active.values()]);
    },
  };
}
