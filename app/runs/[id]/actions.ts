'use server';

import { z } from 'zod';
import { getDb } from '@/db/client';
import { requestCancel } from '@/db/queries/runs';
import type { RunStatus } from '@/lib/runs/types';

export type CancelRunResult = { ok: true; data: { status: RunStatus } } | { ok: false; error: string };

const cancelInput = z.int().positive();

/**
 * Queued runs end at once; running ones are only flagged, so the status returned may still be
 * `running` until the worker notices — the client polls for the final state.
 */
export async function cancelRunAction(id: number): Promise<CancelRunResult> {
  const parsed = cancelInput.safeParse(id);
  if (!parsed.success) return { ok: false, error: 'invalid run id' };
  const status = requestCancel(getDb(), { id: parsed.data, now: Date.now() });
  if (!status) return { ok: false, error: 'run not found' };
  return { ok: true, data: { status } };
}
