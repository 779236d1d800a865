'use client';

import { useActionState, useRef, useState, useTransition } from 'react';
import type { RegisterState, SpecProbe } from '@/app/environments/actions';

const EXAMPLE = JSON.stringify(
  [
    { id: 'pick_and_place', split: 'train', dataIdx: { from: 0, to: 99 } },
    { id: 'pick_cool_then_place', split: 'heldout', dataIdx: [300, 301, 302] },
  ],
  null,
  2,
);

function Errors({ messages }: { messages?: string[] }) {
  return messages?.length ? <p className="mt-1 text-xs text-red-600" data-testid="field-error">{messages.join('; ')}</p> : null;
}

const input = 'mt-1 block w-full rounded border border-slate-300 px-2 py-1.5 text-sm';

export function RegisterEnvironmentForm({
  action,
  probe,
}: {
  action: (prev: RegisterState, form: FormData) => Promise<RegisterState>;
  probe: (baseUrl: string) => Promise<SpecProbe>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const [probing, startProbe] = useTransition();
  const [probeError, setProbeError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const errors = state && !state.ok ? state.fields : {};

  const prefill = () =>
    startProbe(async () => {
      const f = form.current!;
      const result = await probe((f.elements.namedItem('baseUrl') as HTMLInputElement).value);
      if (!result.ok) return setProbeError(result.error);
      setProbeError(null);
      const c = result.config as Record<string, unknown>;
      const set = (name: string, value: unknown) => {
        const el = f.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null;
        if (el && value !== undefined) el.value = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
      };
      set('name', c.name);
      set('version', c.version);
      set('description', c.description);
      set('taskTypes', c.taskTypes);
      set('maxSteps', String(c.maxSteps ?? ''));
      set('initialSystemPrompt', c.initialSystemPrompt);
      set('negativeFeedback', ((c.negativeFeedback as string[] | undefined) ?? []).join('\n'));
    });

  return (
    <details className="rounded-lg border border-slate-200 bg-white p-4" data-testid="register-env">
      <summary className="cursor-pointer text-sm font-semibold">Register a remote environment (AgentGym protocol)</summary>
      <p className="mt-2 text-xs text-slate-600">
        Any server speaking AgentGym&apos;s environment protocol (<code>/create</code>, <code>/reset</code>, <code>/step</code>, …).
        Serve a built-in one elsewhere with <code>npm run cli -- env-server --env household --port 8765</code>.
      </p>
      <form ref={form} action={formAction} className="mt-3 grid gap-3 md:grid-cols-2">
        <label className="block md:col-span-2">
          <span className="text-sm font-medium">Base URL</span>
          <div className="flex gap-2">
            <input name="baseUrl" placeholder="http://127.0.0.1:8765" className={input} />
            <button type="button" onClick={prefill} disabled={probing} className="mt-1 shrink-0 rounded border border-slate-300 px-3 text-sm hover:bg-slate-50" data-testid="probe-env">
              {probing ? 'Reading…' : 'Read /spec'}
            </button>
          </div>
          {probeError && <p className="mt-1 text-xs text-amber-700" data-testid="probe-error">{probeError}</p>}
          <Errors messages={errors.baseUrl} />
        </label>
        <label className="block">
          <span className="text-sm font-medium">Name</span>
          <input name="name" className={input} />
          <Errors messages={errors.name} />
        </label>
        <label className="block">
          <span className="text-sm font-medium">Version</span>
          <input name="version" placeholder="recorded on every episode" className={input} />
        </label>
        <label className="block md:col-span-2">
          <span className="text-sm font-medium">Task types</span>
          <span className="ml-2 text-xs text-slate-500">JSON: id, split (train | heldout), dataIdx (indices into the server&apos;s dataset)</span>
          <textarea name="taskTypes" rows={8} defaultValue={EXAMPLE} className={`${input} font-mono text-xs`} />
          <Errors messages={Object.entries(errors).filter(([k]) => k.startsWith('taskTypes')).flatMap(([k, v]) => v.map((m) => `${k}: ${m}`))} />
        </label>
        <label className="block">
          <span className="text-sm font-medium">Max steps</span>
          <input name="maxSteps" type="number" min={1} defaultValue={30} className={input} />
          <Errors messages={errors.maxSteps} />
        </label>
        <label className="block">
          <span className="text-sm font-medium">Timeout per request (ms)</span>
          <input name="timeoutMs" type="number" min={50} defaultValue={30000} className={input} />
          <Errors messages={errors.timeoutMs} />
        </label>
        <label className="block md:col-span-2">
          <span className="text-sm font-medium">Negative feedback</span>
          <span className="ml-2 text-xs text-slate-500">one regular expression per line (LEAFE triggers)</span>
          <textarea name="negativeFeedback" rows={2} placeholder="^Nothing happens\.$" className={`${input} font-mono text-xs`} />
          <Errors messages={Object.entries(errors).filter(([k]) => k.startsWith('negativeFeedback')).flatMap(([, v]) => v)} />
        </label>
        <label className="block md:col-span-2">
          <span className="text-sm font-medium">Initial system prompt</span>
          <textarea name="initialSystemPrompt" rows={3} className={`${input} font-mono text-xs`} />
        </label>
        <input type="hidden" name="description" />
        <div className="flex items-center justify-end gap-3 md:col-span-2">
          {state?.ok && <span className="text-sm text-green-700" data-testid="register-ok">Registered as {state.id}</span>}
          {state && !state.ok && <span role="alert" className="text-sm text-red-700" data-testid="register-error">{state.error}</span>}
          <button type="submit" disabled={pending} className="rounded bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-500 disabled:opacity-60" data-testid="register-submit">
            Register
          </button>
        </div>
      </form>
    </details>
  );
}
