'use client';

import { useEffect, useRef } from 'react';
import type { EpisodeView } from '@/db/queries/views';
import { formatReward } from '@/components/ui/format';
import { stepNumber } from './use-step-selection';

type Step = EpisodeView['steps'][number];

const columns = 'grid grid-cols-[2.5rem_minmax(0,1fr)_3.5rem_1.25rem] items-center gap-2';

export function StepList({
  steps,
  selected,
  onSelect,
  running,
}: {
  steps: Step[];
  selected: number | null;
  onSelect: (index: number) => void;
  running: boolean;
}) {
  const listRef = useRef<HTMLDivElement>(null);

  // A deep link centres a hidden row; j/k only nudges it into view. The scroll
  // margins keep the row clear of the sticky column header (and the site header when the window
  // scrolls instead of the list).
  const previous = useRef<number | null>(null);
  useEffect(() => {
    const row = listRef.current?.querySelector<HTMLElement>(`[data-index="${selected}"]`);
    const before = previous.current;
    previous.current = selected;
    const list = listRef.current;
    if (!row || !list || selected === null) return;
    const r = row.getBoundingClientRect();
    const l = list.getBoundingClientRect();
    if (r.top >= Math.max(l.top + 28, 48) && r.bottom <= Math.min(l.bottom, window.innerHeight)) return;
    const near = before !== null && Math.abs(selected - before) <= 1;
    row.scrollIntoView({ block: near ? 'nearest' : 'center' });
  }, [selected]);

  return (
    <section
      aria-label="Steps"
      className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm md:sticky md:top-16"
    >
      <div ref={listRef} className="relative max-h-[calc(100vh-6rem)] overflow-y-auto text-sm">
        <div className={`${columns} sticky top-0 z-10 h-7 border-b border-slate-200 bg-slate-50 px-3 text-xs font-medium text-slate-500`}>
          <span className="text-right">step</span>
          <span>executed action</span>
          <span className="text-right">reward</span>
          <span className="sr-only">negative feedback</span>
        </div>
        <ol>
          {steps.map((s) => {
            const active = s.index === selected;
            return (
              <li key={s.index}>
                <button
                  type="button"
                  data-testid="step-row"
                  data-index={s.index}
                  data-negative={s.negative ? 'true' : 'false'}
                  aria-current={active ? 'step' : undefined}
                  onClick={() => onSelect(s.index)}
                  className={`${columns} w-full scroll-mt-14 scroll-mb-8 border-b border-l-2 border-b-slate-100 px-3 py-1 text-left ${
                    active ? 'border-l-indigo-500 bg-indigo-50' : s.negative ? 'border-l-amber-400 hover:bg-slate-50' : 'border-l-transparent hover:bg-slate-50'
                  }`}
                >
                  <span className="text-right text-xs text-slate-500 tabular-nums">{stepNumber(s.index)}</span>
                  <span className="truncate font-mono text-xs text-slate-800" title={s.executedAction}>
                    {s.executedAction}
                    {s.executedAction !== s.proposedAction && <span className="ml-1 text-red-600" title="invalid action: executed differs from proposed">≠</span>}
                  </span>
                  <span className={`text-right text-xs tabular-nums ${s.reward > 0 ? 'text-green-700' : s.reward < 0 ? 'text-red-700' : 'text-slate-500'}`}>
                    {formatReward(s.reward)}
                  </span>
                  <span className="flex justify-center">
                    {s.negative && (
                      <span
                        className="h-2 w-2 rounded-full bg-amber-500"
                        title="negative feedback"
                        aria-label="negative feedback"
                      />
                    )}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
        {running && <div className="px-3 py-2 text-xs text-slate-500">waiting for the next step…</div>}
      </div>
      <div className="border-t border-slate-200 bg-slate-50 px-3 py-1 text-[11px] text-slate-500">
        <kbd className="font-mono">j</kbd>/<kbd className="font-mono">k</kbd> or arrows to move
      </div>
    </section>
  );
}
