"""`magie analyze`: the exact long-run landing odds of an edition (a Markov chain built from its
board, dice, movement cards, doubles and jail rules; no simulation) and its economics."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from magie.cli.bounds import choice_option, number_option
from magie.cli.options import EditionArg, SetOpt, VariantOpt
from magie.cli.simulate import (
    fail,
    fail_all,
    load_or_exit,
    make_report_dir,
    parse_sets,
    report_problems,
    table_problems,
)
from magie.engine.limits import MAX_SEATS

if TYPE_CHECKING:
    from magie.engine.edition.model import Edition


JAIL_POLICIES = ("short", "long")
"""How a jailed player leaves, in the chain (`--jail-policy`)."""


JailPolicyOpt = Annotated[str, choice_option(
    "--jail-policy", choices=JAIL_POLICIES,
    help="How a jailed player leaves: 'short' pays the fine at the start of the next turn; 'long' "
         "throws for doubles and leaves as the edition says after the last failure.")]
EconomicsOpt = Annotated[bool, typer.Option(
    "--economics",
    help="Also the expected rent per opponent roll and the payback of every deed, building level "
         "and group.")]
PlayersOpt = Annotated[str | None, number_option(
    least=2, most=MAX_SEATS,
    help="Players at the table for the payback in rounds (default 4, within the edition's range); "
         "--json gives every count.")]
ReportOpt = Annotated[Path | None, typer.Option(
    help="Write an HTML report (board heat maps of the odds and of the payback) to this folder; "
         "needs magie[analysis].")]


def analyze_command(
    edition: EditionArg = None,
    variant: VariantOpt = None,
    sets: SetOpt = None,
    jail_policy: JailPolicyOpt = "long",
    economics: EconomicsOpt = False,
    players: PlayersOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    report: ReportOpt = None,
    lang: Annotated[str, typer.Option(help="Language of the space names.")] = "en",
) -> None:
    """Exact long-run landing odds of an edition, solved as a Markov chain (no simulation).

    Two measures: per roll (where each throw of the dice finally leaves the token, after
    cards, chained draws and go-to-jail; each throw of a doubles run, the doubles throw that goes
    to jail and each throw in jail count: the convention of Collins' tables) and per turn
    (where the token is at the end of a turn). "in jail" is its own line; the jail space's own
    line is just visiting. Cards are drawn uniformly from their full deck; money never changes
    the movement. Cards whose movement depends on the game are listed and treated as not moving.
    The edition's own dice are added to a move's total where their faces are numbers; dice the
    chain cannot model (a `when`, symbols with an effect, `all_alike`) are named and refused.

    Examples:

    \b
      magie analyze classic
      magie analyze classic --jail-policy short --json
      magie analyze classic --economics --players 3
      magie analyze classic --report odds/
    """
    from magie.engine.analysis.markov import AnalysisError, landing_odds
    from magie.engine.errors import MagieError
    from magie.engine.sim.config import load_tree

    from .bounds import choice, edition_problem, whole

    variants = tuple(variant or ())
    wrong: list[str] = []               # every problem of the command line in one run
    seats = whole(players, "--players", 2, MAX_SEATS, wrong, None)
    set_values = parse_sets(sets, wrong)
    wrong += report_problems(report)
    policy = choice(jail_policy, "--jail-policy", JAIL_POLICIES, wrong, "long")
    if (missing := edition_problem(edition, "magie analyze classic")) is not None:
        fail_all([*wrong, missing])
    assert edition is not None

    def seats_of(ed: Edition) -> int:
        return seats or min(max(4, ed.players_min), ed.players_max)

    ed = load_or_exit(edition, variants, set_values, wrong, lambda ed: table_problems(ed, seats_of(ed), lang))
    k = seats_of(ed)
    if report is not None:
        make_report_dir(report)
    try:
        tree = load_tree(edition, variants, set_values)
        odds = landing_odds(ed, tree, policy)
        econ = None
        if economics or report is not None:
            from magie.engine.analysis.economics import economics as compute
            econ = compute(ed, odds)
    except AnalysisError as e:
        fail(f"{ed.id}: {e}")
    except MagieError as e:
        fail(str(e))
    data: dict[str, Any] = odds.to_json()
    data["variants"] = list(variants)
    if econ is not None and economics:
        data["economics"] = econ.to_json()
    if report is not None:
        from magie.cli.report import write_analysis_report
        index = write_analysis_report(report, odds, econ, ed, lang)
        typer.echo(f"report: {index}", err=True)
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    _print_odds(odds, ed, lang)
    if econ is not None and economics:
        _print_economics(econ, ed, lang, k)


def _print_odds(odds, ed, lang: str) -> None:
    from rich.console import Console
    from rich.table import Table

    from magie.engine.edition.model import text_in
    out = Console(highlight=False, markup=False, width=None if sys.stdout.isatty() else 110)
    t = Table(title=f"{text_in(ed.name, lang)}: exact landing odds, jail policy '{odds.jail_policy}' "
                    f"({odds.rolls_per_turn:.4f} rolls per turn)")
    t.add_column("#", justify="right")
    t.add_column("space")
    t.add_column("per roll", justify="right")
    t.add_column("rank", justify="right")
    t.add_column("per turn", justify="right")
    ranked = sorted(odds.per_roll, key=lambda s: -odds.per_roll[s])
    rank = {s: i + 1 for i, s in enumerate(ranked)}
    for i, sp in enumerate(ed.spaces):
        name = text_in(sp.name, lang) + (" (just visiting)" if i == ed.jail_index else "")
        t.add_row(str(i), name, f"{odds.per_roll[sp.id]:.3%}", str(rank[sp.id]), f"{odds.per_turn[sp.id]:.3%}")
    if ed.jail_index is not None:
        t.add_row("", "in jail", f"{odds.per_roll['in_jail']:.3%}", str(rank["in_jail"]),
                  f"{odds.per_turn['in_jail']:.3%}")
    out.print(t)
    for card, reason in odds.unknown:
        out.print(f"not modelled: card '{card}': {reason}; treated as not moving the token", style="yellow")


def _print_economics(econ, ed, lang: str, k: int) -> None:
    from rich.console import Console
    from rich.table import Table

    from magie.engine.edition.model import text_in
    out = Console(highlight=False, markup=False, width=None if sys.stdout.isatty() else 110)
    names = {g.id: text_in(g.name, lang) for g in ed.groups}
    t = Table(title=f"groups: payback of price plus buildings (opponent rolls; rounds with {k} players)")
    t.add_column("group")
    t.add_column("level")
    t.add_column("cost", justify="right")
    t.add_column("rent / opp. roll", justify="right")
    t.add_column("payback rolls", justify="right")
    t.add_column(f"rounds ({k}p)", justify="right")
    for g in econ.groups:
        pb = "-" if g.payback_rolls is None else f"{g.payback_rolls:.0f}"
        rd = g.payback_rounds.get(k)
        t.add_row(names.get(g.group, g.group), g.level, str(g.cost), f"{g.per_roll:.2f}", pb,
                  "-" if rd is None else f"{rd:.1f}")
    out.print(t)
    from magie.engine.analysis.economics import best_marginal_level
    d = Table(title="deeds: rent per landing by level; the building step with the most extra rent per unit of money")
    d.add_column("space")
    d.add_column("per roll", justify="right")
    d.add_column("rents by level")
    d.add_column("payback rolls by level")
    d.add_column("best step")
    for de in econ.deeds:
        d.add_row(text_in(ed.spaces[ed.space_index[de.space]].name, lang), f"{de.p_roll:.2%}",
                  " / ".join(f"{lv.rent:.0f}" for lv in de.levels),
                  " / ".join("-" if lv.payback_rolls is None else f"{lv.payback_rolls:.0f}" for lv in de.levels),
                  best_marginal_level(de) or "")
    out.print(d)


def register(app: typer.Typer) -> None:
    """Add `magie analyze` to the app."""
    app.command("analyze")(analyze_command)
