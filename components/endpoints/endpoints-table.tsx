'use client';

import { useMutation } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { TestResult } from './test-result';
import type { EndpointActions, EndpointView } from './types';

const ROLE_BADGE: Record<string, string> = {
  actor: 'bg-indigo-50 text-indigo-700 ring-indigo-200',
  reflector: 'bg-amber-50 text-amber-800 ring-amber-200',
};

function formatTimeout(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

function SamplingSummary({ params }: { params: EndpointView['params'] }) {
  const parts = [
    params.temperature !== undefined && `temp ${params.temperature}`,
    params.topP !== undefined && `top-p ${params.topP}`,
    params.maxTokens !== undefined && `max ${params.maxTokens} tok`,
    params.stop?.length && `stop ×${params.stop.length}`,
    params.stream && 'stream',
  ].filter(Boolean);
  if (!parts.length) return <span className="text-slate-400">server defaults</span>;
  return <span className="text-slate-600">{parts.join(' · ')}</span>;
}

function CheckpointLabel({ label }: { label: EndpointView['label'] }) {
  if (!label || (!label.baseModel && label.trainingStep === undefined && !label.notes)) return <span className="text-slate-400">—</span>;
  return (
    <div className="min-w-0">
      <div className="text-slate-700">
        {label.baseModel && <span className="font-mono text-xs">{label.baseModel}</span>}
        {label.baseModel && label.trainingStep !== undefined && <span className="text-slate-400"> · </span>}
        {label.trainingStep !== undefined && <span className="text-xs tabular-nums">step {label.trainingStep}</span>}
      </div>
      {label.notes && (
        <div className="max-w-[14rem] truncate text-xs text-slate-500" title={label.notes}>
          {label.notes}
        </div>
      )}
    </div>
  );
}

const buttonClass = 'rounded border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60';

function EndpointRow({ endpoint, actions, onEdit }: { endpoint: EndpointView; actions: Pick<EndpointActions, 'remove' | 'test'>; onEdit: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const test = useMutation({
    mutationFn: async () => {
      const r = await actions.test(endpoint.id);
      if (!r.ok) throw new Error(r.error);
      return r.data;
    },
  });
  const remove = useMutation({
    mutationFn: async () => {
      const r = await actions.remove(endpoint.id);
      if (!r.ok) throw new Error(r.error);
      return r.data;
    },
  });
  const hasDetail = test.isPending || test.data || test.isError || remove.isError;

  return (
    <Fragment>
      <tr className={`align-top hover:bg-slate-50 ${hasDetail ? 'border-b-0 [&>td]:pb-1' : ''}`} data-testid="endpoint-row" data-endpoint-id={endpoint.id}>
        <td className="px-3 py-2">
          <div className="min-w-[7rem] max-w-[12rem] font-medium text-slate-900 [overflow-wrap:anywhere]">{endpoint.name}</div>
          {endpoint.roleHints.length > 0 && (
            <div className="mt-1 flex gap-1">
              {endpoint.roleHints.map((r) => (
                <span key={r} className={`rounded px-1.5 py-0.5 text-[11px] font-medium ring-1 ring-inset ${ROLE_BADGE[r] ?? 'bg-slate-100 text-slate-700 ring-slate-200'}`}>
                  {r}
                </span>
              ))}
            </div>
          )}
        </td>
        <td className="min-w-[16rem] px-3 py-2 font-mono text-xs [overflow-wrap:anywhere]">
          <div className="text-slate-800" data-testid="endpoint-model">
            {endpoint.model}
          </div>
          <div className="mt-0.5 text-slate-500" data-testid="endpoint-base-url">
            {endpoint.baseUrl}
          </div>
        </td>
        <td className="whitespace-nowrap px-3 py-2 font-mono text-xs" data-testid="endpoint-key">
          {endpoint.hasApiKey ? <span className="text-slate-700">{endpoint.maskedKey}</span> : <span className="font-sans text-slate-400">no key</span>}
        </td>
        <td className="px-3 py-2 text-right tabular-nums" data-testid="endpoint-concurrency">
          {endpoint.concurrency}
        </td>
        <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{formatTimeout(endpoint.timeoutMs)}</td>
        <td className="px-3 py-2 text-xs">
          <SamplingSummary params={endpoint.params} />
        </td>
        <td className="px-3 py-2">
          <CheckpointLabel label={endpoint.label} />
        </td>
        <td className="whitespace-nowrap px-3 py-2 text-right">
          {confirming ? (
            <span className="inline-flex items-center gap-1">
              <span className="text-xs text-slate-600">Delete?</span>
              <button
                type="button"
                data-testid="confirm-delete"
                disabled={remove.isPending}
                onClick={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
                className="rounded bg-red-600 px-2 py-1 text-xs font-medium text-white hover:bg-red-500 disabled:opacity-60"
              >
                {remove.isPending ? 'Deleting…' : 'Delete'}
              </button>
              <button type="button" onClick={() => setConfirming(false)} className={buttonClass}>
                Keep
              </button>
            </span>
          ) : (
            <span className="inline-flex items-center gap-1">
              <button type="button" data-testid="test-connection" disabled={test.isPending} onClick={() => test.mutate()} className={buttonClass}>
                {test.isPending ? 'Testing…' : 'Test connection'}
              </button>
              <button type="button" data-testid="edit-endpoint" onClick={onEdit} className={buttonClass}>
                Edit
              </button>
              <button
                type="button"
                data-testid="delete-endpoint"
                onClick={() => setConfirming(true)}
                className={`${buttonClass} hover:border-red-300 hover:bg-red-50 hover:text-red-700`}
              >
                Delete
              </button>
            </span>
          )}
        </td>
      </tr>
      {hasDetail && (
        <tr data-testid="endpoint-detail-row" data-endpoint-id={endpoint.id}>
          <td colSpan={8} className="px-3 pb-3">
            {test.isPending && <p className="text-xs text-slate-500">Listing models and asking for one token (10 s timeout)…</p>}
            {!test.isPending && test.data && <TestResult result={test.data} model={endpoint.model} />}
            {!test.isPending && test.isError && (
              <p role="alert" className="text-sm text-red-700" data-testid="test-result" data-ok="false">
                Could not test: {test.error.message}
              </p>
            )}
            {remove.isError && (
              <p role="alert" className="text-sm text-red-700">
                Could not delete: {remove.error.message}
              </p>
            )}
          </td>
        </tr>
      )}
    </Fragment>
  );
}

export function EndpointsTable({ endpoints, actions, onEdit }: { endpoints: EndpointView[]; actions: Pick<EndpointActions, 'remove' | 'test'>; onEdit: (id: number) => void }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-sm" data-testid="endpoints-table">
        {/* Sticky cells under the 3rem page header, as on the runs table. */}
        <thead className="text-left text-xs uppercase tracking-wide text-slate-500 [&_th]:sticky [&_th]:top-12 [&_th]:z-10 [&_th]:bg-slate-50">
          <tr>
            <th className="px-3 py-2 font-medium">Name</th>
            <th className="px-3 py-2 font-medium">Model · base URL</th>
            <th className="px-3 py-2 font-medium">API key</th>
            <th className="px-3 py-2 text-right font-medium" title="requests in flight">
              Conc.
            </th>
            <th className="px-3 py-2 text-right font-medium">Timeout</th>
            <th className="px-3 py-2 font-medium">Sampling</th>
            <th className="px-3 py-2 font-medium">Checkpoint</th>
            <th className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {endpoints.map((e) => (
            <EndpointRow key={e.id} endpoint={e} actions={actions} onEdit={() => onEdit(e.id)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
