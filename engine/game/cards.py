"""Cards and flags: drawing and carrying out a card, keeping one for later, and the flags
card effects set on players.

A drawn card is carried out at once and goes to the bottom of its deck unless kept
([000] 13.1-13.4, 14.1). A kept card is held as (deck id, card id) with a use from
`KEPT_CARD_USES` (`keep as USE` in the DSL, engine/dsl/vocabulary.py KEEP_USES); the decision
the use belongs to offers it as an option.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import EffectError, GameError

if TYPE_CHECKING:
    from .game import Game
    from .player import Player

MAX_DRAW_DEPTH = 20
"""Cards that draw cards (directly or by moving onto card spaces) may nest this deep."""


@dataclass(frozen=True)
class KeptCardUse:
    """What a kept card can be used for: `decision` is the decision kind that offers it, as
    the answer `option`; `label` names it for people."""

    name: str
    decision: str
    option: str
    label: str


KEPT_CARD_USES: dict[str, KeptCardUse] = {
    "get_out_of_jail": KeptCardUse("get_out_of_jail", "jail", "card", "get out of jail free"),
}
"""The registry of kept-card uses (a new use: a row here and the code of the decision that
offers it)."""


def draw(g: Game, p: Player, deck_id: str) -> None:
    """`p` draws the top card of `deck_id` and carries it out at once; it goes to the bottom
    of its deck unless kept ([000] 13.1-13.4). Raises `EffectError` at the card, naming the
    cards of the loop, when cards lead to more than `MAX_DRAW_DEPTH` draws in a row."""
    dq = g.decks[deck_id]
    if not dq:
        g.emit("deck_empty", player=p.seat, deck=deck_id)
        return
    card = dq.popleft()
    dq.append(card)
    if g.log is not None:
        g.emit("card", player=p.seat, deck=deck_id, card=card.id)
    g.drawing.append(card.id)
    if len(g.drawing) > MAX_DRAW_DEPTH:
        chain = list(dict.fromkeys(g.drawing))
        g.drawing.clear()
        raise EffectError(getattr(card.effect, "where", f"card '{card.id}'"),
                          f"cards led to more than {MAX_DRAW_DEPTH} draws in a row: "
                          + " -> ".join(f"'{c}'" for c in chain[:8]) + (" ..." if len(chain) > 8 else "")
                          + " keep sending the player to draw again")
    g.in_card += 1
    try:
        card.effect(g, p)
    finally:
        g.in_card -= 1
        if g.drawing:
            g.drawing.pop()


def keep_card(g: Game, p: Player, card: str, use: str) -> None:
    """`p` keeps `card` (the one being carried out) out of its deck for `use` (a key of
    `KEPT_CARD_USES`) ([000] 14.1). Raises `GameError` for an unknown use or a card in no deck."""
    if use not in KEPT_CARD_USES:
        raise GameError(f"card '{card}': no kept-card use {use!r} (known: {', '.join(KEPT_CARD_USES)})")
    for deck_id, dq in g.decks.items():
        for c in reversed(dq):
            if c.id == card:
                dq.remove(c)
                p.held_cards.append((deck_id, card))
                g.kept_uses[(deck_id, card)] = use
                g.emit("card_kept", player=p.seat, card=card)
                return
    raise GameError(f"card '{card}' is not in a deck and cannot be kept")


def card_use(g: Game, held: tuple[str, str]) -> str | None:
    """The use of a held card (None: one that was never kept through `keep_card`)."""
    return g.kept_uses.get(held)


def holds_card_for(g: Game, p: Player, use: str) -> bool:
    """Does `p` hold a card kept for `use`?"""
    return any(g.kept_uses.get(held) == use for held in p.held_cards)


def use_card(g: Game, p: Player, use: str) -> None:
    """`p` gives up a held card kept for `use`; it goes to the bottom of its own deck
    ([004] 14.3). Raises `GameError` when `p` holds none."""
    for k, held in enumerate(p.held_cards):
        if g.kept_uses.get(held) == use:
            del p.held_cards[k]
            return_card(g, held)
            return
    raise GameError(f"{p.name} holds no card for {use}")


def return_card(g: Game, held: tuple[str, str]) -> None:
    """A held card goes back to the bottom of its deck."""
    deck_id, card_id = held
    g.kept_uses.pop(held, None)
    deck = g.ed.decks[deck_id]
    g.decks[deck_id].append(next(c for c in deck.cards if c.id == card_id))


# ---------------------------------------------------------------------- flags
def set_flag(g: Game, p: Player, name: str, until: str) -> None:
    """Set flag `name` on `p` until it is used (`until='used'`), the turn ends
    (`'end_of_turn'`) or `p` next moves (`'next_move'`, also cleared when the turn ends)."""
    p.flags[name] = until
    if until != "used":
        g.turn_flags.append(p)
    g.emit("flag", player=p.seat, flag=name, until=until)


def clear_move_flags(p: Player) -> None:
    """`p` moves: the flags that last until the next move end."""
    for name in [k for k, v in p.flags.items() if v == "next_move"]:
        del p.flags[name]


def clear_turn_flags(g: Game) -> None:
    """The turn ends: every flag that does not wait to be used ends."""
    for q in g.turn_flags:
        for name in [k for k, v in q.flags.items() if v != "used"]:
            del q.flags[name]
    g.turn_flags.clear()


def clear_flag(g: Game, p: Player, name: str) -> None:
    """Remove flag `name` from `p` (no-op if not set)."""
    p.flags.pop(name, None)


def has_flag(g: Game, p: Player, name: str) -> bool:
    """Is flag `name` set on `p`?"""
    return name in p.flags


def use_flag(g: Game, p: Player, name: str) -> bool:
    """Is flag `name` set on `p`? It is removed."""
    return p.flags.pop(name, None) is not None
