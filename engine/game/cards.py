"""Cards and flags: drawing and carrying out a card, keeping one for later, and the flags
card effects set on players.

A drawn card is carried out at once and goes to the bottom of its deck unless kept
([000] 13.1-13.4, 14.1); a deck with `reshuffle` puts it on its discard pile instead, and
shuffles the pile with the game's seeded generator into a new deck when a draw finds the deck
empty (`GameState.discards`). A kept card is held as (deck id, card id) with a use from
`KEPT_CARD_USES` (`keep as USE` in the DSL, engine/dsl/vocabulary.py KEEP_USES); the decision
the use belongs to offers it as an option.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from ..errors import EditionFault, EffectError, GameError
from .decisions import Decision
from .state import E_CARD

if TYPE_CHECKING:
    from .game import Game
    from .player import Player

MAX_DRAW_DEPTH: Final = 20
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
    of its deck unless kept ([000] 13.1-13.4), or to the discard pile of a `reshuffle` deck,
    which is shuffled into a new deck first when the deck is empty. Raises `EffectError` at the
    card, naming the cards of the loop, when cards lead to more than `MAX_DRAW_DEPTH` draws in
    a row."""
    dq = g.decks[deck_id]
    pile = g.discards[deck_id]
    if not dq and pile:
        reshuffle(g, deck_id)
    if not dq:
        g.emit("deck_empty", player=p.seat, deck=deck_id)
        return
    card = dq.popleft()
    if g.ed.decks[deck_id].reshuffle:
        pile.append(card)
    else:
        dq.append(card)
    if g.log is not None:
        g.event_counts[E_CARD] += 1
        if g.log_full[E_CARD]:
            g.log.add({"e": "card", "turn": g.turns, "player": p.seat, "deck": deck_id, "card": card.id})
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


def reshuffle(g: Game, deck_id: str) -> None:
    """The discard pile of `deck_id` is shuffled by the game's seeded generator and put under
    what is left of the deck (a draw finds the deck empty, so it is the whole new deck)."""
    pile = g.discards[deck_id]
    g.rng.shuffle(pile)
    g.decks[deck_id].extend(pile)
    g.emit("deck_reshuffled", deck=deck_id, cards=len(pile))
    pile.clear()


def keep_card(g: Game, p: Player, card: str, use: str) -> None:
    """`p` keeps `card` (the one being carried out) out of its deck for `use` (a key of
    `KEPT_CARD_USES`, or an edition's own use: a card with a `play:` section)
    ([000] 14.1). Raises `EditionFault` for an unknown use or a card in no deck (kept already)."""
    if use not in KEPT_CARD_USES and card not in g.card_plays:
        raise EditionFault(f"card '{card}': no kept-card use {use!r} (known: {', '.join(KEPT_CARD_USES)})")
    for deck_id, dq in _places(g, card):
        for c in reversed(dq):
            if c.id == card:
                for k, e in enumerate(dq):  # dq.remove(c), the first card equal to it, without
                    if e is c or (e.id == card and e == c):  # the dataclass's __eq__ on every other card
                        del dq[k]
                        break
                p.held_cards.append((deck_id, card))
                g.kept_uses[(deck_id, card)] = use
                g.emit("card_kept", player=p.seat, card=card)
                return
    raise EditionFault(f"card '{card}' is not in its deck (kept already?) and cannot be kept")


def _places(g: Game, card: str) -> list[tuple[str, Any]]:
    """Where card `card`, being carried out, may be, as (deck id, cards): its own deck's
    discard pile (a `reshuffle` deck puts the drawn card there) and its deck first (a card id
    is one card of the edition), then each deck's discard pile, then each deck."""
    own = g.ed.shared("card_decks", lambda: {c.id: d for d, deck in g.ed.decks.items()
                                             for c in deck.cards})
    d = own.get(card)
    first = [] if d is None or d not in g.decks else [(d, g.discards.get(d, ())), (d, g.decks[d])]
    return first + [(d, pile) for d, pile in g.discards.items() if pile] + list(g.decks.items())


def card_use(g: Game, held: tuple[str, str]) -> str | None:
    """The use of a held card (None: one that was never kept through `keep_card`)."""
    return g.kept_uses.get(held)


def holds_card_for(g: Game, p: Player, use: str) -> bool:
    """Does `p` hold a card kept for `use`?"""
    if p.held_cards:
        uses = g.kept_uses
        for held in p.held_cards:
            if uses.get(held) == use:
                return True
    return False


def use_card(g: Game, p: Player, use: str) -> None:
    """`p` gives up a held card kept for `use`; it goes to the bottom of its own deck
    ([004] 14.3), or to its discard pile (`reshuffle`). Raises `GameError` when `p` holds none."""
    for k, held in enumerate(p.held_cards):
        if g.kept_uses.get(held) == use:
            del p.held_cards[k]
            return_card(g, held)
            return
    raise GameError(f"{p.name} holds no card for {use}")


def return_card(g: Game, held: tuple[str, str]) -> None:
    """A held card goes back to the bottom of its deck, or to its discard pile for a deck with
    `reshuffle`."""
    deck_id, card_id = held
    g.kept_uses.pop(held, None)
    deck = g.ed.decks[deck_id]
    card = next(c for c in deck.cards if c.id == card_id)
    if deck.reshuffle:
        g.discards[deck_id].append(card)
    else:
        g.decks[deck_id].append(card)


# ---------------------------------------------------------------------- flags and counters
PERIODS: Final = ("turns", "rounds", "laps")
"""Flag lifetimes counted by the engine (`set flag F on X for N turns`)."""


def set_flag(g: Game, p: Player | int, name: str, until: str, count: int = 0) -> None:
    """Set flag `name` on a player or a space (its index) until it is used (`until='used'`),
    the turn ends (`'end_of_turn'`), `p` next moves (`'next_move'`, also cleared when the turn
    ends), or for `count` >= 1 `'turns'` (of the flagged player after the current one; of any
    player for a space), `'rounds'` (round ends, the current one first) or `'laps'` (completed
    by the flagged player). Raises `EditionFault` for a duration below 1."""
    if isinstance(p, int):
        g.space_flags[(p, name)] = until
        g.emit("flag", space=g.spaces[p].id, flag=name, until=until)
    else:
        p.flags[name] = until
        if until in ("end_of_turn", "next_move"):
            g.turn_flags.append(p)
        g.emit("flag", player=p.seat, flag=name, until=until)
    if until in PERIODS:
        if count <= 0:
            raise EditionFault(f"flag {name!r}: a duration must be positive, not {count}")
        g.timed_flags = [t for t in g.timed_flags if not (t[0] is p and t[1] == name)]
        g.timed_flags.append([p, name, until, count, g.turns])


def clear_move_flags(p: Player) -> None:
    """`p` moves: the flags that last until the next move end."""
    for name in [k for k, v in p.flags.items() if v == "next_move"]:
        del p.flags[name]


def clear_turn_flags(g: Game) -> None:
    """The turn ends: the flags that last until the end of the turn or the next move end."""
    for q in g.turn_flags:
        for name in [k for k, v in q.flags.items() if v in ("end_of_turn", "next_move")]:
            del q.flags[name]
    g.turn_flags.clear()
    if g.space_flags:
        for key in [k for k, v in g.space_flags.items() if v == "end_of_turn"]:
            del g.space_flags[key]


def tick_flags(g: Game, period: str, p: Player | None = None) -> None:
    """Count one turn (of `p`), round, or lap (of `p`) off the timed flags; those that reach 0
    are removed. A turn counts only after the turn in which the flag was set."""
    keep = []
    for t in g.timed_flags:
        target, name, per, left, set_at = t
        if per == period and (
                (period == "turns" and (isinstance(target, int) or target is p) and set_at != g.turns)
                or period == "rounds"
                or (period == "laps" and target is p)):
            left -= 1
            t[3] = left
        if left <= 0:
            clear_flag(g, target, name)
        elif has_flag(g, target, name):
            keep.append(t)
    g.timed_flags = keep


def clear_flag(g: Game, p: Player | int, name: str) -> None:
    """Remove flag `name` from a player or a space (no-op if not set)."""
    if isinstance(p, int):
        g.space_flags.pop((p, name), None)
    else:
        p.flags.pop(name, None)


def has_flag(g: Game, p: Player | int, name: str) -> bool:
    """Is flag `name` set on the player or space?"""
    if isinstance(p, int):
        return (p, name) in g.space_flags
    return name in p.flags


def use_flag(g: Game, p: Player | int, name: str) -> bool:
    """Is flag `name` set on the player or space? It is removed."""
    if isinstance(p, int):
        return g.space_flags.pop((p, name), None) is not None
    return p.flags.pop(name, None) is not None


def _target_key(x: Player | int) -> tuple[str, int]:
    return ("space", x) if isinstance(x, int) else ("player", x.seat)


def add_counter(g: Game, x: Player | int, name: str, amount: int) -> None:
    """Add `amount` (may be negative) to counter `name` of a player or a space."""
    key = (_target_key(x), name)
    g.counters[key] = g.counters.get(key, 0) + amount


def clear_counter(g: Game, x: Player | int, name: str) -> None:
    """Counter `name` of a player or a space back to 0."""
    g.counters.pop((_target_key(x), name), None)


def counter(g: Game, x: Player | int, name: str) -> int:
    """The value of counter `name` of a player or a space (0 if never added to)."""
    return g.counters.get((_target_key(x), name), 0)


# ---------------------------------------------------------------------- kept cards played
def holds(g: Game, p: Player, use: str) -> int:
    """How many cards kept for `use` `p` holds."""
    return sum(1 for h in p.held_cards if g.kept_uses.get(h) == use)


def _by_window(g: Game) -> dict[str, frozenset[str]]:
    """The ids of the cards of `g.card_plays` by the window they are played in: a table of the
    edition (`Edition.shared`), built on first use."""
    def build() -> dict[str, frozenset[str]]:
        by: dict[str, set[str]] = {}
        for card, pl in g.card_plays.items():
            by.setdefault(pl.window, set()).add(card)
        return {w: frozenset(ids) for w, ids in by.items()}
    by_window: dict[str, frozenset[str]] = g.ed.shared("card_plays_by_window", build)
    return by_window


def playable(g: Game, p: Player, window: str) -> list[tuple[str, str]]:
    """The held cards `p` may play in `window` (before_roll, after_landing, rent)."""
    ids = _by_window(g).get(window)
    if ids is None:
        return []
    return [h for h in p.held_cards if h[1] in ids]


def play_card(g: Game, p: Player, held: tuple[str, str], owner: Player | None = None,
              rent: int = 0) -> None:
    """`p` plays a held card: it goes back to the bottom of its deck (or out of the game with
    `play.after: out`), then its `play.do` runs (with the rent due and its owner in the rent
    window). Raises `GameError` when `p` does not hold it."""
    if held not in p.held_cards:
        raise GameError(f"{p.name} does not hold card {held[1]!r}")
    p.held_cards.remove(held)
    if g.card_plays[held[1]].after == "out":
        g.kept_uses.pop(held, None)
        g.removed_cards.append(held)
    else:
        return_card(g, held)
    g.emit("card_played", player=p.seat, card=held[1])
    g.in_card += 1
    try:
        g.card_plays[held[1]].effect(g, p, owner, rent)
    finally:
        g.in_card -= 1


def _hint(g: Game, p: Player, cards: list[tuple[str, str]], owner: Player | None,
          amount: int) -> tuple[str, str] | None:
    """The first of `cards` whose `bot` hint holds (no hint: always), or None: what a bot plays.
    A hint is pure, so one that failed is not asked again through its twins (the same code,
    repeated by an edition's YAML anchors: a deck of alike tickets)."""
    plays = g.card_plays
    failed: list[Any] = []
    for h in cards:
        b = plays[h[1]].bot
        if b is None:
            return h
        twin = getattr(b, "twin", b)
        if twin in failed:
            continue
        if b(g, p, owner, amount):
            return h
        failed.append(twin)
    return None


def rent_play(g: Game, p: Player, owner: Player, amount: int) -> bool:
    """Offer `p` to play a held card instead of paying `amount` rent to `owner` (a `play_card`
    decision, not built for an agent that plays the hint: `Agent.takes_hints`); True if one was
    played (the rent is then what its effect pays)."""
    ids = g.rent_plays
    cards = [h for h in p.held_cards if h[1] in ids]
    if not cards:
        return False
    hint = _hint(g, p, cards, owner, amount)
    answer = hint if "play_card" in g.agent_hints[p.seat] else g.ask(Decision.of(
        "play_card", p, tuple(cards) + (None,), None, {"window": "rent", "owner": owner.seat, "amount": amount,
                                                       "hint": hint}))
    if answer is None:
        return False
    play_card(g, p, tuple(answer), owner, amount)
    return True


def roll_play(g: Game, p: Player) -> bool:
    """Offer `p`, about to throw the dice to move, to play a held card instead (a
    `play_card` decision in the `roll` window, not built for an agent that plays the hint:
    `Agent.takes_hints`; a travel ticket of the 52-space digest, [M4] [M2]); True if one was
    played: its effect is the move, and the throw is not made."""
    ids = g.roll_plays
    cards = [h for h in p.held_cards if h[1] in ids]
    if not cards:
        return False
    hint = _hint(g, p, cards, None, 0)
    answer = hint if "play_card" in g.agent_hints[p.seat] else g.ask(Decision.of(
        "play_card", p, tuple(cards) + (None,), None, {"window": "roll", "owner": None, "amount": 0, "hint": hint}))
    if answer is None:
        return False
    play_card(g, p, tuple(answer))
    return True


def discard_kept(g: Game, p: Player, use: str) -> None:
    """`p` loses every card it keeps for `use`, out of the game (the DSL's `discard kept USE`:
    tickets that expire, [M4] [M10]). The card being resolved is not held yet, so a card that
    discards the others and then keeps itself survives."""
    for held in [h for h in p.held_cards if g.kept_uses.get(h) == use]:
        p.held_cards.remove(held)
        g.kept_uses.pop(held, None)
        g.removed_cards.append(held)
        g.emit("card_discarded", player=p.seat, card=held[1])


def cards_in(g: Game, deck: str) -> int:
    """How many cards are left in `deck` to draw (kept and removed cards are not)."""
    return len(g.decks[deck])


def bot_play(g: Game, p: Player, window: str) -> tuple[str, str, str] | None:
    """The ('play', deck, card) action a bot takes in `window`, or None: the first held card
    playable there whose `bot` hint holds (no hint: always)."""
    if window not in _by_window(g):
        return None
    h = _hint(g, p, playable(g, p, window), None, 0)
    return None if h is None else ("play", h[0], h[1])
