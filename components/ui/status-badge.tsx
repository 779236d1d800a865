import type { RunStatus } from '@/lib/runs/types';

const styles: Record<RunStatus, string> = {
  queued: 'bg-slate-100 text-slate-700 ring-slate-300',
  running: 'bg-indigo-50 text-indigo-700 ring-indigo-300',
  paused: 'bg-amber-50 text-amber-800 ring-amber-300',
  done: 'bg-green-50 text-green-700 ring-green-300',
  failed: 'bg-red-50 text-red-700 ring-red-300',
  canceled: 'bg-slate-100 text-slate-500 ring-slate-300',
};

export function StatusBadge({ status }: { status: RunStatus }) {
  return (
    <span
      data-testid="run-status"
      data-status={status}
      className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${styles[status]}`}
    >
      {status === 'running' && <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-indigo-500" />}
      {status}
    </span>
  );
}
