import { NewRunForm } from '@/components/runs/new-run-form';
import { getDb } from '@/db/client';
import { listEndpoints } from '@/db/queries/endpoints';
import { resolveTemplates } from '@/lib/agents/llm/templates';
import { listAllEnvironments, resolveEnvSpec } from '@/app/_server/environments';
import { createRunAction } from './actions';

export const metadata = { title: 'New run' };
export const dynamic = 'force-dynamic';

export default function NewRunPage() {
  const environments = listAllEnvironments();
  const endpoints = listEndpoints(getDb()).map((e) => ({ id: e.id, name: e.name, model: e.model, roleHints: e.roleHints }));
  const templates = Object.fromEntries(environments.map((e) => [e.id, resolveTemplates(resolveEnvSpec(e.id) ?? {})]));
  return <NewRunForm environments={environments} endpoints={endpoints} templates={templates} action={createRunAction} />;
}
