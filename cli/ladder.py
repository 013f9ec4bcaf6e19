"""`magie ladder`: round-robin games between bot kinds, with openskill ratings, as a table and JSON."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from magie.engine.agents import LEVELS
from magie.engine.edition.text import text_in
from magie.engine.limits import MAX_ROUNDS, MAX_SEATS, MAX_SEED, MIN_SEED
from magie.engine.problems import ProblemsError

from .bounds import number_option
from .i18n import _
from .options import MAX_GAMES, MAX_JOBS, EditionArg, JobsOpt, LangOpt, MaxRoundsOpt, VariantOpt
from .simulate import interface_language, with_progress

if TYPE_CHECKING:
    from magie.engine.edition.model import Edition
    from magie.engine.sim.ladder import Ladder, LadderSpec

# The game engine (the DSL, the simulation) is imported when the command runs, not for
# `magie --help` (start-up time).


def _fail(message: str):
    typer.echo(f"magie: {message}", err=True)
    raise typer.Exit(1)


EVERY_KIND = ",".join(LEVELS) + ",random"
"""The kinds a ladder rates unless told (`--bot`): every level and the random bot."""
KindsOpt = Annotated[str, typer.Option(
    "--bot", "-b", help="The bot kinds to rate, separated by commas: built-in kinds (easy, basic, hard, "
                        "search, random), your own as module:Class, or programs as cmd:PROGRAM.")]
GamesOpt = Annotated[str, number_option("-n", "--games", least=1, most=MAX_GAMES, help="Number of games.")]
PlayersOpt = Annotated[str, number_option(least=2, most=MAX_SEATS, help="Seats at each table.")]
SeedOpt = Annotated[str, number_option(
    least=MIN_SEED, most=MAX_SEED, in_help=True, metavar="<int>",
    help="Seed of the ladder; game k gets a seed derived from it.")]
OutOpt = Annotated[Path | None, typer.Option(
    "--out", "-o", help="Write the ladder as JSON here (default: ladder-EDITION-seedSEED.json); checked before "
                        "the games start.")]


def ladder_command(
    edition: EditionArg = None,
    bot: KindsOpt = EVERY_KIND,
    n: GamesOpt = "200",
    players: PlayersOpt = "4",
    seed: SeedOpt = "0",
    jobs: JobsOpt = None,
    variant: VariantOpt = None,
    max_rounds: MaxRoundsOpt = None,
    out: OutOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the JSON instead of the table.")] = False,
    lang: LangOpt = "en",
) -> None:
    """Rate bot kinds against each other: round-robin tables over many seeds, openskill ratings.

    Every table of --players seats is drawn from the kinds (each combination of kinds, or with
    fewer kinds than seats every mix of at least two), game after game with the seats rotated;
    the winner ranks first, then the others still in by net worth, then the bankrupt. Prints
    each kind's rating (mu - 3 sigma), win rate with a 95% interval and time per decision, and
    writes the same as JSON. The same --seed gives the same ladder whatever --jobs.

    Examples:

    \b
      magie ladder classic -n 400 --jobs 2
      magie ladder classic --bot basic,hard,mybots:Greedy -n 100
      magie ladder ./my_edition.yaml --bot easy,basic --players 3 --out ladder.json
    """
    from magie.engine.edition.playable import load_playable_cached
    from magie.engine.sim.batch import default_jobs
    from magie.engine.sim.ladder import LadderSpec, run_ladder

    from .bounds import edition_problem, whole
    from .outputs import output_problem
    from .simulate import bot_problems, fail_all

    # every problem of the command line in one run, and the --out file checked before the games
    wrong: list[str] = []
    interface_language(lang, wrong)
    games = whole(n, "--games", 1, MAX_GAMES, wrong, 1)
    seats = whole(players, "--players", 2, MAX_SEATS, wrong, None)
    batch_seed = whole(seed, "--seed", MIN_SEED, MAX_SEED, wrong, 0)
    workers = whole(jobs, "--jobs", 1, MAX_JOBS, wrong, None)
    cap = whole(max_rounds, "--max-rounds", 1, MAX_ROUNDS, wrong, None)
    kinds = tuple(dict.fromkeys(k.strip() for k in bot.split(",") if k.strip()))
    if len(kinds) < 2:
        wrong.append("--bot needs at least two kinds to compare, separated by commas, e.g. --bot basic,hard")
    wrong += bot_problems(kinds)      # a plug-in is also created once and checked (decide, human, name)
    variants = tuple(variant or ())
    if (missing := edition_problem(edition, "magie ladder classic")) is not None:
        fail_all([*wrong, missing])
    assert edition is not None
    try:
        ed = load_playable_cached(edition, variants)
    except ProblemsError as e:
        from .problem_words import problem_line
        for message in wrong:
            typer.echo(f"magie: {message}", err=True)
        for p in e.problems:
            typer.echo(problem_line(p), err=True)
        raise typer.Exit(1) from None
    if seats is not None and not ed.players_min <= seats <= ed.players_max:
        wrong.append(f"{ed.id} is played by {ed.players_min} to {ed.players_max} players, not {seats}")
    path = out or Path(f"ladder-{ed.id}-seed{batch_seed}.json")
    if (why := output_problem(path)) is not None:
        wrong.append(f"--out {path}: {why}")
    fail_all(wrong)
    assert seats is not None            # not None when nothing is wrong
    spec = LadderSpec(edition=edition, kinds=kinds, variants=variants, players=seats, seed=batch_seed,
                      max_rounds=cap)
    ladder = with_progress("ladder", games, lambda progress: run_ladder(
        spec, games, jobs=workers or default_jobs(), progress=progress))
    _tell(ladder, games, ed, spec, lang, path, as_json)


def _tell(ladder: Ladder, games: int, ed: Edition, spec: LadderSpec, lang: str, path: Path, as_json: bool) -> None:
    """Write the ladder's JSON to `path` and print it (a table, or the JSON); exit 130 when Ctrl-C
    stopped it before its `games` games."""
    data = ladder.to_json()
    try:
        _write_atomic(path, json.dumps(data, ensure_ascii=False, indent=2) + "\n")
    except OSError as e:
        _fail(f"cannot write {path}: {e.strerror or e}")
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        _print(data, ed, spec, ladder.games, lang, path)
    if ladder.games < games:
        from rich.console import Console
        Console(stderr=True).print("[yellow]" + _("interrupted: the ladder of the first {done} of {n} games").format(
            done=ladder.games, n=games) + "[/]")
        raise typer.Exit(130)


def _print(data: dict, ed: Edition, spec: LadderSpec, games: int, lang: str, path: Path) -> None:
    """The ladder as a table: each kind's rating, games, win rate and time per decision."""
    from rich.console import Console
    from rich.table import Table

    from magie.engine.sim.ladder import tables

    console = Console(highlight=False, markup=False, width=None if sys.stdout.isatty() else 110)
    t = Table(title=_("{edition}: {games} games, {seats} seats, {tables} tables, seed {seed}").format(
        edition=text_in(ed.name, lang), games=games, seats=spec.players, tables=len(tables(spec.kinds, spec.players)),
        seed=spec.seed))
    for col in ("#", _("bot"), _("rating"), "mu", "sigma", _("games"), _("win rate"), _("95% interval"),
                _("ms/decision")):
        t.add_column(col, justify="left" if col == _("bot") else "right")
    for rank, row in enumerate(data["ranking"], start=1):
        lo, hi = row["wilson95"]
        t.add_row(str(rank), row["kind"], f"{row['rating']:.2f}", f"{row['mu']:.2f}", f"{row['sigma']:.2f}",
                  str(row["games"]), f"{row['win_rate']:.1%}", f"{lo:.1%} - {hi:.1%}",
                  f"{row['ms_per_decision']:.2f}")
    console.print(t)
    console.print(_("Written to {path}").format(path=path))


def _write_atomic(path: Path, text: str) -> None:
    """Write `text` to `path` through a temporary file in the same folder. Raises OSError."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent if str(path.parent) else ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def register(app: typer.Typer) -> None:
    """Add `magie ladder` to the app."""
    app.command("ladder")(ladder_command)
