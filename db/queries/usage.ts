import { sql } from 'drizzle-orm';
import type { Db } from '../open';

export interface CallTotals {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  failedCalls: number;
  retries: number;
}

interface Row {
  calls: number | null;
  prompt: number | null;
  completion: number | null;
  failed: number | null;
  retries: number | null;
}

const totals = (r: Row | undefined): CallTotals => ({
  calls: r?.calls ?? 0,
  promptTokens: r?.prompt ?? 0,
  completionTokens: r?.completion ?? 0,
  failedCalls: r?.failed ?? 0,
  retries: r?.retries ?? 0,
});

// Aggregated inside SQLite from the JSON call records, so a long run's totals cost one query
// instead of loading every step.
const aggregate = sql`count(c.value) as calls,
  sum(json_extract(c.value, '$.promptTokens')) as prompt,
  sum(json_extract(c.value, '$.completionTokens')) as completion,
  sum(json_extract(c.value, '$.error') is not null) as failed,
  sum(json_extract(c.value, '$.retries')) as retries`;

/** Model usage of a run: the actor's calls (over steps) and the reflector's (over meta-turns). */
export function getRunUsage(db: Db, { runId }: { runId: number }) {
  const actor = db.get<Row>(sql`select ${aggregate} from (
      select s.calls as calls from steps s join episodes e on e.id = s.episode_id where e.run_id = ${runId}
      union all
      select e.error_calls from episodes e where e.run_id = ${runId} and e.error_calls is not null
    ) x, json_each(coalesce(x.calls, '[]')) c`);
  const reflector = db.get<Row>(sql`select ${aggregate}
    from meta_turns m, json_each(coalesce(m.reflector_calls, '[]')) c
    where m.run_id = ${runId}`);
  const reflectionErrors =
    db.get<{ n: number }>(sql`select count(*) as n from meta_turns where run_id = ${runId} and reflection_error is not null`)?.n ?? 0;
  return { actor: totals(actor), reflector: totals(reflector), reflectionErrors };
}
export type RunUsage = ReturnType<typeof getRunUsage>;
