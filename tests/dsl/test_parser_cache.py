"""The cached DSL parser: a valid cache entry is used, anything else is rebuilt silently."""

from __future__ import annotations

from pathlib import Path

import pytest

from magie.engine.dsl import parser as P


@pytest.fixture
def fresh(monkeypatch, tmp_path):
    """A process-fresh parser module state with the cache in `tmp_path`."""
    monkeypatch.setenv("MAGIE_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("MAGIE_NO_CACHE", raising=False)
    monkeypatch.setattr(P, "_parser", None)
    monkeypatch.setattr(P, "_postlex", None)
    monkeypatch.setattr(P, "_builder", None)
    P._parsed.cache_clear()          # the trees kept in this process: parse with the parser
    return tmp_path


def _reset(monkeypatch) -> None:
    monkeypatch.setattr(P, "_parser", None)
    P._parsed.cache_clear()


def _entry(folder: Path) -> Path:
    files = list(folder.iterdir())
    assert len(files) == 1 and files[0].name.startswith("dsl-parser-")
    return files[0]


def test_built_then_loaded_and_parses_the_same(fresh, monkeypatch):
    first = P.parse("collect 50 from bank", "effect")
    path = _entry(fresh)
    built = P._parser
    _reset(monkeypatch)
    second = P.parse("collect 50 from bank", "effect")
    assert P._parser is not built           # a new parser, loaded from the file
    assert repr(first) == repr(second)
    assert _entry(fresh) == path


@pytest.mark.parametrize("content", [b"", b"garbage\n", b"\x80\x04junk", None])
def test_a_bad_entry_is_rebuilt_silently(fresh, monkeypatch, content):
    P.parse("1 + 2", "formula")
    path = _entry(fresh)
    if content is None:        # the right key line, then a truncated pickle
        content = path.read_bytes()[: len(path.stem) + 40]
    path.write_bytes(content)
    _reset(monkeypatch)
    assert repr(P.parse("1 + 2", "formula")) == repr(P.parse("1 + 2", "formula"))
    assert path.read_bytes()[: len(path.stem)] == path.stem.encode()   # rewritten whole


def test_key_changes_with_grammar_and_lark_version(monkeypatch):
    a = P._cache_path("start: x")
    assert P._cache_path("start: y") != a
    monkeypatch.setattr(P.lark, "__version__", "0.0.0")
    assert P._cache_path("start: x") != a


def test_unwritable_cache_folder_is_ignored(monkeypatch, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("MAGIE_CACHE_DIR", str(blocker / "sub"))
    monkeypatch.setattr(P, "_parser", None)
    assert P.parse("2 * 3", "formula") is not None


def test_no_cache_env_builds_without_writing(fresh, monkeypatch):
    monkeypatch.setenv("MAGIE_NO_CACHE", "1")
    P.parse("2 * 3", "formula")
    assert not list(fresh.iterdir())


class _Planted:
    """A pickle that runs code when it is loaded (here: makes a folder)."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        import os
        return (os.mkdir, (str(self.marker),))


@pytest.mark.skipif(not hasattr(__import__("os"), "geteuid"), reason="owners and modes are POSIX")
@pytest.mark.parametrize("who", ["others may write it", "another user's"])
def test_an_entry_someone_else_could_have_written_is_never_unpickled(fresh, monkeypatch, tmp_path, who):
    # a cache folder in a shared place (MAGIE_CACHE_DIR=/tmp/x): unpickling runs code, so only
    # this user's entries that nobody else may write are loaded
    import os
    import pickle

    if who == "another user's" and os.geteuid() != 0:
        pytest.skip("needs root to give a file to another user")
    path = P._cache_path(P.grammar_text())
    marker = tmp_path / "ran"
    path.write_bytes(path.stem.encode() + b"\n" + pickle.dumps(_Planted(marker)))
    if who == "others may write it":
        os.chmod(path, 0o666)
    else:
        os.chmod(path, 0o644)
        os.chown(path, 65534, 65534)
    built = repr(P.parse("1 + 2", "formula"))
    assert not marker.exists()
    _reset(monkeypatch)
    monkeypatch.setenv("MAGIE_NO_CACHE", "1")
    assert repr(P.parse("1 + 2", "formula")) == built       # the parser was built, not loaded


@pytest.mark.skipif(not hasattr(__import__("os"), "geteuid"), reason="owners and modes are POSIX")
def test_old_parsers_are_removed_beyond_a_few_and_nothing_else(fresh, tmp_path):
    # every new grammar, lark or Python leaves an entry: the oldest beyond KEEP_PARSERS go, but
    # only this user's own regular files of that name (no link, no other file, no one else's)
    import os

    old = []
    for k in range(P.KEEP_PARSERS + 3):
        f = fresh / f"dsl-parser-{k:032x}.pickle"
        f.write_bytes(b"old")
        os.chmod(f, 0o600)
        os.utime(f, ns=(10**9 * (k + 1),) * 2)
        old.append(f)
    target = tmp_path.parent / f"{tmp_path.name}-target"
    target.write_bytes(b"kept")
    link = fresh / "dsl-parser-link.pickle"
    link.symlink_to(target)
    os.utime(link, ns=(1, 1), follow_symlinks=False)
    note = fresh / "notes.pickle"
    note.write_bytes(b"mine")
    os.utime(note, ns=(1, 1))
    foreign = fresh / f"dsl-parser-{'f' * 32}.pickle"
    foreign.write_bytes(b"theirs")
    os.utime(foreign, ns=(1, 1))
    if os.geteuid() == 0:
        os.chown(foreign, 65534, 65534)
    P.parse("1 + 2", "formula")
    ours = sorted(p for p in fresh.glob("dsl-parser-*.pickle") if not p.is_symlink() and p != foreign)
    assert len(ours) == P.KEEP_PARSERS
    assert P._cache_path(P.grammar_text()) in ours                # the new entry stays
    assert old[-1] in ours and old[0] not in ours                 # then the newest old ones
    assert link.is_symlink() and target.read_bytes() == b"kept" and note.exists()
    if os.geteuid() == 0:
        assert foreign.exists()


def test_a_text_parsed_again_is_a_copy_of_its_first_tree():
    # the checker annotates a tree (types, resolved names): each parse hands out its own
    P._parsed.cache_clear()
    first = P.parse("collect 50 from bank\npay bank 10", "effect")
    second = P.parse("collect 50 from bank\npay bank 10", "effect")
    assert first is not second and repr(first) == repr(second)
    assert P._parsed.cache_info().hits == 1
    first.body[0].amount.type = "annotated"
    assert repr(P.parse("collect 50 from bank\npay bank 10", "effect")) == repr(second)


def test_a_text_that_does_not_parse_is_refused_every_time():
    for _ in range(2):
        with pytest.raises(P.DslError):
            P.parse("pay pay", "effect")



def test_a_long_text_is_parsed_but_its_tree_is_not_kept():
    # kept trees are bounded by count and by each text's length: a server's uploads of texts at
    # the length limit must not fill the process with their trees
    P._parsed.cache_clear()
    long = "\n".join(["pay bank 25 * houses + 100 * hotels"] * 60)
    assert P.KEPT_CHARS < len(long) <= P.LIMITS["chars"]
    assert repr(P.parse(long, "effect")) == repr(P.parse(long, "effect"))
    assert P._parsed.cache_info().currsize == 0
    P.parse("pay bank 5", "effect")
    assert P._parsed.cache_info().currsize == 1
