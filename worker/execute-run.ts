import { createDbRecorder } from '../db/recorder';
import type { Db } from '../db/open';
import { finishRun, heartbeatRun } from '../db/queries/runs';
import type { RunRow } from '../db/schema';
import { AbortedError } from '../lib/episodes/run-episode';
import { envSpecOf, ictConfigSchema, issuesByField } from '../lib/ict/config';
import { runIct } from '../lib/ict/loop';
import type { RunProgress } from '../lib/runs/types';
import { buildAgents } from './agents';

export interface ExecuteOptions {
  workerId: string;
  heartbeatMs: number;
  /** Aborts the run without marking it (process shutdown): it stays `running` and is resumed later. */
  shutdown?: AbortSignal;
  log?: (msg: string) => void;
}

/**
 * Runs one claimed run to its end. The heartbeat carries progress and picks up cancel requests;
 * losing the claim (another worker took the run over) stops this one without writing a status.
 */
export async function executeRun(db: Db, run: RunRow, opts: ExecuteOptions): Promise<RunRow['status']> {
  const { workerId } = opts;
  const controller = new AbortController();
  let progress: RunProgress | undefined;
  let lost = false;
  let canceled = false;
  const onShutdown = () => controller.abort(new Error('worker shutting down'));
  opts.shutdown?.addEventListener('abort', onShutdown, { once: true });
  const beat = () => {
    const hb = heartbeatRun(db, { id: run.id, workerId, now: Date.now(), progress });
    if (!hb.owned) {
      lost = true;
      controller.abort(new Error('run claimed by another worker'));
    } else if (hb.cancelRequested) {
      canceled = true;
      controller.abort(new Error('canceled'));
    }
  };
  const timer = setInterval(beat, opts.heartbeatMs);
  try {
    beat();
    const parsed = ictConfigSchema.safeParse(run.config);
    if (!parsed.success) {
      const why = Object.entries(issuesByField(parsed.error)).map(([k, v]) => `${k}: ${v.join('; ')}`);
      throw new Error(`the stored run config is invalid — ${why.join(' · ')}`);
    }
    const config = parsed.data;
    const spec = envSpecOf(config);
    const { actor, reflector } = buildAgents(db, config, spec);
    await runIct({
      config,
      spec,
      actor,
      reflector,
      recorder: createDbRecorder(db, run.id),
      signal: controller.signal,
      onProgress: (p) => {
        progress = p;
      },
    });
    clearInterval(timer);
    beat();
    if (lost) return 'running';
    if (canceled) return finish('canceled', null);
    return finish('done', null);
  } catch (err) {
    if (lost || opts.shutdown?.aborted) return 'running';
    if (canceled || err instanceof AbortedError) return finish('canceled', null);
    const message = err instanceof Error ? err.message : String(err);
    opts.log?.(`run ${run.id} failed: ${message}`);
    return finish('failed', message);
  } finally {
    clearInterval(timer);
    opts.shutdown?.removeEventListener('abort', onShutdown);
  }

  function finish(status: 'done' | 'failed' | 'canceled', error: string | null) {
    if (progress) heartbeatRun(db, { id: run.id, workerId, now: Date.now(), progress: { ...progress, phase: 'finished' } });
    finishRun(db, { id: run.id, workerId, status, error, now: Date.now() });
    return status;
  }
}
