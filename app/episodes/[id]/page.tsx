import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { parseId } from '@/app/_server/runs';
import { EpisodeView } from '@/components/episode/episode-view';
import { getDb } from '@/db/client';
import { getEpisodeView } from '@/db/queries/views';

export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const loadEpisode = cache((raw: string) => {
  const id = parseId(raw);
  return id === null ? undefined : getEpisodeView(getDb(), { id });
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const view = loadEpisode((await params).id);
  return { title: view ? `Episode ${view.episode.id} · ${view.episode.taskType}` : 'Episode not found' };
}

export default async function EpisodePage({ params, searchParams }: Props) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const view = loadEpisode(id);
  if (!view) notFound();
  const step = typeof query.step === 'string' && /^\d{1,6}$/.test(query.step) ? Number(query.step) : null;
  return <EpisodeView initial={view} initialStep={step} offlineActor={view.run?.actor === 'offline'} />;
}
