import { fetchJson } from '@/components/queries';
import type { PlayState } from '@/lib/envs/play-session';

export type PlayOp = { op: 'step'; action: string } | { op: 'rollback'; step: number } | { op: 'bookmark' } | { op: 'restore'; bookmark: number };

export const playApi = {
  start: (env: string, taskType: string, seed: number) =>
    fetchJson<PlayState>('/api/play', { method: 'POST', body: JSON.stringify({ env, taskType, seed }) }),
  op: (id: string, op: PlayOp) => fetchJson<PlayState>(`/api/play/${id}`, { method: 'POST', body: JSON.stringify(op) }),
};

/** Admissible-action entries that stand for free text (`search[...]`, `submit:\n<program>`). */
export function isTemplate(action: string): boolean {
  return /\[\.\.\.\]|<[^>]+>/.test(action);
}
