"""The output cache of the pure commands (cli/output_cache.py): a second `magie --help` or
`magie editions` prints the very same bytes without importing typer, rich or the engine, and any
change of a file, the environment or the command line, or an impure run, is a miss."""

from __future__ import annotations

import marshal
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from magie.cli import output_cache as oc
from tests.runners import magie_main

MAIN = magie_main('" ".join(m for m in ("magie.cli.quick", "typer", "rich", "yaml", "magie.engine.edition") '
                  'if m in sys.modules)')
RAN = b"magie.cli.quick"
"""In the last line of stderr when the command ran (cli/quick.py is the first thing it imports),
not when its output was served from the cache."""


def _run(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", MAIN, *args], capture_output=True,
                          env={**os.environ, "MAGIE_CACHE_DIR": str(tmp_path / "cache"), **env}, check=False)


@pytest.mark.parametrize("args", [["--help"], ["editions"], ["simulate", "--help"], ["--version"]])
def test_a_second_run_prints_the_same_bytes_without_importing_typer(tmp_path, args):
    first = _run(tmp_path, *args)
    assert first.returncode == 0 and first.stdout
    assert RAN in first.stderr.splitlines()[-1]
    second = _run(tmp_path, *args)
    assert second.returncode == 0
    assert second.stdout == first.stdout
    assert second.stderr.splitlines()[-1].strip() == b"loaded:"
    off = _run(tmp_path, *args, MAGIE_NO_CACHE="1")
    assert off.stdout == first.stdout and RAN in off.stderr.splitlines()[-1]


def test_another_environment_or_a_failing_command_is_not_served(tmp_path):
    _run(tmp_path, "--help")
    other = _run(tmp_path, "--help", COLUMNS="50")           # rich reads it: a miss, and 50 wide
    assert RAN in other.stderr.splitlines()[-1]
    assert max(len(line) for line in other.stdout.decode().splitlines()) <= 50
    bad = _run(tmp_path, "no-such-command", "--help")
    assert bad.returncode == 1
    assert not list((tmp_path / "cache").glob("output-no-such-command_help*"))
    assert _run(tmp_path, "no-such-command", "--help").returncode == 1


def test_only_pure_command_lines_have_an_entry():
    place = r"-[0-9a-f]{16}\.marshal"
    assert re.fullmatch("output-help" + place, oc.entry_name(["--help"]) or "")
    assert re.fullmatch("output-simulate_h" + place, oc.entry_name(["simulate", "-h"]) or "")
    assert re.fullmatch("output-editions" + place, oc.entry_name(["editions"]) or "")
    for args in (["play", "classic"], ["simulate", "classic", "--help"], ["editions", "x"], ["../x", "--help"],
                 ["Show", "--help"], [], ["--help", "--help"]):
        assert oc.entry_name(args) is None, args


def _entry(tmp_path: Path, dep: Path, out: bytes = b"printed\n") -> tuple[str, tuple]:
    path = str(tmp_path / "e.marshal")
    key = ("k", 1)
    oc.save(path, key, [oc.stamp(str(dep)), oc.stamp(str(tmp_path / "absent"))], out)
    return path, key


def test_an_entry_is_served_only_while_every_file_is_unchanged(tmp_path):
    dep = tmp_path / "edition.yaml"
    dep.write_text("name: x\n")
    path, key = _entry(tmp_path, dep)
    assert oc.load(path, key) == b"printed\n"
    assert oc.load(path, ("k", 2)) is None                      # another command line, terminal...
    os.utime(dep, ns=(1, 1))                                   # same size, another time
    assert oc.load(path, key) is None
    path, key = _entry(tmp_path, dep)
    dep.write_text("name: xy\n")                               # another size
    assert oc.load(path, key) is None
    path, key = _entry(tmp_path, dep)
    (tmp_path / "absent").write_text("")                       # a file that was missing appears
    assert oc.load(path, key) is None
    (tmp_path / "absent").unlink()
    path, key = _entry(tmp_path, dep)
    dep.unlink()
    assert oc.load(path, key) is None


def test_a_broken_or_foreign_entry_is_a_miss(tmp_path):
    dep = tmp_path / "f"
    dep.write_text("x")
    path, key = _entry(tmp_path, dep)
    data = Path(path).read_bytes()
    Path(path).write_bytes(data[: len(data) // 2])
    assert oc.load(path, key) is None
    Path(path).write_bytes(marshal.dumps((oc.FORMAT + 1, key, (), b"x")))
    assert oc.load(path, key) is None
    Path(path).write_bytes(marshal.dumps((oc.FORMAT, key, (), "not bytes")))
    assert oc.load(path, key) is None
    Path(path).write_bytes(b"\x00garbage")
    assert oc.load(path, key) is None
    assert oc.load(str(tmp_path / "none"), key) is None


def test_the_key_follows_the_environment(monkeypatch):
    before = oc.key_of(["magie", "--help"])
    monkeypatch.setenv("NO_COLOR", "1")
    assert oc.key_of(["magie", "--help"]) != before
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("OLDPWD", "/elsewhere")               # the shell's own bookkeeping
    assert oc.key_of(["magie", "--help"]) == before
    assert oc.key_of(["magie", "-h"]) != before


IMPURE = """
import os, sys
from magie.cli.output_cache import run_cached
{setup}
runs = os.open(os.environ["RUNS"], os.O_WRONLY | os.O_APPEND | os.O_CREAT)   # before the hook: unseen
def command():
    os.write(runs, b"x")
    print("out")
    {action}
run_cached(["magie", "--help"], command)
"""


SETTLED = "import magie.cli.output_cache as oc; oc.SETTLE_NS = 0"
"""For runs that read files the test has just written: no wait for them to settle."""


@pytest.mark.parametrize("action", ["open(os.environ['MAGIE_CACHE_DIR'] + '/../written', 'w').close()",
                                    "print('warning', file=sys.stderr)",
                                    "raise SystemExit(3)",
                                    "import subprocess; subprocess.run(['true'])"])
def test_an_impure_run_is_not_saved(tmp_path, action):
    env = {**os.environ, "MAGIE_CACHE_DIR": str(tmp_path / "cache"), "RUNS": str(tmp_path / "runs")}
    code = IMPURE.format(action=action, setup="")
    for _ in range(2):
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, env=env, check=False)
        assert r.stdout == b"out\n"
    assert (tmp_path / "runs").read_bytes() == b"xx"
    assert not list((tmp_path / "cache").glob("output-*"))


def test_a_pure_run_is_saved_with_what_it_read(tmp_path):
    env = {**os.environ, "MAGIE_CACHE_DIR": str(tmp_path / "cache"), "RUNS": str(tmp_path / "runs")}
    data = tmp_path / "data.txt"
    data.write_text("v1")
    code = IMPURE.format(action=f"print(open({str(data)!r}).read())", setup=SETTLED)

    def run() -> bytes:
        return subprocess.run([sys.executable, "-c", code], capture_output=True, env=env, check=True).stdout

    assert run() == b"out\nv1\n"
    assert run() == b"out\nv1\n"              # served: the command did not run again
    assert (tmp_path / "runs").read_bytes() == b"x"
    data.write_text("v22")                     # another size: the entry is stale
    assert run() == b"out\nv22\n"
    assert (tmp_path / "runs").read_bytes() == b"xx"


def test_a_file_replaced_with_the_same_size_and_time_is_a_miss(tmp_path):
    # what `cp -p`, `rsync -a`, `tar x` or an editor's save-by-rename do: another file (another
    # inode, a new ctime) under the old name, with the old modification time and the same size
    dep = tmp_path / "edition.yaml"
    dep.write_text("name: a\n")
    path, key = _entry(tmp_path, dep)
    st = dep.stat()
    new = tmp_path / "new.yaml"
    new.write_text("name: b\n")
    os.utime(new, ns=(st.st_atime_ns, st.st_mtime_ns))
    os.replace(new, dep)
    assert (dep.stat().st_mtime_ns, dep.stat().st_size) == (st.st_mtime_ns, st.st_size)
    assert oc.load(path, key) is None


def test_a_file_changed_while_or_just_before_it_was_read_is_not_saved(tmp_path):
    # a change in the same clock tick as the read would leave the same time and size behind
    env = {**os.environ, "MAGIE_CACHE_DIR": str(tmp_path / "cache"), "RUNS": str(tmp_path / "runs")}
    data = tmp_path / "data.txt"
    data.write_text("v1")
    later = time.time_ns() + 3_600 * 10**9
    os.utime(data, ns=(later, later))                     # a time not yet passed: not settled
    code = IMPURE.format(action=f"print(open({str(data)!r}).read())", setup="")
    for _ in range(2):
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, env=env, check=True)
        assert r.stdout == b"out\nv1\n"
    assert (tmp_path / "runs").read_bytes() == b"xx"      # run both times: nothing was saved
    assert not list((tmp_path / "cache").glob("output-*"))


def _settled_runner(tmp_path, action: str, **env_extra: str):
    """A function that runs IMPURE with `action` (its files settled) in a fresh process and
    returns what it printed; RUNS counts the runs that were not served from the cache."""
    env = {**os.environ, "MAGIE_CACHE_DIR": str(tmp_path / "cache"), "RUNS": str(tmp_path / "runs"), **env_extra}
    code = IMPURE.format(action=action, setup=SETTLED)

    def run() -> bytes:
        return subprocess.run([sys.executable, "-c", code], capture_output=True, env=env, check=True).stdout
    return run


def test_a_module_that_appears_on_the_import_path_is_a_miss(tmp_path):
    # the folders of sys.path were listed before the recording started: a package installed
    # there later (e.g. one shadowing another of the same name further down the path) counts
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    run = _settled_runner(tmp_path, "try:\n        import s4plugin; print(s4plugin.V)\n"
                                    "    except ImportError:\n        print('none')", PYTHONPATH=str(plugins))
    assert run() == b"out\nnone\n"
    assert run() == b"out\nnone\n"
    assert (tmp_path / "runs").read_bytes() == b"x"       # served the second time
    (plugins / "s4plugin.py").write_text("V = 'found'\n")
    assert run() == b"out\nfound\n"


def test_a_served_output_into_a_closed_pipe_exits_1_without_a_traceback(tmp_path):
    # `magie editions | head -1`: as when the command itself runs (click's own handling)
    assert _run(tmp_path, "editions").returncode == 0
    for _ in range(2):                                    # the second time from the cache
        read, write = os.pipe()
        os.close(read)
        r = subprocess.run([sys.executable, "-c", MAIN, "editions"], stdout=write, stderr=subprocess.PIPE,
                           env={**os.environ, "MAGIE_CACHE_DIR": str(tmp_path / "cache")}, check=False)
        os.close(write)
        assert r.returncode == 1
        assert b"Traceback" not in r.stderr and b"BrokenPipe" not in r.stderr, r.stderr.decode()


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="owners and modes are POSIX")
def test_an_entry_others_may_write_or_a_link_or_a_huge_file_is_a_miss(tmp_path):
    # a cache folder in a shared place (MAGIE_CACHE_DIR=/tmp/x): only entries of this user that
    # nobody else may write are read, never through a link, and only up to MAX_ENTRY bytes
    dep = tmp_path / "f"
    dep.write_text("x")
    path, key = _entry(tmp_path, dep)
    assert oc.load(path, key) == b"printed\n"
    os.chmod(path, 0o666)
    assert oc.load(path, key) is None
    os.chmod(path, 0o600)
    link = tmp_path / "link.marshal"
    link.symlink_to(path)
    assert oc.load(str(link), key) is None
    big = tmp_path / "big.marshal"
    big.write_bytes(marshal.dumps((oc.FORMAT, key, (), b"x" * (oc.MAX_ENTRY + 1))))
    big.chmod(0o600)
    assert oc.load(str(big), key) is None
    if os.geteuid() == 0:                                 # a file of another user
        os.chown(path, 65534, 65534)
        assert oc.load(path, key) is None


def test_a_file_whose_absence_was_checked_and_that_appears_is_a_miss(tmp_path):
    # os.stat has no audit event: `os.path.exists`, `Path.is_file()` and the like are watched
    # by the recorder's own os.stat and os.lstat while the command runs
    flag, other = tmp_path / "flag.yaml", tmp_path / "other.yaml"
    run = _settled_runner(tmp_path, f"from pathlib import Path\n    print(Path({str(flag)!r}).is_file(), "
                                    f"os.path.lexists({str(other)!r}))")
    assert run() == b"out\nFalse False\n"
    assert run() == b"out\nFalse False\n"
    assert (tmp_path / "runs").read_bytes() == b"x"       # served the second time
    flag.write_text("x")
    assert run() == b"out\nTrue False\n"
    other.symlink_to(flag)
    assert run() == b"out\nTrue True\n"


def test_two_working_folders_or_installs_keep_their_own_entries(tmp_path, monkeypatch):
    # the entry's name holds a digest of the install and the working folder: a run elsewhere
    # (another checkout, another venv, another folder) does not overwrite this one's entry
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    monkeypatch.chdir(a)
    in_a = oc.entry_name(["--help"])
    monkeypatch.chdir(b)
    in_b = oc.entry_name(["--help"])
    assert in_a != in_b
    monkeypatch.setattr(oc, "_INSTALL", "/elsewhere/site-packages/magie")
    assert oc.entry_name(["--help"]) not in (in_a, in_b)
    env = {**os.environ, "MAGIE_CACHE_DIR": str(tmp_path / "cache"), "RUNS": str(tmp_path / "runs")}
    code = IMPURE.format(action="print(os.getcwd())", setup=SETTLED)
    for folder in (a, b, a, b):
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, env=env, check=True, cwd=folder)
        assert r.stdout == f"out\n{folder}\n".encode()
    assert (tmp_path / "runs").read_bytes() == b"xx"       # a and b each ran once, then were served
    assert len(list((tmp_path / "cache").glob("output-help-*.marshal"))) == 2


def test_the_output_cache_keeps_at_most_its_limit_of_entries(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    cache.mkdir()
    for k in range(oc.MAX_ENTRIES + 5):
        old = cache / f"output-help-{k:016x}.marshal"
        old.write_bytes(b"x")
        os.utime(old, ns=(10**9 * (k + 1),) * 2)
    other = cache / "notes.txt"
    other.write_text("mine")
    run = _settled_runner(tmp_path, "pass")
    assert run() == b"out\n"
    left = sorted(p.name for p in cache.glob("output-*.marshal"))
    assert len(left) == oc.MAX_ENTRIES and other.exists()
    assert "output-help-0000000000000000.marshal" not in left          # the oldest went first
    assert f"output-help-{oc.MAX_ENTRIES + 4:016x}.marshal" in left


@pytest.mark.parametrize("args", [["editions"], ["validate", "quick"]])
def test_a_relative_cache_folder_is_refused_with_a_message_and_nothing_is_made(tmp_path, args):
    # a relative MAGIE_CACHE_DIR would make a folder in whatever folder magie runs from
    work = tmp_path / "work"
    work.mkdir()
    for _ in range(2):
        r = subprocess.run([sys.executable, "-c", MAIN, *args], capture_output=True, cwd=work, check=False,
                           env={**os.environ, "MAGIE_CACHE_DIR": "cache"})
        assert r.returncode == 0, r.stderr
        assert r.stderr.count(b"MAGIE_CACHE_DIR='cache' is not an absolute path; the cache is off") == 1
        assert RAN in r.stderr.splitlines()[-1]           # not served from any cache
    assert list(work.iterdir()) == []


def test_the_cache_folder_in_the_home_and_a_relative_xdg_folder(tmp_path, monkeypatch):
    from magie.engine.paths import cache_dir
    monkeypatch.delenv("MAGIE_NO_CACHE", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("MAGIE_CACHE_DIR", "~/c")
    assert cache_dir() == tmp_path / "c"
    monkeypatch.delenv("MAGIE_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", "relative")          # ignored, as the XDG spec says
    assert cache_dir() == tmp_path / ".cache" / "magie"
    monkeypatch.setenv("MAGIE_NO_CACHE", "1")
    assert cache_dir() is None
    for off in ("0", "no", "False", " off "):                 # read as MAGIE_COMPILE reads it (fresh probe)
        monkeypatch.setenv("MAGIE_NO_CACHE", off)
        assert cache_dir() == tmp_path / ".cache" / "magie", off


def test_write_atomic_makes_a_private_file_and_leaves_nothing_behind(tmp_path):
    from magie.engine.paths import write_atomic

    target = tmp_path / "new" / "entry.marshal"
    assert write_atomic(target, lambda f: f.write(b"one"), ".marshal")
    assert target.read_bytes() == b"one" and oct(target.stat().st_mode & 0o777) == "0o600"
    assert write_atomic(target, lambda f: f.write(b"two"), ".marshal") and target.read_bytes() == b"two"

    def fail(f):
        f.write(b"half")
        raise OSError("disk full")
    assert not write_atomic(target, fail, ".marshal")
    assert target.read_bytes() == b"two" and sorted(p.name for p in target.parent.iterdir()) == ["entry.marshal"]
    (tmp_path / "file").write_text("x")
    assert not write_atomic(tmp_path / "file" / "entry", lambda f: f.write(b"x"))   # no folder can be made
