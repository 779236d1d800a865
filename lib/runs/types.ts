import type { IctConfig } from '../ict/config';

export type RunKind = 'ict';
export type RunStatus = 'queued' | 'running' | 'paused' | 'done' | 'failed' | 'canceled';
export const RUN_STATUSES: readonly RunStatus[] = ['queued', 'running', 'paused', 'done', 'failed', 'canceled'];
export const FINISHED_STATUSES: readonly RunStatus[] = ['done', 'failed', 'canceled'];

/** Union of every run kind's config; later kinds (LEAFE, Pass@k) join here. */
export type RunConfig = IctConfig;

export interface RunProgress {
  metaTurn: number;
  metaTurns: number;
  episodesDone: number;
  episodesTotal: number;
  phase: 'episodes' | 'reflecting' | 'finished';
}
