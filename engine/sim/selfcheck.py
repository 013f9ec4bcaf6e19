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
from ..game.manage import MANAGE_ACTIONS
from .forcing import (
    ACTION_FORCERS,
    ASIS,
    DECISION_FORCERS,
    Forcer,
    Forcing,
    Steer,
    code_names,
    draw_card,
    dsl_calls,
    edition_action,
)

ROUND_CAP = 300
"""Rounds after which a checked game stops when the edition sets no limit (random bots may never
end a game)."""


PARTS = ("cards", "kinds of space", "actions", "manage actions", "decisions", "events")
"""The parts of the coverage, in the order the table shows them."""


@dataclass
class Coverage:
    """What the games reached, as counts: `cards` by (deck id, card id), `landings` by kind of
    space, `actions` by edition action id, `manage` by manage action kind (the first item of each
    answer to a manage or raise decision: build, mortgage, trade, done, ...), `decisions` by
    decision kind (those put to the bots, and those with one legal answer that the engine
    answers for them), `events` by event kind. `forced` holds what play did not reach and the
    check then made happen in a game of its own, part -> names (cards as 'deck/card');
    `unforced` what it tried to force and could not, part -> name -> why."""

    cards: Counter[tuple[str, str]] = field(default_factory=Counter)
    landings: Counter[str] = field(default_factory=Counter)
    actions: Counter[str] = field(default_factory=Counter)
    manage: Counter[str] = field(default_factory=Counter)
    decisions: Counter[str] = field(default_factory=Counter)
    events: Counter[str] = field(default_factory=Counter)
    forced: dict[str, list[str]] = field(default_factory=dict)
    unforced: dict[str, dict[str, str]] = field(default_factory=dict)

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

    def count(self, part: str, name: str) -> int:
        """How often `name` of `part` (one of `PARTS`) fired."""
        if part == "cards":
            deck, card = name.split("/", 1)
            return self.cards[(deck, card)]
        counts = {"kinds of space": self.landings, "actions": self.actions, "manage actions": self.manage,
                  "decisions": self.decisions, "events": self.events}[part]
        return counts[name]

    def possible(self, ed: Edition) -> dict[str, list[str]]:
        """Everything that could fire, by part (`PARTS`): cards (`deck/card`), kinds of space on
        the board, edition actions, manage action kinds, decision kinds and event kinds (the last
        three in registry order)."""
        return {"cards": [f"{d}/{c.id}" for d, deck in ed.decks.items() for c in deck.cards],
                "kinds of space": list(dict.fromkeys(s.kind for s in ed.spaces)),
                "actions": [a.id for a in ed.actions], "manage actions": list(MANAGE_ACTIONS),
                "decisions": list(DECISION_KINDS), "events": list(EVENT_KINDS)}

    def never(self, ed: Edition) -> dict[str, list[str]]:
        """What never fired, by part (`possible`), neither in play nor forced."""
        return {part: [n for n in names if not self.count(part, n) and n not in self.forced.get(part, ())]
                for part, names in self.possible(ed).items()}


def closed(ed: Edition) -> dict[str, dict[str, str]]:
    """What `ed` cannot produce, by part ('decisions', 'manage actions', 'events'): each
    decision kind, manage action kind or event kind with the rule that closes it, read from the
    edition's data (its rules, board, decks and the procedures its compiled DSL calls)."""
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
        both("vote", "the edition has no vote (no end vote, no rule switch)", (events,))
    if not ed.switches:
        both("rule_switch", "the edition has no rule switch", (events,))
    if not _plays(ed, ("rent", "roll")):
        both("play_card", "no card is played instead of paying rent or throwing the dice (no card has "
                          "play.when: rent or roll)", (decisions,))
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
    decisions.update(_closed_asked(ed))
    manage = _closed_manage(ed, decisions)
    for name, why in _closed_logged(ed).items():
        events.setdefault(name, why)
    for name in ("build", "sell", "sell_all", "sell_deed"):         # an action and the event it logs
        if name in manage:
            events.setdefault(name, manage[name])
    return {"decisions": decisions, "manage actions": manage, "events": events}


def _closed_logged(ed: Edition) -> dict[str, str]:
    """The event kinds only some mechanisms log, closed in `ed` with the reason."""
    out: dict[str, str] = {}
    calls = dsl_calls(ed)
    if ed.roles is None:
        out["role"] = "the edition has no player roles (roles)"
    if ed.setup.bank is None:
        out["bank_empty"] = "the bank's money never runs out (setup.bank)"
    if ed.rules.limits is None or not ed.rules.limits.deeds:
        out["cap_refused"] = "no player may own only so many deeds (rules.limits.deeds)"
    if not any(d.reshuffle for d in ed.decks.values()):
        out["deck_reshuffled"] = "no deck keeps a discard pile to reshuffle (decks[].reshuffle)"
    if "keep_card" not in calls:
        out["card_kept"] = "no card is kept (no `keep as`)"
    if not any(d.cards and all("keep_card" in code_names(c.effect) for c in d.cards) for d in ed.decks.values()):
        out["deck_empty"] = "no deck runs out: in each, some card is never kept (`keep as`) out of it"
    if "set_flag" not in calls:
        out["flag"] = "no card, action or hook sets a flag (no `set flag`)"
    if not {"choose", "pick"} & calls:
        out["choice"] = "no card, action, kind of space or die face has a `choose:` or calls `pick(...)`"
    if not _plays(ed, ("before_roll", "after_landing", "rent", "roll")):
        out["card_played"] = "no card is played from the hand (no card has play:)"
    if "discard_kept" not in calls:
        out["card_discarded"] = "no card makes a player discard a kept card (no `discard USE`)"
    if ed.rules.doubles_jail_after is None:
        out["doubles_jail"] = "doubles never send a player to jail (rules.doubles.jail_after)"
    return out


def _closed_asked(ed: Edition) -> dict[str, str]:
    """The decision kinds only some mechanisms ask, closed in `ed` with the reason."""
    out: dict[str, str] = {}
    calls = dsl_calls(ed)
    if "choose" not in calls:
        out["choice"] = "no card, action, kind of space or die face has a `choose:`"
    if "pick" not in calls:
        out["pick"] = "no card, action, kind of space or die face calls `pick(...)`"
    if "offer_build" not in calls and not (ed.rules.shortage_auction and ed.rules.supply):
        out["place"] = ("no card offers a building and a building shortage is not auctioned "
                        "(rules.buildings.shortage_auction, rules.buildings.supply)")
    if not ed.rules.transfer_interest and "inherited_mortgage" not in out:
        out["inherited_mortgage"] = ("a mortgaged deed passes without the interest and its choice "
                                     "(rules.mortgage.transfer_interest: false)")
    if ed.roles is None:
        out["role"] = "the edition has no player roles (roles)"
    elif ed.roles.assign != "choose":
        out["role"] = f"roles are not chosen (roles.assign: {ed.roles.assign})"
    if not ed.holdings:
        out["jail"] = "the board has no jail and no holding space (rules.holdings)"
    if not any(sw.vote is not None for sw in ed.switches) and ed.end.vote is None:
        out["vote"] = "the edition has no vote (no end vote, no rule switch put to a vote)"
    return out


def _plays(ed: Edition, windows: tuple[str, ...]) -> bool:
    """Has `ed` a card played from the hand in one of `windows`?"""
    return any(c.play is not None and c.play.window in windows for d in ed.decks.values() for c in d.cards)


def _closed_manage(ed: Edition, decisions: dict[str, str]) -> dict[str, str]:
    """The manage action kinds (`MANAGE_ACTIONS`) closed in `ed`, with the reason (those of the
    decisions they lead to where they share one: `decisions`)."""
    r = ed.rules
    out: dict[str, str] = {}
    if not any(grp.buildable for grp in ed.groups):
        for name in ("build", "sell", "sell_all"):
            out[name] = "no color group can be built on (no group has a building ladder)"
    if not any(s.is_deed and s.mortgageable for s in ed.spaces):
        out["mortgage"] = out["unmortgage"] = "no deed can be mortgaged (rules.mortgage.unavailable)"
    if r.bank_buys_percent is None:
        out["sell_deed"] = "the bank buys no title deeds (rules.mortgage.bank_buys_percent)"
    if not ed.actions:
        out["act"] = "the edition has no actions"
    if not _plays(ed, ("before_roll", "after_landing")):
        out["play"] = ("no card is played in a manage window (no card has play.when: before_roll or "
                       "after_landing)")
    out["bankrupt"] = ("never an answer: a player is asked to raise money only while everything they have "
                       "can pay the debt, and the engine declares the bankruptcy otherwise (C28)")
    if "trade" in decisions:
        out["trade"] = decisions["trade"]
    if r.loans is None:
        out["loan"] = out["repay"] = "no loans from the bank (rules.loans)"
    if not any(sw.vote is not None for sw in ed.switches):
        out["propose"] = "no rule switch is put to a vote (switches)"
    return out


FIRED, FORCED, CLOSED, NEVER = "fired in play", "forced", "not in this edition", "never fired"
"""The status of a row of the coverage table (`rows`)."""


@dataclass(frozen=True)
class Row:
    """One row of the coverage table: `name` of a part, its `status` (`FIRED`, `FORCED`,
    `CLOSED`, `NEVER`), how often it fired in the checked games (`count`), and `why`: for
    `CLOSED` the rule of the edition that closes it, for `NEVER` why forcing it failed."""

    name: str
    status: str
    count: int = 0
    why: str = ""


def rows(ed: Edition, cov: Coverage) -> dict[str, list[Row]]:
    """Every card, kind of space, edition action, manage action kind, decision kind and event
    kind of `ed` (`Coverage.possible`) with what became of it in the check, by part."""
    shut = closed(ed)
    out: dict[str, list[Row]] = {}
    for part, names in cov.possible(ed).items():
        forced, unforced, why_closed = set(cov.forced.get(part, ())), cov.unforced.get(part, {}), shut.get(part, {})
        out[part] = []
        for name in names:
            n = cov.count(part, name)
            if n:
                row = Row(name, FIRED, n)
            elif name in forced:
                row = Row(name, FORCED)
            elif name in why_closed:
                row = Row(name, CLOSED, why=why_closed[name])
            else:
                row = Row(name, NEVER, why=unforced.get(name, _NOT_TRIED.get(part, "")))
            out[part].append(row)
    return out


_NOT_TRIED = {"events": "no game logged it (events are not forced)",
              "manage actions": "no edition action fired or was forced (see actions)"}


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
    """An agent that counts the decision kinds put to it and the manage actions it answers
    (into `cov`), then answers as `agent` does (every other attribute is the agent's own, so the
    engine treats it as that agent). A decision with one listed answer, which the engine answers
    itself for an agent with `skip_forced`, comes here to be counted and is answered with that
    one answer without asking the agent, as the engine would: the game is the same. In a forced
    position, `steer[seat]` (when set) answers first (forcing.py)."""

    skip_forced = False

    def __init__(self, agent: Any, cov: Coverage, seat: int, steer: dict[int, Steer] | None = None):
        self._agent = agent
        self._cov = cov
        self._seat = seat
        self._steer = steer
        self._forced = bool(getattr(agent, "skip_forced", False))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._agent, name)

    def decide(self, game: Any, d: Decision) -> Any:
        self._cov.decisions[d.kind] += 1
        steer = self._steer.get(self._seat) if self._steer else None
        answer = steer(d) if steer is not None else ASIS
        if answer is ASIS:
            if self._forced and d.listed is not None and len(d.listed) == 1:
                answer = d.listed[0]
            else:
                answer = self._agent.decide(game, d)
        if d.kind in ("manage", "raise") and isinstance(answer, tuple) and answer:
            self._cov.manage[answer[0]] += 1
        return answer


def _play(ed: Edition, seed: int, kind: str, seats: int, listener: Callable[[dict], None] | None,
          cov: Coverage | None, replay: Sequence[Any] | None = None,
          start_only: bool = False, steer: dict[int, Steer] | None = None) -> tuple[Game, str]:
    """One checked game: (the game, its event log as JSON lines), the decisions and manage
    actions counted into `cov` (when given); with `start_only`, the game set up and started, not
    played; `steer` as `_Counting` reads it."""
    agents: list[tuple[str, Any]] = []
    for k in range(seats):
        bot = make_bot(kind, seed, k)
        agents.append((f"Bot {k + 1}", _Counting(bot, cov, k, steer) if cov is not None else bot))
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
            g, log = _play(ed, s, kind, n, result.coverage.listener(ed), result.coverage)
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
"""Turns played after a forced position, with the invariants checked."""


def _to_force(ed: Edition, cov: Coverage) -> list[tuple[str, str, Forcer | None]]:
    """What the games did not reach and the edition does not close, with its forcer: (part,
    name, forcer or None where none is known)."""
    never = cov.never(ed)
    shut = closed(ed)
    todo: list[tuple[str, str, Forcer | None]] = [("cards", name, _draw(name)) for name in never["cards"]]
    todo += [("kinds of space", kind, _land(kind)) for kind in never["kinds of space"]]
    todo += [("actions", a, edition_action(a)) for a in never["actions"]]
    for part, forcers in (("manage actions", ACTION_FORCERS), ("decisions", DECISION_FORCERS)):
        todo += [(part, name, forcers.get(name)) for name in never[part]
                 if name not in shut[part] and not (part == "manage actions" and name == "act")]
    return todo


def _draw(name: str) -> Forcer:
    """The next player draws card `deck/card`, put on top of its deck (not forced when a player
    keeps it)."""
    def force(f: Forcing) -> str:
        deck_id, card_id = name.split("/", 1)
        return "" if draw_card(f, deck_id, card_id) else "the card is kept by a player or in the discard pile"
    return force


def _land(kind: str) -> Forcer:
    """The next player is moved onto the first space of `kind`."""
    def force(f: Forcing) -> str:
        f.g.move_to(f.p, next(i for i, s in enumerate(f.g.ed.spaces) if s.kind == kind))
        return ""
    return force


def _force(ed: Edition, result: SelfCheck, seed: int, seats: int) -> None:
    """Make happen what the games did not reach and the edition does not close (`closed`), each
    in a game of its own (random bots, `seed`): after one turn, the position is built for the
    player whose turn it is and the mechanism run (a card never drawn is put on top of its deck
    and drawn; a player is moved onto a space of a kind never landed on; decision kinds, manage
    actions and edition actions by the forcers of forcing.py); then `FORCED_TURNS` turns are
    played with the invariants checked. What then fails is a `Failure` ('forced card ...',
    'forced decision ...'); what the forced position made fire (counted after the position was
    built, not before) is in `coverage.forced`, what it did not in `coverage.unforced` with why."""
    cov = result.coverage
    for part, name, forcer in _to_force(ed, cov):
        what = f"forced {_SINGULAR[part]} {name}"
        if forcer is None:
            cov.unforced.setdefault(part, {})[name] = "no way to force it is known"
            continue
        try:
            why, seen = _force_one(ed, seed, seats, part, name, forcer)
        except MagieError as e:
            result.failures.append(Failure(seed, "random", what, str(e)))
        except Exception:                   # an engine error: told with its traceback, not raised
            result.failures.append(Failure(seed, "random", what, traceback.format_exc(limit=-8)))
        else:
            if why:
                cov.unforced.setdefault(part, {})[name] = why
            else:
                cov.forced.setdefault(part, []).append(name)
            logged = [e for e in cov.never(ed)["events"] if seen.events[e]]
            cov.forced.setdefault("events", []).extend(logged)     # logged in a forced game
    # an edition action is taken as the manage action 'act': forced with it
    if cov.forced.get("actions") and "act" in cov.never(ed)["manage actions"]:
        cov.forced.setdefault("manage actions", []).append("act")


_SINGULAR = {"cards": "card", "kinds of space": "landing on a space of kind", "actions": "edition action",
             "manage actions": "manage action", "decisions": "decision"}


def _force_one(ed: Edition, seed: int, seats: int, part: str, name: str, forcer: Forcer) -> tuple[str, Coverage]:
    """Force `name` of `part` in a new game: ('' when it fired in the forced position, else why
    not; what the game reached)."""
    seen = Coverage()
    steer: dict[int, Steer] = {}
    g, _ = _play(ed, seed, "random", seats, seen.listener(ed), seen, start_only=True, steer=steer)
    g.play_turn()
    if g.over:
        return "the game ended before the position could be built", seen
    before = seen.count(part, name)
    why = forcer(Forcing(g, g.order[g.turn_idx], seen.decisions, steer))
    fired = seen.count(part, name) > before
    steer.clear()
    for _turn in range(FORCED_TURNS):
        if g.over:
            break
        g.play_turn()
    if fired:
        return "", seen
    return (f"not fired in the forced position: {why}" if why else "not fired in the forced position"), seen
