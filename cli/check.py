"""`magie check`: the generic self-tests of an edition (engine/sim/selfcheck.py) at the terminal:
seeded bot games with every invariant checked, replays compared byte for byte, and a coverage
table of what the games reached and what never fired, with the rule that closes what cannot."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from magie.engine.limits import MAX_SEATS, MAX_SEED, MIN_SEED

from .bounds import edition_argument, number_option, whole

if TYPE_CHECKING:
    from magie.engine.edition.model import Edition
    from magie.engine.saves import SaveGame
    from magie.engine.sim.selfcheck import SelfCheck

GAMES_MOST = 10_000
"""Most games of one check (`-n`)."""

NEVER_SHOWN = 12
"""Most names listed in one row of the table of what never fired (the rest are counted)."""


TABLED = ("actions", "manage actions", "decisions")
"""The parts shown row by row (each edition action, manage action kind and decision kind)."""


def report(ed: Edition, result: SelfCheck) -> dict:
    """The check as plain data (`--json`): games, replays, failures, and per part (cards, kinds of
    space, actions, manage actions, decisions, events) how many fired in play, what was forced,
    what never fired and why (`closed`: the rule of the edition that closes it; `unforced`: why
    forcing it failed); for the parts of `TABLED`, also `rows`: every name with its status
    (fired in play, forced, not in this edition, never fired), count and reason."""
    from magie.engine.sim.selfcheck import CLOSED, NEVER, rows

    table = rows(ed, result.coverage)
    parts = {}
    for part, part_rows in table.items():
        never = [{"name": r.name, **({"closed": r.why} if r.status == CLOSED else {"unforced": r.why} if r.why else {})}
                 for r in part_rows if r.status in (CLOSED, NEVER)]
        parts[part] = {"fired": sum(1 for r in part_rows if r.count), "of": len(part_rows), "never": never,
                       "forced": result.coverage.forced.get(part, [])}
        if part in TABLED:
            parts[part]["rows"] = [{"name": r.name, "status": r.status, "count": r.count, "why": r.why}
                                   for r in part_rows]
    return {"edition": ed.id, "games": result.games, "replayed": result.replayed,
            "rounds": result.rounds, "failures": [vars(f) for f in result.failures], "coverage": parts}


def check(
    edition: Annotated[str | None, edition_argument(
        help="A built-in edition id (see `magie editions`) or the path of an edition file.")] = None,
    variant: Annotated[list[str] | None, typer.Option(
        "--variant", "-V", metavar="OVERLAY", help="Apply an overlay (a built-in id or a file); repeat for "
                                                   "several.")] = None,
    n: Annotated[str, number_option("-n", least=1, most=GAMES_MOST,
                                    help="Games to play, random and basic bots in turn.")] = "40",
    seed: Annotated[str, number_option("--seed", "-s", least=MIN_SEED, most=MAX_SEED, in_help=True,
                                       metavar="SEED", help="The first game's seed (then SEED+1, ...).")] = "1",
    bots: Annotated[str | None, number_option("--bots", "-b", least=1, most=MAX_SEATS,
                                              help="Bots at each table (default 4, within the edition's "
                                                   "player count).")] = None,
    playthrough: Annotated[list[Path] | None, typer.Option(
        "--playthrough", "-p", metavar="FILE", help="Instead of new games, replay a playthrough recorded with "
                                                    "`magie play --record FILE` on the edition as it is now and "
                                                    "compare the event logs; repeat for several.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Self-test an edition: bot games with every invariant, replays, and what never fired.

    Plays N seeded games (random and basic bots in turn) with the invariants checked after every
    turn: money conserved, one owner a title deed, buildings counted against the bank's supply,
    even building, no negative cash. The first game of each bot kind is replayed from its recorded
    answers and must give the same event log byte for byte. Then a table says what the games
    reached: the cards drawn, the kinds of space landed on, the edition's actions taken, the
    decision kinds put to the bots and the event kinds logged, and lists what never fired, with
    the rule that closes it where the edition cannot produce it. What never fired is then forced,
    each in a game of its own: a card never drawn is put on top of its deck and drawn, a player is
    moved onto a kind of space never landed on, and for a decision kind, manage action or edition
    action the position where it is open is built and the mechanism run, a few turns played on.
    A second table gives each decision kind and action its row: fired in play, forced, not in
    this edition (why) or never fired (why).
    Exit code 1 when a game fails (an error, a broken invariant, a replay that differs).

    With --playthrough, the recorded games are replayed instead: each recorded answer is given
    again on the edition as it is now, and the new event log must be the recorded one, event by
    event; the first event that differs is shown. Playthroughs are an edition's regression tests:
    record a few games (`magie play EDITION --bots 4 --seed 7 --record seed7.json`), edit the
    edition, and check them to see what the edit changed.

    Examples:

    \b
      magie check my_edition.yaml
      magie check classic --variant ./house_rules.yaml -n 200
      magie check my_edition.yaml --json -n 200
      magie check my_edition.yaml --playthrough seed7.json --playthrough seed8.json
    """
    from rich.console import Console
    from rich.progress import Progress

    from magie.engine.sim.selfcheck import self_check

    from .simulate import fail_all, load_or_exit

    wrong: list[str] = []
    if edition is None:
        wrong.append("which edition? Give an edition id (see `magie editions`) or the path of an edition file, "
                     "e.g. `magie check classic`")
    games = whole(n, "-n", 1, GAMES_MOST, wrong, 40)
    first = whole(seed, "--seed", MIN_SEED, MAX_SEED, wrong, 1)
    seats = whole(bots, "--bots", 1, MAX_SEATS, wrong, None)
    if edition is None:
        fail_all(wrong)
    assert edition is not None
    ed = load_or_exit(edition, tuple(variant or ()), wrong=wrong)
    if playthrough:
        check_playthroughs(ed, playthrough, as_json)
        return
    if seats is not None and not ed.players_min <= seats <= ed.players_max:
        fail_all([f"--bots {seats}: edition '{ed.id}' is for {ed.players_min} to {ed.players_max} players"])
    err = Console(stderr=True)
    with Progress(console=err, transient=True, disable=as_json or not err.is_terminal) as bar:
        task = bar.add_task("games", total=games)
        result = self_check(ed, games, first, seats=seats, progress=lambda k: bar.update(task, completed=k))
    print_check(ed, result, first, games, as_json)
    if result.failures:
        raise typer.Exit(1)


def print_check(ed: Edition, result: SelfCheck, first: int, games: int, as_json: bool) -> None:
    """The self-check's result: as JSON (`report`), or a line per failure and the coverage table."""
    from rich.console import Console
    from rich.table import Table

    data = report(ed, result)
    if as_json:
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    out = Console(highlight=False)
    out.print(f"{result.games} games of {ed.id} (seeds {first}-{first + games - 1}), invariants checked "
              f"after every turn; {result.replayed} replayed from their answers")
    for f in result.failures:
        out.print(f"[red]FAILED[/] seed {f.seed}, {f.bots} bots, {f.what}: {f.message}", markup=True)
    if not result.failures:
        out.print("[green]no failures[/]", markup=True)
    table = Table("part", "fired", "forced", "never fired", title="Coverage")
    for part, row in data["coverage"].items():
        names = [x["name"] + (f": {x.get('closed') or x.get('unforced')}" if len(x) > 1 and part not in TABLED
                              else "") for x in row["never"]]       # the parts tabled below: why is there
        table.add_row(part, f"{row['fired']} of {row['of']}", _listed(row["forced"]), _listed(names))
    out.print(table)
    kinds = Table("part", "name", "status", title="Decisions and actions")
    for part in TABLED:
        for r in data["coverage"][part]["rows"]:
            said = f"{r['status']} ({r['count']})" if r["count"] else r["status"]
            kinds.add_row(part, r["name"], f"{said}: {r['why']}" if r["why"] else said)
    out.print(kinds)


def _listed(names: list[str]) -> str:
    """Names one a line, at most NEVER_SHOWN of them (the rest counted); '-' for none."""
    shown = "\n".join(names[:NEVER_SHOWN])
    return (shown + (f"\n... {len(names) - NEVER_SHOWN} more" if len(names) > NEVER_SHOWN else "")) or "-"


def check_playthroughs(ed: Edition, paths: list[Path], as_json: bool) -> None:
    """Replay each playthrough of `paths` on `ed`, print what each gave, and exit 1 when one
    differs or cannot be read (every file is checked and told first)."""
    from rich.console import Console
    from rich.markup import escape

    from magie.engine.problems import ProblemsError
    from magie.engine.sim.playthrough import check as check_one

    from .human import person_windows
    from .problem_words import problem_line
    from .saved_edition import read_game_save

    out = Console(highlight=False)
    rows: list[dict] = []
    failed = False
    for path in paths:
        try:
            save = read_game_save(path, plugins=())
        except ProblemsError as e:
            for p in e.problems:
                typer.echo(problem_line(p), err=True)
            failed = True
            continue
        problem = _playthrough_problem(ed, save)
        if problem:
            typer.echo(f"magie: {path}: {problem}", err=True)
            failed = True
            continue
        v = check_one(ed, save, person_windows)
        failed |= not v.same
        rows.append({"file": str(path), "same": v.same, "events": v.events, "replayed": v.replayed,
                     "edition_changed": v.edition_changed, "at": v.at, "recorded": v.recorded, "now": v.now,
                     "stopped": v.stopped})
        if as_json:
            continue
        changed = " (the edition changed since it was recorded)" if v.edition_changed else ""
        if v.same:
            out.print(f"[green]same[/] {escape(str(path))}: {v.events} events replayed{changed}")
            continue
        out.print(f"[red]DIFFERS[/] {escape(str(path))}{changed}")
        if v.at is not None:
            out.print(f"  from event {v.at} of {v.events} recorded ({v.replayed} now):")
            out.print(f"  - recorded: {escape(v.recorded) or '(the recorded log ends here)'}")
            out.print(f"  + now:      {escape(v.now) or '(the replayed log ends here)'}")
        if v.stopped:
            out.print(f"  the replay stopped: {escape(v.stopped)}")
    if as_json:
        typer.echo(json.dumps({"edition": ed.id, "playthroughs": rows}, indent=2, ensure_ascii=False))
    if failed:
        raise typer.Exit(1)


def _playthrough_problem(ed: Edition, save: SaveGame) -> str:
    """Why `save` cannot be checked on `ed` ('' when it can)."""
    if save.playthrough is None:
        return "a save, not a playthrough (record one with `magie play EDITION --record FILE`)"
    if save.edition_id != ed.id:
        return f"recorded on edition '{save.edition_id}', not '{ed.id}'"
    if not ed.players_min <= len(save.seats) <= ed.players_max:
        return f"has {len(save.seats)} seats; edition '{ed.id}' is for {ed.players_min} to {ed.players_max} players"
    return ""


def register(app: typer.Typer) -> None:
    """Add `magie check` to the app."""
    app.command()(check)
