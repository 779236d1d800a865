import { queryOptions } from '@tanstack/react-query';
import type { RunListItem } from '@/db/queries/runs';
import type { EpisodeView, RunView } from '@/db/queries/views';
import { FINISHED_STATUSES, type RunStatus } from '@/lib/runs/types';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The one way components talk to the JSON API. */
export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init?.headers } });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError((body && typeof body.error === 'string' && body.error) || res.statusText, res.status);
  return body as T;
}

const isLive = (status: RunStatus | undefined) => status !== undefined && !FINISHED_STATUSES.includes(status);
export const LIVE_POLL_MS = 1000;

export const runQueries = {
  all: ['runs'] as const,
  list: () =>
    queryOptions({
      queryKey: [...runQueries.all, 'list'],
      queryFn: () => fetchJson<{ runs: RunListItem[] }>('/api/runs').then((r) => r.runs),
      refetchInterval: (q) => (q.state.data?.some((r) => isLive(r.status)) ? LIVE_POLL_MS : false),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...runQueries.all, 'detail', id],
      queryFn: () => fetchJson<RunView>(`/api/runs/${id}`),
      refetchInterval: (q) => (isLive(q.state.data?.status) ? LIVE_POLL_MS : false),
    }),
};

export const episodeQueries = {
  detail: (id: number, live: boolean) =>
    queryOptions({
      queryKey: ['episodes', id],
      queryFn: () => fetchJson<EpisodeView>(`/api/episodes/${id}`),
      refetchInterval: (q) => (live && q.state.data?.episode.status === 'running' ? LIVE_POLL_MS : false),
    }),
};
