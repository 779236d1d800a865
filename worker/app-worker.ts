import { getDb } from '../db/client';
import { applyConfigFile } from './config-sync';
import { startWorker, type WorkerHandle } from './worker';

const g = globalThis as unknown as { __reflectlabWorker?: WorkerHandle };

/** The worker inside the Next.js server; one per process even across dev reloads. */
export function startAppWorker(): WorkerHandle {
  if (g.__reflectlabWorker) return g.__reflectlabWorker;
  const db = getDb();
  applyConfigFile(db, (m) => console.log(`[reflectlab] ${m}`));
  const worker = startWorker(db);
  g.__reflectlabWorker = worker;
  const stop = () => {
    void worker.stop().finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return worker;
}
