import type { Actor, IctReflector } from '../agents/types';
import type { EnvSpec } from '../envs/types';
import { runEpisode, throwIfAborted } from '../episodes/run-episode';
import type { EpisodeRecord } from '../episodes/types';
import type { Recorder } from '../runs/recorder';
import type { RunProgress } from '../runs/types';
import { mapPool } from '../util/pool';
import type { IctConfig } from './config';
import { trainBatch, validationBatch, type PlannedEpisode } from './tasks';

export interface IctRunArgs {
  config: IctConfig;
  spec: EnvSpec;
  actor: Actor;
  reflector: IctReflector;
  recorder: Recorder;
  signal: AbortSignal;
  onProgress?: (p: RunProgress) => void;
}

export interface IctSummary {
  metaTurns: { index: number; systemPrompt: string; trainReward: number | null; valReward: number | null }[];
  finalPrompt: string;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/**
 * MetaGym's ICT protocol: per meta-turn a fresh batch of k train tasks (one attempt each) under
 * sp_i, sp_i evaluated on the fixed held-out validation set, then the reflector writes sp_{i+1}
 * from the train trajectories. Resumable: meta-turns whose reflection is stored are skipped,
 * finished episodes of the interrupted meta-turn are kept, and only the missing ones are played.
 */
export async function runIct(args: IctRunArgs): Promise<IctSummary> {
  const { config, spec, actor, reflector, recorder, signal, onProgress } = args;
  const T = config.metaTurns;
  const perTurn = config.batchSize + config.valTasks;
  const seedKey = `ict/${config.seed}`;

  await recorder.discardUnfinishedEpisodes();
  const stored = await recorder.loadMetaTurns();
  let prompt = spec.initialSystemPrompt;
  let start = 0;
  for (const turn of stored) {
    if (turn.index !== start || turn.nextPrompt === null) break;
    prompt = turn.nextPrompt;
    start = turn.index + 1;
  }
  const summary: IctSummary['metaTurns'] = [];
  let done = start * perTurn;
  const report = (metaTurn: number, phase: RunProgress['phase']) =>
    onProgress?.({ metaTurn, metaTurns: T, episodesDone: done, episodesTotal: T * perTurn, phase });

  for (let i = start; i < T; i++) {
    throwIfAborted(signal);
    await recorder.metaTurnStarted(i, prompt);
    const finished = new Map((await recorder.loadFinishedEpisodes(i)).map((e) => [e.key, e]));
    const planned: PlannedEpisode[] = [...trainBatch(config, i), ...validationBatch(config, i)];
    done += planned.filter((p) => finished.has(p.key)).length;
    report(i, 'episodes');
    const sp = prompt;
    const results = await mapPool(planned, config.parallelEpisodes, async (p): Promise<EpisodeRecord> => {
      const kept = finished.get(p.key);
      if (kept) return kept;
      const record = await runEpisode({
        spec,
        task: p.task,
        actor,
        systemPrompt: sp,
        recorder,
        key: p.key,
        role: p.role,
        metaTurnIndex: i,
        seedKey,
        signal,
      });
      done++;
      report(i, 'episodes');
      return record;
    });
    const errored = results.filter((r) => r.status === 'errored');
    if (errored.length === results.length && results.length > 0) {
      // Nothing to score or reflect on: an endpoint that fails permanently ends the run here,
      // with every episode so far kept.
      throw new Error(`every episode of meta-turn ${i} errored; first error: ${errored[0].error}`);
    }
    const train = results.filter((r) => r.role === 'train');
    const val = results.filter((r) => r.role === 'validation');
    const scores = {
      index: i,
      trainReward: mean(train.map((r) => r.totalReward)),
      valReward: mean(val.map((r) => r.totalReward)),
      trainSuccess: mean(train.map((r) => (r.success ? 1 : 0))),
      valSuccess: mean(val.map((r) => (r.success ? 1 : 0))),
    };
    await recorder.metaTurnRecorded(scores);
    summary.push({ index: i, systemPrompt: sp, trainReward: scores.trainReward, valReward: scores.valReward });

    throwIfAborted(signal);
    report(i, 'reflecting');
    const reflection = await reflector.reflect({ systemPrompt: sp, trajectories: train, spec, metaTurnIndex: i, signal });
    // A failed reflection keeps the prompt: the run goes on and the failure is on the meta-turn.
    const next = reflection.error ? sp : reflection.prompt;
    await recorder.reflectionRecorded({
      index: i,
      input: reflection.input,
      output: reflection.output,
      analysis: reflection.analysis,
      nextPrompt: next,
      error: reflection.error,
      calls: reflection.calls,
    });
    if (reflection.fatal) throw new Error(`reflector failed: ${reflection.error ?? 'misconfigured endpoint'}`);
    prompt = next;
  }
  report(T - 1, 'finished');
  return { metaTurns: summary, finalPrompt: prompt };
}
