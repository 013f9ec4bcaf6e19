"""Choices: a card's or an action's `choose:` (the DSL), asked as a `choice` decision, and
`pick(...)`, a space picked among those of a filter, asked as a `pick` decision.

The options are the labels whose `when` holds, in the order written; the bot's pick is the
first whose `bot` hint holds (else the first option). Humans see the texts of the card's or
action's `labels:` (state `card_labels`) in their language.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .decisions import Decision

if TYPE_CHECKING:
    from .game import Game
    from .player import Player


def pick(g: Game, p: Player, pairs: Iterable[tuple[Any, int]], source: str) -> int | None:
    """Ask `p` to pick one space of `pairs` ((bot value, space index), in set order) for the
    card, action or kind of space `source` (the DSL's `pick(...)`), as a `pick` decision whose
    `hint` is the space of the largest value (the first on ties). None when there is no space;
    a single space is taken without asking, and the hint is taken without a decision for an
    agent whose standing answer it is (`Agent.takes_hints`)."""
    options: list[int] = []
    hint = best = None
    for v, i in pairs:
        options.append(i)
        if best is None or v > best:
            best, hint = v, i
    if not options:
        return None
    if len(options) == 1:
        space = options[0]
    elif "pick" in g.agent_hints[p.seat]:     # the agent's standing answer: the hint (Agent.takes_hints)
        assert hint is not None
        space = hint
    else:
        space = g.ask(Decision.of("pick", p, tuple(options), None, {"hint": hint, "source": source}))
    if g.log is not None:
        g.emit("choice", player=p.seat, source=source, label=g.spaces[space].id)
    return space


def choose(g: Game, p: Player, options: list[str], hint: str | None, source: str) -> str | None:
    """Ask `p` to pick one of `options` (labels) for the card or action `source`; returns the
    label, None when `options` is empty; a single option is taken without asking, and the hint
    (else the first option) without a decision for an agent whose standing answer it is
    (`Agent.takes_hints`)."""
    if not options:
        return None
    if len(options) == 1:
        label = options[0]
    elif "choice" in g.agent_hints[p.seat]:   # the agent's standing answer: the hint (Agent.takes_hints)
        label = hint or options[0]
    else:
        label = g.ask(Decision.of("choice", p, tuple(options), None, {"hint": hint or options[0], "source": source,
                                  "labels": g.card_labels.get(source, {})}))
    if g.log is not None:
        g.emit("choice", player=p.seat, source=source, label=label)
    return label
