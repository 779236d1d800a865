'use client';

import { useActionState, useState, startTransition, type FormEvent, type ReactNode } from 'react';
import { ENDPOINT_ROLES } from '@/lib/endpoints/schema';
import { formatStopSequences } from './form-input';
import type { EndpointActions, EndpointFormState, EndpointView } from './types';

const inputClass =
  'mt-1 block w-full rounded border border-slate-300 px-2 py-1.5 text-sm focus:border-indigo-500 focus:outline-none focus:ring-1 focus:ring-indigo-500 disabled:bg-slate-100 disabled:text-slate-400';

function FieldError({ messages }: { messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p className="mt-1 text-xs text-red-600" data-testid="field-error">
      {messages.join('; ')}
    </p>
  );
}

function Field({ label, hint, errors, children, className }: { label: string; hint?: ReactNode; errors?: string[]; children: ReactNode; className?: string }) {
  return (
    <label className={`block ${className ?? ''}`}>
      <span className="text-sm font-medium text-slate-700">{label}</span>
      {children}
      {hint && <span className="mt-0.5 block text-xs text-slate-500">{hint}</span>}
      <FieldError messages={errors} />
    </label>
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="border-t border-slate-100 pt-4">
      <legend className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</legend>
      {hint && <p className="mb-2 text-xs text-slate-500">{hint}</p>}
      {children}
    </fieldset>
  );
}

/**
 * Add (no `endpoint`) or edit form. The key field is write-only: on edit it starts empty, and the
 * stored key is kept unless a new one is typed or "clear key" is ticked.
 */
export function EndpointForm({
  endpoint,
  actions,
  onDone,
}: {
  endpoint?: EndpointView;
  actions: Pick<EndpointActions, 'create' | 'update'>;
  onDone: () => void;
}) {
  const editing = !!endpoint;
  const [state, dispatch, pending] = useActionState(async (prev: EndpointFormState, form: FormData) => {
    const result = await (editing ? actions.update : actions.create)(prev, form);
    if (result?.ok) onDone();
    return result;
  }, null);
  const [clearKey, setClearKey] = useState(false);
  const errors = (state && !state.ok && state.fields) || {};
  const p = endpoint?.params ?? {};

  // Dispatched by hand rather than through <form action>, which would reset the fields after a
  // rejected submission and lose what the user typed.
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    startTransition(() => dispatch(form));
  };

  return (
    <form onSubmit={onSubmit} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="endpoint-form" noValidate>
      <div className="flex items-baseline justify-between gap-4">
        <h2 className="font-semibold">{editing ? `Edit endpoint “${endpoint.name}”` : 'Add endpoint'}</h2>
        <span className="text-xs text-slate-500">Any OpenAI-compatible server: vLLM, SGLang, Ollama, llama.cpp, OpenAI.</span>
      </div>
      {editing && <input type="hidden" name="id" value={endpoint.id} />}
      {state && !state.ok && (
        <div role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="form-error">
          {state.error}
        </div>
      )}

      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <Field label="Name" errors={errors.name}>
          <input name="name" defaultValue={endpoint?.name} placeholder="qwen-7b-local" autoComplete="off" className={inputClass} />
        </Field>
        <Field label="Base URL" hint="up to /v1, e.g. http://127.0.0.1:8000/v1" errors={errors.baseUrl}>
          <input name="baseUrl" defaultValue={endpoint?.baseUrl} placeholder="http://127.0.0.1:8000/v1" autoComplete="off" className={`${inputClass} font-mono`} />
        </Field>
        <Field label="Model" hint="as the server names it (GET /models)" errors={errors.model}>
          <input name="model" defaultValue={endpoint?.model} placeholder="Qwen/Qwen2.5-7B-Instruct" autoComplete="off" className={`${inputClass} font-mono`} />
        </Field>
      </div>

      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <Field
          label="API key"
          className="md:col-span-2"
          errors={errors.apiKey}
          hint={
            editing
              ? endpoint.hasApiKey
                ? `A key is stored (${endpoint.maskedKey}). Leave empty to keep the stored key.`
                : 'No key stored. Leave empty for servers that need none.'
              : 'Optional; local servers usually need none. Stored on the server only, never shown again.'
          }
        >
          <input
            type="password"
            name="apiKey"
            disabled={clearKey}
            autoComplete="new-password"
            placeholder={editing && endpoint.hasApiKey ? '(unchanged)' : 'sk-…'}
            className={`${inputClass} font-mono`}
          />
        </Field>
        {editing && endpoint.hasApiKey && (
          <label className="flex items-center gap-2 self-center pt-3 text-sm text-slate-700">
            <input type="checkbox" name="clearApiKey" checked={clearKey} onChange={(e) => setClearKey(e.target.checked)} className="accent-red-600" data-testid="clear-api-key" />
            Clear the stored key
          </label>
        )}
      </div>

      <Section title="Sampling" hint="Empty fields use the server's defaults.">
        <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
          <Field label="Temperature" hint="0–2" errors={errors['params.temperature']}>
            <input type="number" name="params.temperature" defaultValue={p.temperature} min={0} max={2} step={0.05} className={`${inputClass} tabular-nums`} />
          </Field>
          <Field label="Top-p" hint="(0, 1]" errors={errors['params.topP']}>
            <input type="number" name="params.topP" defaultValue={p.topP} min={0} max={1} step={0.01} className={`${inputClass} tabular-nums`} />
          </Field>
          <Field label="Max tokens" hint="per reply" errors={errors['params.maxTokens']}>
            <input type="number" name="params.maxTokens" defaultValue={p.maxTokens} min={1} step={1} className={`${inputClass} tabular-nums`} />
          </Field>
          <div className="flex items-center pt-3">
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" name="params.stream" defaultChecked={!!p.stream} className="accent-indigo-600" />
              Stream replies
            </label>
          </div>
          <Field
            label="Stop sequences"
            className="col-span-2 md:col-span-4"
            hint={
              <>
                One per line or comma-separated; write <code className="font-mono">\n</code> for a newline.
              </>
            }
            errors={errors['params.stop']}
          >
            <textarea name="params.stop" rows={2} defaultValue={formatStopSequences(p.stop)} className={`${inputClass} font-mono`} />
          </Field>
        </div>
      </Section>

      <Section title="Limits">
        <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
          <Field label="Concurrency" hint="requests in flight, across all runs" errors={errors.concurrency}>
            <input type="number" name="concurrency" defaultValue={endpoint?.concurrency ?? 16} min={1} max={1024} step={1} className={`${inputClass} tabular-nums`} />
          </Field>
          <Field label="Timeout (seconds)" hint="per request, 1–3600" errors={errors.timeoutSeconds}>
            <input
              type="number"
              name="timeoutSeconds"
              defaultValue={(endpoint?.timeoutMs ?? 120_000) / 1000}
              min={1}
              max={3600}
              step="any"
              className={`${inputClass} tabular-nums`}
            />
          </Field>
          <Field label="Retries" hint="per call, with backoff; then the episode errors" errors={errors.maxRetries}>
            <input type="number" name="maxRetries" defaultValue={endpoint?.maxRetries ?? 5} min={0} max={20} step={1} className={`${inputClass} tabular-nums`} />
          </Field>
          <div className="col-span-2">
            <span className="text-sm font-medium text-slate-700">Role hints</span>
            <div className="mt-2 flex gap-4">
              {ENDPOINT_ROLES.map((role) => (
                <label key={role} className="flex items-center gap-2 text-sm capitalize text-slate-700">
                  <input type="checkbox" name="roleHints" value={role} defaultChecked={endpoint?.roleHints.includes(role)} className="accent-indigo-600" />
                  {role}
                </label>
              ))}
            </div>
            <span className="mt-1 block text-xs text-slate-500">Which role this endpoint is meant for; any endpoint can play any role.</span>
            <FieldError messages={errors.roleHints} />
          </div>
        </div>
      </Section>

      <Section title="Checkpoint label" hint="What this checkpoint is, for comparing reflectors across training.">
        <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
          <Field label="Base model" errors={errors['label.baseModel']}>
            <input name="label.baseModel" defaultValue={endpoint?.label?.baseModel} placeholder="Qwen2.5-7B-Instruct" autoComplete="off" className={inputClass} />
          </Field>
          <Field label="Training step" errors={errors['label.trainingStep']}>
            <input type="number" name="label.trainingStep" defaultValue={endpoint?.label?.trainingStep} min={0} step={1} className={`${inputClass} tabular-nums`} />
          </Field>
          <Field label="Notes" errors={errors['label.notes']}>
            <textarea name="label.notes" rows={1} defaultValue={endpoint?.label?.notes} className={inputClass} />
          </Field>
        </div>
      </Section>

      <div className="flex justify-end gap-2">
        <button type="button" onClick={onDone} className="rounded border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
          Cancel
        </button>
        <button
          type="submit"
          disabled={pending}
          data-testid="save-endpoint"
          className="rounded bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500 disabled:opacity-60"
        >
          {pending ? 'Saving…' : editing ? 'Save changes' : 'Add endpoint'}
        </button>
      </div>
    </form>
  );
}
