import type { Db } from '../open';
import { getEpisodeById, listEpisodesByRun, listSteps } from './episodes';
import { listMetaTurns } from './meta-turns';
import { getRunById } from './runs';
import { getRunUsage } from './usage';

/** Everything the run page and `GET /api/runs/:id` show, in one read. */
export function getRunView(db: Db, { id }: { id: number }) {
  const run = getRunById(db, { id });
  if (!run) return undefined;
  const { claimedBy: _c, ...publicRun } = run;
  const metaTurns = listMetaTurns(db, { runId: id }).map((m) => ({
    id: m.id,
    index: m.index,
    systemPrompt: m.systemPrompt,
    nextPrompt: m.nextPrompt,
    trainReward: m.trainReward,
    valReward: m.valReward,
    trainSuccess: m.trainSuccess,
    valSuccess: m.valSuccess,
    analysis: m.analysis,
    reflectorInput: m.reflectorInput,
    reflectorOutput: m.reflectorOutput,
    reflectionError: m.reflectionError,
    reflectorCalls: m.reflectorCalls ?? [],
    finishedAt: m.finishedAt,
  }));
  const episodes = listEpisodesByRun(db, { runId: id });
  const errored = episodes.filter((e) => e.status === 'errored').length;
  return {
    ...publicRun,
    metaTurns,
    episodes,
    stats: { episodes: episodes.length, erroredEpisodes: errored, usage: getRunUsage(db, { runId: id }) },
  };
}
export type RunView = NonNullable<ReturnType<typeof getRunView>>;
export type MetaTurnView = RunView['metaTurns'][number];

/** An episode with its steps and the run it belongs to. */
export function getEpisodeView(db: Db, { id }: { id: number }) {
  const episode = getEpisodeById(db, { id });
  if (!episode) return undefined;
  const run = getRunById(db, { id: episode.runId });
  return {
    episode,
    run: run ? { id: run.id, name: run.name, kind: run.kind, status: run.status, actor: run.config.actor } : null,
    steps: listSteps(db, { episodeId: id }).map((s) => ({ ...s, calls: s.calls ?? [] })),
  };
}
export type EpisodeView = NonNullable<ReturnType<typeof getEpisodeView>>;
