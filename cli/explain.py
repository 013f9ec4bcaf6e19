"""`magie explain SAVE`: where a saved game stands and, for the person whose turn it is, which
actions on their deeds are not open now and why (the engine's checks, `Game.closed_actions`,
told in the game's language by cli/reasons.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def explain(
    save: Annotated[Path, typer.Argument(metavar="SAVE", help="A save written by `magie play` (w, q, Ctrl-C or "
                                                              "--save-to).", show_default=False)],
    lang: Annotated[str, typer.Option("--lang", "-l", help="Language of the names and the reasons.")] = "en",
) -> None:
    """Say why actions are not open at the decision a saved game stopped at.

    Replays the save to the decision its person was asked when it was saved, then lists what
    that person may do now and, for each action on their deeds that is not open (building,
    selling a building, mortgaging, lifting a mortgage, selling a deed to the bank), the reason:
    "build a house on <a lot>: Anna does not own the whole group <its group>: <another lot>
    belongs to Bot 2". At the terminal, h (or ?) at the turn's menu says the same.

    Examples:

    \b
      magie explain magie-EDITION-seed7.json
      magie explain game.json --lang ru
    """
    from rich.console import Console

    from magie.engine.errors import MagieError
    from magie.engine.game.decisions import DECISION_KINDS
    from magie.engine.problems import ProblemsError
    from magie.engine.sim.playthrough import position

    from .human import person_windows
    from .i18n import use_language
    from .play import _fail, _language_problem, _languages, _problems
    from .reasons import reason_in
    from .render import Names, describe_action, seat_names
    from .saved_edition import edition_for_save, read_game_save

    use_language(lang)
    try:
        base = read_game_save(save, plugins=())
        ed, _note = edition_for_save(base)
    except ProblemsError as e:
        _problems(e)
    if lang not in _languages(ed):
        _fail(_language_problem(lang, ed))
    try:
        game, d = position(ed, base, person_windows, seat_names(base.seats, lang))
    except MagieError as e:
        _fail(f"{save}: the save cannot be replayed: {e}")
    names = Names(ed, lang)
    _ = names._
    out = Console(highlight=False)
    if d is None:
        out.print(_("The game is over.") if game.over else _("No person is asked anything in this game."))
        return
    p = d.player
    kind = DECISION_KINDS.get(d.kind)      # what is decided, in words ("whether to buy")
    out.print(_("{player} is asked {what} (round {round}, turn {turn}).").format(
        player=f"[bold]{p.name}[/]", what=_(kind.label) if kind is not None else f"'{d.kind}'",
        round=game.round, turn=game.turns))
    if d.kind == "manage" or d.kind == "raise":
        window = d.ctx.get("window", d.kind) if isinstance(d.ctx, dict) else d.kind
        opened = [describe_action(names, game, a) for a in d.options if isinstance(a, tuple) and len(a) > 1]
        if opened:
            out.print("[bold]" + _("Open now:") + "[/]")
            for line in opened:
                out.print(f"  {line}")
        closed = game.closed_actions(p, window)
        out.print(_("[bold]Not open now[/], and why:") if closed else _("Every action on the deeds is open."))
        for a, why in closed:
            out.print(f"  {describe_action(names, game, a)}: {reason_in(names, why)}")


def register(app: typer.Typer) -> None:
    """Add `magie explain` to the app."""
    app.command()(explain)
