"""The output cache of the pure commands: `magie --help`, `magie COMMAND --help`, `magie editions`
and `magie --version` (start-up time, issue 15).

What these print depends only on the command line, the environment, the terminal and the files
read to make it: magie's modules and its libraries' (typer, rich...), the edition files, the
folders listed. The first run records all of them with an audit hook (PEP 578): every file
opened, with its stamp (`Stamp`: size, modification and change times, inode) taken when it is
opened, every folder listed (sys.path's and the packages' too), every module loaded. It saves
that and the exact bytes printed in the user cache folder (`magie.engine.paths.cache_dir`; only
this user's own entries are read, `paths.read_private`), an entry per command, install and
working folder, at most `MAX_ENTRIES` of them (the oldest are removed). A later run with the same command
line, environment (every variable; only a digest of it is stored), working folder, Python and
terminal (tty or not, size) whose recorded files and folders are all unchanged writes the saved
bytes, without importing typer, rich or the engine: about a sixth of the CPU time.

Never trusted blindly: a run that writes a file (other than Python's own bytecode cache), starts
a process, opens a socket, prints to stderr, exits with a code other than 0, or read a file that
changed just before or while it ran (`SETTLE_NS`) is not saved; any difference, a missing or
unreadable entry or one of another format is a miss, and the command then runs as usual.
`MAGIE_NO_CACHE=1` turns the cache off. Existence checks (`os.path.exists`, `Path.is_file()`)
raise no audit event: the recorder watches os.stat and os.lstat itself while the command runs.
"""

from __future__ import annotations

import io
import marshal
import os
import sys
import time
from collections.abc import Callable, Sequence

TYPE_CHECKING = False   # not typing's: importing typing costs start-up (mypy reads this name the same)
if TYPE_CHECKING:
    from typing import Any

try:
    from _blake2 import blake2b  # hashlib without loading OpenSSL (a few ms at start-up)
except ImportError:  # pragma: no cover - a Python without the builtin module
    from hashlib import blake2b

FORMAT = 2
"""Version of the entry layout; an entry of another version is a miss."""

MAX_ENTRY = 4 << 20
"""Bytes of the largest entry read or written (`magie editions` is about 45 kB)."""

SETTLE_NS = 2 * 10**9
"""A run is not saved when a file it read changed less than this long before the run began (or
after): a change in the same tick of the file system's clock (up to 2 s on some) would leave
the same stamp behind ("racy" files, as git calls them)."""

MAX_ENTRIES = 64
"""Entries kept in the cache folder (one per command, install and working folder); the oldest
beyond these are removed when one is written."""

_INSTALL = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
"""The folder holding magie's code (the checkout of an editable install, or site-packages/magie)."""

_VOLATILE_ENV = frozenset({"_", "OLDPWD", "PWD", "SHLVL"})
"""Variables the shell changes between runs without changing what magie prints (the working
folder is part of the key by itself)."""

_IMPURE_EVENTS = frozenset({
    "os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.truncate", "os.chmod", "os.chown",
    "os.link", "os.symlink", "os.utime", "shutil.rmtree", "shutil.move", "shutil.copyfile",
    "subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork",
    "socket.connect", "socket.bind", "urllib.Request", "ctypes.dlopen",
})
"""Audit events after which a run is not saved: it changed something or looked beyond files."""

_os_stat = os.stat     # the real one: the recorder replaces os.stat and os.lstat while it records

_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC

Stamp = tuple[str, int, int, int, int]
"""(path, mtime in ns, ctime in ns, inode, size) of a file or folder; (path, -1, -1, -1, -1)
when it did not exist. The ctime and inode change with every write, rename or replacement,
even when a tool (`cp -p`, `rsync -a`, `tar`) puts the old modification time back."""


def entry_name(args: Sequence[str]) -> str | None:
    """The cache file of the command line `args` (without the program name), or None when the
    command is not one whose output is cached: `--help`, `-h`, `--version`, `editions`, and
    `WORD --help` / `WORD -h` (a command's help; an unknown word fails and is not saved). The
    name ends in a digest of the install (`_INSTALL`, `sys.prefix`) and the working folder,
    which the key holds too: runs of two checkouts, venvs or folders keep an entry each."""
    args = list(args)
    if args in (["--help"], ["-h"], ["--version"], ["editions"]) or (
            len(args) == 2 and args[1] in ("--help", "-h") and args[0][:1].isalpha() and args[0].isascii()
            and args[0].replace("-", "").isalpha() and args[0].islower() and len(args[0]) <= 32):
        try:
            here = os.getcwd()
        except OSError:        # the working folder was removed: nothing to key the entry by
            return None
        place = blake2b("\0".join((_INSTALL, sys.prefix, here)).encode("utf-8", "surrogateescape"),
                        digest_size=8).hexdigest()
        return "output-" + "_".join(a.lstrip("-") for a in args) + f"-{place}.marshal"
    return None


def key_of(argv: Sequence[str]) -> tuple:
    """Everything besides the files that what a pure command prints may depend on."""
    env = blake2b("\0".join(f"{k}={v}" for k, v in sorted(os.environ.items())
                            if k not in _VOLATILE_ENV).encode("utf-8", "surrogateescape")).hexdigest()
    ttys: list[bool] = []
    sizes: list[tuple[int, ...] | None] = []
    for fd in (0, 1, 2):
        ttys.append(os.isatty(fd))
        try:
            sizes.append(tuple(os.get_terminal_size(fd)))
        except OSError:
            sizes.append(None)
    return (FORMAT, sys.version, sys.executable, tuple(sys.orig_argv), tuple(argv), tuple(sys.flags),
            os.getcwd(), env, tuple(ttys), tuple(sizes), sys.stdout.encoding, sys.stdout.errors)


def stamp(path: str) -> Stamp:
    """The (path, mtime_ns, ctime_ns, inode, size) of `path` now; (path, -1, -1, -1, -1) if it
    cannot be read."""
    try:
        st = _os_stat(path)
    except (OSError, ValueError):
        return (path, -1, -1, -1, -1)
    return (path, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_size)


def settled(deps: Sequence[Stamp], since_ns: int) -> bool:
    """Whether every file and folder of `deps` last changed at least `SETTLE_NS` before
    `since_ns` (the time.time_ns() at which the run began), so that a later change shows."""
    limit = since_ns - SETTLE_NS
    return all(d[1] < limit and d[2] < limit for d in deps)


def load(path: str, key: tuple) -> bytes | None:
    """The saved output at `path` for `key`, or None unless the entry is this user's own (see
    `paths.read_private`), well formed, made for exactly this key, and every file and folder it
    recorded is as it was then."""
    from magie.engine.paths import read_private

    try:
        data = read_private(path, MAX_ENTRY)
        if data is None:
            return None
        fmt, saved_key, deps, out = marshal.loads(data)
        if fmt != FORMAT or saved_key != key or not isinstance(out, bytes):
            return None
        for dep in deps:
            if stamp(dep[0]) != tuple(dep):
                return None
        return out
    except Exception:   # missing, truncated, foreign: a miss
        return None


def save(path: str, key: tuple, deps: Sequence[Stamp], out: bytes) -> None:
    """Write the entry atomically (a temporary file in the same folder, then a rename), then
    remove the oldest entries beyond `MAX_ENTRIES`; any error is ignored (the cache is optional)."""
    from magie.engine.paths import prune, write_atomic

    if len(out) > MAX_ENTRY // 2:
        return
    if write_atomic(path, lambda f: marshal.dump((FORMAT, key, tuple(deps), out), f), ".marshal"):
        prune(os.path.dirname(path), "output-", ".marshal", MAX_ENTRIES, spare=path)


class _Tee(io.RawIOBase):
    """A raw stream writing to file descriptor `fd` and keeping a copy of what it wrote; it is a
    terminal exactly when `fd` is, so rich and click print what they would print to `fd`."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self.fd = fd
        self.copy = bytearray()

    def writable(self) -> bool:
        return True

    def write(self, b: Any) -> int:
        n = os.write(self.fd, b)
        self.copy += bytes(b)[:n]
        return n

    def isatty(self) -> bool:
        return os.isatty(self.fd)

    def fileno(self) -> int:
        return self.fd


def _teed(stream: Any, fd: int) -> tuple[Any, _Tee]:
    raw = _Tee(fd)
    return io.TextIOWrapper(io.BufferedWriter(raw), encoding=stream.encoding, errors=stream.errors,
                            line_buffering=stream.line_buffering), raw


class _Recorder:
    """The audit hook of a recorded run: the files and folders it read, and whether it stayed
    pure (see the module's docstring)."""

    def __init__(self) -> None:
        self.active = True
        self.pure = True
        self.deps: dict[str, Stamp] = {}

    def add(self, path: Any) -> None:
        p = os.path.abspath(os.fsdecode(path))
        if p not in self.deps:
            self.deps[p] = stamp(p)

    def __call__(self, event: str, args: tuple) -> None:
        if not self.active:
            return
        try:
            if event == "open":
                path, mode, flags = args
                if isinstance(path, int):
                    return
                name = os.fsdecode(path)
                if f"{os.sep}__pycache__{os.sep}" in name:    # Python's bytecode cache
                    return
                if (isinstance(mode, str) and any(c in mode for c in "wax+")) or \
                        (isinstance(flags, int) and flags & _WRITE_FLAGS):
                    self.pure = False
                else:
                    self.add(name)
            elif event in ("os.listdir", "os.scandir"):
                path = args[0]
                if not isinstance(path, int):
                    self.add("." if path is None or path == "" else path)
            elif event == "glob.glob":
                self.add(os.path.dirname(os.fsdecode(args[0])) or ".")
            elif event in _IMPURE_EVENTS:
                self.pure = False
        except Exception:      # an audit hook must never break the operation it watches
            self.pure = False

    def watching_stat(self, real: Callable[..., os.stat_result]) -> Callable[..., os.stat_result]:
        """`real` (os.stat or os.lstat), which also records its path: `os.path.exists`,
        `Path.is_file()` and the like raise no audit event, and a file whose absence a command
        noticed must count when it appears. (The import system calls posix.stat itself; the
        folders it lists are recorded by `modules`.)"""
        def watched(path: Any, *args: Any, **kw: Any) -> os.stat_result:
            if self.active and not isinstance(path, int):
                try:
                    self.add(path)
                except Exception:
                    self.pure = False
            return real(path, *args, **kw)
        return watched

    def modules(self) -> None:
        """Add the file of every module loaded (those imported before the hook was set too), and
        every folder the import system has listed: those of sys.path and of packages. Listed
        before the hook was set, they would be unseen, and a module installed there later (one
        that shadows another further down the path, or one whose absence a command noticed)
        would not count."""
        for m in list(sys.modules.values()):
            f = getattr(m, "__file__", None)
            if isinstance(f, str):
                self.add(f)
        for folder, finder in list(sys.path_importer_cache.items()):
            if isinstance(folder, str) and finder is not None:
                self.add(folder or ".")


def _fd_backed() -> bool:
    try:
        return sys.stdout.fileno() == 1 and sys.stderr.fileno() == 2
    except (AttributeError, OSError, ValueError):
        return False


def run_cached(argv: Sequence[str], command: Callable[[], None]) -> None:
    """Run `command` (the whole `magie` command line `argv`), or print its saved output when the
    command is pure and nothing it depends on has changed (see the module's docstring).
    `command` may raise SystemExit, which is passed on."""
    name = entry_name(argv[1:])
    folder = None
    if name is not None and _fd_backed():
        from magie.engine.paths import cache_dir
        folder = cache_dir()            # None: the cache is off (MAGIE_NO_CACHE, a relative MAGIE_CACHE_DIR)
    if name is None or folder is None:
        command()
        return
    path = os.path.join(folder, name)
    key = key_of(argv)
    out = load(path, key)
    if out is not None:
        try:
            sys.stdout.flush()
            sys.stdout.buffer.write(out)
            sys.stdout.flush()
        except BrokenPipeError:     # `magie editions | head -1`: as click does, exit 1 quietly
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            raise SystemExit(1) from None
        return
    _record(path, key, command)


def _record(path: str, key: tuple, command: Callable[[], None]) -> None:
    recorder = _Recorder()
    began = time.time_ns()
    recorder.modules()
    sys.addaudithook(recorder)     # a hook cannot be removed: `active` turns it off below
    real_stat, real_lstat = os.stat, os.lstat
    os.stat, os.lstat = recorder.watching_stat(real_stat), recorder.watching_stat(real_lstat)
    sys.stdout.flush()
    sys.stderr.flush()
    real_out, real_err = sys.stdout, sys.stderr
    sys.stdout, out = _teed(real_out, 1)
    sys.stderr, err = _teed(real_err, 2)
    code: Any = 0
    try:
        command()
    except SystemExit as e:
        code = e.code
        raise
    except BaseException:
        code = "failed"
        raise
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            sys.stdout, sys.stderr = real_out, real_err
            os.stat, os.lstat = real_stat, real_lstat
            recorder.modules()
            recorder.active = False
        deps = list(recorder.deps.values())
        if code in (0, None) and recorder.pure and not err.copy and settled(deps, began):
            save(path, key, deps, bytes(out.copy))
