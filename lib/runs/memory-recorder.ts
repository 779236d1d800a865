import type { EpisodeRecord, EpisodeResult, EpisodeStart, StepRecord } from '../episodes/types';
import type { MetaTurnScores, Recorder, ReflectionRecord, StoredMetaTurn } from './recorder';

interface MemoryMetaTurn extends StoredMetaTurn {
  scores?: MetaTurnScores;
  reflection?: ReflectionRecord;
}

/** A Recorder that keeps everything in memory: for unit tests and headless dry runs. */
export class MemoryRecorder implements Recorder {
  readonly episodes = new Map<number, EpisodeRecord & { finished: boolean }>();
  readonly metaTurns = new Map<number, MemoryMetaTurn>();
  private nextId = 1;

  async episodeStarted(e: EpisodeStart): Promise<number> {
    for (const existing of this.episodes.values()) {
      if (existing.key === e.key) throw new Error(`duplicate episode key ${e.key}`);
    }
    const id = this.nextId++;
    this.episodes.set(id, {
      ...e,
      id,
      steps: [],
      status: 'done',
      success: false,
      totalReward: 0,
      stepCount: 0,
      negativeCount: 0,
      error: null,
      finished: false,
    });
    return id;
  }

  async stepRecorded(episodeId: number, step: StepRecord): Promise<void> {
    this.mustGet(episodeId).steps.push(step);
  }

  async episodeFinished(episodeId: number, result: EpisodeResult): Promise<void> {
    Object.assign(this.mustGet(episodeId), result, { finished: true });
  }

  async metaTurnStarted(index: number, systemPrompt: string): Promise<void> {
    const existing = this.metaTurns.get(index);
    if (existing) existing.systemPrompt = systemPrompt;
    else this.metaTurns.set(index, { index, systemPrompt, nextPrompt: null });
  }

  async metaTurnRecorded(scores: MetaTurnScores): Promise<void> {
    this.mustTurn(scores.index).scores = scores;
  }

  async reflectionRecorded(r: ReflectionRecord): Promise<void> {
    const turn = this.mustTurn(r.index);
    turn.reflection = r;
    turn.nextPrompt = r.nextPrompt;
  }

  async loadMetaTurns(): Promise<StoredMetaTurn[]> {
    return [...this.metaTurns.values()]
      .sort((a, b) => a.index - b.index)
      .map(({ index, systemPrompt, nextPrompt }) => ({ index, systemPrompt, nextPrompt }));
  }

  async loadFinishedEpisodes(metaTurnIndex: number): Promise<EpisodeRecord[]> {
    return [...this.episodes.values()]
      .filter((e) => e.finished && e.metaTurnIndex === metaTurnIndex)
      .map(({ finished: _finished, ...e }) => e);
  }

  async discardUnfinishedEpisodes(): Promise<void> {
    for (const [id, e] of this.episodes) if (!e.finished) this.episodes.delete(id);
  }

  private mustGet(id: number) {
    const e = this.episodes.get(id);
    if (!e) throw new Error(`unknown episode ${id}`);
    return e;
  }

  private mustTurn(index: number) {
    const t = this.metaTurns.get(index);
    if (!t) throw new Error(`meta-turn ${index} was not started`);
    return t;
  }
}
