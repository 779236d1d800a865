// Runs an untrusted Python 3 program on a list of inputs. See README.md beside this file for
// what the isolation does and does not give. In short: a fresh temporary directory, a
// minimal environment, CPU/memory/output limits per test, a wall clock that kills the whole
// process group, no network (namespaces where the host allows them, plus an audit hook), and
// the temporary directory removed afterwards.

import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import { availableParallelism, constants as osConstants, tmpdir } from 'node:os';
import path from 'node:path';
import { HARNESS_SOURCE } from './harness';

export interface SandboxLimits {
  /** CPU time per test. */
  cpuMs: number;
  /** Wall-clock time per test (catches sleeping and blocked programs). */
  wallMs: number;
  /** Address space per test. */
  memoryBytes: number;
  /** Standard output per test; writing more fails the test. */
  outputBytes: number;
}

export const DEFAULT_LIMITS: SandboxLimits = {
  cpuMs: 1000,
  wallMs: 3000,
  memoryBytes: 256 * 1024 * 1024,
  outputBytes: 1024 * 1024,
};

/** Strongest first. `namespaces`: user + network + PID + mount namespaces; `network`: user + network only. */
export type Isolation = 'namespaces' | 'network' | 'none';

export interface SandboxOptions {
  limits?: Partial<SandboxLimits>;
  /** Skip the remaining tests after the first time-out (they are reported as `skipped`). */
  stopAfterTimeout?: boolean;
  /**
   * Expected outputs of the first inputs (the visible examples): the run stops after the first
   * of them that fails or prints other tokens, since the judge reports that one alone.
   */
  expected?: string[];
  /** Use at most this isolation level (tests use it to check each layer on its own). */
  maxIsolation?: Isolation;
  /** The audit hook that refuses sockets and process creation; on unless a test turns it off. */
  auditHook?: boolean;
}

export type TestStatus = 'ok' | 'runtime-error' | 'timeout' | 'memory' | 'output-limit' | 'skipped';

export interface TestRun {
  status: TestStatus;
  stdout: string;
  /** The last few KB of standard error (the traceback on a runtime error). */
  stderr: string;
  exitCode: number | null;
  signal: string | null;
  cpuMs: number;
  wallMs: number;
}

export interface CompileError {
  type: string;
  message: string;
  line: number | null;
  text: string | null;
}

export interface SandboxRun {
  compileError: CompileError | null;
  /** One entry per input, in order. */
  tests: TestRun[];
  isolation: Isolation;
  /** The temporary directory the program ran in; already removed when the run returns. */
  workDir: string;
  /** The process group that was spawned (and killed) for the run. */
  pid: number | null;
  /** Set when the harness itself failed (not the program): a bug or a broken host. */
  internalError: string | null;
}

interface Host {
  python: string;
  unshare: string | null;
  prlimit: string | null;
  isolation: Isolation;
}

const CHILD_PATH = '/usr/local/bin:/usr/bin:/bin';

/** Only what a Python program needs; nothing is inherited from this process. */
function minimalEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  // The cast: Next.js declares NODE_ENV as required, and the child must not get it either.
  return { PATH: CHILD_PATH, LANG: 'C.UTF-8', ...extra } as unknown as NodeJS.ProcessEnv;
}

function which(name: string): string | null {
  for (const dir of (process.env.PATH ?? CHILD_PATH).split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

function run(file: string, args: string[], timeoutMs = 5000): Promise<{ ok: boolean; stdout: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: timeoutMs, env: minimalEnv({}) }, (err, stdout) => {
      resolve({ ok: !err, stdout: String(stdout) });
    });
  });
}

const NAMESPACE_FLAGS = ['--user', '--map-root-user', '--net', '--pid', '--fork', '--kill-child', '--mount-proc'];
const NETWORK_FLAGS = ['--user', '--map-root-user', '--net'];

let hostPromise: Promise<Host> | null = null;

/**
 * Finds the interpreter and probes what isolation the host allows, once per process.
 * `python3` is resolved to its real executable because the child's PATH and HOME are minimal
 * (version-manager shims such as pyenv's need both).
 */
export function probeHost(): Promise<Host> {
  hostPromise ??= (async () => {
    const configured = process.env.CODE_ENV_PYTHON;
    const launcher = configured || which('python3');
    if (!launcher) throw new Error('code sandbox: python3 not found on PATH (set CODE_ENV_PYTHON)');
    const resolved = await new Promise<string>((resolve, reject) => {
      execFile(/*turbopackIgnore: true*/ launcher, ['-c', 'import sys; print(sys.executable)'], { timeout: 10_000 }, (err, stdout) =>
        err ? reject(new Error(`code sandbox: cannot start ${launcher}: ${err.message}`)) : resolve(String(stdout).trim()),
      );
    });
    const unshare = which('unshare');
    let isolation: Isolation = 'none';
    if (unshare && (await run(unshare, [...NAMESPACE_FLAGS, '--', resolved, '-c', 'pass'])).ok) isolation = 'namespaces';
    else if (unshare && (await run(unshare, [...NETWORK_FLAGS, '--', resolved, '-c', 'pass'])).ok) isolation = 'network';
    return { python: resolved || launcher, unshare, prlimit: which('prlimit'), isolation };
  })();
  return hostPromise;
}

const RANK: Record<Isolation, number> = { none: 0, network: 1, namespaces: 2 };

/** A counting semaphore: CPU-bound programs in parallel beyond the core count only slow each other. */
class Slots {
  private free: number;
  private waiting: (() => void)[] = [];
  constructor(n: number) {
    this.free = n;
  }
  async acquire(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

const slots = new Slots(Math.max(1, availableParallelism()));

interface RawTest {
  exitCode: number | null;
  signal: string | null;
  wallKilled: boolean;
  cpuMs: number;
  wallMs: number;
  stdout: string;
  stdoutBytes: number;
  stderr: string;
}

function frame(fields: string[]): Buffer {
  return Buffer.concat(
    fields.flatMap((f) => {
      const b = Buffer.from(f, 'utf8');
      return [Buffer.from(`${b.length}:`), b];
    }),
  );
}

const SIGNAL_NAMES = new Map(Object.entries(osConstants.signals).map(([name, n]) => [n as number, name]));

/**
 * Reads the harness's records (see harness.ts). Stops at the first malformed field: what
 * follows cannot be trusted, and the tests it would have described count as not run.
 */
function parseRecords(data: Buffer, nonce: string): { compileError: CompileError | null; compiled: boolean; raws: Map<number, RawTest> } {
  let at = 0;
  const field = (): Buffer | null => {
    const colon = data.indexOf(0x3a, at);
    if (colon < 0 || colon - at > 12) return null;
    const n = Number(data.subarray(at, colon).toString('latin1'));
    if (!Number.isInteger(n) || n < 0 || colon + 1 + n > data.length) return null;
    at = colon + 1 + n;
    return data.subarray(colon + 1, at);
  };
  const text = (b: Buffer | null) => (b === null ? null : b.toString('utf8'));
  const num = (b: Buffer | null) => (b === null || b.length === 0 ? null : Number(b.toString('latin1')));
  let compileError: CompileError | null = null;
  let compiled = false;
  const raws = new Map<number, RawTest>();
  while (at < data.length) {
    if (text(field()) !== nonce) break;
    const kind = text(field());
    if (kind === 'compiled') compiled = true;
    else if (kind === 'compile-error') {
      const [type, message, line, src] = [field(), field(), field(), field()];
      if (src === null) break;
      compileError = { type: text(type)!, message: text(message)!, line: num(line), text: text(src) || null };
    } else if (kind === 'test') {
      const f = Array.from({ length: 9 }, field);
      if (f[8] === null) break;
      const index = num(f[0])!;
      const signal = num(f[2]);
      if (!raws.has(index)) {
        raws.set(index, {
          exitCode: num(f[1]),
          signal: signal === null ? null : (SIGNAL_NAMES.get(signal) ?? `signal ${signal}`),
          wallKilled: text(f[3]) === '1',
          cpuMs: num(f[4]) ?? 0,
          wallMs: num(f[5]) ?? 0,
          stdoutBytes: num(f[6]) ?? 0,
          stdout: text(f[7])!,
          stderr: text(f[8])!,
        });
      }
    } else break;
  }
  return { compileError, compiled, raws };
}

/** Turns the harness's raw outcome into a status. Exported for its unit test. */
export function classify(raw: RawTest, limits: SandboxLimits): TestStatus {
  if (raw.wallKilled || raw.signal === 'SIGPROF' || raw.signal === 'SIGXCPU') return 'timeout';
  const lastLine = raw.stderr.trimEnd().split('\n').pop() ?? '';
  const memory = /^MemoryError\b/.test(lastLine) || /Cannot allocate memory|out of memory/i.test(raw.stderr);
  if (raw.signal === 'SIGKILL') return raw.cpuMs >= limits.cpuMs ? 'timeout' : memory ? 'memory' : 'runtime-error';
  if (raw.stdoutBytes >= limits.outputBytes || /\[Errno 27\] File too large/.test(raw.stderr)) return 'output-limit';
  if (raw.signal) return memory ? 'memory' : 'runtime-error';
  if (raw.exitCode === 0) return 'ok';
  return memory ? 'memory' : 'runtime-error';
}

async function removeTree(dir: string): Promise<void> {
  try {
    await rm(dir, { recursive: true, force: true });
  } catch {
    // A program may have taken away its own permissions on what it created; give them back.
    const restore = async (d: string) => {
      await chmod(d, 0o700).catch(() => undefined);
      for (const e of await readdir(d, { withFileTypes: true }).catch(() => [])) {
        if (e.isDirectory()) await restore(path.join(d, e.name));
      }
    };
    await restore(dir);
    await rm(dir, { recursive: true, force: true });
  }
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Runs `code` once per input and reports each test's outcome. Never throws for the program's faults. */
export async function runPython(code: string, inputs: string[], options: SandboxOptions = {}): Promise<SandboxRun> {
  const host = await probeHost();
  const limits: SandboxLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const isolation: Isolation =
    options.maxIsolation && RANK[options.maxIsolation] < RANK[host.isolation] ? options.maxIsolation : host.isolation;

  await slots.acquire();
  const workDir = await mkdtemp(path.join(tmpdir(), 'code-sandbox-'));
  try {
    const python = [host.python, '-S', '-s', '-B', '-c', HARNESS_SOURCE];
    // The harness itself gets generous limits: its children lower them per test.
    const prlimit = host.prlimit
      ? [host.prlimit, '--cpu=60', `--as=${limits.memoryBytes + 512 * 1024 * 1024}`, '--core=0', '--']
      : [];
    const wrap =
      isolation === 'namespaces' ? [host.unshare!, ...NAMESPACE_FLAGS, '--'] : isolation === 'network' ? [host.unshare!, ...NETWORK_FLAGS, '--'] : [];
    const argv = [...wrap, ...prlimit, ...python];
    const nonce = randomBytes(12).toString('hex');
    const expected = options.expected ?? [];
    const payload = frame([
      nonce,
      code,
      options.auditHook ?? true ? '1' : '0',
      options.stopAfterTimeout ? '1' : '0',
      String(Math.round(limits.cpuMs)),
      String(Math.round(limits.wallMs)),
      String(Math.round(limits.memoryBytes)),
      String(Math.round(limits.outputBytes)),
      String(inputs.length),
      ...inputs,
      String(expected.length),
      ...expected,
    ]);

    const child = spawn(argv[0], argv.slice(1), {
      cwd: workDir,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      // Nothing of the parent's environment: no keys, tokens or paths leak into the program.
      // PYTHONHASHSEED makes set and dict-of-str iteration order reproducible.
      env: minimalEnv({ HOME: workDir, TMPDIR: workDir, PYTHONHASHSEED: '0', PYTHONIOENCODING: 'utf-8' }),
    });
    const pid = child.pid ?? null;

    const maxStdout = inputs.length * (limits.outputBytes + 16_384) + 65_536;
    const chunks: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes <= maxStdout) chunks.push(chunk);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 16_384) stderr += chunk;
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(payload);

    // The harness enforces per-test limits itself; this is the backstop for the harness.
    const budget = inputs.length * (limits.wallMs + 500) + 10_000;
    let overall = false;
    const timer = setTimeout(() => {
      overall = true;
      if (pid) killGroup(pid);
    }, budget);
    const exit = await new Promise<{ code: number | null; signal: string | null; error?: Error }>((resolve) => {
      child.on('error', (error) => resolve({ code: null, signal: null, error }));
      child.on('close', (code, signal) => resolve({ code, signal }));
    });
    clearTimeout(timer);
    // Whatever the harness left behind (it cannot fork children that outlive it in a PID
    // namespace, but without one a program could try) goes with the group.
    if (pid) killGroup(pid);

    const { compileError, compiled, raws } = parseRecords(Buffer.concat(chunks), nonce);

    let internalError: string | null = null;
    if (exit.error) internalError = `cannot start the sandbox: ${exit.error.message}`;
    else if (!compileError && !compiled) internalError = `the sandbox harness failed (exit ${exit.code ?? exit.signal}): ${stderr.trim().slice(-500)}`;

    const tests: TestRun[] = [];
    let stopped = false;
    for (let i = 0; i < inputs.length; i++) {
      const raw = raws.get(i);
      if (compileError || internalError) break;
      if (!raw) {
        // The harness stopped early: by request after a time-out or a failed example, or it was killed.
        const status: TestStatus = stopped ? 'skipped' : overall ? 'timeout' : 'runtime-error';
        tests.push({ status, stdout: '', stderr: overall ? '' : stderr.slice(-2000), exitCode: null, signal: null, cpuMs: 0, wallMs: 0 });
        stopped = true;
        continue;
      }
      const status = classify(raw, limits);
      tests.push({ status, stdout: raw.stdout, stderr: raw.stderr, exitCode: raw.exitCode, signal: raw.signal, cpuMs: raw.cpuMs, wallMs: raw.wallMs });
      if (status === 'timeout' && options.stopAfterTimeout) stopped = true;
      const example = options.expected?.[i];
      if (example !== undefined && (status !== 'ok' || raw.stdout.split(/\s+/).join(' ').trim() !== example.split(/\s+/).join(' ').trim())) stopped = true;
    }
    return { compileError, tests, isolation, workDir, pid, internalError };
  } finally {
    await removeTree(workDir);
    slots.release();
  }
}
