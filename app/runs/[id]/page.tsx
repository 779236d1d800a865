import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { parseId } from '@/app/_server/runs';
import { RunView } from '@/components/run/run-view';
import { getDb } from '@/db/client';
import { getRunView } from '@/db/queries/views';
import { cancelRunAction } from './actions';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// generateMetadata and the page both need the run; one read per request.
const loadRun = cache((raw: string) => {
  const id = parseId(raw);
  return id === null ? undefined : getRunView(getDb(), { id });
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const run = loadRun((await params).id);
  return { title: run ? `${run.name} (run ${run.id})` : 'Run not found' };
}

export default async function RunPage({ params, searchParams }: Props) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const run = loadRun(id);
  if (!run) notFound();
  return <RunView initial={run} cancelAction={cancelRunAction} chartMetric={query.metric === 'success' ? 'success' : 'reward'} />;
}
