"""How long `magie lsp` takes to answer a keystroke with diagnostics: the wall time from a
`textDocument/didChange` (one character typed into a DSL string, then taken back) to the
`textDocument/publishDiagnostics` for that version, over several keystrokes (median, spread).

The server waits `server.DEBOUNCE` seconds (0.2) without a change before it checks, so an
answer takes that plus one check of the file with the editions it builds on. The check alone
(`Document.diagnostics()` in this process: CPU seconds) is measured too.

Run: `python benchmarks/bench_lsp.py [--edition editions/mega.yaml] [--keystrokes 15]`
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

from lsprotocol import types as t
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

ROOT = Path(__file__).resolve().parent.parent
RUN = "import sys; sys.argv = ['magie', 'lsp']; from magie.cli.app import main; main()"


def _spread(xs: list[float]) -> str:
    return (f"median {statistics.median(xs) * 1000:.0f} ms, min {min(xs) * 1000:.0f}, "
            f"max {max(xs) * 1000:.0f} (n={len(xs)})")


async def keystrokes(path: Path, n: int) -> list[float]:
    """Seconds from each change to its diagnostics."""
    client = LanguageClient("bench", "1")
    came: dict[int, float] = {}
    got = asyncio.Event()

    @client.feature(t.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params: t.PublishDiagnosticsParams) -> None:
        if params.version is not None:
            came[params.version] = time.perf_counter()
            got.set()

    await client.start_io(sys.executable, "-c", RUN, cwd=str(ROOT))
    await client.initialize_async(t.InitializeParams(capabilities=t.ClientCapabilities()))
    client.initialized(t.InitializedParams())
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    row = next(i for i, line in enumerate(lines) if "do: move to " in line)     # a card's effect
    col = lines[row].index("move to ") + len("move to ")
    uri = from_fs_path(str(path.resolve()))
    assert uri
    client.text_document_did_open(t.DidOpenTextDocumentParams(text_document=t.TextDocumentItem(
        uri=uri, language_id="yaml", version=1, text=text)))
    await asyncio.wait_for(got.wait(), 60)
    out = []
    for version in range(2, n + 2):
        typed = version % 2 == 0              # type one letter, then take it back
        at = t.Position(line=row, character=col)
        change = t.TextDocumentContentChangePartial(
            range=t.Range(start=at, end=at if typed else t.Position(line=row, character=col + 1)),
            text="x" if typed else "")
        sent = time.perf_counter()
        client.text_document_did_change(t.DidChangeTextDocumentParams(
            text_document=t.VersionedTextDocumentIdentifier(uri=uri, version=version), content_changes=[change]))
        while version not in came:
            got.clear()
            await asyncio.wait_for(got.wait(), 60)
        out.append(came[version] - sent)
        await asyncio.sleep(0.3)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return out


def check_seconds(path: Path, n: int) -> list[float]:
    """CPU seconds of one check of the file's text, in this process (after a first, warm-up check)."""
    from magie.cli.lsp.document import Document

    text = path.read_text(encoding="utf-8")
    Document(path, text).diagnostics()
    out = []
    for _ in range(n):
        start = time.process_time()
        Document(path, text).diagnostics()
        out.append(time.process_time() - start)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--edition", type=Path, default=ROOT / "editions" / "mega.yaml")
    ap.add_argument("--keystrokes", type=int, default=15)
    args = ap.parse_args()
    waits = asyncio.run(keystrokes(args.edition, args.keystrokes))
    print(f"keystroke -> publishDiagnostics ({args.edition.name}): {_spread(waits)}")
    print(f"one check, CPU in-process:             {_spread(check_seconds(args.edition, args.keystrokes))}")


if __name__ == "__main__":
    main()
