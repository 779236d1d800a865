import type { Env, EnvSpec, Task } from '../envs/types';
import type { EpisodeRecord, StepCall, StepRecord } from '../episodes/types';

export interface ActorContext {
  task: Task;
  goal: string;
  systemPrompt: string;
  observation: string;
  availableActions: string[];
  /** Every earlier step of this episode; an actor may show only a window of it. */
  history: StepRecord[];
  signal: AbortSignal;
}

export interface ActorDecision {
  thought: string | null;
  /** The action as the actor proposed it. */
  action: string;
  /** The action sent to the environment (an admissible match, or the proposal marked invalid). */
  executedAction?: string;
  calls: StepCall[];
}

export interface EpisodeActor {
  act(ctx: ActorContext): Promise<ActorDecision>;
}

export interface ActorStart {
  task: Task;
  systemPrompt: string;
  /** Identifies the episode within its run; seeded policies derive their randomness from it. */
  seedKey: string;
  env: Env;
  spec: EnvSpec;
}

export interface Actor {
  /** Shown in the UI next to every result it produced. */
  label: string;
  kind: 'offline' | 'llm';
  startEpisode(start: ActorStart): EpisodeActor;
}

export interface ReflectionInput {
  systemPrompt: string;
  trajectories: EpisodeRecord[];
  spec: EnvSpec;
  metaTurnIndex: number;
  signal: AbortSignal;
}

export interface Reflection {
  analysis: string;
  /** sp_{i+1}; equals the input prompt when the reflector failed. */
  prompt: string;
  /** What the reflector was shown and what it answered, for inspection. */
  input: string;
  output: string;
  error: string | null;
  /** Model calls behind the reflection (tokens, latency, retries); absent for the offline reflector. */
  calls?: StepCall[];
  /** The reflector's endpoint is misconfigured (bad key, unknown model): the run should stop. */
  fatal?: boolean;
}

export interface IctReflector {
  label: string;
  kind: 'offline' | 'llm';
  reflect(input: ReflectionInput): Promise<Reflection>;
}
