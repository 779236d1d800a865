import type { TestConnectionResult } from './types';

const MODELS_SHOWN = 12;

function ModelList({ models, configured }: { models: string[]; configured: string }) {
  const shown = models.slice(0, MODELS_SHOWN);
  return (
    <div className="mt-1 flex flex-wrap items-center gap-1" data-testid="test-models">
      <span className="text-xs text-slate-500">Server lists {models.length === 1 ? '1 model' : `${models.length} models`}:</span>
      {shown.map((m) => (
        <span
          key={m}
          className={`rounded px-1.5 py-0.5 font-mono text-xs ${m === configured ? 'bg-green-100 text-green-800 ring-1 ring-green-300' : 'bg-slate-100 text-slate-700'}`}
        >
          {m}
        </span>
      ))}
      {models.length > shown.length && <span className="text-xs text-slate-500">+{models.length - shown.length} more</span>}
    </div>
  );
}

/** The outcome of "Test connection": latency and models, or the client's exact error kind and message. */
export function TestResult({ result, model }: { result: TestConnectionResult; model: string }) {
  return (
    <div
      data-testid="test-result"
      data-ok={String(result.ok)}
      className={`rounded border px-3 py-2 text-sm ${result.ok ? 'border-green-200 bg-green-50' : 'border-red-200 bg-red-50'}`}
    >
      {result.ok ? (
        <p className="text-green-800">
          <span className="font-medium">Connected.</span> One-token completion in{' '}
          <span className="font-mono tabular-nums" data-testid="test-latency">
            {Math.round(result.latencyMs ?? 0)} ms
          </span>
          {result.reply !== undefined && (
            <>
              , reply <span className="rounded bg-white/70 px-1 font-mono text-xs">{JSON.stringify(result.reply)}</span>
            </>
          )}
        </p>
      ) : (
        <p className="text-red-700">
          <span className="mr-2 rounded bg-red-100 px-1.5 py-0.5 font-mono text-xs font-semibold text-red-800" data-testid="test-error-kind">
            {result.error?.kind ?? 'unknown'}
          </span>
          <span className="whitespace-pre-wrap break-words font-mono text-xs" data-testid="test-error-message">
            {result.error?.message ?? 'the check failed'}
          </span>
        </p>
      )}
      {result.models && <ModelList models={result.models} configured={model} />}
      {result.models && result.modelListed === false && (
        <p className="mt-1 text-xs text-amber-800">
          The configured model <span className="font-mono">{model}</span> is not in the server&apos;s list.
        </p>
      )}
      {!result.models && result.ok && <p className="mt-1 text-xs text-slate-500">The server has no model list (GET /models).</p>}
    </div>
  );
}
