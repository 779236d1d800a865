'use client';

import { useActionState, useState } from 'react';
import type { NewRunState } from '@/app/runs/new/actions';
import type { EnvDescription } from '@/lib/envs/registry';
import type { PromptTemplates } from '@/lib/envs/types';

export interface EndpointOption {
  id: number;
  name: string;
  model: string;
  roleHints: string[];
}
import { OFFLINE_LABEL } from '@/lib/agents/labels';

type Split = 'train' | 'heldout' | 'unused';

function defaultSplits(env: EnvDescription): Record<string, Split> {
  return Object.fromEntries(env.taskTypes.map((t) => [t.id, t.split]));
}

function FieldError({ messages }: { messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p className="mt-1 text-xs text-red-600" data-testid="field-error">
      {messages.join('; ')}
    </p>
  );
}

function NumberField(props: { name: string; label: string; hint?: string; defaultValue: number; min?: number; max?: number; step?: number; errors?: string[] }) {
  return (
    <label className="block">
      <span className="text-sm font-medium text-slate-700">{props.label}</span>
      <input
        type="number"
        name={props.name}
        defaultValue={props.defaultValue}
        min={props.min}
        max={props.max}
        step={props.step ?? 1}
        className="mt-1 block w-full rounded border border-slate-300 px-2 py-1.5 text-sm tabular-nums focus:border-indigo-500 focus:outline-none focus:ring-1 focus:ring-indigo-500"
      />
      {props.hint && <span className="mt-0.5 block text-xs text-slate-500">{props.hint}</span>}
      <FieldError messages={props.errors} />
    </label>
  );
}

const TEMPLATE_FIELDS: { key: keyof PromptTemplates; label: string; hint: string }[] = [
  { key: 'actorUser', label: 'Actor user message', hint: '{goal} {observation} {available_actions} {history} {step} {max_steps}' },
  { key: 'reflectorSystem', label: 'Reflector system prompt', hint: 'asks for ANALYSIS: and IMPROVED PROMPT:' },
  { key: 'reflectorUser', label: 'Reflector user message', hint: '{prompt} {trajectories} {batch_summary}' },
];

export function NewRunForm({
  environments,
  endpoints,
  templates,
  action,
}: {
  environments: EnvDescription[];
  endpoints: EndpointOption[];
  /** The environment's default templates, shown and editable per run. */
  templates: Record<string, PromptTemplates>;
  action: (prev: NewRunState, form: FormData) => Promise<NewRunState>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const [envId, setEnvId] = useState(environments[0]?.id ?? '');
  const env = environments.find((e) => e.id === envId) ?? environments[0];
  const [splits, setSplits] = useState<Record<string, Split>>(() => (env ? defaultSplits(env) : {}));
  const errors = state?.fields ?? {};

  return (
    <form action={formAction} className="mx-auto max-w-3xl space-y-6" data-testid="new-run-form">
      <div>
        <h1 className="text-xl font-semibold">New ICT run</h1>
        <p className="mt-1 text-sm text-slate-600">
          In-context training (MetaGym protocol): each meta-turn the actor meets a fresh batch of k train tasks, the
          prompt is scored on held-out task types, and the reflector rewrites the prompt. The defaults start a useful
          offline run.
        </p>
      </div>
      {state && !state.ok && (
        <div role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="form-error">
          {state.error}
        </div>
      )}

      <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <label className="block">
          <span className="text-sm font-medium text-slate-700">Name</span>
          <input
            name="name"
            defaultValue={`${env?.id ?? 'ict'} offline ICT`}
            className="mt-1 block w-full rounded border border-slate-300 px-2 py-1.5 text-sm focus:border-indigo-500 focus:outline-none focus:ring-1 focus:ring-indigo-500"
          />
          <FieldError messages={errors.name} />
        </label>
        <label className="block">
          <span className="text-sm font-medium text-slate-700">Environment</span>
          <select
            name="env"
            value={envId}
            onChange={(e) => {
              setEnvId(e.target.value);
              const next = environments.find((x) => x.id === e.target.value);
              if (next) setSplits(defaultSplits(next));
            }}
            className="mt-1 block w-full rounded border border-slate-300 px-2 py-1.5 text-sm"
          >
            {environments.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name} ({e.version})
              </option>
            ))}
          </select>
          <FieldError messages={errors.env} />
        </label>
      </section>

      {env && (
        <section className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="text-sm font-semibold text-slate-800">Task-type split</h2>
          <p className="mt-0.5 text-xs text-slate-500">
            Train batches come from train types; validation tasks from held-out types the reflector never sees.
          </p>
          <table className="mt-3 w-full text-sm" data-testid="split-table">
            <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="py-1 font-medium">Task type</th>
                <th className="py-1 text-center font-medium">Train</th>
                <th className="py-1 text-center font-medium">Held-out</th>
                <th className="py-1 text-center font-medium">Unused</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {env.taskTypes.map((t) => (
                <tr key={t.id}>
                  <td className="py-1.5">
                    <div className="font-mono text-xs">{t.id}</div>
                    <div className="text-xs text-slate-500">{t.description}</div>
                  </td>
                  {(['train', 'heldout', 'unused'] as const).map((s) => (
                    <td key={s} className="text-center">
                      <input
                        type="radio"
                        name={`split:${t.id}`}
                        value={s}
                        aria-label={`${t.id} ${s}`}
                        checked={splits[t.id] === s}
                        onChange={() => setSplits((prev) => ({ ...prev, [t.id]: s }))}
                        className="accent-indigo-600"
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <FieldError messages={errors.trainTaskTypes} />
          <FieldError messages={errors.heldOutTaskTypes} />
        </section>
      )}

      <section className="grid grid-cols-2 gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-4">
        <NumberField name="batchSize" label="Batch size k" hint="train tasks per meta-turn" defaultValue={3} min={1} max={64} errors={errors.batchSize} />
        <NumberField name="metaTurns" label="Meta-turns T" defaultValue={4} min={1} max={50} errors={errors.metaTurns} />
        <NumberField name="valTasks" label="Validation tasks" hint="fixed, held-out types" defaultValue={12} min={1} max={500} errors={errors.valTasks} />
        <NumberField name="seed" label="Seed" defaultValue={1} min={0} errors={errors.seed} />
      </section>

      <section className="grid grid-cols-1 gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        {(['actor', 'reflector'] as const).map((role) => (
          <label key={role} className="block">
            <span className="text-sm font-medium capitalize text-slate-700">{role}</span>
            <select
              name={role}
              defaultValue="offline"
              data-testid={`${role}-select`}
              className="mt-1 block w-full rounded border border-slate-300 px-2 py-1.5 text-sm"
            >
              <option value="offline">{OFFLINE_LABEL}</option>
              {endpoints.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.name} · {e.model}
                  {e.roleHints.length ? ` (${e.roleHints.join(', ')})` : ''}
                </option>
              ))}
            </select>
            <FieldError messages={errors[role]} />
          </label>
        ))}
        {endpoints.length === 0 && (
          <p className="text-xs text-slate-500 sm:col-span-2">
            To use a language model, <a href="/endpoints" className="text-indigo-700 underline">register an endpoint</a> (vLLM,
            SGLang, Ollama, llama.cpp, OpenAI).
          </p>
        )}
        <p className="text-xs text-slate-500 sm:col-span-2">
          The offline scripted policy follows the environment&apos;s privileged planner with seeded mistakes and learns
          lessons from its prompt. It exists so every page works without a GPU; it says nothing about language models.
        </p>
      </section>

      <details className="rounded-lg border border-slate-200 bg-white p-4">
        <summary className="cursor-pointer text-sm font-medium text-slate-700">Advanced</summary>
        <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-3">
          <NumberField name="parallelEpisodes" label="Parallel episodes" hint="in flight per meta-turn; the endpoint limit still applies" defaultValue={16} min={1} max={256} errors={errors.parallelEpisodes} />
          <NumberField name="offlineStepDelayMs" label="Offline step delay (ms)" hint="simulated thinking time, to watch live" defaultValue={100} min={0} max={10000} errors={errors.offlineStepDelayMs} />
          <NumberField name="offlineSlipRate" label="Offline slip rate" hint="chance of an unlearned mistake" defaultValue={0.6} min={0} max={1} step={0.05} errors={errors.offlineSlipRate} />
          <NumberField name="historyWindow" label="LLM history window" hint="steps shown to an LLM actor" defaultValue={8} min={0} max={200} errors={errors.historyWindow} />
        </div>
      </details>

      {env && (
        <details className="rounded-lg border border-slate-200 bg-white p-4" data-testid="templates">
          <summary className="cursor-pointer text-sm font-medium text-slate-700">Prompt templates (LLM agents)</summary>
          <p className="mt-2 text-xs text-slate-500">
            Defaults of {env.name}. Edit to override them for this run; placeholders in braces are filled in per step.
          </p>
          <div className="mt-3 space-y-4">
            {TEMPLATE_FIELDS.map((f) => (
              <label key={`${env.id}-${f.key}`} className="block">
                <span className="text-sm font-medium text-slate-700">{f.label}</span>
                <span className="ml-2 font-mono text-xs text-slate-400">{f.hint}</span>
                <textarea
                  name={`template:${f.key}`}
                  defaultValue={templates[env.id]?.[f.key] ?? ''}
                  rows={6}
                  className="mt-1 block w-full rounded border border-slate-300 px-2 py-1.5 font-mono text-xs"
                />
                <FieldError messages={errors[`templates.${f.key}`] ?? errors.templates} />
              </label>
            ))}
          </div>
        </details>
      )}

      <div className="flex justify-end">
        <button
          type="submit"
          disabled={pending}
          data-testid="start-run"
          className="rounded bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500 disabled:opacity-60"
        >
          {pending ? 'Starting…' : 'Start run'}
        </button>
      </div>
    </form>
  );
}
