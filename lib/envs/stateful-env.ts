// The lifecycle every built-in environment shares: one state object per episode, created on
// reset, advanced by step, deep-copied for snapshot/restore and dropped on close. A subclass
// supplies only its own behaviour: the state for a task, what an action does, when the goal is
// reached, what the agent sees, which actions are admissible and what the oracle advises.

import type {
  Env,
  EnvSnapshot,
  Oracle,
  PitfallOpportunity,
  PlannedAction,
  ResetResult,
  StepResult,
  Task,
} from './types';

/** The part of an environment's state the shared step logic reads and writes. */
export interface EpisodeState {
  steps: number;
  done: boolean;
  success: boolean;
}

/** What one action did: the feedback text, plus anything the environment wants to report. */
export interface Outcome {
  feedback: string;
  /** The step's reward; when absent, 1 if the episode has just succeeded, else 0. */
  reward?: number;
}

export interface StatefulEnvConfig<S> {
  /** Names the environment in the error for a step() before reset(). */
  id: string;
  maxSteps: number;
  negativeFeedback: readonly RegExp[];
  /** The admissible actions in a state, listed after reset and every step. */
  availableActions: (s: S) => string[];
  /** The privileged oracle, as functions of the true state. */
  oracle: {
    nextAction: (s: S) => PlannedAction | null;
    pitfallOpportunities: (s: S) => PitfallOpportunity[];
  };
}

function deepCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export abstract class StatefulEnv<S extends EpisodeState, O extends Outcome = Outcome> implements Env {
  private state: S | null = null;

  readonly oracle: Oracle = {
    nextAction: () => (this.state ? this.config.oracle.nextAction(this.state) : null),
    pitfallOpportunities: () => (this.state ? this.config.oracle.pitfallOpportunities(this.state) : []),
  };

  constructor(private readonly config: StatefulEnvConfig<S>) {}

  /** A fresh state for the task and what the agent is told at the start. */
  protected abstract begin(task: Task): { state: S; result: ResetResult };
  /** Applies one action to the state (`steps` is already counted) and says what happened. */
  protected abstract act(s: S, action: string): O | Promise<O>;
  /** The outcome of a step taken after the episode is over: nothing changes. */
  protected abstract ended(s: S): O;
  /** Checked after every action; when true the episode ends as a success. */
  protected goalReached(_s: S): boolean {
    return false;
  }
  /** The observation the agent sees for an outcome, once done/success are final. */
  protected observe(_s: S, out: O): string {
    return out.feedback;
  }
  /** The text matched against the negative-feedback patterns. */
  protected negativeText(_out: O, observation: string): string {
    return observation;
  }
  protected abstract stepInfo(s: S, out: O, observation: string): Record<string, unknown>;

  protected current(): S {
    if (!this.state) throw new Error(`${this.config.id}: step() called before reset()`);
    return this.state;
  }

  async reset(task: Task): Promise<ResetResult> {
    const { state, result } = this.begin(task);
    this.state = state;
    return result;
  }

  async step(action: string): Promise<StepResult> {
    const s = this.current();
    // The episode is over: nothing changes and no further step is counted.
    if (s.done) return this.result(s, this.ended(s), 0);
    s.steps += 1;
    const out = await this.act(s, action);
    if (this.goalReached(s)) {
      s.done = true;
      s.success = true;
    } else if (s.steps >= this.config.maxSteps) {
      s.done = true;
    }
    return this.result(s, out, out.reward ?? (s.success ? 1 : 0));
  }

  private result(s: S, out: O, reward: number): StepResult {
    const observation = this.observe(s, out);
    return {
      observation,
      reward,
      done: s.done,
      success: s.success,
      availableActions: this.config.availableActions(s),
      negative: this.isNegative(this.negativeText(out, observation)),
      info: this.stepInfo(s, out, observation),
    };
  }

  private isNegative(feedback: string): boolean {
    return this.config.negativeFeedback.some((re) => re.test(feedback));
  }

  async snapshot(): Promise<EnvSnapshot> {
    return deepCopy(this.current());
  }

  async restore(snapshot: EnvSnapshot): Promise<void> {
    this.state = deepCopy(snapshot as S);
  }

  async close(): Promise<void> {
    this.state = null;
  }
}
