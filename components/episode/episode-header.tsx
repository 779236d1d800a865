import { ErrorBox } from '@/components/ui/error-box';
import { Field } from '@/components/ui/field';
import { ModelCalls } from './model-calls';
import Link from 'next/link';
import type { EpisodeView } from '@/db/queries/views';
import { formatReward } from '@/components/ui/format';
import { OutcomeBadge } from './outcome-badge';

export function EpisodeHeader({ episode, run }: { episode: EpisodeView['episode']; run: EpisodeView['run'] }) {
  const runHref = `/runs/${episode.runId}`;
  return (
    <header className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <nav aria-label="Breadcrumb" data-testid="breadcrumb" className="text-xs text-slate-500">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link href="/" className="hover:text-indigo-700 hover:underline">
              Runs
            </Link>
          </li>
          <Sep />
          <li>
            <Link href={runHref} data-testid="breadcrumb-run" className="hover:text-indigo-700 hover:underline">
              {run ? run.name : `run ${episode.runId}`}
            </Link>
          </li>
          {episode.metaTurnIndex !== null && (
            <>
              <Sep />
              <li>
                <Link
                  href={`${runHref}#meta-turn-${episode.metaTurnIndex}`}
                  data-testid="breadcrumb-meta-turn"
                  className="hover:text-indigo-700 hover:underline"
                >
                  Meta-turn {episode.metaTurnIndex}
                </Link>
              </li>
            </>
          )}
          <Sep />
          <li aria-current="page" className="text-slate-700">
            Episode {episode.id}
          </li>
        </ol>
      </nav>

      <div className="flex flex-wrap items-start gap-3">
        <h1 className="min-w-0 flex-1 text-lg font-semibold text-slate-900" data-testid="episode-goal">
          {episode.goal ?? <span className="text-slate-400">no goal recorded</span>}
        </h1>
        <OutcomeBadge episode={episode} />
      </div>

      {episode.status === 'errored' && (
        <ErrorBox title="Episode errored" message={episode.error} testId="episode-error">
          {episode.errorCalls && episode.errorCalls.length > 0 && (
            <details className="mt-2 text-slate-800" data-testid="episode-error-calls">
              <summary className="cursor-pointer text-xs text-red-800">the failed model call (messages sent, error, retries)</summary>
              <div className="mt-2">
                <ModelCalls calls={episode.errorCalls} offlineActor={false} />
              </div>
            </details>
          )}
        </ErrorBox>
      )}

      <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
        <Field breakAll label="task type" mono>
          {episode.taskType}
        </Field>
        <Field breakAll label="task id" mono>
          {episode.taskId}
        </Field>
        <Field breakAll label="seed" numeric>
          {episode.seed}
        </Field>
        <Field breakAll label="role">{episode.role}</Field>
        <Field breakAll label="total reward" numeric>
          <span data-testid="episode-reward">{formatReward(episode.totalReward)}</span>
        </Field>
        <Field breakAll label="steps" numeric>
          {episode.stepCount}
        </Field>
        <Field breakAll label="negative feedback" numeric>
          <span className={episode.negativeCount > 0 ? 'text-amber-700' : undefined}>{episode.negativeCount}</span>
        </Field>
        <Field breakAll label="environment" mono>
          {episode.envVersion.startsWith(`${episode.envId}@`) ? episode.envVersion : `${episode.envId}@${episode.envVersion}`}
        </Field>
      </dl>

      <details data-testid="episode-system-prompt" className="rounded-md border border-slate-200">
        <summary className="cursor-pointer px-3 py-1.5 text-xs font-medium text-slate-700 select-none hover:bg-slate-50">
          System prompt
        </summary>
        <pre className="max-h-96 overflow-auto border-t border-slate-100 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap break-words text-slate-800">
          {episode.systemPrompt}
        </pre>
      </details>
    </header>
  );
}

function Sep() {
  return (
    <li aria-hidden className="text-slate-300">
      /
    </li>
  );
}

