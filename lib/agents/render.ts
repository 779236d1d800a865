import type { EpisodeRecord } from '../episodes/types';

/** The batch as a reflector reads it (MetaGym renders trajectories the same plain way). */
export function renderTrajectories(trajectories: EpisodeRecord[]): string {
  return trajectories.map((t, i) => renderTrajectory(t, i + 1)).join('\n\n');
}

export function renderTrajectory(t: EpisodeRecord, number: number): string {
  const outcome = t.status === 'errored' ? `error: ${t.error}` : t.success ? 'success' : 'failure';
  const lines = [
    `### Episode ${number} (task type ${t.task.taskType}, ${outcome}, reward ${t.totalReward.toFixed(2)}, ${t.stepCount} steps)`,
    `Task: ${t.goal ?? t.task.taskId}`,
  ];
  for (const s of t.steps) {
    lines.push(`> ${s.executedAction}`, s.feedback);
  }
  return lines.join('\n');
}

export function normalizeText(s: string): string {
  return s.toLowerCase().replace(/\s+/g, ' ').trim();
}

export function promptContains(prompt: string, text: string): boolean {
  return normalizeText(prompt).includes(normalizeText(text));
}
