import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface AppServer {
  url: string;
  dbFile: string;
  /** SIGKILL, as a crash would: no shutdown hooks run. */
  kill(): Promise<void>;
  stop(): Promise<void>;
  logs(): string;
}

export function tempDbFile(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `reflectlab-e2e-${name}-`));
  return path.join(dir, 'reflectlab.db');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

function waitExit(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
}

/** Serves the production build (`next build` must have run) on a free loopback port. */
export async function startServer(dbFile: string, env: Record<string, string> = {}): Promise<AppServer> {
  const port = await freePort();
  const nextBin = path.join(process.cwd(), 'node_modules', 'next', 'dist', 'bin', 'next');
  let output = '';
  const child = spawn(process.execPath, [nextBin, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    env: { ...process.env, REFLECTLAB_DB: dbFile, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/environments`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`next start did not answer within 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const signalGroup = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      // already gone
    }
  };
  return {
    url,
    dbFile,
    logs: () => output,
    kill: async () => {
      signalGroup('SIGKILL');
      await waitExit(child);
    },
    stop: async () => {
      signalGroup('SIGTERM');
      const t = setTimeout(() => signalGroup('SIGKILL'), 5000);
      await waitExit(child);
      clearTimeout(t);
    },
  };
}

export async function api<T>(server: AppServer, route: string, init?: RequestInit): Promise<T> {
  const res = await fetch(server.url + route, { ...init, headers: { 'content-type': 'application/json' } });
  const body = await res.json();
  if (!res.ok) throw new Error(`${route} → ${res.status}: ${JSON.stringify(body)}`);
  return body as T;
}

export async function waitFor<T>(what: string, fn: () => Promise<T | undefined | null | false>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
