"""What the browser sees of a game, as JSON data: the public state, the edition's board, and one
seat's decision with its options in words. This module is the only place the web front end reads
a game's state, and it reads it through the engine's read-only view (`GameView`,
engine/game/view.py), so engine changes are fixed there.

Spaces are named by id in the state (`owners`, `levels`, positions); decisions and answers use
the engine's board indices, as the decision protocol does (`info.spaces` maps one to the other).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from magie.engine.edition.layout import plan
from magie.engine.edition.model import Edition
from magie.engine.edition.text import text_in
from magie.engine.game.decisions import Deal, Decision, TradeOffer, encode_answer

from ..reasons import reason_in
from ..render import Names, describe_action
from .narrate import Words

if TYPE_CHECKING:
    from magie.engine.game.view import GameView


def edition_info(ed: Edition, lang: str) -> dict[str, Any]:
    """The edition's board for the page: spaces (index, id, name, kind, group, colour, price,
    rent table), groups, currency format, which decks' cards may be traded and how many players one
    deal may have (`trade.parties`; null: any number), and whether players may manage between
    the other players' turns (`between_turns`, rules.between_turns), and where the board draws
    each space (`layout`: the grid's columns and rows, the ring's `sides` or null, and each
    space's [column, row] in board order, row 0 at the top; engine/edition/layout.py)."""
    board = plan(ed.board_layout, len(ed.spaces))
    return {
        "id": ed.id, "name": text_in(ed.name, lang) or ed.id,
        "money": text_in(ed.currency.format, lang) or "{n}",
        "hotel_level": ed.rules.houses_before_hotel + 1,
        "trade": {"enabled": ed.rules.trade_enabled, "cards": ed.rules.trade_cards,
                  "parties": ed.rules.trade_parties},
        "between_turns": ed.rules.between_turns,
        "spaces": [{"index": s.index, "id": s.id, "name": text_in(s.name, lang) or s.id, "kind": s.kind,
                    "group": s.group, "color": ed.groups[s.group_index].color if s.group_index >= 0 else None,
                    "price": s.price, "deed": s.is_deed, "rent": list(s.rent)} for s in ed.spaces],
        "groups": [{"id": g.id, "name": text_in(g.name, lang) or g.id, "color": g.color} for g in ed.groups],
        "layout": {"columns": board.columns, "rows": board.rows, "sides": list(board.sides) or None,
                   "cells": [[p.column, p.row] for p in board.places]},
        **table_info(ed, lang),
    }


def table_info(ed: Edition, lang: str) -> dict[str, Any]:
    """What the page's table shows beyond the board, in `lang`: `decks` (id -> {name, cards:
    card id -> text with its amounts}) for a drawn card, `symbols` (symbol face id of the
    edition's own dice -> name) for a thrown face that is a symbol, and `deeds` (space id
    -> {mortgage: the mortgage value, ladder: [{kind, name, count, cost, owned}] the building
    levels 1..top: the buildings a lot holds there, what the level costs and the share of the
    group it needs}) for a deed's panel."""
    names = Names(ed, lang, markup=False)
    return {
        "decks": {d.id: {"name": text_in(d.name, lang) or d.id,
                         "cards": {c.id: names.card_text(d.id, c.id) for c in d.cards}} for d in ed.decks.values()},
        "symbols": {s.id: text_in(s.name, lang) or s.id for s in ed.symbols.values()},
        "deeds": {s.id: {"mortgage": s.mortgage,
                         "ladder": [{"kind": r.kind, "name": text_in(r.name, lang) or r.kind, "count": r.count,
                                     "cost": r.cost, "owned": r.owned} for r in s.ladder]}
                  for s in ed.spaces if s.is_deed},
    }


def public_state(game: GameView, words: Words) -> dict[str, Any]:
    """What everybody at the table (and a spectator) may see: players (seat, name, kind, cash,
    position, deeds, buildings, mortgages, kept cards, in jail and the holding space held in
    (`held_in`: `jail` or an id of `rules.holdings`), bankrupt), owners/levels by space id,
    mortgaged spaces, round, whose turn, the bank's buildings and a finite bank's cash (None:
    unlimited; below 0: the IOUs it has out), each deck's cards left to draw and on its discard
    pile (`decks`: id -> {left, discards}), whether the game is over and who won. Money is
    integer units of the edition's currency."""
    spaces = game.spaces
    players = []
    for p in game.players:
        deeds = sorted(p.deeds)
        players.append({
            "seat": p.seat, "name": p.name, "kind": p.kind, "cash": p.cash,
            "position": spaces[p.pos].id, "deeds": [spaces[i].id for i in deeds],
            "buildings": {spaces[i].id: game.level[i] for i in deeds if game.level[i]},
            "mortgaged": [spaces[i].id for i in deeds if game.mortgaged[i]],
            "cards": [{"deck": d, "card": c, "text": words.card(d, c)} for d, c in p.held_cards],
            "in_jail": p.in_jail, "held_in": p.held if p.in_jail else None, "bankrupt": not p.alive,
            "net_worth": game.net_worth(p),
            "role": p.role, "role_name": words.role(p.role) if p.role is not None else None,
        })
    current = game.current
    return {
        "round": game.round, "turns": game.turns,
        "turn": current.seat if current is not None else None,
        "players": players,
        "owners": {spaces[i].id: o.seat for i, o in enumerate(game.owner) if o is not None},
        "levels": {spaces[i].id: lvl for i, lvl in enumerate(game.level) if lvl},
        "mortgaged": [spaces[i].id for i, m in enumerate(game.mortgaged) if m],
        "hotel_level": game.hotel_level,
        "bank": {"houses": game.houses, "hotels": game.hotels, "cash": game.bank_cash()},
        # every deck has its discard pile from the start on (none before: an empty dict)
        "decks": {d: {"left": game.cards_in(d), "discards": len(pile)} for d, pile in game.discards.items()},
        "over": game.over,
        "winners": [p.seat for p in game.winners] if game.over else [],
        "end_reason": game.end_reason if game.over else None,
    }


def _plain(value: Any) -> Any:
    """A decision's detail as JSON data: players as seats, offers as their JSON."""
    if isinstance(value, (TradeOffer, Deal)):
        return value.to_json()
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    seat = getattr(value, "seat", None)
    if isinstance(seat, int):
        return seat
    return str(value)


def decision_json(game: GameView, d: Decision, decision_id: int, words: Words) -> dict[str, Any]:
    """One seat's decision: `id` (to answer it), `kind`, `seat`, `options` (the legal answers as
    the answer endpoint takes them) with `labels` in words, `details` (the decision's context),
    `text` (the question), and for manage windows what a trade may hold."""
    _ = words._
    options = [encode_answer(o) for o in d.options] if d.kind != "bid" else []
    ctx = {k: _plain(v) for k, v in d.ctx.items()}
    if isinstance(ctx.get("space"), int):
        ctx["space_id"] = game.spaces[ctx["space"]].id
    out: dict[str, Any] = {"id": decision_id, "kind": d.kind, "seat": d.player.seat, "options": options,
                           "labels": [_label(game, d, o, words) for o in d.options] if d.kind != "bid" else [],
                           "details": ctx, "text": _question(game, d, words)}
    if d.kind in ("manage", "raise"):
        out["deeds"] = deed_actions(game, d, words)
    if d.kind in ("manage",):
        problem = game.trade_window_problem(d.ctx.get("window", "")) if game.rules.trade_enabled else "no trades"
        out["trade"] = problem is None
    if d.kind == "trade":
        out["details"]["description"] = words.offer(d.ctx["offer"])
    if d.kind == "deal":
        out["details"]["description"] = words.deal(d.ctx["offer"])
    return out


def deed_actions(game: GameView, d: Decision, words: Words) -> dict[str, dict[str, str | None]]:
    """For each deed of the deciding player (by space id), each action on one deed (the engine's
    `manage.DEED_ACTIONS`: build, sell, mortgage, unmortgage, sell_deed) and its state: None
    where it is one of the decision's options, else why not: the engine's reason
    (`GameView.deed_problems`) in the game's language (reasons.py), or "not in this decision"
    where the deed's rules allow it but this decision does not offer it (a raise decision offers
    only what raises money). The page offers them on the deed's panel."""
    _ = words._
    offered = {(o[0], o[1]) for o in d.options if isinstance(o, tuple) and len(o) == 2}
    out: dict[str, dict[str, str | None]] = {}
    for i, problems in game.deed_problems(d.player, d.ctx.get("window", "")).items():
        out[game.spaces[i].id] = {kind: None if (kind, i) in offered
                                  else reason_in(words, problem) if problem else _("not in this decision")
                                  for kind, problem in problems.items()}
    return out


def _label(game: GameView, d: Decision, option: Any, w: Words) -> str:
    _ = w._
    if option == ("done",) and d.kind == "manage":
        if d.ctx.get("window") == "before_roll":
            return _("Roll the dice")
        if d.ctx.get("window") == "between_turns":
            return _("Done: let the game go on")
        return _("Roll again") if d.ctx.get("more_rolls") else _("End the turn")
    if isinstance(option, tuple):
        return describe_action(w, game, option)
    words = {"buy": _("Buy"), "decline": _("Do not buy"), "pay": _("Pay the fine"),
             "card": _("Use the card"), "roll": _("Try to roll doubles"), "accept": _("Accept"),
             "reject": _("Reject"), "fixed": _("Pay the fixed amount"), "alternative": _("Pay the percentage"),
             "lift": _("Lift the mortgage now"), "keep": _("Keep the mortgage"), "redeem": _("Redeem"),
             "release": _("Give it back to the bank")}
    if option is True:
        return _("Claim the rent")
    if option is False:
        return _("Do not claim")
    if option is None:
        return _("None")
    if isinstance(option, int) and d.kind in ("place", "pick"):
        return w.space(option)
    if d.kind == "role":
        return w.role(option)
    return words.get(option, str(option))


def _question(game: GameView, d: Decision, w: Words) -> str:
    _ = w._
    c = d.ctx
    k: str = d.kind
    if k == "buy":
        return _("Buy {space} for {amount}?").format(space=w.space(c["space"]), amount=w.money(c["price"]))
    if k == "bid":
        if c.get("price") is None:
            return _("Auction of {space}: the first bid is at least {amount}").format(
                space=w.space(c.get("space")), amount=w.money(c["min"]))
        return _("Auction of {space}: {player} bids {amount}; bid at least {least} or pass").format(
            space=w.space(c.get("space")), player=w.player(c.get("high_bidder")), amount=w.money(c["price"]),
            least=w.money(c["min"]))
    if k == "jail":
        return _("You are in jail: how do you get out?")
    if k == "manage":
        if c.get("window") == "before_roll":
            return _("Before you roll: build, mortgage, trade, or roll the dice")
        if c.get("window") == "between_turns":
            return _("Between turns ({player} plays next): build, sell, mortgage, or let the game go on").format(
                player=w.player(game.order[game.turn_idx].seat))
        return _("After the move: build, mortgage, trade, or end your turn")
    if k == "raise":
        return _("You owe {amount} to {creditor}: raise the money").format(
            amount=w.money(c["amount"]), creditor=w.player(c.get("creditor")))
    if k == "trade":
        return _("{proposer} offers you a trade").format(proposer=w.player(c["offer"].proposer))
    if k == "deal":
        return _("{proposer} proposes a deal of several players").format(proposer=w.player(c["offer"].proposer))
    if k == "tax":
        return _("Tax: pay {amount} or the percentage?").format(amount=w.money(c["fixed"]))
    if k == "claim":
        return _("{player} landed on {space}: claim {amount} rent?").format(
            player=w.player(c.get("payer")), space=w.space(c["space"]), amount=w.money(c["amount"]))
    if k == "inherited_mortgage":
        return _("You received the mortgaged {space}").format(space=w.space(c["space"]))
    if k == "redeem":
        return _("Redeem the mortgage on {space} for {amount}?").format(space=w.space(c["space"]),
                                                                         amount=w.money(c["cost"]))
    if k == "place":
        return _("Where do you put the building?")
    if k == "choice":
        return _("Choose")
    if k == "pick":
        return _("Pick a space")
    if k == "role":
        return _("Choose your role")
    if k == "play_card":
        return _("Play a kept card instead of paying {amount}?").format(amount=w.money(c["amount"]))
    if k == "vote":
        if c.get("topic") == "end":
            return _("Vote: end the game now?")
        return _("Vote: turn on {topic}?").format(topic=c.get("topic"))
    return k
