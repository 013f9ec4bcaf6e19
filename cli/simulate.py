"""`magie simulate`: many bot games of an edition, with a progress bar and a summary."""

from __future__ import annotations

import json
import signal
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from magie.engine.agents import BOT_KINDS

if TYPE_CHECKING:
    from magie.engine.sim.batch import Summary

# The engine, rich's tables and progress bars are imported when the command runs, not for
# `magie --help` (start-up time).


def simulate_command(
    edition: Annotated[str, typer.Argument(help="A built-in edition id (see `magie editions`) or the path of an edition file.")],
    n: Annotated[int, typer.Option("-n", "--games", min=1, help="Number of games to play.")] = 1000,
    seed: Annotated[int, typer.Option(help="Seed of the batch; game k gets a seed derived from it, so the summary is the same for any --jobs.")] = 0,
    jobs: Annotated[int | None, typer.Option("--jobs", "-j", min=1, help="Worker processes (default: the CPUs available).")] = None,
    variant: Annotated[list[str] | None, typer.Option("--variant", "-V", help="Overlay (house rule) to apply; repeat for several, applied in order.")] = None,
    players: Annotated[int | None, typer.Option(min=1, help="Number of bots at the table (default: 4, or one per kind given by --bot).")] = None,
    bot: Annotated[str, typer.Option(help=f"Bot kind for every seat: {', '.join(BOT_KINDS)}; or a comma-separated list, one per seat.")] = "basic",
    max_rounds: Annotated[int | None, typer.Option(min=1, help="Stop a game after this many rounds and rank the players by net worth (default: the edition's own round limit, else 1000).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    lang: Annotated[str, typer.Option(help="Language of the space names in the summary.")] = "en",
    check_invariants: Annotated[bool, typer.Option("--check-invariants", help="Check the invariants (money conserved, one owner per deed, building supply, even building...) after every turn; slower, for debugging an edition or the engine.")] = False,
) -> None:
    """Play many games with bots and report statistics.

    Prints how many games ended and how many hit the round cap, the mean and median game
    length in rounds, the win rate by seat and of the first player, bankruptcies per game, and
    how often each space is landed on. The same --seed gives the same summary whatever --jobs.
    Ctrl-C stops early and prints the summary of the games finished so far.

    Examples:

        magie simulate classic -n 10000 --jobs 2

        magie simulate classic --variant free-parking-jackpot -n 2000 --seed 7 --json

        magie simulate quick --bot random -n 500 --max-rounds 200
    """
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from magie.engine.edition.playable import load_playable_cached
    from magie.engine.edition.problems import ProblemsError
    from magie.engine.errors import MagieError
    from magie.engine.sim.batch import BatchSpec, default_jobs, simulate

    kinds = [k.strip() for k in bot.split(",")]
    if len(kinds) == 1:
        kinds = kinds * (players or 4)
    elif players is not None and players != len(kinds):
        _fail(f"--bot names {len(kinds)} kinds, one per seat, but --players says {players}: "
              f"give one kind for every seat, or a single kind")
    unknown = [k for k in kinds if k not in BOT_KINDS]
    if unknown:
        _fail(f"unknown bot {unknown[0]!r} (known: {', '.join(BOT_KINDS)})")
    variants = tuple(variant or ())
    try:
        ed = load_playable_cached(edition, variants)
    except ProblemsError as e:
        for p in e.problems:
            typer.echo(p.format(), err=True)
        raise typer.Exit(1)
    for w in ed.warnings:
        typer.echo(w.format(), err=True)
    if lang not in ed.name and lang != "en":
        _fail(f"unknown language '{lang}' (edition '{ed.id}' is written in: {', '.join(sorted(ed.name))})")
    if not ed.players_min <= len(kinds) <= ed.players_max:
        _fail(f"{ed.id} is played by {ed.players_min} to {ed.players_max} players, not {len(kinds)}")
    spec = BatchSpec(edition=edition, variants=variants, bots=tuple(kinds), max_rounds=max_rounds, seed=seed,
                     check_invariants=check_invariants)
    jobs = jobs or default_jobs()
    err = Console(stderr=True)
    with Progress(TextColumn("[bold]simulating[/]"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=err, transient=True,
                  disable=not err.is_terminal) as progress:
        task = progress.add_task("games", total=n)
        try:
            summary = simulate(spec, n, jobs=jobs, progress=lambda done: progress.update(task, completed=done))
        except MagieError as e:
            _fail(str(e))
    if summary.games < n:
        signal.signal(signal.SIGINT, signal.SIG_IGN)     # more Ctrl-C: let the summary print
        err.print(f"[yellow]interrupted: summary of the first {summary.games} of {n} games[/]")
    if as_json:
        typer.echo(json.dumps(summary.to_json(), ensure_ascii=False, indent=2))
    else:
        _print_summary(summary, lang)
    if summary.games < n:
        raise typer.Exit(130)


def _print_summary(summary: Summary, lang: str) -> None:
    from rich.console import Console
    from rich.table import Table

    from magie.engine.edition.model import text_in
    from magie.engine.edition.playable import load_playable_cached

    data = summary.to_json()
    ed = load_playable_cached(summary.spec.edition, summary.spec.variants)
    out = Console(highlight=False, width=None if sys.stdout.isatty() else 100)
    t = Table(title=f"{text_in(ed.name, lang)}: {data['games']} games, seed {data['seed']}",
              show_header=False)
    t.add_row("ended by the rules", f"{data['ended']} ({data['end_rate']:.1%})")
    if ed.end.max_rounds is not None and data["max_rounds"] == ed.end.max_rounds:
        t.add_row("round limit (a rule of the edition)", f"{data['max_rounds']} rounds")
    else:
        t.add_row(f"stopped by the simulation's cap of {data['max_rounds']} rounds", str(data["capped"]))
    t.add_row("rounds, mean / median", f"{data['rounds_mean']} / {data['rounds_median']}")
    t.add_row("turns played", str(data["turns"]))
    t.add_row("bankruptcies per game", str(data["bankruptcies_per_game"]))
    t.add_row("first player wins", f"{data['first_player_win_rate']:.1%}")
    for seat, rate in enumerate(data["win_rate_by_seat"]):
        t.add_row(f"seat {seat + 1} ({summary.spec.bots[seat]}) wins", f"{rate:.1%}")
    for key, value in data["extra"].items():
        t.add_row(key.replace("_", " "), str(value))
    out.print(t)
    lt = Table(title="landing frequency")
    lt.add_column("#", justify="right")
    lt.add_column("space")
    lt.add_column("share", justify="right")
    for i, sp in enumerate(ed.spaces):
        lt.add_row(str(i), text_in(sp.name, lang), f"{data['landing_frequency'][sp.id]:.2%}")
    out.print(lt)


def _fail(message: str):
    typer.echo(f"magie: {message}", err=True)
    raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add `magie simulate` to the app."""
    app.command("simulate")(simulate_command)
