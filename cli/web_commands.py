"""`magie board` (the board picture of an edition, SVG or PNG) and `magie serve` (play in the
browser). The web libraries (fastapi, uvicorn, cairosvg) are imported only when these commands
run, so `magie --help` and the other commands stay light.
"""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from magie.engine.problems import ProblemsError

from .bounds import decimal, edition_argument, number_option, whole
from .options import NamesLangOpt, VariantOpt


def _fail(message: str) -> NoReturn:
    typer.echo(f"magie: {message}", err=True)
    raise typer.Exit(1)


def _problems(e: ProblemsError) -> NoReturn:
    from .problem_words import problem_line

    for p in e.problems:
        typer.echo(problem_line(p), err=True)
    raise typer.Exit(1)


OutputOpt = Annotated[Path | None, typer.Option(
    "--output", "-o", metavar="FILE", show_default=False,
    help="Where to write the picture: FILE.svg, or FILE.png (needs cairosvg and the cairo library: "
         "the web extra). Required.")]
SaveOpt = Annotated[Path | None, typer.Option(
    "--save", metavar="SAVE", help="Draw the game of this save as it stands: owners, buildings, "
                                   "mortgages, tokens (the edition comes from the save).")]
SizeOpt = Annotated[str, number_option(
    "--size", least=100, most=8000, help="The longer side of a PNG, in pixels (a square board: both).")]


def board(
    edition: Annotated[str | None, edition_argument(
        help="A built-in edition id or a path to an edition file (leave it out with --save).")] = None,
    output: OutputOpt = None,
    variant: VariantOpt = None,
    lang: NamesLangOpt = "en",
    save: SaveOpt = None,
    size: SizeOpt = "1000",
) -> None:
    """Draw the board of an edition: spaces as it lays them out, colour bands, names, prices.

    With --save, the game of a save as it stands (owners, houses and hotels, mortgages, where the
    tokens are). The SVG has one group per space with data-space="SPACE_ID".

    Examples:

    \b
      magie board classic -o board.svg
      magie board quick --lang ru -o board.png
      magie board classic --save magie-classic-seed7.json -o game.svg
    """
    from magie.cli.web.board import board_svg

    from .bounds import edition_problem
    from .outputs import output_problem
    from .simulate import fail_all

    wrong: list[str] = []               # every problem of the command line in one run
    pixels = whole(size, "--size", 100, 8000, wrong, 1000)
    suffix = output.suffix.lower() if output is not None else ""
    if output is None:
        wrong.append("where to? Give the picture's file with -o FILE.svg (or FILE.png)")
    elif suffix not in (".svg", ".png"):
        wrong.append(f"-o {output}: the picture is written as .svg or .png, not "
                     f"{suffix or 'a file without an extension'}")
    elif (why := output_problem(output)) is not None:
        wrong.append(f"cannot write {output}: {why}")
    if save is None and (missing := edition_problem(edition, "magie board classic -o board.svg")) is not None:
        wrong.append(missing)
    state = None
    try:
        if save is not None:
            from magie.cli.saved_edition import edition_for_save, read_game_save
            from magie.cli.web.replay import state_of_save

            base = read_game_save(save)
            ed, note = edition_for_save(base)
            if note:
                typer.echo(f"magie: {note}", err=True)
            state = state_of_save(ed, base)
        elif edition is not None:
            from magie.engine.edition.playable import load_playable  # not for `magie --help`

            ed = load_playable(edition, tuple(variant or ()))
        else:
            fail_all(wrong)
    except ProblemsError as e:
        fail_all(wrong, end=False)
        _problems(e)
    if lang not in {"en"} | set(ed.name):
        known = ", ".join(sorted({"en"} | set(ed.name)))
        wrong.append(f"unknown language '{lang}' (edition '{ed.id}' is written in: {known})")
    fail_all(wrong)
    assert output is not None           # told above
    _write_picture(board_svg(ed, lang=lang, state=state), output, pixels)
    typer.echo(f"Wrote {output}")


def _write_picture(svg: str, output: Path, pixels: int) -> None:
    """Write the board's SVG to `output` as it is (.svg) or as a PNG whose longer side is `pixels`
    (.png: needs cairosvg and the cairo library); a problem is told, exit 1."""
    from magie.cli.web.board import board_is_wide

    try:
        if output.suffix.lower() == ".svg":
            output.write_text(svg, encoding="utf-8")
            return
        try:
            import cairosvg
        except (ImportError, OSError) as e:
            from magie.engine.extras import install_hint

            _fail(f"a PNG needs cairosvg and the cairo library ({e}): {install_hint('web')} "
                  f"(and on Debian: apt-get install libcairo2), or write .svg")
        wide = board_is_wide(svg)           # a rectangle keeps its proportions
        cairosvg.svg2png(bytestring=svg.encode("utf-8"), write_to=str(output),
                         output_width=pixels if wide else None, output_height=None if wide else pixels)
    except OSError as e:
        _fail(f"cannot write {output}: {e.strerror or e}")


def serve(
    host: Annotated[str, typer.Option(
        "--host", help="Address to listen on. Only this computer can connect to 127.0.0.1; give 0.0.0.0 "
                       "to let other computers in.")] = "127.0.0.1",
    port: Annotated[str, number_option("--port", "-p", least=1, most=65535, help="Port to listen on.")] = "8000",
    data: Annotated[Path | None, typer.Option("--data", metavar="DIR",
                                              help="Folder where games are saved (atomically, at every decision) "
                                                   "and resumed from when the server starts again. "
                                                   "[default: $XDG_DATA_HOME/magie/games]", show_default=False)] = None,
    bot_delay: Annotated[str, typer.Option("--bot-delay", min=0, max=10, metavar="SECONDS",
                                           help="Pause before each bot's turn, so people can follow.")] = "0.6",
    max_games: Annotated[str, number_option("--max-games", least=1, most=10000,
                                            help="Most games running at once.")] = "100",
    bot: Annotated[str | None, typer.Option(
        "--bot", metavar="KINDS",
        help="Agents besides the built-in bots that games here may seat, separated by commas: "
             "programs as \"cmd:PROGRAM ARGS\" or your own agent classes as module:Class (see "
             "docs/agents.md). They run on this computer, for anyone who can reach the server.",
        show_default=False)] = None,
) -> None:
    """Play in the browser: people at several browsers (or sharing one) and bots at one table.

    Open http://HOST:PORT/ to create a game (edition, house rules, language, seats, seed); each
    person gets a secret link to their seat. Games are saved in --data and go on after a restart.
    The HTTP API (docs/web.md) serves other front ends too.

    Examples:

    \b
      magie serve
      magie serve --port 8080 --data ./games
      magie serve --host 0.0.0.0      # other computers of your network may join
      magie serve --bot "cmd:python3 my_agent.py"
    """
    from .outputs import folder_problem
    from .simulate import bot_problems, fail_all

    wrong: list[str] = []               # every problem of the command line in one run
    port_number = whole(port, "--port", 1, 65535, wrong, 8000)
    delay = decimal(bot_delay, "--bot-delay", 0, 10, wrong, 0.6)
    games = whole(max_games, "--max-games", 1, 10000, wrong, 100)
    if data is not None and (why := folder_problem(data)) is not None:
        wrong.append(f"cannot use the data folder {data}: {why}")
    allowed = tuple(dict.fromkeys(k.strip() for k in (bot or "").split(",") if k.strip()))
    wrong += bot_problems(allowed, "--bot: ")
    fail_all(wrong)
    try:
        import uvicorn

        from magie.cli.web.app import create_app, default_data_dir
    except ImportError as e:
        from magie.engine.extras import install_hint

        _fail(f"magie serve needs the web extra ({e.name} is missing): {install_hint('web')}")
    folder = data if data is not None else default_data_dir()
    try:
        app = create_app(folder, bot_delay=delay, max_games=games, bots=allowed)
    except OSError as e:
        _fail(f"cannot use the data folder {folder}: {e.strerror or e}")
    sock = _listening_socket(host, port_number)
    typer.echo(f"magie serve: http://{host}:{port_number}/  (games saved in {folder}; Ctrl-C stops)")
    if not _loopback(host):     # the server has no accounts: say who can reach it
        typer.echo(f"magie serve: listening on {host}: anyone who can reach this computer on port {port_number} "
                   "can start games and upload editions here (there are no accounts)", err=True)
    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port_number, log_level="warning",
                                           ws_max_size=64 * 1024))
    server.run(sockets=[sock])


def _loopback(host: str) -> bool:
    """Is `host` an address only this computer reaches (127.0.0.0/8, ::1, localhost)?"""
    import ipaddress

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _listening_socket(host: str, port: int):
    """A socket bound to (host, port), made here so that an unknown host or a port in use is
    told as magie's message (exit 1) before anything starts, not as the server's log line."""
    import socket

    try:
        family, kind, proto, _name, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except (OSError, UnicodeError) as e:
        _fail(f"--host {host!r}: not an address this computer can listen on ({getattr(e, 'strerror', None) or e}); "
              f"e.g. 127.0.0.1 (this computer only) or 0.0.0.0 (the network)")
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as e:
        sock.close()
        why = "it is in use (another magie serve?)" if e.errno == errno.EADDRINUSE else e.strerror or str(e)
        _fail(f"--port {port}: cannot listen on {host}:{port}: {why}")
    sock.set_inheritable(True)
    return sock


def register(app: typer.Typer) -> None:
    """Add `magie board` and `magie serve` to the `magie` app."""
    app.command()(board)
    app.command()(serve)
