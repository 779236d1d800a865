#!/usr/bin/env -S npx tsx
// The headless CLI: the same engine as the dashboard, against the same SQLite file.
import { parseArgs } from 'node:util';
import os from 'node:os';
import { openDatabase, dbFileFromEnv } from '../db/open';
import { envServerMain, UsageError } from './env-server';
import { claimRunById, insertRun } from '../db/queries/runs';
import { getRunView } from '../db/queries/views';
import { ictConfigSchema, issuesByField } from '../lib/ict/config';
import { executeRun } from '../worker/execute-run';
import { applyConfigFile } from '../worker/config-sync';
import { startWorker } from '../worker/worker';

const usage = `usage:
  reflectlab run [--db FILE] --env ENV [--name NAME] [--seed N] [--batch-size K] [--meta-turns T]
                 [--val-tasks N] [--train TYPE,...] [--held-out TYPE,...] [--json]
  reflectlab worker [--db FILE]
  reflectlab env-server --env ENV [--port N] [--host H]   serve a built-in environment over AgentGym's protocol`;

function fail(msg: string): never {
  console.error(msg);
  process.exit(2);
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'env-server') {
    try {
      await envServerMain(rest);
    } catch (e) {
      fail(e instanceof UsageError ? e.message : e instanceof Error ? (e.stack ?? e.message) : String(e));
    }
    return;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      db: { type: 'string' },
      env: { type: 'string', default: 'household' },
      name: { type: 'string' },
      seed: { type: 'string' },
      'batch-size': { type: 'string' },
      'meta-turns': { type: 'string' },
      'val-tasks': { type: 'string' },
      train: { type: 'string' },
      'held-out': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const db = openDatabase(values.db ?? dbFileFromEnv());
  applyConfigFile(db, (m) => console.error(m));
  const int = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  const list = (v: string | undefined) => v?.split(',').map((s) => s.trim()).filter(Boolean);

  if (command === 'worker') {
    const worker = startWorker(db);
    console.log(`worker ${worker.id} polling ${values.db ?? dbFileFromEnv()}; Ctrl-C stops it (runs resume later)`);
    const stop = () => void worker.stop().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return;
  }
  if (command !== 'run') fail(usage);

  const parsed = ictConfigSchema.safeParse({
    name: values.name ?? `cli ${values.env}`,
    env: values.env,
    seed: int(values.seed),
    batchSize: int(values['batch-size']),
    metaTurns: int(values['meta-turns']),
    valTasks: int(values['val-tasks']),
    trainTaskTypes: list(values.train),
    heldOutTaskTypes: list(values['held-out']),
  });
  if (!parsed.success) fail(`invalid run config: ${JSON.stringify(issuesByField(parsed.error))}`);
  const config = parsed.data;
  const id = insertRun(db, { name: config.name, kind: 'ict', config, seed: config.seed });
  const workerId = `${os.hostname()}:${process.pid}`;
  const run = claimRunById(db, { id, workerId, now: Date.now() });
  if (!run) fail(`run ${id} was claimed by another worker`);
  const t0 = performance.now();
  const status = await executeRun(db, run, { workerId, heartbeatMs: 1000, log: console.error });
  const view = getRunView(db, { id })!;
  if (values.json) {
    console.log(JSON.stringify(view, null, 2));
  } else {
    console.log(`run ${id} ${status} in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
    for (const m of view.metaTurns) {
      console.log(`meta-turn ${m.index}: train ${m.trainReward?.toFixed(2)} · validation ${m.valReward?.toFixed(2)}`);
    }
    if (view.error) console.log(`error: ${view.error}`);
  }
  process.exit(status === 'done' ? 0 : 1);
}

main().catch((e) => fail(e instanceof Error ? (e.stack ?? e.message) : String(e)));
