'use server';

import { redirect } from 'next/navigation';
import { createRun } from '@/app/_server/runs';
import { formToRunInput } from '@/components/runs/form-input';

export type NewRunState = { ok: false; error: string; fields: Record<string, string[]> } | null;

/** Queues the run and sends the browser to its page; the worker does the work. */
export async function createRunAction(_prev: NewRunState, formData: FormData): Promise<NewRunState> {
  const result = createRun(formToRunInput(formData));
  if (!result.ok) return result;
  redirect(`/runs/${result.id}`);
}
