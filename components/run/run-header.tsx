'use client';

import type { RunView } from '@/db/queries/views';
import { OFFLINE_LABEL } from '@/lib/agents/labels';
import type { RunProgress } from '@/lib/runs/types';
import { ProgressBar } from '@/components/ui/progress-bar';
import { StatusBadge } from '@/components/ui/status-badge';
import { CancelRunButton, type CancelRunAction } from './cancel-run-button';
import { Timestamp } from '@/components/ui/timestamp';
import { ErrorBox } from '@/components/ui/error-box';
import { Field } from '@/components/ui/field';
import { formatCount } from '@/components/ui/format';

import type { EndpointSnapshot } from '@/lib/endpoints/schema';

function agentLabel(agent: 'offline' | number, endpoint: EndpointSnapshot | undefined): string {
  if (agent === 'offline') return OFFLINE_LABEL;
  return endpoint ? `${endpoint.name} · ${endpoint.model} (${endpoint.baseUrl})` : `endpoint #${agent}`;
}

export function RunHeader({ run, cancelAction }: { run: RunView; cancelAction: CancelRunAction }) {
  const { config } = run;
  const usage = run.stats.usage;
  const live = run.status === 'queued' || run.status === 'running';
  // The worker writes progress only once it claims the run; a queued run still gets a bar at 0.
  const reported: RunProgress = run.progress ?? {
    metaTurn: 0,
    metaTurns: config.metaTurns,
    episodesDone: 0,
    episodesTotal: config.metaTurns * (config.batchSize + config.valTasks),
    phase: 'episodes',
  };
  // The heartbeat writes progress once a second; the stored episodes are never behind it.
  const finished = run.episodes.filter((e) => e.status !== 'running').length;
  const progress: RunProgress = { ...reported, episodesDone: Math.max(reported.episodesDone, finished) };

  return (
    <header className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="truncate text-xl font-semibold tracking-tight text-slate-900" data-testid="run-name">
              {run.name}
            </h1>
            <StatusBadge status={run.status} />
          </div>
          <p className="mt-1 text-xs text-slate-500">
            run {run.id} · {run.kind.toUpperCase()} · created <Timestamp ms={run.createdAt} />
            {run.finishedAt !== null && (
              <>
                {' '}
                · finished <Timestamp ms={run.finishedAt} />
              </>
            )}
          </p>
        </div>
        {live && <CancelRunButton runId={run.id} cancelRequested={run.cancelRequested} cancelAction={cancelAction} />}
      </div>

      {run.status === 'failed' && (
        <ErrorBox title="Run failed" message={run.error} testId="run-error" />
      )}

      {live && <ProgressBar progress={progress} />}

      <dl className="space-y-3 text-sm" data-testid="run-config">
        <div className="flex flex-wrap gap-x-8 gap-y-2">
          <Field label="environment">{config.env}</Field>
          <Field label="batch size (k)" numeric>
            {config.batchSize}
          </Field>
          <Field label="meta-turns (T)" numeric>
            {config.metaTurns}
          </Field>
          <Field label="validation tasks" numeric>
            {config.valTasks}
          </Field>
          <Field label="seed" numeric>
            {run.seed}
          </Field>
          <Field label="episodes" numeric>
            <span data-testid="run-episode-count">{run.stats.episodes}</span>
          </Field>
          <Field label="errored episodes" numeric>
            <span data-testid="run-errored-count" className={run.stats.erroredEpisodes > 0 ? 'font-medium text-red-700' : undefined}>
              {run.stats.erroredEpisodes}
            </span>
          </Field>
          {usage.actor.calls + usage.reflector.calls > 0 && (
            <>
              <Field label="model calls" numeric>
                <span data-testid="run-model-calls">{usage.actor.calls + usage.reflector.calls}</span>
              </Field>
              <Field label="tokens (prompt / completion)" numeric>
                <span data-testid="run-tokens">
                  {formatCount(usage.actor.promptTokens + usage.reflector.promptTokens)} / {formatCount(usage.actor.completionTokens + usage.reflector.completionTokens)}
                </span>
              </Field>
              <Field label="retries" numeric>
                {usage.actor.retries + usage.reflector.retries}
              </Field>
              <Field label="failed calls" numeric>
                <span data-testid="run-failed-calls" className={usage.actor.failedCalls + usage.reflector.failedCalls > 0 ? 'font-medium text-red-700' : undefined}>
                  {usage.actor.failedCalls + usage.reflector.failedCalls}
                </span>
              </Field>
            </>
          )}
          {usage.reflectionErrors > 0 && (
            <Field label="reflection errors" numeric>
              <span data-testid="run-reflection-errors" className="font-medium text-amber-700">
                {usage.reflectionErrors}
              </span>
            </Field>
          )}
        </div>
        <div className="grid gap-x-8 gap-y-2 sm:grid-cols-2">
          <Field label="train task types">
            <TypeList types={config.trainTaskTypes} />
          </Field>
          <Field label="held-out task types">
            <TypeList types={config.heldOutTaskTypes} />
          </Field>
          <Field label="actor">{agentLabel(config.actor, config.actorEndpoint)}</Field>
          <Field label="reflector">{agentLabel(config.reflector, config.reflectorEndpoint)}</Field>
        </div>
      </dl>
    </header>
  );
}


function TypeList({ types }: { types: string[] }) {
  return (
    <span className="flex flex-wrap gap-1">
      {types.map((t) => (
        <span key={t} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">
          {t}
        </span>
      ))}
    </span>
  );
}
