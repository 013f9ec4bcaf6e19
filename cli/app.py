"""The `magie` command: `main()`, the console-script entry point, and `app`, the typer app.

`main()` runs the typer app of cli/commands.py, which imports the module of the one command
that runs; it turns click's usage-error code 2 into 1 and an output that cannot be written into
a one-line message.
"""

from __future__ import annotations

import errno
import os
import sys

from magie.cli.commands import app

__all__ = ["app", "main"]


def main() -> None:
    """Run the `magie` command line (the console-script entry point).

    Bad command-line input (an unknown option, a missing argument) exits with code 1 like every
    other input error, not click's usual 2."""
    if sys.stdout is None:          # started with its output closed (`magie editions >&-`)
        _fail("cannot write the output: the standard output is closed")
    try:
        _run()
        sys.stdout.flush()          # a write error shows here, not at exit
    except OSError as e:            # the output cannot be written: a full disk (`>/dev/full`), ...
        if e.errno not in OUTPUT_ERRNOS:
            raise
        try:                        # what is left in the buffer would fail again at exit
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        _fail(f"cannot write the output: {e.strerror}")


OUTPUT_ERRNOS = frozenset({errno.ENOSPC, errno.EIO, errno.EBADF, errno.EDQUOT, errno.EFBIG})
"""The errors of a write that `main` tells as one line (the disk is full, the file too big, ...)."""


def _fail(message: str) -> None:
    sys.stderr.write(f"magie: {message}\n")
    raise SystemExit(1)


def _run() -> None:
    try:
        app()
    except SystemExit as e:
        if e.code == 2:
            raise SystemExit(1) from None
        if e.code in (0, None):
            sys.stdout.flush()
        raise
    except UnicodeEncodeError as e:   # e.g. PYTHONIOENCODING=ascii and a Russian table
        _fail(f"the output's encoding ({e.encoding}) cannot write this text (it needs UTF-8): "
              "set PYTHONIOENCODING=utf-8 or a UTF-8 locale")


if __name__ == "__main__":
    main()
