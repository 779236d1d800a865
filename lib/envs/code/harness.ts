// The Python side of the sandbox, passed to the interpreter with `-c`. It compiles the
// submission once, then forks one child per test: a fork costs a millisecond where a fresh
// interpreter costs tens, and each test still gets its own memory, CPU clock and working
// directory. Kept as a string (not a .py file) so that bundlers cannot leave it behind.
//
// Protocol, in both directions a sequence of fields framed as `<byte length>:<bytes>` (JSON
// would cost the interpreter a third of its start-up in imports):
//   in:  nonce, code, guard, stopAfterTimeout, cpuMs, wallMs, memoryBytes, outputBytes,
//        n, n test inputs, e, e expected outputs (of the first tests: the visible examples, so
//        that a program failing an example is not run on the rest);
//   out: records starting with the nonce and a kind: `compile-error` type message line text |
//        `compiled` | `test` index exitCode signal wallKilled cpuMs wallMs stdoutBytes stdout stderr.
// Classifying outcomes (time, memory, output limits) is left to sandbox.ts, where it is tested.

export const HARNESS_SOURCE = String.raw`
import _signal, builtins, io, math, os, resource, select, sys, time

SRC = "solution.py"


def _guard(event, args):
    # Installed in each child just before the submission runs. No closure and no mutable
    # state: the blocked names are constants of this code object.
    if event.startswith("socket.") or event in {
        "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "os.forkpty",
        "subprocess.Popen", "pty.spawn", "os.kill", "os.killpg", "signal.pthread_kill",
        "sys.addaudithook", "os.startfile", "os.setns", "os.unshare",
    }:
        raise PermissionError("sandbox: " + event + " is not allowed")
    if event == "import" and args[0] in {"ctypes", "_ctypes", "_posixsubprocess"}:
        raise PermissionError("sandbox: importing " + args[0] + " is not allowed")


def _format_exception(e, src):
    # Imported on the first failure only (the parent then imports them too, for later children).
    import linecache, traceback
    # Lets the traceback quote the submission's lines although no file holds it.
    linecache.cache[SRC] = (len(src), None, src.splitlines(True), SRC)
    # Drops the harness's own frames (the exec call, the audit guard) so that tracebacks
    # read as if solution.py ran alone.
    frames = [f for f in traceback.extract_tb(e.__traceback__) if f.filename != "<string>"]
    head = ["Traceback (most recent call last):\n"] if frames else []
    return "".join(head + traceback.format_list(frames) + traceback.format_exception_only(type(e), e))


def _child(code, src, tdir, lim, guard):
    os.chdir(tdir)
    flags_out = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
    for fd, name, flags in ((0, "stdin", os.O_RDONLY), (1, "stdout", flags_out), (2, "stderr", flags_out)):
        f = os.open(name, flags, 0o600)
        os.dup2(f, fd)
        os.close(f)
    cpu = lim["cpuMs"] / 1000.0
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    # ITIMER_PROF gives sub-second CPU limits (SIGPROF kills: Python installs no handler);
    # RLIMIT_CPU is the backstop should the program reset the timer.
    hard_cpu = math.ceil(cpu) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (hard_cpu, hard_cpu + 1))
    resource.setrlimit(resource.RLIMIT_FSIZE, (lim["outputBytes"], lim["outputBytes"]))
    resource.setrlimit(resource.RLIMIT_AS, (lim["memoryBytes"], lim["memoryBytes"]))
    _signal.setitimer(_signal.ITIMER_PROF, cpu)
    sys.stdin = sys.__stdin__ = io.TextIOWrapper(io.BufferedReader(io.FileIO(0, "r", closefd=False)), encoding="utf-8", errors="replace")
    sys.stdout = sys.__stdout__ = io.TextIOWrapper(io.BufferedWriter(io.FileIO(1, "w", closefd=False), 65536), encoding="utf-8", errors="backslashreplace")
    sys.stderr = sys.__stderr__ = io.TextIOWrapper(io.BufferedWriter(io.FileIO(2, "w", closefd=False)), encoding="utf-8", errors="backslashreplace", line_buffering=True)
    main = type(sys)("__main__")
    main.__dict__["__builtins__"] = builtins
    main.__dict__["__file__"] = SRC
    sys.modules["__main__"] = main
    sys.argv = [SRC]
    if guard:
        sys.addaudithook(_guard)
    status = 0
    try:
        exec(code, main.__dict__)
    except SystemExit as e:
        if e.code is None:
            status = 0
        elif isinstance(e.code, int):
            status = e.code & 0xFF
        else:
            sys.stderr.write(str(e.code) + "\n")
            status = 1
    except BaseException as e:
        try:
            sys.stderr.write(_format_exception(e, src))
        except BaseException:
            pass
        status = 1
    try:
        sys.stdout.flush()
    except BaseException as e:
        try:
            sys.stderr.write(type(e).__name__ + ": " + str(e) + "\n")
        except BaseException:
            pass
        status = status or 1
    try:
        sys.stderr.flush()
    except BaseException:
        pass
    os._exit(status)


def _head(path, cap):
    try:
        with open(path, "rb") as f:
            return f.read(cap)
    except OSError:
        return b""


def _tail(path, cap):
    try:
        with open(path, "rb") as f:
            f.seek(0, 2)
            f.seek(max(0, f.tell() - cap))
            return f.read()
    except OSError:
        return b""


def _wait(pid, wall):
    # Returns (status, rusage, killed_for_wall_time). A pidfd wakes us the moment the child
    # exits; where there is none (old kernels) we poll with a growing interval.
    start = time.monotonic()
    fd = None
    try:
        fd = os.pidfd_open(pid)
    except (AttributeError, OSError):
        fd = None
    try:
        delay = 0.0005
        while True:
            rpid, status, ru = os.wait4(pid, os.WNOHANG)
            if rpid == pid:
                return status, ru, False
            left = wall - (time.monotonic() - start)
            if left <= 0:
                os.kill(pid, _signal.SIGKILL)
                rpid, status, ru = os.wait4(pid, 0)
                return status, ru, True
            if fd is not None:
                select.select([fd], [], [], left)
            else:
                time.sleep(min(delay, left))
                delay = min(delay * 2, 0.01)
    finally:
        if fd is not None:
            os.close(fd)


def _fields(data):
    out = []
    i = 0
    while i < len(data):
        j = data.index(b":", i)
        n = int(data[i:j])
        out.append(data[j + 1:j + 1 + n])
        i = j + 1 + n
    return out


def _frame(*fields):
    parts = []
    for f in fields:
        b = f if isinstance(f, bytes) else ("" if f is None else str(f)).encode("utf-8", "replace")
        parts.append(str(len(b)).encode() + b":" + b)
    return b"".join(parts)


def main():
    fields = _fields(sys.stdin.buffer.read())
    nonce = fields[0]
    src = fields[1].decode("utf-8")
    guard = fields[2] == b"1"
    stop_after_timeout = fields[3] == b"1"
    lim = {"cpuMs": int(fields[4]), "wallMs": int(fields[5]), "memoryBytes": int(fields[6]), "outputBytes": int(fields[7])}
    n = int(fields[8])
    tests = fields[9:9 + n]
    expected = [e.decode("utf-8").split() for e in fields[10 + n:]]
    out = sys.stdout.buffer

    def emit(*record):
        out.write(_frame(nonce, *record))
        out.flush()

    try:
        code = compile(src, SRC, "exec", dont_inherit=True)
    except (SyntaxError, ValueError) as e:
        emit("compile-error", type(e).__name__, getattr(e, "msg", None) or str(e), getattr(e, "lineno", None), getattr(e, "text", None))
        return
    emit("compiled")
    for i, test in enumerate(tests):
        tdir = "t%d" % i
        os.mkdir(tdir, 0o700)
        with open(os.path.join(tdir, "stdin"), "wb") as f:
            f.write(test)
        t0 = time.monotonic()
        pid = os.fork()
        if pid == 0:
            try:
                _child(code, src, tdir, lim, guard)
            finally:
                os._exit(70)
        status, ru, killed = _wait(pid, lim["wallMs"] / 1000.0)
        sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
        stdout = _head(os.path.join(tdir, "stdout"), lim["outputBytes"])
        emit(
            "test", i,
            os.WEXITSTATUS(status) if os.WIFEXITED(status) else None,
            sig,
            1 if killed else 0,
            round((ru.ru_utime + ru.ru_stime) * 1000, 1),
            round((time.monotonic() - t0) * 1000, 1),
            len(stdout), stdout,
            _tail(os.path.join(tdir, "stderr"), 4096),
        )
        if status != 0 and "traceback" not in sys.modules:
            # Later failing children inherit the import instead of paying for it each.
            import linecache, traceback
        if stop_after_timeout and (killed or sig in (_signal.SIGPROF, _signal.SIGXCPU)):
            break
        if i < len(expected) and (status != 0 or stdout.decode("utf-8", "replace").split() != expected[i]):
            # Token lists differ whenever the judge's line comparison does, so stopping here
            # never hides a test the judge would have needed.
            break


main()
`;
