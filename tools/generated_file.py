"""How the tools bring a generated file up to date: write it when its text is behind the code,
or with --check only say whether it is current (exit 1 if not)."""

from __future__ import annotations

from pathlib import Path


def write_or_check(target: Path, text: str, check: bool, command: str) -> int:
    """Write `text` to `target` unless it holds it already (`check`: write nothing); print what
    was done, naming `command` when a checked file is behind. Returns the exit code."""
    current = target.is_file() and target.read_text(encoding="utf-8") == text
    if check:
        print(f"{target}: {'current' if current else f'not current: run {command}'}")
        return 0 if current else 1
    if not current:
        target.write_text(text, encoding="utf-8")
    print(f"{target}: {'unchanged' if current else 'written'}")
    return 0
