import type { EpisodeView } from '@/db/queries/views';

type Episode = EpisodeView['episode'];

export function episodeOutcome(e: Pick<Episode, 'status' | 'success'>) {
  if (e.status === 'running') return 'running' as const;
  if (e.status === 'errored') return 'errored' as const;
  return e.success ? ('success' as const) : ('failure' as const);
}

const styles = {
  running: 'bg-indigo-50 text-indigo-700 ring-indigo-300',
  errored: 'bg-white text-red-900 ring-red-900',
  success: 'bg-green-50 text-green-700 ring-green-300',
  failure: 'bg-red-50 text-red-700 ring-red-300',
};

export function OutcomeBadge({ episode }: { episode: Pick<Episode, 'status' | 'success'> }) {
  const outcome = episodeOutcome(episode);
  return (
    <span
      data-testid="episode-outcome"
      data-outcome={outcome}
      className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${styles[outcome]}`}
    >
      {outcome === 'running' && <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-indigo-500" />}
      {outcome}
    </span>
  );
}
