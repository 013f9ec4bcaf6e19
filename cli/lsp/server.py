"""The language server itself: pygls's `LanguageServer` with magie's features, over stdio.

Diagnostics are published when a file opens and, `DEBOUNCE` seconds after the last change,
from the text the editor holds; the check runs in one worker thread, so that completion and
hover answer while it runs, and a result for a text that has changed since is dropped. Every
feature answers from the current text; none raises into the protocol (an unexpected error is
logged, and the answer is empty).
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from lsprotocol import types as t
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path
from pygls.workspace import TextDocument

from magie.engine.edition.yamlload import MarkedMap

from .document import Diagnostic, Document, Position
from .features import Symbol, completions, definition, hover, index_of, outline
from .references import Place, RenameRefused, references, rename, rename_span

DEBOUNCE = 0.2
"""Seconds without a change before a changed file is checked again."""

log = logging.getLogger("magie.lsp")

_KINDS = {"keyword": t.CompletionItemKind.Keyword, "function": t.CompletionItemKind.Function,
          "field": t.CompletionItemKind.Field, "variable": t.CompletionItemKind.Variable,
          "value": t.CompletionItemKind.Value, "property": t.CompletionItemKind.Property}
_SYMBOLS = {"section": t.SymbolKind.Namespace, "space": t.SymbolKind.Object, "deck": t.SymbolKind.Array,
            "card": t.SymbolKind.Event, "group": t.SymbolKind.Enum, "kind": t.SymbolKind.Class,
            "action": t.SymbolKind.Function, "switch": t.SymbolKind.Boolean}


class EditionServer(LanguageServer):
    """magie's language server: pygls's server with the open editions' checks scheduled."""

    def __init__(self) -> None:
        from magie.engine import __version__

        super().__init__("magie", __version__, text_document_sync_kind=t.TextDocumentSyncKind.Incremental)
        self.checks = ThreadPoolExecutor(max_workers=1, thread_name_prefix="magie-check")
        self.pending: dict[str, asyncio.Task] = {}
        self.trees: dict[str, MarkedMap] = {}   # uri -> the tree of its last text that parsed

    def document(self, uri: str) -> tuple[Document, TextDocument] | None:
        """The open file at `uri` as the features see it, with pygls's document (positions);
        None for a file the editor has not opened: pygls would read such a file from disk, all of
        it, whatever it is (a device such as /dev/zero never ends)."""
        path = to_fs_path(uri)
        if path is None or unquote(uri) not in self.workspace.text_documents:
            return None
        doc = self.workspace.get_text_document(uri)
        found = Document(Path(path), doc.source, doc.version or 0, fallback=self.trees.get(uri))
        if found.parsed is not None:
            self.trees[uri] = found.parsed
        return found, doc

    def schedule(self, uri: str, delay: float) -> None:
        """Check `uri` after `delay` seconds, replacing a check still waiting."""
        waiting = self.pending.pop(uri, None)
        if waiting is not None:
            waiting.cancel()
        self.pending[uri] = asyncio.get_running_loop().create_task(self._check(uri, delay))

    async def _check(self, uri: str, delay: float) -> None:
        try:
            if delay:
                await asyncio.sleep(delay)
            got = self.document(uri)
            if got is None:
                return
            doc, text_doc = got
            found = await asyncio.get_running_loop().run_in_executor(self.checks, _diagnostics, doc)
            now = self.workspace.text_documents.get(unquote(uri))
            if now is None or now.version != text_doc.version:
                return                      # changed or closed meanwhile: a newer check is scheduled
            self.text_document_publish_diagnostics(t.PublishDiagnosticsParams(
                uri=uri, version=text_doc.version, diagnostics=[_diagnostic(d, text_doc) for d in found]))
        except asyncio.CancelledError:
            raise
        except Exception:                   # a bug must not stop the server
            log.exception("checking %s", uri)
        finally:
            if self.pending.get(uri) is asyncio.current_task():
                del self.pending[uri]


def _diagnostics(doc: Document) -> list[Diagnostic]:
    try:
        return doc.diagnostics() if doc.is_edition() else []
    except Exception as e:           # never: validation reports problems; told rather than lost
        log.exception("checking %s", doc.path)
        return [Diagnostic((0, 0), (0, 0), "error", "internal-error", f"magie could not check this file: {e!r}")]


def _position(doc: TextDocument, pos: Position) -> t.Position:
    """A (line, character) position as the client counts (UTF-16 units by default)."""
    return doc.position_codec.position_to_client_units(doc.lines, t.Position(line=pos[0], character=pos[1]))


def _from_client(doc: TextDocument, pos: t.Position) -> Position:
    p = doc.position_codec.position_from_client_units(doc.lines, pos)
    return p.line, p.character


def _range(doc: TextDocument, start: Position, end: Position) -> t.Range:
    return t.Range(start=_position(doc, start), end=_position(doc, end))


def _location(file: str, line: int, col: int) -> t.Location | None:
    """The place (file, line, col: 1-based, the file as problems name it) as an LSP location;
    None for a file that is not there (a problem with the whole command line)."""
    path = Path(file)
    uri = from_fs_path(str(path.resolve())) if path.is_file() else None
    spot = t.Position(line=max(line - 1, 0), character=max(col - 1, 0))
    return t.Location(uri=uri, range=t.Range(start=spot, end=spot)) if uri else None


def _diagnostic(d: Diagnostic, doc: TextDocument) -> t.Diagnostic:
    related = None
    where = _location(*d.elsewhere) if d.elsewhere is not None else None
    if where is not None:
        related = [t.DiagnosticRelatedInformation(location=where, message=d.message)]
    return t.Diagnostic(
        range=_range(doc, d.start, d.end), message=d.message, code=d.code, source="magie",
        severity=t.DiagnosticSeverity.Error if d.severity == "error" else t.DiagnosticSeverity.Warning,
        related_information=related)


def _symbol(s: Symbol, doc: TextDocument) -> t.DocumentSymbol:
    lines = doc.lines
    end_line = min(s.end, len(lines) - 1) if lines else 0
    end_col = len(lines[end_line].rstrip("\r\n")) if lines else 0
    whole = _range(doc, (s.start, 0), (end_line, end_col))
    at = _range(doc, s.at, (s.at[0], s.at[1] + len(s.name)))
    if not (whole.start.line <= at.start.line <= at.end.line <= whole.end.line):
        at = whole
    return t.DocumentSymbol(name=s.name or "?", detail=s.detail or None, kind=_SYMBOLS.get(s.kind, t.SymbolKind.Key),
                            range=whole, selection_range=at, children=[_symbol(c, doc) for c in s.children])


def make_server() -> EditionServer:
    """The server with its features registered (not started)."""
    server = EditionServer()

    @server.feature(t.TEXT_DOCUMENT_DID_OPEN)
    async def did_open(ls: EditionServer, params: t.DidOpenTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, 0)

    @server.feature(t.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(ls: EditionServer, params: t.DidChangeTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, DEBOUNCE)

    @server.feature(t.TEXT_DOCUMENT_DID_SAVE)
    async def did_save(ls: EditionServer, params: t.DidSaveTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, 0)

    @server.feature(t.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: EditionServer, params: t.DidCloseTextDocumentParams) -> None:
        waiting = ls.pending.pop(params.text_document.uri, None)
        if waiting is not None:
            waiting.cancel()
        ls.trees.pop(params.text_document.uri, None)
        ls.text_document_publish_diagnostics(t.PublishDiagnosticsParams(uri=params.text_document.uri,
                                                                        diagnostics=[]))

    @server.feature(t.TEXT_DOCUMENT_COMPLETION,
                    t.CompletionOptions(trigger_characters=[".", " "]))
    def completion(ls: EditionServer, params: t.CompletionParams) -> t.CompletionList | None:
        got = _answer(ls, params.text_document.uri, params.position, completions)
        if got is None:
            return None
        items, _doc = got
        return t.CompletionList(is_incomplete=False, items=[
            t.CompletionItem(label=i.label, kind=_KINDS.get(i.kind), detail=i.detail or None,
                             documentation=t.MarkupContent(kind=t.MarkupKind.Markdown, value=i.doc) if i.doc else None,
                             insert_text=i.insert) for i in items])

    @server.feature(t.TEXT_DOCUMENT_HOVER)
    def on_hover(ls: EditionServer, params: t.HoverParams) -> t.Hover | None:
        got = _answer(ls, params.text_document.uri, params.position, hover)
        if got is None:
            return None
        (text, start, end), doc = got
        return t.Hover(contents=t.MarkupContent(kind=t.MarkupKind.Markdown, value=text),
                       range=_range(doc, start, end))

    @server.feature(t.TEXT_DOCUMENT_DEFINITION)
    def on_definition(ls: EditionServer, params: t.DefinitionParams) -> t.Location | None:
        got = _answer(ls, params.text_document.uri, params.position, definition)
        return _location(*got[0]) if got is not None else None

    @server.feature(t.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def on_symbols(ls: EditionServer, params: t.DocumentSymbolParams) -> list[t.DocumentSymbol]:
        got = ls.document(params.text_document.uri)
        if got is None:
            return []
        doc, text_doc = got
        try:
            return [_symbol(s, text_doc) for s in outline(doc)] if doc.is_edition() else []
        except Exception:
            log.exception("outline of %s", params.text_document.uri)
            return []

    _register_ids(server)
    return server


def _register_ids(server: EditionServer) -> None:
    """Register find-references, prepare-rename and rename of ids on `server`."""
    @server.feature(t.TEXT_DOCUMENT_REFERENCES)
    def on_references(ls: EditionServer, params: t.ReferenceParams) -> list[t.Location] | None:
        uri = params.text_document.uri
        got = _answer(ls, uri, params.position, lambda doc, pos: references(doc, index_of(doc), pos))
        if got is None:
            return None
        places, doc = got
        found = [_place(p, uri, doc) for p in places]
        return [loc for loc in found if loc is not None]

    @server.feature(t.TEXT_DOCUMENT_PREPARE_RENAME)
    def on_prepare_rename(ls: EditionServer, params: t.PrepareRenameParams) -> t.Range | None:
        got = _renaming(ls, params.text_document.uri, params.position,
                        lambda doc, pos: rename_span(doc, index_of(doc), pos))
        return _range(got[1], *got[0]) if got is not None else None

    @server.feature(t.TEXT_DOCUMENT_RENAME)
    def on_rename(ls: EditionServer, params: t.RenameParams) -> t.WorkspaceEdit | None:
        uri = params.text_document.uri
        got = _renaming(ls, uri, params.position,
                        lambda doc, pos: rename(doc, index_of(doc), pos, params.new_name))
        if got is None:
            return None
        places, doc = got
        return t.WorkspaceEdit(changes={uri: [
            t.TextEdit(range=_range(doc, (p.line, p.col), (p.line, p.col + p.length)), new_text=params.new_name)
            for p in places]})


def _answer(ls: EditionServer, uri: str, position: t.Position, feature: Any,
            refuse: type[Exception] | None = None) -> tuple[Any, TextDocument] | None:
    """`feature(document, position)` for the open file, with pygls's document; None when the
    file is not open or not an edition, the feature has no answer, or it failed (logged). An
    exception of type `refuse` is the feature's answer that it cannot do it: raised."""
    got = ls.document(uri)
    if got is None:
        return None
    doc, text_doc = got
    try:
        if not doc.is_edition():
            return None
        found = feature(doc, _from_client(text_doc, position))
        return (found, text_doc) if found is not None else None
    except Exception as e:
        if refuse is not None and isinstance(e, refuse):
            raise
        log.exception("%s at %s", getattr(feature, "__name__", "feature"), uri)
        return None


def _place(p: Place, uri: str, doc: TextDocument) -> t.Location | None:
    """A use of an id as an LSP location: in the open file (`p.file` None) at its span, else in
    the base edition's file (columns in code points, which are UTF-16 units but for characters
    beyond the BMP: the base is not open in the editor, so no codec of it is at hand)."""
    if p.file is None:
        return t.Location(uri=uri, range=_range(doc, (p.line, p.col), (p.line, p.col + p.length)))
    path = Path(p.file)
    other = from_fs_path(str(path.resolve())) if path.is_file() else None
    if other is None:
        return None
    return t.Location(uri=other, range=t.Range(start=t.Position(line=p.line, character=p.col),
                                                end=t.Position(line=p.line, character=p.col + p.length)))


def _renaming(ls: EditionServer, uri: str, position: t.Position, feature: Any) -> tuple[Any, TextDocument] | None:
    """`_answer` for a rename: a refusal is answered as the protocol's request-failed error with
    its reason, which the editor shows."""
    from pygls.exceptions import JsonRpcException

    try:
        return _answer(ls, uri, position, feature, refuse=RenameRefused)
    except RenameRefused as e:
        raise JsonRpcException(str(e), code=t.LSPErrorCodes.RequestFailed) from None


def serve() -> None:
    """Run the server over stdin and stdout until the client says exit.

    The protocol keeps the standard output to itself: it gets a copy of the descriptor, and
    descriptor 1 and `sys.stdout` go to the standard error, so that whatever else prints (a
    plugin's module printing as it is imported) is logged instead of breaking a message."""
    protocol = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    sys.stdout.flush()
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr
    make_server().start_io(sys.stdin.buffer, protocol)
