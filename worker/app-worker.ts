import { getDb } from '../db/client';
import { startWorker, type WorkerHandle } from './worker';

const g = globalThis as unknown as { __reflectlabWorker?: WorkerHandle };

/** The worker inside the Next.js server; one per process even across dev reloads. */
export function startAppWorker(): WorkerHandle {
  if (g.__reflectlabWorker) return g.__reflectlabWorker;
  const worker = startWorker(getDb());
  g.__reflectlabWorker = worker;
  const stop = () => {
    void worker.stop().finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return worker;
}
