'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { cancelRunAction } from '@/app/runs/[id]/actions';
import { runQueries } from '@/components/queries';

// Passed down from the page rather than imported, so components/ does not depend on app/ at run time.
export type CancelRunAction = typeof cancelRunAction;

export function CancelRunButton({
  runId,
  cancelRequested,
  cancelAction,
}: {
  runId: number;
  cancelRequested: boolean;
  cancelAction: CancelRunAction;
}) {
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: async () => {
      const result = await cancelAction(runId);
      if (!result.ok) throw new Error(result.error);
      return result.data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: runQueries.detail(runId).queryKey }),
  });
  // A running run stops only when its worker notices the flag; until then say so.
  const pending = cancel.isPending || cancelRequested;
  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        data-testid="cancel-run"
        disabled={pending}
        onClick={() => cancel.mutate()}
        className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:border-red-300 hover:bg-red-50 hover:text-red-700 disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:border-slate-300 disabled:hover:bg-white disabled:hover:text-slate-700"
      >
        {pending ? 'Canceling…' : 'Cancel run'}
      </button>
      {cancel.isError && (
        <p role="alert" className="text-xs text-red-700">
          Could not cancel: {cancel.error.message}
        </p>
      )}
    </div>
  );
}
