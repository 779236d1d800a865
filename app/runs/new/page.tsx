import { NewRunForm } from '@/components/runs/new-run-form';
import { getDb } from '@/db/client';
import { listEndpoints } from '@/db/queries/endpoints';
import { resolveTemplates } from '@/lib/agents/llm/templates';
import { describeEnv, listEnvSpecs } from '@/lib/envs/registry';
import { createRunAction } from './actions';

export const metadata = { title: 'New run' };
export const dynamic = 'force-dynamic';

export default function NewRunPage() {
  const specs = listEnvSpecs();
  const endpoints = listEndpoints(getDb()).map((e) => ({ id: e.id, name: e.name, model: e.model, roleHints: e.roleHints }));
  const templates = Object.fromEntries(specs.map((s) => [s.id, resolveTemplates(s)]));
  return <NewRunForm environments={specs.map(describeEnv)} endpoints={endpoints} templates={templates} action={createRunAction} />;
}
