'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { RunListItem } from '@/db/queries/runs';
import { runQueries } from '@/components/queries';
import { ProgressBar } from '@/components/ui/progress-bar';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatReward } from '@/components/ui/format';
import { Timestamp } from '@/components/ui/timestamp';

export function RunsTable({ initialRuns }: { initialRuns: RunListItem[] }) {
  const { data: runs = initialRuns, error } = useQuery({ ...runQueries.list(), initialData: initialRuns });
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between">
        <h1 className="text-xl font-semibold">Runs</h1>
        <Link href="/runs/new" className="rounded bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-500">
          New run
        </Link>
      </div>
      {error && <p className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">Could not refresh: {error.message}</p>}
      {runs.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center" data-testid="runs-empty">
          <p className="text-slate-600">No runs yet — start an offline ICT run.</p>
          <p className="mt-1 text-sm text-slate-500">The defaults use the built-in household environment and the offline scripted policy; no model needed.</p>
          <Link href="/runs/new" className="mt-4 inline-block rounded bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-500">
            Start a run
          </Link>
        </div>
      ) : (
        <div className="rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-sm" data-testid="runs-table">
            {/* Sticky cells under the 3rem page header; no overflow wrapper, which would make the table its own scroll container. */}
            <thead className="text-left text-xs uppercase tracking-wide text-slate-500 [&_th]:sticky [&_th]:top-12 [&_th]:z-10 [&_th]:bg-slate-50">
              <tr>
                <th className="px-3 py-2 font-medium">Name</th>
                <th className="px-3 py-2 font-medium">Kind</th>
                <th className="px-3 py-2 font-medium">Environment</th>
                <th className="px-3 py-2 font-medium">Status</th>
                <th className="px-3 py-2 text-right font-medium">Last val. reward</th>
                <th className="px-3 py-2 font-medium">Created</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {runs.map((r) => (
                <tr key={r.id} className="hover:bg-slate-50" data-testid="run-row" data-run-id={r.id}>
                  <td className="px-3 py-2">
                    <Link href={`/runs/${r.id}`} className="font-medium text-indigo-700 hover:underline">
                      {r.name}
                    </Link>
                    <span className="ml-2 text-xs text-slate-400">#{r.id}</span>
                  </td>
                  <td className="px-3 py-2 uppercase text-slate-600">{r.kind}</td>
                  <td className="px-3 py-2 text-slate-600">{r.env}</td>
                  <td className="px-3 py-2">
                    <div className="flex items-center gap-3">
                      <StatusBadge status={r.status} />
                      {(r.status === 'running' || r.status === 'queued') && r.progress && <ProgressBar progress={r.progress} compact />}
                      {r.status === 'failed' && r.error && (
                        <span className="max-w-xs truncate text-xs text-red-600" title={r.error}>
                          {r.error}
                        </span>
                      )}
                    </div>
                  </td>
                  <td className="px-3 py-2 text-right font-mono tabular-nums">{formatReward(r.lastValReward)}</td>
                  <td className="px-3 py-2 text-slate-500">
                    <Timestamp ms={r.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
