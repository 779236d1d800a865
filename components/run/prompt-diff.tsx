'use client';

import { diffWords } from 'diff';
import { useMemo, useState, type ReactNode } from 'react';

type Mode = 'diff' | 'initial' | 'full';
const modeLabels: Record<Mode, string> = { diff: 'diff', initial: 'diff since sp₀', full: 'full prompt' };

const promptText = 'font-mono text-xs leading-relaxed whitespace-pre-wrap break-words text-slate-800';

/**
 * A system prompt with its word-level diff against the prompt it replaced. Without a previous
 * prompt (sp₀) there is nothing to diff, so it is shown plainly.
 */
export function PromptWithDiff({
  previous,
  current,
  label,
  previousLabel,
  initial,
}: {
  previous: string | null;
  current: string;
  label: ReactNode;
  previousLabel: string;
  /** sp₀, offered as a second baseline where the whole run's learning is of interest. */
  initial?: string;
}) {
  const [mode, setMode] = useState<Mode>('diff');
  const modes: Mode[] = initial === undefined ? ['diff', 'full'] : ['diff', 'initial', 'full'];

  if (previous === null) {
    return (
      <div>
        <div className="mb-1 flex items-center gap-2 text-xs text-slate-500">
          <span className="font-medium text-slate-700">{label}</span>
          <span className="rounded bg-slate-100 px-1.5 py-0.5">initial prompt (sp₀)</span>
        </div>
        <PromptBox testId="prompt-full">{current}</PromptBox>
      </div>
    );
  }

  return (
    <div>
      <div className="mb-1 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500">
        <span>
          <span className="font-medium text-slate-700">{label}</span>
          {mode === 'diff' && <span> · changes since {previousLabel}</span>}
          {mode === 'initial' && <span> · changes since the initial prompt (sp₀)</span>}
        </span>
        <div className="inline-flex rounded-md ring-1 ring-slate-300" role="group" aria-label="Prompt view">
          {modes.map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              data-testid={`prompt-mode-${m}`}
              onClick={() => setMode(m)}
              className={`px-2 py-0.5 first:rounded-l-md last:rounded-r-md ${mode === m ? 'bg-slate-900 text-white' : 'bg-white text-slate-600 hover:bg-slate-100'}`}
            >
              {modeLabels[m]}
            </button>
          ))}
        </div>
      </div>
      {mode === 'full' ? (
        <PromptBox testId="prompt-full">{current}</PromptBox>
      ) : (
        <DiffBox
          previous={mode === 'initial' && initial !== undefined ? initial : previous}
          current={current}
          unchanged={mode === 'initial' ? 'Same as the initial prompt (sp₀).' : 'No change: the reflector kept the prompt.'}
        />
      )}
    </div>
  );
}

function DiffBox({ previous, current, unchanged }: { previous: string; current: string; unchanged: string }) {
  const parts = useMemo(() => diffWords(previous, current), [previous, current]);
  const changed = parts.some((p) => p.added || p.removed);
  return (
    <div>
      <PromptBox testId="prompt-diff">
        {parts.map((p, i) =>
          p.added ? (
            <ins key={i} className="rounded-sm bg-green-100 text-green-900 no-underline">
              {p.value}
            </ins>
          ) : p.removed ? (
            <del key={i} className="rounded-sm bg-red-50 text-red-700 line-through decoration-red-500">
              {p.value}
            </del>
          ) : (
            <span key={i}>{p.value}</span>
          ),
        )}
      </PromptBox>
      {!changed && <p className="mt-1 text-xs text-slate-500">{unchanged}</p>}
    </div>
  );
}

function PromptBox({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <pre
      data-testid={testId}
      className={`max-h-96 overflow-auto rounded-md border border-slate-200 bg-slate-50 p-3 ${promptText}`}
    >
      {children}
    </pre>
  );
}
