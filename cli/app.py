"""The `magie` command: `main()`, the console-script entry point, and `app`, the typer app.

`main()` first asks the output cache (cli/output_cache.py) whether the command is a pure one
(`--help`, `editions`, `--version`) it has already printed with these very files. Otherwise
`magie`, `magie --help`, `magie --version` and `magie editions` typed alone are answered
without typer (cli/quick.py); only any other command line imports typer and the app
(cli/commands.py), which imports the module of the one command that runs. `app` is imported
on first use (PEP 562), so that `from magie.cli.app import app` keeps working.
"""

from __future__ import annotations

import errno
import os
import sys

TYPE_CHECKING = False   # not typing's: importing typing costs start-up (mypy reads this name the same)
if TYPE_CHECKING:
    from typing import Any


def __getattr__(name: str) -> Any:
    if name == "app":
        from magie.cli.commands import app
        globals()["app"] = app
        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    """Run the `magie` command line (the console-script entry point).

    Bad command-line input (an unknown option, a missing argument) exits with code 1 like every
    other input error, not click's usual 2."""
    from magie.cli.output_cache import run_cached

    if sys.stdout is None:          # started with its output closed (`magie editions >&-`)
        _fail("cannot write the output: the standard output is closed")
    try:
        run_cached(sys.argv, _run)
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
    from magie.cli.quick import answer, run

    try:
        answering = answer(sys.argv[1:])
        if answering is not None:
            run(answering)
        else:
            from magie.cli.commands import app
            app()
    except SystemExit as e:
        if e.code == 2:
            raise SystemExit(1) from None
        raise
    except UnicodeEncodeError as e:   # e.g. PYTHONIOENCODING=ascii and a Russian table
        _fail(f"the output's encoding ({e.encoding}) cannot write this text (it needs UTF-8): "
              "set PYTHONIOENCODING=utf-8 or a UTF-8 locale")


if __name__ == "__main__":
    main()
