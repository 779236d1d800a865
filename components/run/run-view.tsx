'use client';

import { useQuery } from '@tanstack/react-query';
import type { RunView as RunViewData } from '@/db/queries/views';
import { runQueries } from '@/components/queries';
import type { CancelRunAction } from './cancel-run-button';
import { LearnedPromptCard, MetaTurnCard } from './meta-turn-card';
import { RewardChart, type ChartMetric } from './reward-chart';
import { RunHeader } from './run-header';

export function RunView({
  initial,
  cancelAction,
  chartMetric,
}: {
  initial: RunViewData;
  cancelAction: CancelRunAction;
  chartMetric: ChartMetric;
}) {
  const { data: run } = useQuery({ ...runQueries.detail(initial.id), initialData: initial });
  const { metaTurns, episodes } = run;
  const last = metaTurns.at(-1);
  const finished = run.status === 'done' || run.status === 'failed' || run.status === 'canceled';
  // Mid-run, a stored nextPrompt is about to become the next card's prompt; only call it
  // "learned" once no further meta-turn will use it.
  const showLearned = !!last && last.nextPrompt !== null && (last.index === run.config.metaTurns - 1 || finished);

  return (
    <div className="space-y-6">
      <RunHeader run={run} cancelAction={cancelAction} />
      <RewardChart metaTurns={metaTurns} totalMetaTurns={run.config.metaTurns} initialMetric={chartMetric} />
      {metaTurns.length === 0 ? (
        <EmptyMetaTurns status={run.status} />
      ) : (
        <section className="space-y-4" aria-label="Meta-turns">
          {metaTurns.map((turn, i) => (
            <MetaTurnCard
              key={turn.id}
              turn={turn}
              previousPrompt={i > 0 ? metaTurns[i - 1].systemPrompt : null}
              episodes={episodes.filter((e) => e.metaTurnIndex === turn.index)}
              live={!finished}
              expected={{ train: run.config.batchSize, validation: run.config.valTasks }}
            />
          ))}
          {showLearned && last && <LearnedPromptCard turn={last} initialPrompt={metaTurns[0].systemPrompt} />}
        </section>
      )}
    </div>
  );
}

function EmptyMetaTurns({ status }: { status: RunViewData['status'] }) {
  const text =
    status === 'queued'
      ? 'Waiting for the worker to pick up this run…'
      : status === 'running'
        ? 'The first meta-turn is starting…'
        : 'This run ended before its first meta-turn.';
  return (
    <div
      data-testid="meta-turns-empty"
      className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-sm text-slate-500"
    >
      {text}
    </div>
  );
}
