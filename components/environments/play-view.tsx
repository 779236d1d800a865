'use client';

import { useMutation } from '@tanstack/react-query';
import { usePathname, useRouter } from 'next/navigation';
import { useState } from 'react';
import type { EnvDescription } from '@/lib/envs/registry';
import type { PlayState } from '@/lib/envs/play-session';
import { formatReward } from '@/components/ui/format';
import { isTemplate, playApi, type PlayOp } from './play-api';

export function PlayView({ env, initialType, initialSeed }: { env: EnvDescription; initialType: string; initialSeed: number }) {
  const router = useRouter();
  const pathname = usePathname();
  const [taskType, setTaskType] = useState(initialType);
  const [seed, setSeed] = useState(initialSeed);
  const [state, setState] = useState<PlayState | null>(null);
  const [command, setCommand] = useState('');

  const start = useMutation({
    mutationFn: () => playApi.start(env.id, taskType, seed),
    onSuccess: (s) => {
      setState(s);
      setCommand('');
      // The task lives in the URL so a play can be shared and reloaded.
      router.replace(`${pathname}?type=${encodeURIComponent(taskType)}&seed=${seed}`, { scroll: false });
    },
  });
  const op = useMutation({
    mutationFn: (o: PlayOp) => playApi.op(state!.id, o),
    onSuccess: (s, o) => {
      setState(s);
      if (o.op === 'step') setCommand('');
    },
  });
  const error = start.error ?? op.error;
  const busy = start.isPending || op.isPending;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4" data-testid="play-controls">
        <div>
          <h1 className="text-lg font-semibold">Play {env.name}</h1>
          <p className="text-xs text-slate-500">See exactly what the agent sees. {env.version}</p>
        </div>
        <label className="ml-auto text-sm">
          <span className="block text-xs text-slate-500">task type</span>
          <select value={taskType} onChange={(e) => setTaskType(e.target.value)} className="rounded border border-slate-300 px-2 py-1 text-sm" data-testid="play-task-type">
            {env.taskTypes.map((t) => (
              <option key={t.id} value={t.id}>
                {t.id} ({t.split === 'train' ? 'train' : 'held-out'})
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="block text-xs text-slate-500">seed</span>
          <input type="number" min={0} value={seed} onChange={(e) => setSeed(Number(e.target.value))} className="w-28 rounded border border-slate-300 px-2 py-1 text-sm tabular-nums" data-testid="play-seed" />
        </label>
        <button type="button" onClick={() => start.mutate()} disabled={busy} className="rounded bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-500 disabled:opacity-60" data-testid="play-start">
          {state ? 'Restart task' : 'Start task'}
        </button>
      </div>

      {error && (
        <p role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="play-error">
          {error.message}
        </p>
      )}

      {!state ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">Pick a task type and a seed, then start the task.</div>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" data-testid="play-current">
            <div className="flex items-start justify-between gap-3">
              <div>
                <div className="text-xs text-slate-500">goal · {state.task.taskId}</div>
                <div className="font-medium" data-testid="play-goal">{state.goal}</div>
              </div>
              <div className="text-right text-sm">
                <div data-testid="play-status" data-done={state.done} data-success={state.success}>
                  {state.done ? (
                    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${state.success ? 'bg-green-50 text-green-700' : 'bg-red-50 text-red-700'}`}>{state.success ? 'success' : 'failed'}</span>
                  ) : (
                    <span className="text-xs text-slate-500">step {state.history.length}</span>
                  )}
                </div>
                <div className="text-xs text-slate-500">
                  reward <span className="font-mono" data-testid="play-reward">{formatReward(state.totalReward)}</span>
                </div>
              </div>
            </div>
            <pre className={`max-h-96 overflow-auto whitespace-pre-wrap rounded p-3 font-mono text-sm ${state.history.at(-1)?.negative ? 'bg-amber-50 ring-1 ring-amber-300' : 'bg-slate-50'}`} data-testid="play-observation">
              {state.observation}
            </pre>
            <form
              className="flex gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                op.mutate({ op: 'step', action: command });
              }}
            >
              <textarea
                value={command}
                onChange={(e) => setCommand(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !e.shiftKey) {
                    e.preventDefault();
                    op.mutate({ op: 'step', action: command });
                  }
                }}
                rows={command.includes('\n') ? 6 : 1}
                placeholder="type a command (Enter sends, Shift+Enter for a new line)"
                className="min-w-0 flex-1 resize-y rounded border border-slate-300 px-2 py-1.5 font-mono text-sm"
                data-testid="play-command"
                disabled={state.done}
              />
              <button type="submit" disabled={busy || state.done} className="self-start rounded bg-slate-900 px-3 py-1.5 text-sm text-white disabled:opacity-50" data-testid="play-send">
                Send
              </button>
            </form>
            <div>
              <div className="mb-1 text-xs text-slate-500">admissible actions ({state.availableActions.length}) — click to act; templates fill the box</div>
              <div className="flex max-h-64 flex-wrap gap-1.5 overflow-auto" data-testid="play-actions">
                {state.availableActions.map((a) => (
                  <button
                    key={a}
                    type="button"
                    disabled={busy || state.done}
                    onClick={() => (isTemplate(a) ? setCommand(a) : op.mutate({ op: 'step', action: a }))}
                    className={`rounded border px-2 py-0.5 font-mono text-xs disabled:opacity-50 ${isTemplate(a) ? 'border-dashed border-indigo-300 text-indigo-700' : 'border-slate-300 hover:bg-indigo-50'}`}
                    data-testid="play-action"
                  >
                    {a}
                  </button>
                ))}
              </div>
            </div>
          </section>

          <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
            <div className="flex items-center justify-between">
              <h2 className="text-sm font-semibold">History</h2>
              <div className="flex items-center gap-2">
                <span className="text-xs text-slate-500">rollback by {state.rollback}</span>
                <button type="button" onClick={() => op.mutate({ op: 'bookmark' })} disabled={busy} className="rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-50" data-testid="play-bookmark">
                  Bookmark
                </button>
              </div>
            </div>
            {state.bookmarks.length > 0 && (
              <div className="flex flex-wrap gap-1.5 text-xs">
                {state.bookmarks.map((b) => (
                  <button key={b.id} type="button" onClick={() => op.mutate({ op: 'restore', bookmark: b.id })} className="rounded bg-indigo-50 px-2 py-0.5 text-indigo-700 hover:bg-indigo-100" data-testid="play-restore">
                    restore #{b.id} (step {b.step})
                  </button>
                ))}
              </div>
            )}
            <ol className="max-h-[32rem] space-y-1 overflow-auto text-sm" data-testid="play-history">
              <li className="rounded border-l-2 border-indigo-300 px-2 py-1">
                <div className="flex items-center justify-between gap-2 text-xs text-slate-500">
                  <span>start</span>
                  {state.history.length > 0 && (
                    <button type="button" onClick={() => op.mutate({ op: 'rollback', step: 0 })} className="rounded px-1.5 hover:bg-slate-100" data-testid="play-rollback" data-step={0}>
                      ↶ roll back here
                    </button>
                  )}
                </div>
                <details open={state.history.length === 0}>
                  <summary className="cursor-pointer text-xs text-slate-500">first observation</summary>
                  <div className="whitespace-pre-wrap font-mono text-xs text-slate-600" data-testid="play-initial">
                    {state.initialObservation}
                  </div>
                </details>
              </li>
              {state.history.map((h) => (
                <li key={h.index} className={`rounded border-l-2 px-2 py-1 ${h.negative ? 'border-amber-400 bg-amber-50' : 'border-slate-200'}`} data-testid="play-step" data-negative={h.negative}>
                  <div className="flex items-start justify-between gap-2">
                    <span className="font-mono text-xs">
                      {h.index + 1}. {h.action}
                    </span>
                    {h.index + 1 < state.history.length && (
                      <button type="button" onClick={() => op.mutate({ op: 'rollback', step: h.index + 1 })} className="shrink-0 rounded px-1.5 text-xs text-slate-500 hover:bg-slate-100" data-testid="play-rollback" data-step={h.index + 1}>
                        ↶ roll back here
                      </button>
                    )}
                  </div>
                  <div className="whitespace-pre-wrap font-mono text-xs text-slate-600">{h.feedback}</div>
                  {h.reward !== 0 && <div className="text-xs text-green-700">reward {formatReward(h.reward)}</div>}
                </li>
              ))}
            </ol>
          </section>
        </div>
      )}
    </div>
  );
}
