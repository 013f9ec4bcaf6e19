"""The listing of built-in editions (engine/edition/listing.py) and its index in the user cache:
the index saves parsing, and is never trusted over the files."""

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
    os.mkfifo(base / "pipe.yaml")          # opening it for reading would block the listing
    rows = _rows(list_builtin(base))
    assert ("edition", "pipe", "pipe", "", True) in rows
    assert [r for r in rows if r[1] != "pipe"] == EXPECTED


# The index shipped in the package (editions/listing-index.json, tools/listing_index.py)

def test_the_packaged_index_is_current():
    from tests.runners import load_tool

    tool = load_tool("listing_index")
    assert listing.PACKAGED_INDEX.read_text(encoding="utf-8") == tool.render(), \
        "run: python tools/listing_index.py"
    assert len(listing.packaged_index()) == len(list(listing.EDITIONS_DIR.glob("*.yaml"))) + len(
        list((listing.EDITIONS_DIR / "variants").glob("*.yaml")))


def _from_scratch(base, monkeypatch):
    """The listing of `base` with no index at all: every file parsed."""
    with monkeypatch.context() as m:
        m.setenv("MAGIE_NO_CACHE", "1")
        m.setattr(listing, "packaged_index", lambda: {})
        return _rows(list_builtin(base))


def test_the_built_in_files_are_listed_from_the_packaged_index_with_the_cache_off(monkeypatch):
    monkeypatch.setenv("MAGIE_NO_CACHE", "1")
    expected = _from_scratch(None, monkeypatch)
    _no_parsing(monkeypatch)
    assert _rows(list_builtin()) == expected


@pytest.mark.parametrize("cache", ["on", "off"])
def test_the_packaged_index_serves_only_the_bytes_it_was_made_from(tmp_path, monkeypatch, cache):
    import shutil

    base = tmp_path / "editions"
    shutil.copytree(listing.EDITIONS_DIR, base, ignore=shutil.ignore_patterns("*.json"))
    monkeypatch.setenv("MAGIE_CACHE_DIR", str(tmp_path / "cache"))
    if cache == "off":
        monkeypatch.setenv("MAGIE_NO_CACHE", "1")
    classic = base / "classic.yaml"
    st = classic.stat()
    classic.write_text(classic.read_text(encoding="utf-8").replace("{en: Classic,", "{en: Xlassic,"),
                       encoding="utf-8")                                         # changed, same size
    os.utime(classic, ns=(st.st_atime_ns, st.st_mtime_ns))
    (base / "quick.yaml").unlink()                                               # removed
    (base / "added.yaml").write_text("name: Added\ndescription: A new one.\n")   # added
    (base / "uk.yaml").write_bytes(b"name: [\n")                                 # corrupted
    (base / "variants" / "online.yaml").write_bytes((base / "timed.yaml").read_bytes())   # moved bytes
    rows = _rows(list_builtin(base))
    assert rows == _from_scratch(base, monkeypatch)
    assert [r for r in rows if r[1] == "classic"][0][2] == "Xlassic"
    assert ("edition", "uk", "uk", "", True) in rows and "quick" not in [r[1] for r in rows]
    assert ("overlay", "online", "Time-limited game") == [r for r in rows if r[1] == "online"][0][:3]


def test_a_packaged_index_of_other_code_or_garbled_is_not_used(tmp_path, monkeypatch):
    import json

    data = json.loads(listing.PACKAGED_INDEX.read_text(encoding="utf-8"))
    forged = {**data, "entries": {k: ["Forged", "forged", False] for k in data["entries"]}}
    path = tmp_path / "index.json"
    path.write_text(json.dumps(forged), encoding="utf-8")
    assert {v[0] for v in listing.packaged_index(path).values()} == {"Forged"}     # same code: used
    monkeypatch.setattr(listing, "code_digest", lambda: "0" * 40)                  # code changed
    assert listing.packaged_index(path) == {}
    monkeypatch.undo()
    for bad in (b"\x00garbage", b"[]", json.dumps({**forged, "format": 99}).encode(),
                json.dumps({**forged, "code": ""}).encode()):
        path.write_bytes(bad)
        assert listing.packaged_index(path) == {}
    path.write_text(json.dumps({**forged, "entries": {"d": ["Forged", 3, False], "e": ["A", "b", True]}}))
    assert listing.packaged_index(path) == {"e": ("A", "b", True)}               # ill-typed entries dropped


def test_the_code_digest_covers_the_code_that_reads_the_files(tmp_path, monkeypatch):
    here = tmp_path / "code"
    here.mkdir()
    for name in listing.CODE_FILES:
        (here / name).write_text(f"# {name}\n")
    monkeypatch.setattr(listing, "__file__", str(here / "listing.py"))
    first = listing.code_digest()
    (here / "text.py").write_text("# text.py changed\n")
    assert listing.code_digest() not in ("", first)
    (here / "yamlload.py").unlink()
    assert listing.code_digest() == ""
