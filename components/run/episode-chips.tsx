import Link from 'next/link';
import type { RunView } from '@/db/queries/views';
import { formatReward } from '@/components/ui/format';

type EpisodeSummary = RunView['episodes'][number];

const striped =
  'bg-[repeating-linear-gradient(135deg,var(--color-slate-300)_0_3px,var(--color-slate-100)_3px_7px)] text-slate-500';

function chipStyle(e: EpisodeSummary, live: boolean): string {
  if (e.status === 'running') return `${striped} ring-1 ring-slate-300 ${live ? 'animate-pulse' : ''}`;
  if (e.status === 'errored') return 'bg-white text-red-900 ring-2 ring-red-900';
  return e.success ? 'bg-green-500 text-white hover:bg-green-600' : 'bg-red-500 text-white hover:bg-red-600';
}

// A canceled or failed run leaves its in-flight episodes unfinished (a resume replays them).
function chipTitle(e: EpisodeSummary, live: boolean): string {
  const outcome = e.status === 'running' ? (live ? 'running' : 'unfinished (the run ended)') : e.status === 'errored' ? `errored: ${e.error ?? ''}` : e.success ? 'success' : 'failure';
  return [
    `${e.taskType} · ${e.taskId}`,
    `${outcome}`,
    `reward ${formatReward(e.totalReward)} · ${e.stepCount} steps${e.negativeCount ? ` · ${e.negativeCount} negative` : ''}`,
  ].join('\n');
}

export function EpisodeChips({
  label,
  episodes,
  live,
  expected,
}: {
  label: string;
  episodes: EpisodeSummary[];
  live: boolean;
  expected?: number;
}) {
  const done = episodes.filter((e) => e.status !== 'running');
  const successes = done.filter((e) => e.status === 'done' && e.success).length;
  const unfinished = episodes.length - done.length;
  // Episodes appear as they start; placeholders keep the grid's size stable while a meta-turn runs.
  const missing = expected !== undefined ? Math.max(expected - episodes.length, 0) : 0;
  return (
    <div>
      <div className="mb-1 text-xs text-slate-500">
        <span className="font-medium text-slate-700">{label}</span>{' '}
        <span className="tabular-nums">
          {successes}/{done.length} succeeded
          {unfinished > 0 && ` · ${unfinished} ${live ? 'running' : 'unfinished'}`}
        </span>
      </div>
      <ul className="flex flex-wrap gap-1" data-testid={`episode-grid-${label.startsWith('train') ? 'train' : 'validation'}`}>
        {episodes.map((e, i) => (
          <li key={e.id}>
            <Link
              href={`/episodes/${e.id}`}
              title={chipTitle(e, live)}
              aria-label={`episode ${e.id}: ${chipTitle(e, live).replaceAll('\n', ', ')}`}
              data-testid="episode-chip"
              data-success={e.status === 'done' && e.success ? 'true' : 'false'}
              data-status={e.status}
              className={`flex h-6 min-w-6 items-center justify-center rounded px-1 text-[10px] font-medium tabular-nums focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-1 ${chipStyle(e, live)}`}
            >
              {i + 1}
            </Link>
          </li>
        ))}
        {Array.from({ length: missing }, (_, i) => (
          <li key={`pending-${i}`} aria-hidden className="h-6 w-6 rounded border border-dashed border-slate-300" />
        ))}
      </ul>
    </div>
  );
}
