import { asc, eq } from 'drizzle-orm';
import type { Db } from '../open';
import { metaTurns } from '../schema';

export function listMetaTurns(db: Db, { runId }: { runId: number }) {
  return db.select().from(metaTurns).where(eq(metaTurns.runId, runId)).orderBy(asc(metaTurns.index)).all();
}
