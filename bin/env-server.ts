#!/usr/bin/env -S npx tsx
// Serves a built-in environment over AgentGym's environment-server protocol:
//   npx tsx bin/env-server.ts --env household --port 8765
// (also wired as `reflectlab env-server`). Another ReflectLab registers it as a remote
// environment; AgentGym clients can play it too.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { findEnvSpec, listEnvSpecs } from '../lib/envs/registry';
import { startEnvServer, type EnvServer } from '../lib/envs/remote/server';

export const envServerUsage = `usage: env-server [--env ID] [--port N] [--host HOST] [--max-sessions N] [--idle-minutes N]
  --env           built-in environment to serve (default household; one of: ${listEnvSpecs()
    .map((s) => s.id)
    .join(', ')})
  --port          TCP port (default 8765; 0 picks a free one)
  --host          interface to listen on (default 127.0.0.1; the protocol has no authentication)
  --max-sessions  open environment instances at most (default 1000)
  --idle-minutes  instances untouched this long are closed (default 30)`;

export class UsageError extends Error {
  constructor(
    message: string,
    /** The user asked for the usage (--help): not a failure. */
    readonly help = false,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

function intOption(name: string, v: string | undefined, min: number, max: number): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got "${v}"`);
  return n;
}

export interface EnvServerMainOptions {
  log?: (line: string) => void;
  /** Close the server on SIGINT/SIGTERM (default true; tests turn it off). */
  handleSignals?: boolean;
}

/** Parses `argv` (the arguments after the command), starts the server and prints its URL. Throws UsageError on bad arguments. */
export async function envServerMain(argv: string[], opts: EnvServerMainOptions = {}): Promise<EnvServer> {
  const log = opts.log ?? console.log;
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        env: { type: 'string', default: 'household' },
        port: { type: 'string', default: '8765' },
        host: { type: 'string', default: '127.0.0.1' },
        'max-sessions': { type: 'string' },
        'idle-minutes': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (e) {
    throw new UsageError(`${(e as Error).message}\n${envServerUsage}`);
  }
  if (values.help) throw new UsageError(envServerUsage, true);
  const spec = findEnvSpec(values.env);
  if (!spec) throw new UsageError(`unknown environment "${values.env}"\n${envServerUsage}`);
  const idleMinutes = intOption('idle-minutes', values['idle-minutes'], 1, 7 * 24 * 60);
  const server = await startEnvServer({
    spec,
    port: intOption('port', values.port, 0, 65535),
    host: values.host,
    maxSessions: intOption('max-sessions', values['max-sessions'], 1, 1_000_000),
    idleTimeoutMs: idleMinutes === undefined ? undefined : idleMinutes * 60_000,
  });
  log(`serving ${spec.id} (${spec.version}) at ${server.url}`);
  if (!/^(127\.|::1$|localhost$)/.test(values.host)) log(`warning: listening on ${values.host} without authentication; anyone who can reach it can use it`);
  if (opts.handleSignals ?? true) {
    const stop = () => void server.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  }
  return server;
}

function runDirectly(): boolean {
  try {
    return !!process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (runDirectly()) {
  envServerMain(process.argv.slice(2)).catch((e) => {
    if (e instanceof UsageError && e.help) {
      console.log(e.message);
      process.exit(0);
    }
    console.error(e instanceof UsageError ? e.message : e instanceof Error ? (e.stack ?? e.message) : String(e));
    process.exit(2);
  });
}
