'use client';

import type { ReactNode } from 'react';
import type { EpisodeView } from '@/db/queries/views';
import { formatMs, formatReward } from '@/components/ui/format';
import { ModelCalls } from './model-calls';
import { stepNumber } from './use-step-selection';

type Step = EpisodeView['steps'][number];

const mono = 'font-mono text-xs leading-relaxed whitespace-pre-wrap break-words';

export function StepDetail({
  step,
  position,
  total,
  offlineActor,
  onSelect,
  previousIndex,
  nextIndex,
}: {
  step: Step;
  position: number;
  total: number;
  offlineActor: boolean;
  onSelect: (index: number) => void;
  previousIndex: number | null;
  nextIndex: number | null;
}) {
  const invalid = step.proposedAction !== step.executedAction;
  return (
    <section
      aria-label={`Step ${stepNumber(step.index)}`}
      data-testid="step-detail"
      data-index={step.index}
      className="min-w-0 space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-900">
          Step {stepNumber(step.index)} <span className="font-normal text-slate-500">of {total}</span>
          {step.done && <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-600">last step (done)</span>}
        </h2>
        <div className="flex items-center gap-4 text-xs text-slate-500">
          <span>
            reward <span className="font-medium text-slate-900 tabular-nums" data-testid="step-reward">{formatReward(step.reward)}</span>
          </span>
          <span>
            latency <span className="font-medium text-slate-900 tabular-nums">{formatMs(step.latencyMs)}</span>
          </span>
          <span className="inline-flex rounded-md ring-1 ring-slate-300">
            <NavButton label="previous step (k)" disabled={previousIndex === null} onClick={() => previousIndex !== null && onSelect(previousIndex)}>
              ↑
            </NavButton>
            <NavButton label="next step (j)" disabled={nextIndex === null} onClick={() => nextIndex !== null && onSelect(nextIndex)}>
              ↓
            </NavButton>
          </span>
        </div>
      </header>

      <Block title="observation" hint="what the agent saw">
        <pre className={`${mono} max-h-80 overflow-auto rounded-md bg-slate-50 p-3 text-slate-800`} data-testid="step-observation">
          {step.observation}
        </pre>
      </Block>

      <Block title="thought">
        {step.thought ? (
          <p className="text-sm whitespace-pre-wrap text-slate-800" data-testid="step-thought">
            {step.thought}
          </p>
        ) : (
          <p className="text-sm text-slate-400">no thought recorded</p>
        )}
      </Block>

      {invalid ? (
        <div data-testid="action-mismatch" className="space-y-2 rounded-md border border-red-200 bg-red-50/50 p-3">
          <div className="text-xs font-medium text-red-800">
            invalid action: the environment executed something other than what the agent proposed
          </div>
          <ActionLine label="proposed" value={step.proposedAction} className="bg-red-100 text-red-900 line-through decoration-red-400" testId="step-proposed-action" />
          <ActionLine label="executed" value={step.executedAction} className="bg-white text-slate-900 ring-1 ring-slate-200" testId="step-executed-action" />
        </div>
      ) : (
        <Block title="action">
          <ActionLine value={step.executedAction} className="bg-slate-50 text-slate-900" testId="step-executed-action" />
        </Block>
      )}

      <div
        data-testid="step-feedback"
        data-negative={step.negative ? 'true' : 'false'}
        className={`rounded-md p-3 ${step.negative ? 'border border-amber-300 bg-amber-50' : 'border border-slate-200'}`}
      >
        <div className="mb-1 flex items-center gap-2 text-xs">
          <span className="font-medium text-slate-700">feedback</span>
          <span className="text-slate-400">what the environment answered</span>
          {step.negative && <span className="rounded bg-amber-200 px-1.5 py-0.5 font-medium text-amber-900">negative feedback</span>}
        </div>
        <pre className={`${mono} ${step.negative ? 'text-amber-950' : 'text-slate-800'}`}>{step.feedback}</pre>
      </div>

      {step.availableActions.length > 0 && (
        <details className="rounded-md border border-slate-200">
          <summary className="cursor-pointer px-3 py-1.5 text-xs font-medium text-slate-700 select-none hover:bg-slate-50">
            available actions ({step.availableActions.length})
          </summary>
          <ul className={`${mono} max-h-60 overflow-auto border-t border-slate-100 p-3 text-slate-700`}>
            {step.availableActions.map((a) => (
              <li key={a} className={a === step.executedAction ? 'font-semibold text-indigo-700' : undefined}>
                {a}
              </li>
            ))}
          </ul>
        </details>
      )}

      <ModelCalls calls={step.calls} offlineActor={offlineActor} />
      <span className="sr-only" aria-live="polite">
        step {position + 1} of {total}
      </span>
    </section>
  );
}

function Block({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <div>
      <div className="mb-1 flex items-baseline gap-2 text-xs">
        <span className="font-medium text-slate-700">{title}</span>
        {hint && <span className="text-slate-400">{hint}</span>}
      </div>
      {children}
    </div>
  );
}

function ActionLine({ label, value, className, testId }: { label?: string; value: string; className: string; testId: string }) {
  return (
    <div className="flex items-baseline gap-2">
      {label && <span className="w-16 shrink-0 text-xs text-slate-500">{label}</span>}
      <code data-testid={testId} className={`${mono} rounded px-2 py-1 ${className}`}>
        {value || '(empty)'}
      </code>
    </div>
  );
}

function NavButton({ label, disabled, onClick, children }: { label: string; disabled: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="px-2 py-0.5 text-slate-700 first:rounded-l-md last:rounded-r-md hover:bg-slate-100 disabled:text-slate-300 disabled:hover:bg-transparent"
    >
      {children}
    </button>
  );
}
