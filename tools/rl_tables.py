"""Write docs/rl.md's tables of the observation and action blocks (between the markers
`<!-- rl-tables -->` and `<!-- /rl-tables -->`) from the code (`magie.rl.encoding.tables_markdown`,
classic with 4 players): run it after changing the encoding or the engine's decision kinds;
tests/rl/test_rl_docs.py fails until then.

Run: `python tools/rl_tables.py` (from the checkout; `--check` only says whether the page is current)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from generated_file import write_or_check  # noqa: E402

PAGE = ROOT / "docs" / "rl.md"
START, END = "<!-- rl-tables -->\n", "<!-- /rl-tables -->\n"
EDITION, PLAYERS = "classic", 4


def render(page: str) -> str:
    """`page` with the text between the markers replaced by the current tables."""
    from magie.engine.edition.playable import load_playable_cached
    from magie.rl.encoding import tables_markdown

    head, rest = page.split(START, 1)
    _, tail = rest.split(END, 1)
    return head + START + tables_markdown(load_playable_cached(EDITION), PLAYERS) + END + tail


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="only say whether the page is current (exit 1 if not)")
    a = ap.parse_args()
    return write_or_check(PAGE, render(PAGE.read_text(encoding="utf-8")), a.check, "python tools/rl_tables.py")


if __name__ == "__main__":
    sys.exit(main())
