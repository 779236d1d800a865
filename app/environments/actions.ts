'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { registerRemoteEnvironment } from '@/app/_server/environments';
import { fetchRemoteSpec } from '@/lib/envs/remote/adapter';

export type RegisterState = { ok: true; id: string } | { ok: false; error: string; fields: Record<string, string[]> } | null;

/** Form fields → the registration body; task types come as JSON, regexes one per line. */
function bodyFrom(form: FormData): unknown {
  const text = (k: string) => String(form.get(k) ?? '').trim();
  let taskTypes: unknown;
  try {
    taskTypes = JSON.parse(text('taskTypes') || '[]');
  } catch (e) {
    taskTypes = { invalidJson: e instanceof Error ? e.message : String(e) };
  }
  const num = (k: string) => (text(k) === '' ? undefined : Number(text(k)));
  return {
    name: text('name'),
    baseUrl: text('baseUrl'),
    version: text('version') || undefined,
    description: text('description') || undefined,
    taskTypes,
    maxSteps: num('maxSteps'),
    initialSystemPrompt: text('initialSystemPrompt') || undefined,
    negativeFeedback: text('negativeFeedback').split('\n').map((l) => l.trim()).filter(Boolean),
    timeoutMs: num('timeoutMs'),
  };
}

export async function registerEnvironmentAction(_prev: RegisterState, form: FormData): Promise<RegisterState> {
  const body = bodyFrom(form) as { taskTypes: unknown };
  if (body.taskTypes && typeof body.taskTypes === 'object' && 'invalidJson' in body.taskTypes) {
    return { ok: false, error: 'task types are not valid JSON', fields: { taskTypes: [String((body.taskTypes as { invalidJson: string }).invalidJson)] } };
  }
  const result = registerRemoteEnvironment(body);
  if (!result.ok) return { ok: false, error: result.error, fields: result.fields };
  revalidatePath('/environments');
  return { ok: true, id: result.id };
}

export type SpecProbe = { ok: true; config: unknown } | { ok: false; error: string };

/** Reads a server's `/spec` (our env server has it) to prefill the registration. */
export async function probeEnvironmentAction(baseUrl: string): Promise<SpecProbe> {
  const url = z.url({ protocol: /^https?$/ }).safeParse(baseUrl.trim());
  if (!url.success) return { ok: false, error: 'enter an http(s) base URL first' };
  try {
    const fetched = await fetchRemoteSpec(url.data, { timeoutMs: 5000, retries: 0 });
    if (!fetched) return { ok: false, error: 'the server has no /spec endpoint: fill in the task types by hand' };
    return { ok: true, config: fetched.config };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}
