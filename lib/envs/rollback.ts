import type { Env, EnvSnapshot, EnvSpec, ResetResult, StepResult, Task } from './types';

/** What a trajectory stored of one step, enough to replay and check it. */
export interface ReplayStep {
  executedAction: string;
  feedback: string;
}

export class ReplayMismatchError extends Error {
  constructor(
    readonly step: number,
    readonly expected: string,
    readonly actual: string,
  ) {
    super(
      `replay diverged at step ${step + 1}: the environment answered ${JSON.stringify(actual.slice(0, 200))} ` +
        `where the stored trajectory has ${JSON.stringify(expected.slice(0, 200))} (nondeterministic environment or changed version?)`,
    );
    this.name = 'ReplayMismatchError';
  }
}

export interface Positioned {
  env: Env;
  reset: ResetResult;
  /** The last replayed step's result (what the agent sees at the rollback point); null at step 0. */
  last: StepResult | null;
  method: 'snapshot' | 'replay';
}

/**
 * Rollback for any environment: a fresh instance reset with the same task, then the stored
 * action prefix replayed. Every replayed answer must equal the stored one; a mismatch is reported,
 * never ignored, since a branch grown from a diverged state would be silently wrong.
 */
export async function replayPrefix(spec: EnvSpec, task: Task, prefix: readonly ReplayStep[], expectedReset?: string): Promise<Positioned> {
  const env = spec.create();
  try {
    const reset = await env.reset(task);
    if (expectedReset !== undefined && reset.observation !== expectedReset) {
      throw new ReplayMismatchError(-1, expectedReset, reset.observation);
    }
    let last: StepResult | null = null;
    for (let i = 0; i < prefix.length; i++) {
      last = await env.step(prefix[i].executedAction);
      if (last.observation !== prefix[i].feedback) throw new ReplayMismatchError(i, prefix[i].feedback, last.observation);
    }
    return { env, reset, last, method: 'replay' };
  } catch (e) {
    await env.close().catch(() => undefined);
    throw e;
  }
}

/**
 * Keeps what is needed to rewind an episode: a snapshot before every step where the environment
 * can copy its state, and always the action/feedback prefix for replay.
 */
export class RewindLog {
  private readonly snapshots: (EnvSnapshot | undefined)[] = [];
  private readonly steps: ReplayStep[] = [];
  private resetResult: ResetResult | null = null;

  constructor(
    private readonly spec: EnvSpec,
    private readonly task: Task,
  ) {}

  get length(): number {
    return this.steps.length;
  }

  /** Call after reset, with the live environment. */
  async started(env: Env, reset: ResetResult): Promise<void> {
    this.resetResult = reset;
    this.snapshots[0] = env.snapshot ? await env.snapshot() : undefined;
  }

  /** Call after each step, with the live environment (its state is now "before step i+1"). */
  async stepped(env: Env, step: ReplayStep): Promise<void> {
    this.steps.push(step);
    this.snapshots[this.steps.length] = env.snapshot ? await env.snapshot() : undefined;
  }

  /** Forget steps after `k`: play goes on from there on a new line. */
  truncate(k: number): void {
    this.steps.length = Math.min(this.steps.length, k);
    this.snapshots.length = this.steps.length + 1;
  }

  /** An independent copy (the log at a bookmark). */
  clone(): RewindLog {
    const c = new RewindLog(this.spec, this.task);
    c.resetResult = this.resetResult;
    c.steps.push(...this.steps);
    c.snapshots.push(...this.snapshots.map((x) => (x === undefined ? undefined : structuredClone(x))));
    return c;
  }

  /**
   * A fresh environment in the state before step `k` (0 = right after reset). Restores the
   * snapshot when there is one, replaying (and checking) the prefix otherwise.
   */
  async rewindTo(k: number): Promise<Positioned> {
    if (!this.resetResult) throw new Error('rewindTo before the episode started');
    if (!Number.isInteger(k) || k < 0 || k > this.steps.length) {
      throw new RangeError(`cannot rewind to step ${k}: the episode has ${this.steps.length} steps`);
    }
    const snap = this.snapshots[k];
    if (snap !== undefined) {
      const env = this.spec.create();
      if (env.restore) {
        await env.restore(structuredClone(snap));
        return { env, reset: this.resetResult, last: null, method: 'snapshot' };
      }
      await env.close();
    }
    return replayPrefix(this.spec, this.task, this.steps.slice(0, k), this.resetResult.observation);
  }
}
