// Starts the in-process worker once per server process. Runs are claimed from the database, so a
// worker started by the CLI against the same file cooperates instead of competing.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  if (process.env.REFLECTLAB_NO_WORKER === '1') return;
  const { startAppWorker } = await import('./worker/app-worker');
  startAppWorker();
}
