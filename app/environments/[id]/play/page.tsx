import { notFound } from 'next/navigation';
import { PlayView } from '@/components/environments/play-view';
import { resolveEnvSpec } from '@/app/_server/environments';
import { describeEnv } from '@/lib/envs/registry';

export const metadata = { title: 'Play' };
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function PlayPage({ params, searchParams }: Props) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const spec = resolveEnvSpec(decodeURIComponent(id));
  if (!spec) notFound();
  const env = describeEnv(spec);
  const type = typeof query.type === 'string' && env.taskTypes.some((t) => t.id === query.type) ? query.type : env.taskTypes[0].id;
  const seed = typeof query.seed === 'string' && /^\d{1,9}$/.test(query.seed) ? Number(query.seed) : 1;
  return <PlayView env={env} initialType={type} initialSeed={seed} />;
}
