import { RunsTable } from '@/components/runs/runs-table';
import { getDb } from '@/db/client';
import { listRuns } from '@/db/queries/runs';

export const dynamic = 'force-dynamic';

export default function RunsPage() {
  const runs = listRuns(getDb());
  return <RunsTable initialRuns={runs} />;
}
