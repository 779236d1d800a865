'use client';

import type { ReactNode } from 'react';
import type { MetaTurnView, RunView } from '@/db/queries/views';
import { EpisodeChips } from './episode-chips';
import { formatRate, formatReward } from '@/components/ui/format';
import { PromptWithDiff } from './prompt-diff';

type EpisodeSummary = RunView['episodes'][number];

const sp = (i: number) => (
  <>
    sp<sub>{i}</sub>
  </>
);

export function MetaTurnCard({
  turn,
  previousPrompt,
  episodes,
  live,
  expected,
}: {
  turn: MetaTurnView;
  previousPrompt: string | null;
  episodes: EpisodeSummary[];
  live: boolean;
  /** Planned batch sizes; shown as empty slots while the meta-turn's episodes are still starting. */
  expected?: { train: number; validation: number };
}) {
  const train = episodes.filter((e) => e.role === 'train');
  const validation = episodes.filter((e) => e.role === 'validation');
  const reflected = turn.nextPrompt !== null || turn.reflectionError !== null;

  return (
    <article
      id={`meta-turn-${turn.index}`}
      data-testid="meta-turn-card"
      data-index={turn.index}
      className="scroll-mt-16 rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 border-b border-slate-100 px-4 py-2">
        <h2 className="text-sm font-semibold text-slate-900">Meta-turn {turn.index}</h2>
        <div className="flex gap-6 text-sm">
          <Score label="train" reward={turn.trainReward} success={turn.trainSuccess} testId="train-reward" />
          <Score label="validation" reward={turn.valReward} success={turn.valSuccess} testId="val-reward" />
        </div>
      </header>

      <div className="grid gap-4 p-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-3">
          <PromptWithDiff
            previous={previousPrompt}
            current={turn.systemPrompt}
            label={<>system prompt {sp(turn.index)}</>}
            previousLabel={`meta-turn ${turn.index - 1}`}
          />
          {turn.reflectionError && (
            <div
              data-testid="reflection-error"
              role="alert"
              className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            >
              <div className="font-medium">Reflection failed; the prompt was kept.</div>
              <pre className="mt-1 font-mono text-xs whitespace-pre-wrap">{turn.reflectionError}</pre>
            </div>
          )}
          {turn.analysis !== null ? (
            <Collapsible testId="reflector-analysis" summary="Reflector analysis">
              <pre className="font-mono text-xs leading-relaxed whitespace-pre-wrap break-words text-slate-800">{turn.analysis}</pre>
            </Collapsible>
          ) : (
            !reflected && (
              <p className="text-xs text-slate-500">{live ? 'The reflector has not read this batch yet.' : 'No reflection recorded.'}</p>
            )
          )}
          {(turn.reflectorInput !== null || turn.reflectorOutput !== null) && (
            <Collapsible testId="reflector-io" summary="Reflector input and raw output">
              <div className="space-y-3">
                <RawBlock title="input" text={turn.reflectorInput} />
                <RawBlock title="raw output" text={turn.reflectorOutput} />
              </div>
            </Collapsible>
          )}
        </div>

        <div className="min-w-0 space-y-3">
          <EpisodeChips label="train (batch)" episodes={train} live={live} expected={live ? expected?.train : undefined} />
          <EpisodeChips label="validation (held-out)" episodes={validation} live={live} expected={live ? expected?.validation : undefined} />
        </div>
      </div>
    </article>
  );
}

/** sp_T: what the run learned, diffed against the prompt of its last meta-turn. */
export function LearnedPromptCard({ turn, initialPrompt }: { turn: MetaTurnView; initialPrompt: string }) {
  if (turn.nextPrompt === null) return null;
  return (
    <article data-testid="learned-prompt-card" className="rounded-lg border border-indigo-200 bg-white shadow-sm">
      <header className="border-b border-indigo-100 px-4 py-2">
        <h2 className="text-sm font-semibold text-slate-900">Learned prompt after meta-turn {turn.index}</h2>
      </header>
      <div className="p-4">
        <PromptWithDiff
          previous={turn.systemPrompt}
          current={turn.nextPrompt}
          label={<>learned prompt {sp(turn.index + 1)}</>}
          previousLabel={`meta-turn ${turn.index}`}
          initial={initialPrompt}
        />
      </div>
    </article>
  );
}

function Score({ label, reward, success, testId }: { label: string; reward: number | null; success: number | null; testId: string }) {
  return (
    <span className="text-slate-500">
      {label} <span className="font-medium text-slate-900 tabular-nums" data-testid={testId}>{formatReward(reward)}</span>
      {success !== null && <span className="ml-1 text-xs tabular-nums">({formatRate(success)} success)</span>}
    </span>
  );
}

function Collapsible({ summary, testId, children }: { summary: string; testId: string; children: ReactNode }) {
  return (
    <details data-testid={testId} className="group rounded-md border border-slate-200">
      <summary className="cursor-pointer px-3 py-1.5 text-xs font-medium text-slate-700 select-none hover:bg-slate-50">
        {summary}
      </summary>
      <div className="border-t border-slate-100 p-3">{children}</div>
    </details>
  );
}

function RawBlock({ title, text }: { title: string; text: string | null }) {
  return (
    <div>
      <div className="mb-1 text-xs text-slate-500">{title}</div>
      <pre className="max-h-80 overflow-auto rounded bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap break-words text-slate-800">
        {text ?? '—'}
      </pre>
    </div>
  );
}
