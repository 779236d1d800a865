'use client';

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { EpisodeView as EpisodeViewData } from '@/db/queries/views';
import { episodeQueries } from '@/components/queries';
import { EpisodeHeader } from './episode-header';
import { StepDetail } from './step-detail';
import { StepList } from './step-list';
import { useStepSelection } from './use-step-selection';

export function EpisodeView({
  initial,
  initialStep,
  offlineActor,
}: {
  initial: EpisodeViewData;
  /** 1-based, from `?step=`. */
  initialStep: number | null;
  offlineActor: boolean;
}) {
  const { data } = useQuery({
    ...episodeQueries.detail(initial.episode.id, initial.episode.status === 'running'),
    initialData: initial,
  });
  const { episode, run, steps } = data;
  const running = episode.status === 'running';
  const stepIndexes = useMemo(() => steps.map((s) => s.index), [steps]);
  const { selected, position, select } = useStepSelection(stepIndexes, initialStep, running);
  const step = position === -1 ? null : steps[position];

  return (
    <div className="space-y-4">
      <EpisodeHeader episode={episode} run={run} />
      {steps.length === 0 ? (
        <div
          data-testid="steps-empty"
          className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-sm text-slate-500"
        >
          {running ? 'The agent has not taken a step yet…' : 'This episode ended before its first step.'}
        </div>
      ) : (
        <div className="grid items-start gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <StepList steps={steps} selected={selected} onSelect={select} running={running} />
          {step && (
            <StepDetail
              step={step}
              position={position}
              total={steps.length}
              offlineActor={offlineActor}
              onSelect={select}
              previousIndex={position > 0 ? steps[position - 1].index : null}
              nextIndex={position < steps.length - 1 ? steps[position + 1].index : null}
            />
          )}
        </div>
      )}
    </div>
  );
}
