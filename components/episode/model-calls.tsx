import type { StepCall } from '@/lib/episodes/types';
import { OFFLINE_LABEL } from '@/lib/agents/labels';
import { formatMs } from '@/components/ui/format';

const mono = 'font-mono text-xs leading-relaxed whitespace-pre-wrap break-words';

export function ModelCalls({ calls, offlineActor }: { calls: StepCall[]; offlineActor: boolean }) {
  if (calls.length === 0) {
    return (
      <p data-testid="model-calls-none" className="rounded-md bg-slate-50 px-3 py-2 text-xs text-slate-500">
        {offlineActor ? `${OFFLINE_LABEL}: no model calls` : 'No model calls were recorded for this step.'}
      </p>
    );
  }
  return (
    <section data-testid="model-calls" className="space-y-3">
      <h3 className="text-xs font-medium text-slate-700">model calls ({calls.length})</h3>
      {calls.map((call, i) => (
        <ModelCall key={i} call={call} number={i + 1} />
      ))}
    </section>
  );
}

function ModelCall({ call, number }: { call: StepCall; number: number }) {
  const facts = [
    call.model,
    `tokens ${call.promptTokens ?? '—'} prompt / ${call.completionTokens ?? '—'} completion`,
    `latency ${formatMs(call.latencyMs)}`,
    call.ttftMs !== undefined ? `first token ${formatMs(call.ttftMs)}` : null,
    `retries ${call.retries ?? 0}`,
    call.finishReason ? `finish ${call.finishReason}` : null,
  ].filter(Boolean);
  return (
    <div data-testid="model-call" className="rounded-md border border-slate-200">
      <div className="flex flex-wrap gap-x-3 gap-y-1 border-b border-slate-100 bg-slate-50 px-3 py-1.5 text-xs text-slate-600">
        <span className="font-medium text-slate-800">call {number}</span>
        {facts.map((f) => (
          <span key={f} className="tabular-nums">
            {f}
          </span>
        ))}
      </div>
      <div className="space-y-3 p-3">
        {call.error && (
          <div role="alert" className="rounded border border-red-200 bg-red-50 px-2 py-1 text-xs text-red-800">
            {call.error}
          </div>
        )}
        <details open>
          <summary className="cursor-pointer text-xs font-medium text-slate-700 select-none">
            messages sent ({call.messages.length})
          </summary>
          <ol className="mt-2 space-y-2">
            {call.messages.map((m, i) => (
              <li key={i} className="rounded border border-slate-200">
                <div className="border-b border-slate-100 bg-slate-50 px-2 py-0.5 text-[11px] font-medium text-slate-500 uppercase">{m.role}</div>
                <pre className={`${mono} max-h-72 overflow-auto p-2 text-slate-800`}>{m.content}</pre>
              </li>
            ))}
          </ol>
        </details>
        <div>
          <div className="mb-1 text-xs font-medium text-slate-700">raw reply</div>
          <pre data-testid="model-reply" className={`${mono} max-h-72 overflow-auto rounded bg-slate-50 p-2 text-slate-800`}>
            {call.reply}
          </pre>
        </div>
      </div>
    </div>
  );
}
