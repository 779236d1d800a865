import { createServer, type Server } from 'node:net';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classify, DEFAULT_LIMITS, probeHost, runPython, type SandboxRun } from './sandbox';

function groupAlive(pid: number | null): boolean {
  if (!pid) return false;
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function expectCleanedUp(run: SandboxRun): void {
  expect(existsSync(run.workDir)).toBe(false);
  expect(groupAlive(run.pid)).toBe(false);
}

describe('code sandbox: running programs', () => {
  it('feeds each input on stdin and captures stdout, with a minimal environment', async () => {
    const run = await runPython('import sys\nprint(sum(map(int, sys.stdin.read().split())))', ['1 2 3', '4\n5\n']);
    expect(run.compileError).toBeNull();
    expect(run.internalError).toBeNull();
    expect(run.tests.map(({ status, stdout, exitCode }) => ({ status, stdout, exitCode }))).toEqual([
      { status: 'ok', stdout: '6\n', exitCode: 0 },
      { status: 'ok', stdout: '9\n', exitCode: 0 },
    ]);
    expectCleanedUp(run);
  });

  it('reports syntax errors with their line, without running anything', async () => {
    const run = await runPython('x = 1\ndef f(:\n    pass\n', ['']);
    expect(run.compileError).toMatchObject({ type: 'SyntaxError', line: 2 });
    expect(run.tests).toEqual([]);
    expectCleanedUp(run);
  });

  it('shows tracebacks of the program only, quoting its lines', async () => {
    const run = await runPython('def f(xs):\n    return xs[5]\n\nf([1])\n', ['']);
    expect(run.tests[0].status).toBe('runtime-error');
    expect(run.tests[0].stderr).toContain('File "solution.py", line 2, in f');
    expect(run.tests[0].stderr).toContain('return xs[5]');
    expect(run.tests[0].stderr.trimEnd().endsWith('IndexError: list index out of range')).toBe(true);
    expect(run.tests[0].stderr).not.toContain('<string>');
  });

  it('treats sys.exit codes like a process would', async () => {
    const run = await runPython('import sys\nprint("hi")\nsys.exit(int(sys.stdin.read()))', ['0', '3']);
    expect(run.tests.map((t) => [t.status, t.exitCode, t.stdout])).toEqual([
      ['ok', 0, 'hi\n'],
      ['runtime-error', 3, 'hi\n'],
    ]);
  });

  it('fixes the hash seed, so that set order is reproducible', async () => {
    const code = 'print(hash("reflect"), list({"a", "b", "c", "d"}))';
    const [a, b] = await Promise.all([runPython(code, ['']), runPython(code, [''])]);
    expect(a.tests[0].stdout).toBe(b.tests[0].stdout);
  });
});

describe('code sandbox: limits', () => {
  it('stops an infinite loop on CPU time, skips the rest and leaves no process behind', async () => {
    const started = Date.now();
    const run = await runPython('while True:\n    pass\n', ['', ''], { limits: { cpuMs: 300 }, stopAfterTimeout: true });
    expect(run.tests.map((t) => t.status)).toEqual(['timeout', 'skipped']);
    expect(run.tests[0].cpuMs).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(DEFAULT_LIMITS.wallMs + 5000);
    expectCleanedUp(run);
  });

  it('kills a sleeping program on wall-clock time', async () => {
    const started = Date.now();
    const run = await runPython('import time\ntime.sleep(60)\n', ['', ''], { limits: { wallMs: 400 } });
    expect(run.tests.map((t) => t.status)).toEqual(['timeout', 'timeout']);
    expect(run.tests[0].signal).toBe('SIGKILL');
    expect(Date.now() - started).toBeLessThan(8000);
    expectCleanedUp(run);
  });

  it('refuses a 2 GB allocation with a memory verdict', async () => {
    const run = await runPython('data = bytearray(2 * 1024 ** 3)\nprint(len(data))\n', ['']);
    expect(run.tests[0].status).toBe('memory');
    expect(run.tests[0].stderr).toMatch(/MemoryError/);
    expectCleanedUp(run);
  });

  it('caps the output', async () => {
    const run = await runPython('print("x" * 3000000)\n', [''], { limits: { outputBytes: 100_000 } });
    expect(run.tests[0].status).toBe('output-limit');
    expect(run.tests[0].stdout.length).toBeLessThanOrEqual(100_000);
  });

  it('removes the working directory with whatever the program wrote there', async () => {
    const code = 'import os\nos.makedirs("a/b")\nopen("a/b/f.txt", "w").write("x" * 1000)\nos.chmod("a", 0)\nprint(os.getcwd().startswith(os.environ["HOME"]))';
    const run = await runPython(code, ['']);
    expect(run.tests[0]).toMatchObject({ status: 'ok', stdout: 'True\n' });
    expectCleanedUp(run);
  });
});

describe('code sandbox: isolation', () => {
  let server: Server;
  let port = 0;
  let connections = 0;

  beforeAll(async () => {
    server = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });

  afterAll(() => {
    server.close();
  });

  const client = () =>
    [
      'import socket',
      'try:',
      `    socket.create_connection(("127.0.0.1", ${port}), timeout=2).close()`,
      '    print("connected")',
      'except Exception as e:',
      '    print("refused", type(e).__name__, e)',
    ].join('\n');

  it('the test server accepts connections from this process', async () => {
    const { connect } = await import('node:net');
    await new Promise<void>((resolve, reject) => connect(port, '127.0.0.1', resolve).on('error', reject));
    await new Promise((r) => setTimeout(r, 50));
    expect(connections).toBe(1);
    connections = 0;
  });

  it('refuses network access with both layers on', async () => {
    const run = await runPython(client(), ['']);
    expect(run.tests[0].stdout).toMatch(/^refused PermissionError sandbox: socket\.\S+ is not allowed/);
    expect(connections).toBe(0);
  });

  it('refuses network access with the audit hook alone (no namespaces)', async () => {
    const run = await runPython(client(), [''], { maxIsolation: 'none' });
    expect(run.isolation).toBe('none');
    expect(run.tests[0].stdout).toMatch(/^refused PermissionError/);
    expect(connections).toBe(0);
  });

  it('refuses network access with the network namespace alone, where the host allows it', async () => {
    const host = await probeHost();
    if (host.isolation === 'none') return;
    const run = await runPython(client(), [''], { auditHook: false });
    expect(run.tests[0].stdout).toMatch(/^refused (?:OSError|ConnectionRefusedError|TimeoutError)/);
    expect(connections).toBe(0);
  });

  it('passes no secret of the parent environment to the program', async () => {
    process.env.CODE_SANDBOX_FAKE_SECRET = 'sk-fake-0123456789';
    try {
      const code = [
        'import os',
        'print(sorted(os.environ))',
        'found = []',
        'for pid in os.listdir("/proc"):',
        '    try:',
        '        found.append(open("/proc/" + pid + "/environ", "rb").read().decode("latin-1"))',
        '    except Exception:',
        '        pass',
        'print("secret" if any("sk-fake-0123456789" in e for e in found) else "clean", len([p for p in os.listdir("/proc") if p.isdigit()]))',
      ].join('\n');
      const run = await runPython(code, ['']);
      const [keys, verdict] = run.tests[0].stdout.trim().split('\n');
      expect(keys).toBe("['HOME', 'LANG', 'PATH', 'PYTHONHASHSEED', 'PYTHONIOENCODING', 'TMPDIR']");
      expect(run.tests[0].stdout).not.toContain('sk-fake');
      expect(verdict.split(' ')[0]).toBe('clean');
      // In its own PID namespace the program sees only the harness and itself.
      if (run.isolation === 'namespaces') expect(Number(verdict.split(' ')[1])).toBeLessThanOrEqual(3);
    } finally {
      delete process.env.CODE_SANDBOX_FAKE_SECRET;
    }
  });

  it('refuses to start processes', async () => {
    const code = [
      'import os',
      'attempts = (lambda: os.system("true"), lambda: os.posix_spawn("/bin/true", ["true"], {}), os.fork, lambda: __import__("subprocess"))',
      'for attempt in attempts:',
      '    try:',
      '        attempt()',
      '        print("ran")',
      '    except PermissionError as e:',
      '        print("refused", e)',
    ].join('\n');
    const run = await runPython(code, ['']);
    expect(run.tests[0].stdout.trim().split('\n')).toEqual([
      'refused sandbox: os.system is not allowed',
      'refused sandbox: os.posix_spawn is not allowed',
      'refused sandbox: os.fork is not allowed',
      'refused sandbox: importing _posixsubprocess is not allowed',
    ]);
  });
});

describe('code sandbox: classification', () => {
  const raw = { test: 0, exitCode: 0, signal: null, wallKilled: false, cpuMs: 5, wallMs: 6, stdout: '', stdoutBytes: 0, stderr: '' };
  it('maps raw outcomes to statuses', () => {
    const L = DEFAULT_LIMITS;
    expect(classify(raw, L)).toBe('ok');
    expect(classify({ ...raw, signal: 'SIGPROF', exitCode: null }, L)).toBe('timeout');
    expect(classify({ ...raw, signal: 'SIGXCPU', exitCode: null }, L)).toBe('timeout');
    expect(classify({ ...raw, signal: 'SIGKILL', exitCode: null, wallKilled: true }, L)).toBe('timeout');
    expect(classify({ ...raw, signal: 'SIGKILL', exitCode: null, cpuMs: 2000 }, L)).toBe('timeout');
    expect(classify({ ...raw, exitCode: 1, stderr: 'Traceback...\nMemoryError\n' }, L)).toBe('memory');
    expect(classify({ ...raw, exitCode: 1, stderr: 'OSError: [Errno 27] File too large\n' }, L)).toBe('output-limit');
    expect(classify({ ...raw, stdoutBytes: L.outputBytes }, L)).toBe('output-limit');
    expect(classify({ ...raw, exitCode: 1, stderr: 'ValueError: x\n' }, L)).toBe('runtime-error');
    expect(classify({ ...raw, exitCode: null, signal: 'SIGSEGV' }, L)).toBe('runtime-error');
  });
});
