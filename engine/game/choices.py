"""Choices: a card's or an action's `choose:` (the DSL), asked as a `choice` decision.

The options are the labels whose `when` holds, in the order written; the bot's pick is the
first whose `bot` hint holds (else the first option). Humans see the texts of the card's or
action's `labels:` (state `card_labels`) in their language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .decisions import Decision

if TYPE_CHECKING:
    from .game import Game
    from .player import Player


def choose(g: Game, p: Player, options: list[str], hint: str | None, source: str) -> str | None:
    """Ask `p` to pick one of `options` (labels) for the card or action `source`; returns the
    label, None when `options` is empty; a single option is taken without asking."""
    if not options:
        return None
    if len(options) == 1:
        label = options[0]
    else:
        label = g.ask(Decision("choice", p, tuple(options), hint=hint or options[0], source=source,
                               labels=g.card_labels.get(source, {})))
    if g.log is not None:
        g.emit("choice", player=p.seat, source=source, label=label)
    return label
