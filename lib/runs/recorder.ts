import type { EpisodeRecord, EpisodeResult, EpisodeStart, StepCall, StepRecord } from '../episodes/types';

export interface MetaTurnScores {
  index: number;
  trainReward: number | null;
  valReward: number | null;
  trainSuccess: number | null;
  valSuccess: number | null;
}

export interface ReflectionRecord {
  index: number;
  input: string;
  output: string;
  analysis: string;
  nextPrompt: string;
  error: string | null;
  calls?: StepCall[];
}

export interface StoredMetaTurn {
  index: number;
  systemPrompt: string;
  /** Null until the reflector's answer for this meta-turn is stored. */
  nextPrompt: string | null;
}

/**
 * The sink the loops write to. db/recorder.ts persists it; tests use the in-memory one.
 * A run resumes from what the recorder holds: finished episodes are kept, unfinished ones
 * discarded and redone.
 */
export interface Recorder {
  episodeStarted(episode: EpisodeStart): Promise<number>;
  stepRecorded(episodeId: number, step: StepRecord): Promise<void>;
  episodeFinished(episodeId: number, result: EpisodeResult): Promise<void>;
  metaTurnStarted(index: number, systemPrompt: string): Promise<void>;
  metaTurnRecorded(scores: MetaTurnScores): Promise<void>;
  reflectionRecorded(reflection: ReflectionRecord): Promise<void>;

  loadMetaTurns(): Promise<StoredMetaTurn[]>;
  loadFinishedEpisodes(metaTurnIndex: number): Promise<EpisodeRecord[]>;
  discardUnfinishedEpisodes(): Promise<void>;
}
