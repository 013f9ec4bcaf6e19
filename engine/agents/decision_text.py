"""A decision in plain English words, for agents that read text (language models): the state of
the table and the options, each with its JSON answer.

Written from the game's ids and numbers and the edition's English names (the engine does not
use the front ends' translated renderings); money is shown with the edition's currency.
"""

from __future__ import annotations

import json
from typing import Any

from ..edition.text import text_in
from ..game.decisions import DECISION_KINDS, Decision, encode_answer
from ..game.view import GameView

SPACE_ACTIONS = frozenset({"build", "sell", "mortgage", "unmortgage", "sell_deed"})
"""Actions whose second item is a space index."""


def space_words(game: GameView, i: Any) -> str:
    """A space as 'Name (index)'; anything that is not a board index as it is."""
    if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < game.n:
        return f"{text_in(game.spaces[i].name) or game.spaces[i].id} ({i})"
    return str(i)


def holding_words(game: GameView, i: int) -> str:
    """A deed a player holds, with its buildings and mortgage: 'Name (3, 2 house)'."""
    s = game.spaces[i]
    marks = []
    built = s.building_at(game.level[i])
    if built is not None:
        marks.append(f"{built[1]} {built[0]}")
    if game.mortgaged[i]:
        marks.append("mortgaged")
    return f"{text_in(s.name) or s.id} ({', '.join([str(i), *marks])})"


def option_words(game: GameView, kind: str, option: Any) -> str:
    """An option in words: a space for placements and picks, an action with its space."""
    if option is None:
        return "none (pass)"
    if kind in ("place", "pick"):
        return space_words(game, option)
    if isinstance(option, tuple) and option and isinstance(option[0], str):
        head = option[0]
        if head in SPACE_ACTIONS and len(option) == 2:
            return f"{head.replace('_', ' ')} on {space_words(game, option[1])}"
        if head == "act" and len(option) == 3:
            return f"edition action {option[1]}" + ("" if option[2] is None else f" on {space_words(game, option[2])}")
        return " ".join(str(x) for x in option).replace("_", " ")
    return str(option)


def _money(game: GameView, amount: int) -> str:
    return str(game.ed.currency.show(amount))


def table_words(game: GameView, seat: int) -> list[str]:
    """The players' cash, positions and holdings, the asked seat's first."""
    lines = []
    order = sorted(game.players, key=lambda p: p.seat != seat)
    for p in order:
        who = "You are" if p.seat == seat else "Player"
        state = "" if p.alive else ", bankrupt"
        jail = ", in jail" if p.in_jail else ""
        deeds = ", ".join(holding_words(game, i) for i in sorted(p.deeds)) or "no deeds"
        lines.append(f"{who} {p.name} (seat {p.seat}){state}: cash {_money(game, p.cash)}, "
                     f"on {space_words(game, p.pos)}{jail}; holds {deeds}.")
    return lines


def detail_words(game: GameView, d: Decision) -> str:
    """The decision's details: spaces by name, seats by name, money with the currency."""
    parts = []
    for key, value in d.ctx.items():
        if key in ("labels", "offer", "window"):
            continue
        if key == "space":
            text = space_words(game, value)
        elif key in ("owner", "payer", "proposer", "high_bidder", "creditor") and isinstance(value, int) \
                and not isinstance(value, bool) and 0 <= value < len(game.players):
            text = f"{game.players[value].name} (seat {value})"
        elif key in ("price", "amount", "min", "max", "fine", "fixed", "cost") and isinstance(value, int) \
                and not isinstance(value, bool):
            text = _money(game, value)
        else:
            text = json.dumps(encode_answer(value), default=str)
        parts.append(f"{key.replace('_', ' ')}: {text}")
    if "offer" in d.ctx:
        parts.append("offer: " + offer_words(game, d.ctx["offer"]))
    return "; ".join(parts)


def offer_words(game: GameView, offer: Any) -> str:
    """A trade offer or deal leg by leg: who gives whom which deeds, cash and held cards."""
    legs = getattr(offer, "legs", ())
    said = []
    for leg in legs:
        things = [space_words(game, i) for i in leg.deeds]
        if leg.cash:
            things.append(_money(game, leg.cash))
        things += [f"the kept card {deck}/{card}" for deck, card in leg.cards]
        said.append(f"{game.players[leg.giver].name} gives {game.players[leg.taker].name} "
                    f"{', '.join(things) or 'nothing'}")
    return "; ".join(said) if said else json.dumps(encode_answer(offer), default=str)


def decision_text(game: GameView, d: Decision) -> str:
    """The whole decision in English: round and turn, every player's state, what is asked
    (the registry's words), its details, the options numbered with their JSON answers, the
    actions on the player's deeds that are closed with the engine's reason (manage and raise),
    and how to answer."""
    kind = DECISION_KINDS[d.kind]
    seat = d.player.seat
    current = game.current
    lines = [f"Round {game.round}" + ("" if current is None else f", {current.name}'s turn") + "."]
    lines += table_words(game, seat)
    window = d.ctx.get("window")
    lines.append(f"Decision '{d.kind}' ({kind.label}" + (f", window {window}" if window else "") + f"): asked "
                 f"{kind.asked}.")
    details = detail_words(game, d)
    if details:
        lines.append(f"Details: {details}.")
    options = list(d.options)
    if options:
        lines.append("Options:")
        lines += [f"{k + 1}. {option_words(game, d.kind, o)}: {json.dumps(encode_answer(o))}"
                  for k, o in enumerate(options)]
    if d.game is not None:
        closed = game.closed_actions(d.player, d.ctx["window"])
        if closed:
            lines.append("Not open now:")
            lines += [f"- {option_words(game, d.kind, a)}: {why}" for a, why in closed]
    lines.append(f"Answer with one line {{\"answer\": ...}} holding {kind.answer}.")
    return "\n".join(lines)
