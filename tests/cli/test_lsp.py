"""`magie lsp` driven through the Language Server Protocol: the server runs as `magie lsp` in a
subprocess and a pygls client talks to it over its stdin and stdout, as an editor does."""

from __future__ import annotations

import asyncio
import statistics
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pygls")

from lsprotocol import types as t  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402
from pygls.uris import from_fs_path  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
RUN = "import sys; sys.argv = ['magie', 'lsp']; from magie.cli.app import main; main()"


class Editor:
    """A client of `magie lsp` driven from sync tests: its asyncio loop runs in a thread."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.client = LanguageClient("magie-test", "1")
        self.published: dict[str, list[tuple[float, t.PublishDiagnosticsParams]]] = {}
        self.lock = threading.Lock()
        self.versions: dict[str, int] = {}

        @self.client.feature(t.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_diagnostics(params: t.PublishDiagnosticsParams) -> None:
            with self.lock:
                self.published.setdefault(params.uri, []).append((time.perf_counter(), params))

        self.run(self.client.start_io(sys.executable, "-c", RUN, cwd=str(REPO)))
        self.run(self.client.initialize_async(t.InitializeParams(
            capabilities=t.ClientCapabilities(), root_uri=from_fs_path(str(REPO)))))
        self.client.initialized(t.InitializedParams())

    def run(self, coro: Any, timeout: float = 60) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def open(self, path: Path, text: str | None = None) -> str:
        uri = from_fs_path(str(path))
        assert uri
        self.versions[uri] = 1
        self.client.text_document_did_open(t.DidOpenTextDocumentParams(text_document=t.TextDocumentItem(
            uri=uri, language_id="yaml", version=1, text=path.read_text() if text is None else text)))
        return uri

    def change(self, uri: str, text: str) -> float:
        """Replace the whole text; the time the change was sent."""
        self.versions[uri] += 1
        sent = time.perf_counter()
        self.client.text_document_did_change(t.DidChangeTextDocumentParams(
            text_document=t.VersionedTextDocumentIdentifier(uri=uri, version=self.versions[uri]),
            content_changes=[t.TextDocumentContentChangeWholeDocument(text=text)]))
        return sent

    def diagnostics(self, uri: str, after: float = 0.0, timeout: float = 30,
                    until: Callable[[list[t.Diagnostic]], bool] = lambda d: True) -> tuple[float, list[t.Diagnostic]]:
        """The first diagnostics published for `uri` after time `after` that satisfy `until`,
        waited for by polling; with the time they came."""
        end = time.perf_counter() + timeout
        while time.perf_counter() < end:
            with self.lock:
                for when, params in self.published.get(uri, []):
                    if when > after and params.version == self.versions[uri] and until(params.diagnostics):
                        return when, params.diagnostics
            time.sleep(0.01)
        raise AssertionError(f"no diagnostics for {uri} within {timeout} s: {self.published.get(uri)}")

    def doc(self, uri: str) -> t.TextDocumentIdentifier:
        return t.TextDocumentIdentifier(uri=uri)

    def close(self) -> None:
        try:
            self.run(self.client.shutdown_async(None), timeout=10)
            self.client.exit(None)
            self.run(self.client.stop(), timeout=10)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(5)


@pytest.fixture(scope="module")
def editor():
    ed = Editor()
    yield ed
    ed.close()


BASE = """\
id: island
extends: classic
name: {en: Island, ru: Остров}
board:
  - {id: arbat, price: 222}
"""

CHILD = """\
id: child
extends: ./island.yaml
decks:
  - id: chance
    cards:
      - id: chance_go
        do: move to nowhere
      - id: chance_arbat
        do: "pay bank 10 + nothing"
      - id: chance_polyanka
        do: |
          pay bank 10
          move to lost
"""


def _at(diags: list[t.Diagnostic], code: str) -> list[tuple[int, int, int]]:
    return sorted((d.range.start.line, d.range.start.character, d.range.end.character)
                  for d in diags if d.code == code)


def test_dsl_errors_are_placed_at_their_column_in_plain_quoted_and_block_strings(editor, tmp_path):
    (tmp_path / "island.yaml").write_text(BASE)
    child = tmp_path / "child.yaml"
    child.write_text("id: child\n")      # the text on disk is not what is checked: the editor's is
    uri = editor.open(child, CHILD)
    _, diags = editor.diagnostics(uri)
    # line 7 `        do: move to nowhere`, line 9 `        do: "pay bank 10 + nothing"`, line 13 in the block
    assert _at(diags, "unknown-name") == [(6, 20, 27), (8, 27, 34), (12, 18, 22)]
    for d in diags:
        assert d.severity == t.DiagnosticSeverity.Error and d.source == "magie"
        assert CHILD.split("\n")[d.range.start.line][d.range.start.character:d.range.end.character] \
            in ("nowhere", "nothing", "lost")


def test_a_fix_clears_the_diagnostics_and_broken_yaml_is_a_diagnostic(editor, tmp_path):
    (tmp_path / "island.yaml").write_text(BASE)
    uri = editor.open(tmp_path / "child.yaml", CHILD)
    editor.diagnostics(uri)
    fixed = CHILD.replace("nowhere", "go").replace(" + nothing", "").replace("lost", "arbat")
    sent = editor.change(uri, fixed)
    _, diags = editor.diagnostics(uri, after=sent)
    assert list(diags) == []
    sent = editor.change(uri, fixed + "  - : [\n\tbad")
    _, diags = editor.diagnostics(uri, after=sent)
    assert [d.code for d in diags] in (["yaml-syntax"], ["yaml-tab"])
    sent = editor.change(uri, "\x00\x01 not yaml at all: [")
    _, diags = editor.diagnostics(uri, after=sent)
    assert diags and diags[0].severity == t.DiagnosticSeverity.Error


def test_problems_of_the_base_edition_are_shown_at_the_extends_line(editor, tmp_path):
    (tmp_path / "island.yaml").write_text(BASE.replace("price: 222", "price: -5"))
    uri = editor.open(tmp_path / "child.yaml", "id: child\nname: {en: C, ru: C}\nextends: ./island.yaml\n")
    _, diags = editor.diagnostics(uri)
    assert diags, "the base's problem is shown"
    for d in diags:
        assert (d.range.start.line, d.range.start.character, d.range.end.character) == (2, 9, 22)   # extends' value
        assert d.related_information, "the place in the base file is linked"
    at_price = [d for d in diags if "island.yaml:5:" in d.message]
    assert at_price and at_price[0].related_information[0].location.uri.endswith("island.yaml")
    assert at_price[0].related_information[0].location.range.start.line == 4


def test_warnings_are_warnings(editor, tmp_path):
    uri = editor.open(tmp_path / "warn.yaml", "id: warn\nextends: classic\nname: {en: Only English}\n")
    _, diags = editor.diagnostics(uri)
    assert [(d.code, d.severity, d.range.start.line) for d in diags] == \
        [("partial-translation", t.DiagnosticSeverity.Warning, 2)]


def test_other_yaml_files_get_no_diagnostics(editor, tmp_path):
    uri = editor.open(tmp_path / "ci.yml", "name: CI\non: [push]\njobs: {test: {runs-on: ubuntu-latest}}\n")
    _, diags = editor.diagnostics(uri)
    assert list(diags) == []


def _labels(result: t.CompletionList | list | None) -> set[str]:
    assert result is not None
    items = result.items if isinstance(result, t.CompletionList) else result
    return {i.label for i in items}


def test_completion_in_a_dsl_string_offers_ids_functions_statements_and_fields(editor, tmp_path):
    (tmp_path / "island.yaml").write_text(BASE)
    uri = editor.open(tmp_path / "child.yaml", CHILD)
    line = CHILD.split("\n")[6]          # `        do: move to nowhere`
    got = _labels(editor.run(editor.client.text_document_completion_async(t.CompletionParams(
        text_document=editor.doc(uri), position=t.Position(line=6, character=len(line))))))
    assert {"arbat", "go", "chance", "brown", "street"} <= got               # space, deck, group, kind ids
    assert {"owned_in", "roll", "count", "pay bank AMOUNT", "me"} <= got       # functions, statements, names
    assert "chance_go" in got                                                 # card ids
    text = CHILD.replace("move to nowhere", "pay bank me.")
    editor.change(uri, text)
    got = _labels(editor.run(editor.client.text_document_completion_async(t.CompletionParams(
        text_document=editor.doc(uri), position=t.Position(line=6, character=len("        do: pay bank me."))))))
    assert {"cash", "position", "houses", "net_worth"} <= got and "arbat" not in got
    editor.change(uri, text.replace("do: pay bank me.", 'do: "pay bank me.'))     # an open quote: YAML breaks
    got = _labels(editor.run(editor.client.text_document_completion_async(t.CompletionParams(
        text_document=editor.doc(uri), position=t.Position(line=6, character=len('        do: "pay bank me.'))))))
    assert {"cash", "position"} <= got      # the snippet is found in the last text that parsed


def test_completion_of_yaml_keys_by_space_kind(editor, tmp_path):
    text = "id: keys\nextends: classic\nboard:\n  - id: arbat\n    kind: street\n    \n"
    uri = editor.open(tmp_path / "keys.yaml", text)
    got = _labels(editor.run(editor.client.text_document_completion_async(t.CompletionParams(
        text_document=editor.doc(uri), position=t.Position(line=5, character=4)))))
    assert {"price", "rent", "group", "mortgage"} <= got and "tax" not in got
    assert "kind" not in got and "id" not in got          # written already
    editor.change(uri, text.replace("kind: street", "kind: tax"))
    got = _labels(editor.run(editor.client.text_document_completion_async(t.CompletionParams(
        text_document=editor.doc(uri), position=t.Position(line=5, character=4)))))
    assert "tax" in got and "rent" not in got


def _hover(editor, uri: str, line: int, col: int) -> str:
    h = editor.run(editor.client.text_document_hover_async(t.HoverParams(
        text_document=editor.doc(uri), position=t.Position(line=line, character=col))))
    assert h is not None
    return h.contents.value


def test_hover_on_a_function_a_rule_parameter_and_a_space(editor, tmp_path):
    (tmp_path / "island.yaml").write_text(BASE)
    text = CHILD.replace("move to nowhere", "pay bank owned_in(me, brown)") + \
        "rules:\n  doubles:\n    jail_after: 2\n"
    uri = editor.open(tmp_path / "child.yaml", text)
    assert "owned_in(p, group)" in _hover(editor, uri, 6, len("        do: pay bank own"))
    said = _hover(editor, uri, 15, 6)
    assert "rules.doubles.jail_after" in said and "doubles in a row" in said
    said = _hover(editor, uri, 13, 2)
    assert said.startswith("`rules`")
    editor.change(uri, text.replace("jail_after: 2", "roll_again: false"))
    said = _hover(editor, uri, 15, 6)             # the schema's words, and docs/rules.md's with the source
    assert "rolls again" in said and "docs/rules.md (reference value `true`)" in said and "[000] 4.1" in said
    editor.change(uri, text)
    assert "What rolling doubles does" in _hover(editor, uri, 14, 3)
    text2 = text.replace("move to lost", "move to arbat")
    editor.change(uri, text2)
    said = _hover(editor, uri, 12, len("          move to ar"))
    assert "Arbat" in said and "price: 222" in said and "rent: " in said       # the child's price on the base's


def test_definition_goes_into_the_base_edition(editor, tmp_path):
    (tmp_path / "island.yaml").write_text(BASE)
    text = CHILD.replace("move to nowhere", "move to arbat").replace("move to lost", "move to zhitnaya")
    uri = editor.open(tmp_path / "child.yaml", text)
    loc = editor.run(editor.client.text_document_definition_async(t.DefinitionParams(
        text_document=editor.doc(uri), position=t.Position(line=6, character=len("        do: move to ar")))))
    assert loc.uri == from_fs_path(str((tmp_path / "island.yaml").resolve()))
    assert (loc.range.start.line, loc.range.start.character) == (4, 9)        # `arbat` of `- {id: arbat` in island.yaml
    loc = editor.run(editor.client.text_document_definition_async(t.DefinitionParams(
        text_document=editor.doc(uri), position=t.Position(line=12, character=len("          move to zh")))))
    assert loc.uri.endswith("editions/classic.yaml")
    classic = (REPO / "editions" / "classic.yaml").read_text().split("\n")
    assert "id: zhitnaya" in classic[loc.range.start.line]


def test_outline_lists_sections_spaces_decks_and_cards(editor):
    uri = editor.open(REPO / "editions" / "classic.yaml")
    symbols = editor.run(editor.client.text_document_document_symbol_async(t.DocumentSymbolParams(
        text_document=editor.doc(uri))))
    names = [s.name for s in symbols]
    assert {"id", "board", "decks", "rules", "groups"} <= set(names)
    board = symbols[names.index("board")]
    assert len(board.children) == 40 and board.children[1].name == "zhitnaya"
    assert board.children[1].detail == "Zhitnaya Street"
    decks = symbols[names.index("decks")]
    assert [d.name for d in decks.children] == ["chance", "chest"]
    assert decks.children[0].children[0].name == "chance_go" and len(decks.children[0].children) == 16
    for s in symbols:
        assert s.range.start.line <= s.selection_range.start.line <= s.range.end.line


def test_a_keystroke_on_mega_is_answered_within_the_debounce_and_a_check(editor):
    """After a change, the diagnostics come DEBOUNCE seconds later plus one check of the file."""
    path = REPO / "editions" / "mega.yaml"
    text = path.read_text()
    uri = editor.open(path, text)
    editor.diagnostics(uri)
    times = []
    for k in range(5):
        sent = editor.change(uri, text + f"# edit {k}\n")
        came, diags = editor.diagnostics(uri, after=sent)
        assert list(diags) == []
        times.append(came - sent)
    assert statistics.median(times) < 5.0, times


def test_a_file_the_editor_has_not_opened_is_never_read(editor, tmp_path):
    # pygls would read an unopened file from disk, all of it (a device such as /dev/zero never
    # ends): the server answers only for the files the editor opened
    path = tmp_path / "shut.yaml"
    path.write_text((REPO / "editions" / "classic.yaml").read_text())
    uri = from_fs_path(str(path))
    assert uri
    symbols = editor.run(editor.client.text_document_document_symbol_async(t.DocumentSymbolParams(
        text_document=editor.doc(uri))))
    assert symbols == []
    said = editor.run(editor.client.text_document_hover_async(t.HoverParams(
        text_document=editor.doc(uri), position=t.Position(line=0, character=1))))
    assert said is None
    opened = editor.open(path)
    symbols = editor.run(editor.client.text_document_document_symbol_async(t.DocumentSymbolParams(
        text_document=editor.doc(opened))))
    assert "board" in [s.name for s in symbols]


def _frames(data: bytes) -> list[dict]:
    """The messages of a byte stream of the protocol; AssertionError where it holds anything else."""
    import json

    out = []
    while data:
        head, sep, rest = data.partition(b"\r\n\r\n")
        assert sep and head.startswith(b"Content-Length: "), data[:80]
        size = int(head.split(b"\r\n")[0].split(b":")[1])
        out.append(json.loads(rest[:size]))
        data = rest[size:]
    return out


def test_a_plugin_printing_as_it_is_imported_does_not_break_the_protocol(tmp_path):
    import json
    import os
    import subprocess

    site = tmp_path / "site"
    info = site / "noisy-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: noisy\nVersion: 0.1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[magie.dsl]\ntwice = noisy:twice\n", encoding="utf-8")
    (site / "noisy.py").write_text(
        "print('noisy is imported')\n"
        "from magie.engine.plugins import dsl_function\n"
        "@dsl_function(params=['int'], returns='int')\n"
        "def twice(game, n):\n    '''Twice n.'''\n    return 2 * n\n", encoding="utf-8")
    edition = tmp_path / "noisy_ed.yaml"
    text = "id: noisy_ed\nextends: classic\nplugins: [noisy]\nrules:\n  salary: twice(100) + nothing\n"
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": from_fs_path(str(edition)), "languageId": "yaml", "version": 1, "text": text}}},
    ]
    sent = b"".join(b"Content-Length: %d\r\n\r\n%s" % (len(body), body)
                    for body in (json.dumps(m).encode() for m in messages))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")]),
           "MAGIE_NO_CACHE": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    proc = subprocess.Popen([sys.executable, "-c", RUN], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=str(REPO), env=env)
    assert proc.stdin is not None
    proc.stdin.write(sent)
    proc.stdin.flush()
    time.sleep(0.5)
    deadline = time.perf_counter() + 60
    out = b""
    while time.perf_counter() < deadline and b"publishDiagnostics" not in out:
        out += proc.stdout.read1(65536) if proc.stdout is not None else b""
    proc.kill()
    out += proc.stdout.read() if proc.stdout is not None else b""
    err = proc.stderr.read() if proc.stderr is not None else b""
    frames = _frames(out)
    published = [f for f in frames if f.get("method") == "textDocument/publishDiagnostics"]
    assert published and [d["code"] for d in published[0]["params"]["diagnostics"]] == ["unknown-name"]
    assert b"noisy is imported" in err


def _complete(editor, uri: str, line: int, col: int) -> set[str]:
    return _labels(editor.run(editor.client.text_document_completion_async(t.CompletionParams(
        text_document=editor.doc(uri), position=t.Position(line=line, character=col)))))


def test_completion_of_keys_inside_a_flow_map_by_space_kind(editor, tmp_path):
    text = "id: flow\nextends: classic\nboard:\n  - {id: arbat, kind: street, }\n"
    uri = editor.open(tmp_path / "flow.yaml", text)
    col = len("  - {id: arbat, kind: street, ")
    got = _complete(editor, uri, 3, col)
    assert {"price", "rent", "group", "mortgage"} <= got and not {"tax", "kind", "id"} & got
    editor.change(uri, text.replace("kind: street", "kind: tax"))
    got = _complete(editor, uri, 3, len("  - {id: arbat, kind: tax, "))
    assert "tax" in got and "rent" not in got
    editor.change(uri, text.replace("kind: street, }", "kind: street, group: brown, pri}"))
    got = _complete(editor, uri, 3, len("  - {id: arbat, kind: street, group: brown, pri"))
    assert "price" in got and "group" not in got                 # a key half typed; the written ones left out
    editor.change(uri, text.replace("{id: arbat, kind: street, }", "{id: arbat, kind: "))
    got = _complete(editor, uri, 3, len("  - {id: arbat, kind: "))
    assert "price" not in got and "arbat" in got                  # a value: the edition's ids, not keys


ISLE = """\
id: isle_edition
extends: classic
name: {en: Isle, ru: Остров}
groups:
  - {id: isle, name: {en: Isle, ru: Остров}}
board:
  - {id: arbat, group: isle}
decks:
  - id: chance
    cards:
      - id: chance_go
        do: "pay bank owned_in(me, isle) * 10"
      - id: chance_arbat
        do: |
          move to arbat
          collect 5 * owned_in(me, isle)
"""


def test_references_of_an_id_in_the_file_its_dsl_and_the_base_edition(editor, tmp_path):
    uri = editor.open(tmp_path / "isle.yaml", ISLE)
    lines = ISLE.split("\n")
    found = editor.run(editor.client.text_document_references_async(t.ReferenceParams(
        text_document=editor.doc(uri), position=t.Position(line=4, character=len("  - {id: is")),
        context=t.ReferenceContext(include_declaration=True))))
    spans = sorted((loc.range.start.line, loc.range.start.character, loc.range.end.character) for loc in found)
    assert {loc.uri for loc in found} == {uri}                 # a group of this file: only its uses here
    assert spans == [(4, 9, 13), (6, 23, 27), (11, 35, 39), (15, 35, 39)]
    assert all(lines[ln][a:b] == "isle" for ln, a, b in spans)
    found = editor.run(editor.client.text_document_references_async(t.ReferenceParams(
        text_document=editor.doc(uri), position=t.Position(line=14, character=len("          move to ar")),
        context=t.ReferenceContext(include_declaration=True))))
    here = sorted(loc.range.start.line for loc in found if loc.uri == uri)
    assert here == [6, 14]                                     # `{id: arbat, ...}` and the block's `move to arbat`
    classic = (REPO / "editions" / "classic.yaml").read_text().split("\n")
    there = [loc for loc in found if loc.uri.endswith("editions/classic.yaml")]
    assert there and all(classic[loc.range.start.line][loc.range.start.character:loc.range.end.character] == "arbat"
                         for loc in there)
    assert any("move to arbat" in classic[loc.range.start.line] for loc in there)    # the base's own card


def test_rename_rewrites_every_use_in_the_file_and_refuses_what_the_base_defines(editor, tmp_path):
    from pygls.exceptions import JsonRpcException

    uri = editor.open(tmp_path / "isle.yaml", ISLE)
    at = t.Position(line=11, character=len('        do: "pay bank owned_in(me, is'))
    span = editor.run(editor.client.text_document_prepare_rename_async(t.PrepareRenameParams(
        text_document=editor.doc(uri), position=at)))
    assert (span.start.line, span.start.character, span.end.character) == (11, 35, 39)
    edit = editor.run(editor.client.text_document_rename_async(t.RenameParams(
        text_document=editor.doc(uri), position=at, new_name="islet")))
    lines = ISLE.split("\n")
    for e in sorted(edit.changes[uri], key=lambda e: (e.range.start.line, -e.range.start.character)):
        ln, a, b = e.range.start.line, e.range.start.character, e.range.end.character
        lines[ln] = lines[ln][:a] + e.new_text + lines[ln][b:]
    renamed = "\n".join(lines)
    assert renamed == ISLE.replace("isle)", "islet)").replace("id: isle,", "id: islet,").replace(
        "group: isle}", "group: islet}")
    assert "isle_edition" in renamed and "Isle" in renamed          # other words and texts untouched
    for position, new, why in ((t.Position(line=6, character=9), "arbat2", "rename it there"),
                               (at, "Bad Name", "is not an id"),
                               (at, "brown", "already an id")):
        with pytest.raises(JsonRpcException, match=why):
            editor.run(editor.client.text_document_rename_async(t.RenameParams(
                text_document=editor.doc(uri), position=position, new_name=new)))


def test_a_word_that_only_spells_an_id_has_no_references_and_no_rename(editor, tmp_path):
    """The key `jail:` of `rules:` and a word of a card's text spell ids (the space `jail`, the
    group `isle`) without using them: neither starts references or a rename there."""
    from pygls.exceptions import JsonRpcException

    text = ISLE + "        text: {en: the isle pays}\nrules:\n  jail:\n    fine: 60\n"
    uri = editor.open(tmp_path / "isle.yaml", text)
    lines = text.split("\n")
    key = lines.index("  jail:")
    said = next(i for i, ln in enumerate(lines) if "the isle pays" in ln)
    for line, col in ((key, 3), (said, lines[said].index("isle") + 1)):
        found = editor.run(editor.client.text_document_references_async(t.ReferenceParams(
            text_document=editor.doc(uri), position=t.Position(line=line, character=col),
            context=t.ReferenceContext(include_declaration=True))))
        assert not found, (line, found)
        with pytest.raises(JsonRpcException, match="no space, deck, group, card or other id here"):
            editor.run(editor.client.text_document_rename_async(t.RenameParams(
                text_document=editor.doc(uri), position=t.Position(line=line, character=col), new_name="islet")))
    found = editor.run(editor.client.text_document_references_async(t.ReferenceParams(
        text_document=editor.doc(uri), position=t.Position(line=4, character=len("  - {id: is")),
        context=t.ReferenceContext(include_declaration=True))))
    assert len(found) == 4                                      # the group's own uses are still found
