import Link from 'next/link';
import { listAllEnvironments } from '@/app/_server/environments';
import { RegisterEnvironmentForm } from '@/components/environments/register-form';
import { probeEnvironmentAction, registerEnvironmentAction } from './actions';

export const metadata = { title: 'Environments' };
export const dynamic = 'force-dynamic';

export default function EnvironmentsPage() {
  const envs = listAllEnvironments();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-xl font-semibold">Environments</h1>
        <p className="mt-1 text-sm text-slate-600">
          Built-in, seeded environments and registered remote ones. A task is reproducible from its type and seed.
        </p>
      </div>
      <RegisterEnvironmentForm action={registerEnvironmentAction} probe={probeEnvironmentAction} />
      {envs.map((e) => (
        <section key={e.id} className="rounded-lg border border-slate-200 bg-white p-4" data-testid="env-card" data-env-id={e.id}>
          <div className="flex items-baseline justify-between gap-4">
            <h2 className="font-semibold">
              {e.name}
              <span className="ml-2 font-mono text-xs font-normal text-slate-500">{e.id}</span>
              {e.kind === 'remote' && (
                <span className="ml-2 rounded bg-sky-50 px-1.5 py-0.5 text-xs font-normal text-sky-700" data-testid="remote-badge">
                  remote · {e.baseUrl}
                </span>
              )}
            </h2>
            <div className="flex items-center gap-3">
              <span className="font-mono text-xs text-slate-500">
                {e.version} · max {e.maxSteps} steps
              </span>
              <Link href={`/environments/${encodeURIComponent(e.id)}/play`} className="rounded bg-indigo-600 px-2.5 py-1 text-xs font-medium text-white hover:bg-indigo-500" data-testid="play-link">
                Play by hand
              </Link>
            </div>
          </div>
          <p className="mt-1 text-sm text-slate-600">{e.description}</p>
          <div className="mt-4 grid gap-6 md:grid-cols-2">
            <div>
              <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Task types (default split)</h3>
              <ul className="mt-2 divide-y divide-slate-100 text-sm">
                {e.taskTypes.map((t) => (
                  <li key={t.id} className="flex items-start justify-between gap-3 py-1.5">
                    <div>
                      <div className="font-mono text-xs">{t.id}</div>
                      <div className="text-xs text-slate-500">{t.description}</div>
                    </div>
                    <span
                      className={`shrink-0 rounded px-1.5 py-0.5 text-xs ${t.split === 'train' ? 'bg-indigo-50 text-indigo-700' : 'bg-amber-50 text-amber-800'}`}
                    >
                      {t.split === 'train' ? 'train' : 'held-out'}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Pitfalls and their lessons</h3>
              {e.pitfalls.length === 0 && <p className="mt-2 text-xs text-slate-500">none declared (the offline scripted policy needs a built-in environment)</p>}
              <ul className="mt-2 space-y-2 text-sm">
                {e.pitfalls.map((p) => (
                  <li key={p.id}>
                    <span className="font-mono text-xs text-amber-800">{p.id}</span> — {p.description}
                    <div className="text-xs text-slate-500">lesson: {p.lesson}</div>
                  </li>
                ))}
              </ul>
              <h3 className="mt-4 text-xs font-semibold uppercase tracking-wide text-slate-500">Negative feedback</h3>
              <ul className="mt-1 font-mono text-xs text-slate-600">
                {e.negativeFeedback.map((n) => (
                  <li key={n}>/{n}/</li>
                ))}
              </ul>
            </div>
          </div>
          <details className="mt-4">
            <summary className="cursor-pointer text-sm text-slate-700">Initial system prompt (sp₀)</summary>
            <pre className="mt-2 whitespace-pre-wrap rounded bg-slate-50 p-3 font-mono text-xs">{e.initialSystemPrompt}</pre>
          </details>
        </section>
      ))}
    </div>
  );
}
