import { RewindLog } from './rollback';
import { makeTask } from './tasks';
import type { Env, EnvSpec, Task } from './types';

export interface PlayStep {
  index: number;
  action: string;
  feedback: string;
  reward: number;
  negative: boolean;
  /** Admissible actions after this step. */
  availableActions: string[];
}

interface Progress {
  history: PlayStep[];
  observation: string;
  availableActions: string[];
  totalReward: number;
  done: boolean;
  success: boolean;
}

export interface PlayState extends Progress {
  id: string;
  envId: string;
  envVersion: string;
  task: Task;
  goal: string;
  /** What the agent saw right after reset (room description, map, page…). */
  initialObservation: string;
  bookmarks: { id: number; step: number }[];
  rollback: 'snapshot' | 'replay';
}

/**
 * A person playing one task by hand, seeing what the agent would see, with bookmarks and rollback
 * to any earlier step (the environment's snapshot where it has one, checked replay otherwise).
 */
export class PlaySession {
  private env: Env;
  private log: RewindLog;
  private progress: Progress;
  private readonly bookmarks = new Map<number, { progress: Progress; log: RewindLog }>();
  private nextBookmark = 1;
  private readonly start: { observation: string; availableActions: string[]; goal: string };
  lastUsed = Date.now();

  private constructor(
    readonly id: string,
    private readonly spec: EnvSpec,
    readonly task: Task,
    env: Env,
    log: RewindLog,
    start: { observation: string; availableActions: string[]; goal: string },
  ) {
    this.env = env;
    this.log = log;
    this.start = start;
    this.progress = { history: [], observation: start.observation, availableActions: start.availableActions, totalReward: 0, done: false, success: false };
  }

  static async start(id: string, spec: EnvSpec, taskType: string, seed: number): Promise<PlaySession> {
    if (!spec.taskTypes.some((t) => t.id === taskType)) throw new Error(`"${taskType}" is not a task type of ${spec.id}`);
    const task = makeTask(spec.id, taskType, seed);
    const env = spec.create();
    const reset = await env.reset(task);
    const log = new RewindLog(spec, task);
    await log.started(env, reset);
    return new PlaySession(id, spec, task, env, log, reset);
  }

  view(): PlayState {
    this.lastUsed = Date.now();
    return {
      ...structuredClone(this.progress),
      id: this.id,
      envId: this.spec.id,
      envVersion: this.spec.version,
      task: this.task,
      goal: this.start.goal,
      initialObservation: this.start.observation,
      bookmarks: [...this.bookmarks.entries()].map(([id, b]) => ({ id, step: b.progress.history.length })),
      rollback: this.env.snapshot ? 'snapshot' : 'replay',
    };
  }

  async step(action: string): Promise<PlayState> {
    const trimmed = action.trim();
    if (!trimmed) throw new Error('type an action');
    if (this.progress.done) throw new Error('the episode is over: roll back or start a new task');
    const out = await this.env.step(trimmed);
    await this.log.stepped(this.env, { executedAction: trimmed, feedback: out.observation });
    const p = this.progress;
    p.history.push({ index: p.history.length, action: trimmed, feedback: out.observation, reward: out.reward, negative: out.negative, availableActions: out.availableActions });
    p.observation = out.observation;
    p.availableActions = out.availableActions;
    p.totalReward += out.reward;
    p.done = out.done;
    p.success = out.success;
    return this.view();
  }

  /** Back to the state before step `k` (0 = the start); later steps are dropped. */
  async rollbackTo(k: number): Promise<PlayState> {
    await this.position(this.log, k);
    this.log.truncate(k);
    const kept = this.progress.history.slice(0, k);
    const last = kept.at(-1);
    this.progress = {
      history: kept,
      observation: last?.feedback ?? this.start.observation,
      availableActions: last?.availableActions ?? this.start.availableActions,
      totalReward: kept.reduce((a, s) => a + s.reward, 0),
      done: false,
      success: false,
    };
    return this.view();
  }

  bookmark(): PlayState {
    this.bookmarks.set(this.nextBookmark++, { progress: structuredClone(this.progress), log: this.log.clone() });
    return this.view();
  }

  async restoreBookmark(id: number): Promise<PlayState> {
    const b = this.bookmarks.get(id);
    if (!b) throw new Error(`no bookmark ${id}`);
    const log = b.log.clone();
    await this.position(log, b.progress.history.length);
    this.log = log;
    this.progress = structuredClone(b.progress);
    return this.view();
  }

  private async position(log: RewindLog, k: number): Promise<void> {
    const positioned = await log.rewindTo(k);
    await this.env.close().catch(() => undefined);
    this.env = positioned.env;
  }

  async close(): Promise<void> {
    await this.env.close().catch(() => undefined);
  }
}
