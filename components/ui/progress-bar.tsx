import type { RunProgress } from '@/lib/runs/types';

export function progressLabel(p: RunProgress): string {
  const phase = p.phase === 'reflecting' ? ' · reflecting' : '';
  return `meta-turn ${Math.min(p.metaTurn + 1, p.metaTurns)}/${p.metaTurns} · ${p.episodesDone}/${p.episodesTotal} episodes${phase}`;
}

export function ProgressBar({ progress, compact = false }: { progress: RunProgress; compact?: boolean }) {
  const pct = progress.episodesTotal ? Math.round((100 * progress.episodesDone) / progress.episodesTotal) : 0;
  return (
    <div className={compact ? 'w-48' : 'w-full'} data-testid="run-progress">
      <div className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100}>
        <div className="h-full rounded-full bg-indigo-500 transition-all" style={{ width: `${pct}%` }} />
      </div>
      <div className="mt-1 text-xs text-slate-500">{progressLabel(progress)}</div>
    </div>
  );
}
