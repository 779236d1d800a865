// The batch as a reflector reads it (the LLM one, and the offline one's recorded input): the
// starting observation (it lists what there is to find), the actor's thoughts (wrong beliefs show
// there first) and a mark on commands that were not admissible.
import type { EpisodeRecord } from '../../episodes/types';

export interface RenderOptions {
  /** Show each step's thought (default true); long ones are cut to `maxThoughtChars`. */
  includeThoughts?: boolean;
  maxThoughtChars?: number;
}

const oneLine = (s: string, max: number) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max)}…` : t;
};

function outcome(t: EpisodeRecord): string {
  if (t.status === 'errored') return `ERRORED (${t.error ?? 'unknown error'})`;
  return t.success ? 'SUCCESS' : 'FAILURE';
}

export function renderEpisodeForReflector(t: EpisodeRecord, n: number, opts: RenderOptions = {}): string {
  const thoughts = opts.includeThoughts ?? true;
  const max = opts.maxThoughtChars ?? 300;
  const lines = [
    `### Episode ${n}: ${outcome(t)}, reward ${t.totalReward.toFixed(2)}, ${t.stepCount} step${t.stepCount === 1 ? '' : 's'} (task type ${t.task.taskType})`,
    `Goal: ${t.goal ?? t.task.taskId}`,
  ];
  if (t.steps.length > 0) lines.push(`Initial observation: ${t.steps[0].observation}`);
  for (const s of t.steps) {
    if (thoughts && s.thought) lines.push(`Thought: ${oneLine(s.thought, max)}`);
    const invalid = s.availableActions.length > 0 && !s.availableActions.includes(s.executedAction);
    lines.push(`> ${s.executedAction}${invalid ? '   [not an admissible action]' : ''}`, s.feedback);
  }
  return lines.join('\n');
}

export function renderBatchForReflector(trajectories: readonly EpisodeRecord[], opts: RenderOptions = {}): string {
  if (trajectories.length === 0) return '(no episodes)';
  return trajectories.map((t, i) => renderEpisodeForReflector(t, i + 1, opts)).join('\n\n');
}

/** e.g. "3 episodes, 1 succeeded, 1 failed, 1 errored; mean reward 0.33". */
export function batchSummary(trajectories: readonly EpisodeRecord[]): string {
  const n = trajectories.length;
  const ok = trajectories.filter((t) => t.success).length;
  const errored = trajectories.filter((t) => t.status === 'errored').length;
  const parts = [`${n} episode${n === 1 ? '' : 's'}`, `${ok} succeeded`, `${n - ok - errored} failed`];
  if (errored) parts.push(`${errored} errored`);
  const mean = n ? trajectories.reduce((s, t) => s + t.totalReward, 0) / n : 0;
  return `${parts.join(', ')}; mean reward ${mean.toFixed(2)}`;
}
