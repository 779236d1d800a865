// The environment contract shared by every built-in and (later) remote environment.
// Methods are async so that remote, HTTP-served environments fit the same interface.

export type Split = 'train' | 'heldout';

export interface TaskTypeSpec {
  id: string;
  label: string;
  description: string;
  /** Default split; a run's config may override it. */
  split: Split;
}

/** A task is reproducible from these four fields alone. */
export interface Task {
  envId: string;
  taskType: string;
  taskId: string;
  seed: number;
}

export interface ResetResult {
  observation: string;
  /** The instruction the agent must accomplish, e.g. "put a clean apple in fridge". */
  goal: string;
  availableActions: string[];
  info: Record<string, unknown>;
}

export interface StepResult {
  /** What the environment answered to the action (ALFWorld calls this the observation). */
  observation: string;
  reward: number;
  done: boolean;
  success: boolean;
  availableActions: string[];
  /** True when the feedback matched one of the environment's negative-feedback patterns. */
  negative: boolean;
  info: Record<string, unknown>;
}

/**
 * A mistake the offline scripted actor makes (seeded) unless its system prompt holds `lesson`.
 * The scripted reflector recognises it in a trajectory by an action matching `actionPattern`
 * answered by feedback matching `feedbackPattern`.
 */
export interface Pitfall {
  id: string;
  description: string;
  lesson: string;
  actionPattern: RegExp;
  feedbackPattern: RegExp;
}

export interface PlannedAction {
  action: string;
  /** A short natural-language reason, used as the scripted actor's thought. */
  thought: string;
}

export interface PitfallOpportunity extends PlannedAction {
  pitfallId: string;
}

/**
 * Privileged access to the true state, used only by the offline scripted actor.
 * LLM actors never see it.
 */
export interface Oracle {
  /** The optimal next action from the current state, or null when the task cannot be completed. */
  nextAction(): PlannedAction | null;
  /** Mistakes that are possible right now, each tied to a pitfall. */
  pitfallOpportunities(): PitfallOpportunity[];
}

export type EnvSnapshot = unknown;

export interface Env {
  reset(task: Task): Promise<ResetResult>;
  step(action: string): Promise<StepResult>;
  /** Present where the environment can copy its state; otherwise rollback replays the prefix. */
  snapshot?(): Promise<EnvSnapshot>;
  restore?(snapshot: EnvSnapshot): Promise<void>;
  oracle?: Oracle;
  close(): Promise<void>;
}

/**
 * Templates for LLM agents, with `{placeholders}` (see lib/agents/llm/templates.ts for the list).
 * Data, not code: an environment supplies defaults and a run may override each one.
 */
export interface PromptTemplates {
  /** The actor's user message each step. */
  actorUser: string;
  /** The reflector's system prompt (MetaGym: asks for ANALYSIS: and IMPROVED PROMPT: sections). */
  reflectorSystem: string;
  /** The reflector's user message: the current prompt and the rendered trajectories. */
  reflectorUser: string;
}

export interface EnvSpec {
  id: string;
  name: string;
  /** Recorded on every episode so that results from different versions are never mixed silently. */
  version: string;
  description: string;
  taskTypes: TaskTypeSpec[];
  pitfalls: Pitfall[];
  /** Feedback that counts as negative (LEAFE triggers, highlighted in the trajectory viewer). */
  negativeFeedback: RegExp[];
  maxSteps: number;
  /** sp_0 for ICT runs and the default system prompt for other runs. */
  initialSystemPrompt: string;
  /** Overrides of the generic LLM prompt templates for this environment. */
  promptTemplates?: Partial<PromptTemplates>;
  create(): Env;
}
