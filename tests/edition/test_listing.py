"""The listing of built-in editions (engine/edition/listing.py) and its index in the user cache:
the index saves parsing, and is never trusted over the files (issue 15, start-up)."""

from __future__ import annotations

import marshal
import os

import pytest

from magie.engine.edition import listing
from magie.engine.edition.listing import INDEX_NAME, list_builtin


@pytest.fixture
def base(tmp_path, monkeypatch):
    """A folder of two editions and an overlay, and a private cache folder."""
    monkeypatch.setenv("MAGIE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("MAGIE_NO_CACHE", raising=False)
    folder = tmp_path / "editions"
    (folder / "variants").mkdir(parents=True)
    (folder / "alpha.yaml").write_text("name: Alpha\ndescription: |\n  First line.\n  Second.\n")
    (folder / "beta.yaml").write_text("name: {en: Beta, ru: Бета}\ndescription: The second one.\n")
    (folder / "variants" / "ov.yaml").write_text("overlay: true\ndescription: An overlay.\n")
    return folder


def _rows(infos):
    return [(i.kind, i.id, i.name, i.description, i.broken) for i in infos]


EXPECTED = [("edition", "alpha", "Alpha", "First line.", False),
            ("edition", "beta", "Beta", "The second one.", False),
            ("overlay", "ov", "ov", "An overlay.", False)]


def _no_parsing(monkeypatch):
    def refuse(path):
        raise AssertionError(f"parsed {path}")
    monkeypatch.setattr(listing, "_shown", refuse)


def test_a_second_listing_parses_nothing_and_lists_the_same(base, monkeypatch):
    assert _rows(list_builtin(base)) == EXPECTED
    index = base.parent / "cache" / INDEX_NAME
    assert index.is_file() and oct(index.stat().st_mode & 0o777) == "0o600"
    _no_parsing(monkeypatch)
    assert _rows(list_builtin(base)) == EXPECTED


def test_with_the_cache_off_every_file_is_parsed_and_no_index_written(base, monkeypatch):
    list_builtin(base)
    monkeypatch.setenv("MAGIE_NO_CACHE", "1")
    (base.parent / "cache" / INDEX_NAME).unlink()
    assert _rows(list_builtin(base)) == EXPECTED
    assert not (base.parent / "cache" / INDEX_NAME).exists()
    _no_parsing(monkeypatch)
    with pytest.raises(AssertionError, match="parsed"):
        list_builtin(base)


def test_a_changed_file_is_parsed_again_even_with_the_same_size_and_time(base, monkeypatch):
    list_builtin(base)
    path = base / "beta.yaml"
    st = path.stat()
    path.write_text(path.read_text().replace("second", "SECOND"))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert path.stat().st_size == st.st_size and path.stat().st_mtime_ns == st.st_mtime_ns
    assert _rows(list_builtin(base))[1] == ("edition", "beta", "Beta", "The SECOND one.", False)
    (base / "gamma.yaml").write_text(": not yaml [\n")
    rows = _rows(list_builtin(base))
    assert rows[2] == ("edition", "gamma", "gamma", "", True)     # broken, listed as before
    _no_parsing(monkeypatch)                                      # and indexed: same bytes, same row
    assert _rows(list_builtin(base))[2] == rows[2]


def test_an_index_of_other_code_or_a_foreign_or_garbled_one_is_ignored(base, monkeypatch):
    list_builtin(base)
    index = base.parent / "cache" / INDEX_NAME
    code, entries = marshal.loads(index.read_bytes())
    lie = {k: ("Forged", "forged", False) for k in entries}
    index.write_bytes(marshal.dumps(((code[0] + 1, code[1]), lie)))   # another format
    assert _rows(list_builtin(base)) == EXPECTED
    index.write_bytes(marshal.dumps((code, {k: ("Forged", 3, False) for k in entries})))  # ill-typed
    assert _rows(list_builtin(base)) == EXPECTED
    index.write_bytes(b"\x00garbage")
    assert _rows(list_builtin(base)) == EXPECTED
    index.write_bytes(marshal.dumps((code, lie)))
    os.chmod(index, 0o666)                                        # writable by others: not read
    assert _rows(list_builtin(base)) == EXPECTED
    index.write_bytes(marshal.dumps((code, lie)))
    os.chmod(index, 0o600)                                        # this user's own, same code: used
    assert {i.name for i in list_builtin(base)} == {"Forged"}


def test_the_index_is_keyed_by_the_code_that_reads_the_files(base, monkeypatch):
    list_builtin(base)
    stamp = listing._code_stamp()
    assert [os.path.basename(f) for f, _, _ in stamp[1]][:3] == ["listing.py", "text.py", "yamlload.py"]
    monkeypatch.setattr(listing, "_code_stamp", lambda: (stamp[0], stamp[1][:-1]))
    _no_parsing(monkeypatch)
    with pytest.raises(AssertionError, match="parsed"):      # pyyaml's stamp missing: another code
        list_builtin(base)


def test_the_built_in_listing_matches_parsing_every_file(tmp_path, monkeypatch):
    monkeypatch.setenv("MAGIE_CACHE_DIR", str(tmp_path))
    first = list_builtin()
    assert _rows(list_builtin()) == _rows(first)
    for i in list_builtin():         # from the index now
        name, description, broken = listing._shown(i.path)
        assert (name or i.path.stem, description, broken) == (i.name, i.description, i.broken)
    assert {"classic"} <= {i.id for i in first if i.kind == "edition"}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_among_the_editions_is_listed_broken_without_waiting_for_a_writer(base):
    os.mkfifo(base / "pipe.yaml")          # opening it for reading blocked the listing (fresh probe)
    rows = _rows(list_builtin(base))
    assert ("edition", "pipe", "pipe", "", True) in rows
    assert [r for r in rows if r[1] != "pipe"] == EXPECTED
