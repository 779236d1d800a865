import type { Task } from '../envs/types';

export type EpisodeRole = 'train' | 'validation' | 'explore' | 'sample' | 'replay';
export type EpisodeStatus = 'running' | 'done' | 'errored';

/** One model call behind a step; empty for the offline scripted policy. */
export interface StepCall {
  messages: { role: string; content: string }[];
  reply: string;
  model?: string;
  promptTokens?: number;
  completionTokens?: number;
  latencyMs?: number;
  ttftMs?: number;
  retries?: number;
  finishReason?: string;
  error?: string;
}

export interface StepRecord {
  index: number;
  observation: string;
  availableActions: string[];
  thought: string | null;
  proposedAction: string;
  executedAction: string;
  feedback: string;
  reward: number;
  done: boolean;
  negative: boolean;
  latencyMs: number | null;
  calls: StepCall[];
}

export interface EpisodeStart {
  /** Deterministic identity within a run, e.g. `mt1/train/2`. */
  key: string;
  metaTurnIndex: number | null;
  role: EpisodeRole;
  task: Task;
  envVersion: string;
  goal: string | null;
  systemPrompt: string;
  parentEpisodeId?: number | null;
  branchStep?: number | null;
}

export interface EpisodeResult {
  status: Exclude<EpisodeStatus, 'running'>;
  success: boolean;
  totalReward: number;
  stepCount: number;
  negativeCount: number;
  error: string | null;
  /** Failed model calls that ended an errored episode (messages, error, retries). */
  errorCalls?: StepCall[];
}

export interface EpisodeRecord extends EpisodeStart, EpisodeResult {
  id: number;
  steps: StepRecord[];
}
