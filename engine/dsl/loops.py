"""Card draws that never end, found at load: decks whose every card sends the player to draw again.

A card whose effect, unconditionally, moves the player to a card space (`move to chance_2`) or
draws (`draw from chest`) makes the player draw again. When every card of a deck does so, into
decks whose every card does so too, drawing never ends, whatever the shuffle: the checker refuses
such an edition (`endless-draws`), naming the cards. A loop that depends on conditions is left to
the engine, which stops it with an error naming the cards.
"""

from __future__ import annotations

from typing import Any

from ..problems import Problem
from . import nodes as n


def _redraws(body: list[n.Stmt], card_deck_of: dict[int, str]) -> str | None:
    """The deck an effect surely draws from again (first unconditional move to a card space or
    `draw from`), or None."""
    for s in body:
        if isinstance(s, n.Draw):
            return s.deck
        if isinstance(s, n.Move) and s.how in ("to", "back_to") and isinstance(s.arg, n.Name):
            res = getattr(s.arg, "res", None)
            if isinstance(res, tuple) and res[0] == "space" and res[1] in card_deck_of:
                return card_deck_of[res[1]]
        if isinstance(s, (n.Move, n.GoToJail)):
            return None     # the player is elsewhere now: what follows is not sure to run there
    return None


def endless_draws(tree: Any, cards: list[tuple[str, int, str, Any]]) -> list[Problem]:
    """Problems for decks whose draws never end. `cards` lists (deck id, deck index, card id,
    checked Effect or None) for every card of the edition."""
    board = tree.get("board") if isinstance(tree, dict) else None
    card_deck_of = {i: sp["deck"] for i, sp in enumerate(board or [])
                    if isinstance(sp, dict) and sp.get("kind") == "card" and isinstance(sp.get("deck"), str)}
    by_deck: dict[str, list[tuple[str, str | None]]] = {}
    index: dict[str, int] = {}
    for deck, i, card, effect in cards:
        target = _redraws(effect.body, card_deck_of) if isinstance(effect, n.Effect) else None
        by_deck.setdefault(deck, []).append((card, target))
        index.setdefault(deck, i)
    endless = {d for d, cs in by_deck.items() if cs and all(t is not None for _, t in cs)}
    changed = True
    while changed:      # keep the decks whose cards all lead into endless decks
        changed = False
        for d in sorted(endless):
            if any(t not in endless for _, t in by_deck[d]):
                endless.discard(d)
                changed = True
    out = []
    for d in sorted(endless):
        chain = ", ".join(f"'{c}' draws from '{t}'" for c, t in by_deck[d][:6])
        more = f", ... ({len(by_deck[d])} cards)" if len(by_deck[d]) > 6 else ""
        out.append(Problem("error", "endless-draws",
                           f"deck '{d}': every card sends the player to draw again ({chain}{more}), "
                           f"so drawing from it never ends; give one card an effect that stays",
                           pointer=f"/decks/{index[d]}"))
    return out
