"""Generic self-tests any edition can run (`magie check`): seeded games of random and basic bots
with every invariant checked after every turn, each recorded game replayed from its answers and
compared with the original event log byte for byte, and a coverage count of what the games
reached: the cards drawn, the kinds of space landed on, the edition's actions taken, the
decision kinds asked and the event kinds logged, so that an author sees what never fired.

Nothing here knows an edition: the lists of what could fire come from the edition model (its
decks, board and actions) and the engine's registries (`DECISION_KINDS`, `EVENT_KINDS`).
"""

from __future__ import annotations

import io
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..agents import make_bot
from ..edition.model import Edition
from ..errors import MagieError
from ..game.decisions import DECISION_KINDS, Decision
from ..game.events import EVENT_KINDS, EventLog
from ..game.game import Game

ROUND_CAP = 300
"""Rounds after which a checked game stops when the edition sets no limit (random bots may never
end a game)."""


@dataclass
class Coverage:
    """What the games reached, as counts: `cards` by (deck id, card id), `landings` by kind of
    space, `actions` by edition action id, `decisions` by decision kind (those put to the bots,
    and those with one legal answer that the engine answers for them), `events` by event kind.
    `forced` holds what play did not reach and the check then made happen in a game of its own
    (`cards` as 'deck/card', `kinds of space`), part -> names."""

    cards: Counter[tuple[str, str]] = field(default_factory=Counter)
    landings: Counter[str] = field(default_factory=Counter)
    actions: Counter[str] = field(default_factory=Counter)
    decisions: Counter[str] = field(default_factory=Counter)
    events: Counter[str] = field(default_factory=Counter)
    forced: dict[str, list[str]] = field(default_factory=dict)

    def listener(self, ed: Edition) -> Callable[[dict], None]:
        """An event listener that counts into this coverage (spaces read from `ed`)."""
        kind_of = {s.id: s.kind for s in ed.spaces}

        def count(ev: dict) -> None:
            e = ev["e"]
            self.events[e] += 1
            if e == "move":
                self.landings[kind_of.get(ev["to"], "?")] += 1
            elif e == "card":
                self.cards[(ev["deck"], ev["card"])] += 1
            elif e == "action":
                self.actions[ev["action"]] += 1
        return count

    def never(self, ed: Edition) -> dict[str, list[str]]:
        """What never fired, by part: cards (`deck/card`), kinds of space on the board, edition
        actions, decision kinds and event kinds (in registry order)."""
        kinds = list(dict.fromkeys(s.kind for s in ed.spaces))
        forced_cards = set(self.forced.get("cards", ()))
        forced_kinds = set(self.forced.get("kinds of space", ()))
        return {
            "cards": [f"{d}/{c.id}" for d, deck in ed.decks.items() for c in deck.cards
                      if not self.cards[(d, c.id)] and f"{d}/{c.id}" not in forced_cards],
            "kinds of space": [k for k in kinds if not self.landings[k] and k not in forced_kinds],
            "actions": [a.id for a in ed.actions if not self.actions[a.id]],
            "decisions": [k for k in DECISION_KINDS if not self.decisions[k]],
            "events": [k for k in EVENT_KINDS if not self.events[k]],
        }


def closed(ed: Edition) -> dict[str, dict[str, str]]:
    """What `ed` cannot produce, by part ('decisions', 'events'): each decision or event kind
    with the rule that closes it."""
    r = ed.rules
    decisions: dict[str, str] = {}
    events: dict[str, str] = {}

    def both(names: str, why: str, into: tuple[dict[str, str], ...] = (decisions, events)) -> None:
        for name in names.split():
            for part in into:
                part[name] = why

    if not r.trade_enabled:
        both("trade", "trading is off (rules.trade.enabled)", (decisions,))
        both("trade_offer trade trade_rejected", "trading is off (rules.trade.enabled)", (events,))
    if r.trade_parties == 2 or not r.trade_enabled:
        both("deal", "deals of more than two players are off (rules.trade.parties: 2)", (decisions,))
        both("deal_offer deal_accepted deal_rejected", "deals of more than two players are off "
             "(rules.trade.parties: 2)", (events,))
    if ed.setup.deal_each is None:
        both("deal", "no title deeds are dealt at the start (setup.deal_title_deeds)", (events,))
    if not any(s.tax_alternative is not None for s in ed.spaces):
        both("tax", "no tax space offers a second amount (tax_alternative)", (decisions,))
    if r.rent_claim == "automatic":
        both("claim", "rent is paid without a claim (rules.rent.claim: automatic)", (decisions,))
        both("rent_unclaimed", "rent is paid without a claim (rules.rent.claim: automatic)", (events,))
    if not r.redeem_at_lap_end:
        both("redeem", "mortgages are not settled at the lap end (rules.mortgage.redeem_at_lap_end)", (decisions,))
        both("released", "mortgages are not settled at the lap end (rules.mortgage.redeem_at_lap_end)", (events,))
    if not any(s.is_deed and s.mortgageable for s in ed.spaces):
        both("inherited_mortgage", "no deed can be mortgaged (rules.mortgage.unavailable)", (decisions,))
        both("mortgage unmortgage", "no deed can be mortgaged (rules.mortgage.unavailable)", (events,))
    if not ed.switches and ed.end.vote is None:
        both("vote", "the edition has no vote (no end vote, no rule switch)")
    if not ed.switches:
        both("rule_switch", "the edition has no rule switch", (events,))
    if not any(c.play is not None for d in ed.decks.values() for c in d.cards):
        both("play_card", "no card is played from the hand (no card has play:)", (decisions,))
    if not ed.symbols:
        both("symbol", "the dice have no symbol faces (dice.symbols)", (events,))
    if ed.all_alike is None:
        both("all_alike", "nothing happens when all dice are alike (dice.all_alike)", (events,))
    if r.jackpot is None:
        both("jackpot", "no pot for money paid to the bank (rules.jackpot)", (events,))
    if r.loans is None:
        both("loan repay", "no loans from the bank (rules.loans)", (events,))
    if not r.shortage_auction:
        both("shortage_auction", "a building shortage is not auctioned (rules.buildings.shortage_auction)",
             (events,))
    if r.intro_reroll is None:
        both("intro_reroll", "no introductory lap (rules.intro_lap)", (events,))
    if not ed.actions:
        both("action", "the edition has no actions", (events,))
    both("timeout", "bots answer at once: only a person lets a decision time out", (events,))
    return {"decisions": decisions, "events": events}


@dataclass(frozen=True)
class Failure:
    """A game that broke: its seed and bots, what went wrong (`what`: 'game' for an error while
    playing, 'replay' for a replay that differs), and the message (a traceback for an error
    that is not a positioned stop of the edition)."""

    seed: int
    bots: str
    what: str
    message: str


@dataclass
class SelfCheck:
    """The result of `self_check`: `games` played, `replayed` (games replayed and compared),
    `failures`, `coverage`, and the `rounds` each game lasted (in game order)."""

    games: int = 0
    replayed: int = 0
    failures: list[Failure] = field(default_factory=list)
    coverage: Coverage = field(default_factory=Coverage)
    rounds: list[int] = field(default_factory=list)


class _Counting:
    """An agent that counts the decision kinds put to it, then answers as `agent` does (every
    other attribute is the agent's own, so the engine treats it as that agent). A decision with
    one listed answer, which the engine answers itself for an agent with `skip_forced`, comes
    here to be counted and is answered with that one answer without asking the agent, as the
    engine would: the game is the same."""

    skip_forced = False

    def __init__(self, agent: Any, counts: Counter[str]):
        self._agent = agent
        self._counts = counts
        self._forced = bool(getattr(agent, "skip_forced", False))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._agent, name)

    def decide(self, game: Any, d: Decision) -> Any:
        self._counts[d.kind] += 1
        if self._forced and d.listed is not None and len(d.listed) == 1:
            return d.listed[0]
        return self._agent.decide(game, d)


def _play(ed: Edition, seed: int, kind: str, seats: int, listener: Callable[[dict], None] | None,
          counts: Counter[str] | None, replay: Sequence[Any] | None = None,
          start_only: bool = False) -> tuple[Game, str]:
    """One checked game: (the game, its event log as JSON lines); with `start_only`, the game
    set up and started, not played."""
    agents: list[tuple[str, Any]] = []
    for k in range(seats):
        bot = make_bot(kind, seed, k)
        agents.append((f"Bot {k + 1}", _Counting(bot, counts) if counts is not None else bot))
    text = io.StringIO()
    g = Game(ed, agents, seed=seed, log=EventLog(listener=listener, stream=text, keep=0), record=True,
             replay=replay, check_invariants=True, max_rounds=None if ed.end.max_rounds is not None else ROUND_CAP,
             start=not start_only)
    if start_only:
        g.start()
        return g, ""
    g.play()
    return g, text.getvalue()


def self_check(ed: Edition, games: int, seed: int = 1, kinds: Sequence[str] = ("random", "basic"),
               seats: int | None = None, progress: Callable[[int], None] | None = None) -> SelfCheck:
    """Play `games` games of `ed`, seeds `seed`, `seed + 1`, ..., the bot kinds taking turns
    (`kinds`), `seats` bots a game (default: 4 within the edition's player count), with the
    invariants checked after every turn (money conserved, one owner a deed, buildings counted,
    even building, no negative cash: engine/game/invariants.py). The first game of each kind is
    replayed from its recorded answers and its event log compared byte for byte. An error in a
    game is a `Failure` (the other games go on). `progress(k)` after each game."""
    result = SelfCheck()
    n = seats or max(ed.players_min, min(4, ed.players_max))
    replayed: set[str] = set()
    for k in range(games):
        s, kind = seed + k, kinds[k % len(kinds)]
        try:
            g, log = _play(ed, s, kind, n, result.coverage.listener(ed), result.coverage.decisions)
            result.rounds.append(g.round)
        except MagieError as e:
            result.failures.append(Failure(s, kind, "game", str(e)))
        except Exception:                   # an engine error: told with its traceback, not raised
            result.failures.append(Failure(s, kind, "game", traceback.format_exc(limit=-8)))
        else:
            if kind not in replayed:
                replayed.add(kind)
                result.replayed += 1
                again = _play(ed, s, kind, n, None, None, replay=g.saved_decisions())[1]
                if again != log:
                    at = next((i for i, (a, b) in enumerate(zip(log.splitlines(), again.splitlines(),
                                                                 strict=False)) if a != b), None)
                    result.failures.append(Failure(s, kind, "replay", f"the replayed game's event log differs "
                                                                      f"from line {(at or 0) + 1}"))
        result.games += 1
        if progress is not None:
            progress(k + 1)
    _force(ed, result, seed, n)
    return result


FORCED_TURNS = 6
"""Turns played after a forced card or landing, with the invariants checked."""


def _force(ed: Edition, result: SelfCheck, seed: int, seats: int) -> None:
    """Make happen what the games did not reach, each in a game of its own (random bots, `seed`):
    after one turn, the next player draws each card never drawn (put on top of its deck) or is
    moved onto the first space of each kind never landed on; then `FORCED_TURNS` turns are played
    with the invariants checked. What then fails is a `Failure` ('forced card ...', 'forced
    landing ...'); what passes, seen in the game's events, is in `coverage.forced`."""
    never = result.coverage.never(ed)
    todo: list[tuple[str, str]] = [("cards", name) for name in never["cards"]]
    todo += [("kinds of space", kind) for kind in never["kinds of space"]]
    for part, name in todo:
        what = f"forced {'card' if part == 'cards' else 'landing on a space of kind'} {name}"
        try:
            seen = Coverage()
            g, _ = _play(ed, seed, "random", seats, seen.listener(ed), None, start_only=True)
            g.play_turn()
            if g.over:
                continue
            p = g.order[g.turn_idx]
            if part == "cards":
                deck_id, card_id = name.split("/", 1)
                dq = g.decks[deck_id]
                card = next((c for c in dq if c.id == card_id), None)
                if card is None:            # kept by a player or in the discard pile: not forced
                    continue
                dq.remove(card)
                dq.appendleft(card)
                g.draw(p, deck_id)
            else:
                g.move_to(p, next(i for i, s in enumerate(ed.spaces) if s.kind == name))
            for _turn in range(FORCED_TURNS):
                if g.over:
                    break
                g.play_turn()
        except MagieError as e:
            result.failures.append(Failure(seed, "random", what, str(e)))
        except Exception:                   # an engine error: told with its traceback, not raised
            result.failures.append(Failure(seed, "random", what, traceback.format_exc(limit=-8)))
        else:
            if seen.never(ed)[part].count(name) == 0:      # the card was drawn, the space landed on
                result.coverage.forced.setdefault(part, []).append(name)
