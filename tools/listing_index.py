"""Write the packaged index of the built-in editions' listing (engine/edition/listing.py
`PACKAGED_INDEX`): run it after changing a built-in edition or overlay file, or the code that
lists them (listing.py, text.py, yamlload.py); tests/edition/test_listing.py fails until then.

Run: `python tools/listing_index.py` (from the checkout; `--check` only says whether it is current)
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from generated_file import write_or_check  # noqa: E402


def render() -> str:
    """The packaged index of this checkout's built-in files, as the file holds it."""
    from magie.engine.edition.listing import build_packaged_index

    return json.dumps(build_packaged_index(ROOT / "editions"), indent=1, ensure_ascii=False) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="only say whether the file is current (exit 1 if not)")
    a = ap.parse_args()
    from magie.engine.edition.listing import PACKAGED_INDEX

    return write_or_check(ROOT / "editions" / PACKAGED_INDEX.name, render(), a.check,
                          "python tools/listing_index.py")


if __name__ == "__main__":
    sys.exit(main())
