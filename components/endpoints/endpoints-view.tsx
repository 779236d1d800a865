'use client';

import { useState } from 'react';
import { EndpointForm } from './endpoint-form';
import { EndpointsTable } from './endpoints-table';
import type { EndpointActions, EndpointView } from './types';

const EXAMPLES = [
  { server: 'vLLM / SGLang', url: 'http://127.0.0.1:8000/v1' },
  { server: 'Ollama', url: 'http://127.0.0.1:11434/v1' },
  { server: 'llama.cpp server', url: 'http://127.0.0.1:8080/v1' },
  { server: 'OpenAI', url: 'https://api.openai.com/v1' },
];

type Panel = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; id: number };

/**
 * The page's list comes from the server (re-rendered after every write by revalidatePath), with
 * masked keys only; this component holds no copy of it.
 */
export function EndpointsView({ endpoints, actions }: { endpoints: EndpointView[]; actions: EndpointActions }) {
  const [panel, setPanel] = useState<Panel>({ mode: 'closed' });
  const editing = panel.mode === 'edit' ? endpoints.find((e) => e.id === panel.id) : undefined;
  const close = () => setPanel({ mode: 'closed' });
  const addButton = (
    <button
      type="button"
      data-testid="add-endpoint"
      onClick={() => setPanel({ mode: 'add' })}
      className="rounded bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-500"
    >
      Add endpoint
    </button>
  );

  return (
    <div className="space-y-4">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold">Endpoints</h1>
          <p className="mt-1 text-sm text-slate-600">
            OpenAI-compatible model servers that can act or reflect in a run. API keys stay on the server: this page only
            ever sees whether a key is set and a masked form of it.
          </p>
        </div>
        {panel.mode === 'closed' && endpoints.length > 0 && addButton}
      </div>

      {panel.mode === 'add' && <EndpointForm key="add" actions={actions} onDone={close} />}
      {panel.mode === 'edit' && editing && <EndpointForm key={`edit-${editing.id}-${editing.updatedAt}`} endpoint={editing} actions={actions} onDone={close} />}

      {endpoints.length === 0 ? (
        panel.mode === 'closed' && (
          <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center" data-testid="endpoints-empty">
            <p className="text-slate-600">No endpoints yet — add a vLLM, SGLang, Ollama, llama.cpp or OpenAI endpoint.</p>
            <table className="mx-auto mt-4 text-left text-sm">
              <tbody>
                {EXAMPLES.map((e) => (
                  <tr key={e.url}>
                    <td className="py-0.5 pr-4 text-slate-500">{e.server}</td>
                    <td className="py-0.5 font-mono text-xs text-slate-700">{e.url}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-3 text-xs text-slate-500">
              Headless: list them in <code className="font-mono">reflectlab.endpoints.json</code> (or the file named by{' '}
              <code className="font-mono">REFLECTLAB_ENDPOINTS</code>); the worker registers them at start.
            </p>
            <div className="mt-4">{addButton}</div>
          </div>
        )
      ) : (
        <EndpointsTable endpoints={endpoints} actions={actions} onEdit={(id) => setPanel({ mode: 'edit', id })} />
      )}
    </div>
  );
}
