"""How to install one of magie's optional extras (`web`, `analysis`, `parquet`, `ray`, `rl`), told
by the message of a command that needs one.

magie is not on the package index, so `pip install 'magie[web]'` only works where pip finds this
copy of magie already installed in its own environment (it then adds the extra's packages). The
hint therefore names the Python that runs magie (`python -m pip`, so that the packages go where
magie is) and, when this copy was installed from a local folder (a checkout: PEP 610's
`direct_url.json`), that folder, which pip installs from with the extra (`-e` again for an
editable install). Without an install record (a source tree on `PYTHONPATH`) it says what works
from a checkout: `pip install '.[EXTRA]'` in its folder.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
from urllib.parse import unquote, urlparse


def install_hint(extra: str) -> str:
    """The command line that installs the extra `extra` for this copy of magie, e.g.
    `/venv/bin/python -m pip install -e '/src/magie[web]'` for an editable install from
    /src/magie, `/venv/bin/python -m pip install 'magie[web]'` for one from a wheel, or
    `pip install '.[web]' (in magie's source folder)` when magie is not installed."""
    installed, folder, editable = _install_record()
    python = shlex.quote(sys.executable or "python3")
    if folder is not None:
        return f"{python} -m pip install {'-e ' if editable else ''}{shlex.quote(f'{folder}[{extra}]')}"
    if installed:
        return f"{python} -m pip install 'magie[{extra}]'"
    return f"pip install '.[{extra}]' (in magie's source folder)"


def _install_record() -> tuple[bool, str | None, bool]:
    """(whether magie is installed, the local folder it was installed from or None, whether
    editably), read from the installed distribution's metadata; a folder that no longer exists
    is None."""
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        dist = distribution("magie")
    except PackageNotFoundError:
        return False, None, False
    try:
        record = json.loads(dist.read_text("direct_url.json") or "{}")
    except (OSError, ValueError):
        record = {}
    url = urlparse(str(record.get("url", "")))
    info = record.get("dir_info")
    if url.scheme != "file" or not isinstance(info, dict):
        return True, None, False
    folder = unquote(url.path)
    if not os.path.isdir(folder):
        return True, None, False
    return True, folder, bool(info.get("editable"))
