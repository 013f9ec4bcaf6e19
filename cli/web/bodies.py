"""The bodies `magie serve` takes (docs/web.md), checked field by field before they reach the
engine: pydantic models of the JSON bodies (a 400 names the field at fault) and `answer_problem`,
the shape of an answer to a decision (engine.game.decisions).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PlainValidator, StrictBool, field_validator
from pydantic_core import PydanticCustomError

from magie.engine.game.trades import MAX_DEAL_LEGS
from magie.engine.limits import MAX_NAME, MAX_SEED

from .timers import MAX_DECISION_TIME, MIN_DECISION_TIME


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=MAX_NAME)
    kind: Literal["human", "bot", "open"]      # open: waits in the lobby for a person (lobby.py)
    bot: str | None = None

    @field_validator("name")
    @classmethod
    def _plain(cls, v: str) -> str:
        return plain_name(v)


def plain_name(v: str) -> str:
    """A player's name stripped; raises ValueError when it is blank or not plain text."""
    v = v.strip()
    if not v:
        raise ValueError("a name may not be blank")
    if any(not ch.isprintable() for ch in v):
        raise ValueError("a name is plain text: no new lines, tabs or control characters")
    return v


MAX_SETTING_TEXT = 200


def setting_value(v: Any) -> bool | int | str | None:
    """A rule setting's value as the JSON body gives it: true/false, a whole number, a text (a
    choice, at most MAX_SETTING_TEXT characters) or null, returned as it is; cli/web/settings.py
    then checks it against the parameter's schema. Raises pydantic's custom error (a 400 naming
    the setting's field, `settings.PATH`) for anything else: a fraction, NaN, a list, a map.
    """
    if v is None or isinstance(v, (bool, int)):
        return v
    if isinstance(v, str):
        if len(v) > MAX_SETTING_TEXT:
            raise PydanticCustomError("setting_value", "a text of at most {most} characters is expected",
                                      {"most": MAX_SETTING_TEXT})
        return v
    found = "a list" if isinstance(v, list) else "a map" if isinstance(v, dict) else f"the number {v!r}"
    raise PydanticCustomError("setting_value",
                              "expected true/false, a whole number, a text or null, found {found}",
                              {"found": found})


class NewGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    edition: str = Field(min_length=1, max_length=100)
    variants: list[Annotated[str, Field(min_length=1, max_length=100)]] = Field(default_factory=list, max_length=16)
    # strict numbers: a JSON number, not the text "5" or true
    seed: int | None = Field(default=None, ge=0, le=MAX_SEED, strict=True)
    lang: str = "en"
    seats: list[SeatIn] = Field(min_length=1, max_length=12)
    max_rounds: int | None = Field(default=None, ge=1, le=100000, strict=True)
    # strict: a JSON number of seconds, not the text "30" or true; NaN and Infinity are refused
    decision_time: float | None = Field(default=None, ge=MIN_DECISION_TIME, le=MAX_DECISION_TIME,
                                        strict=True, allow_inf_nan=False)
    # rule parameters by their `--set` path (cli/web/settings.py checks them against the edition)
    settings: dict[Annotated[str, Field(min_length=1, max_length=300)],
                   Annotated[bool | int | str | None, PlainValidator(setting_value)]] = Field(
        default_factory=dict, max_length=64)


class FileIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=200)
    text: str


class EditionUpload(BaseModel):
    """`POST /api/editions`: an edition file and the overlay files applied to it, in order."""

    model_config = ConfigDict(extra="forbid")
    edition: FileIn
    overlays: list[FileIn] = Field(default_factory=list, max_length=64)


class AnswerIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    answer: Any
    decision: int | None = None


class BetweenTurnsIn(BaseModel):
    """`POST /api/games/{game}/between-turns`: switch the window between other players' turns."""

    model_config = ConfigDict(extra="forbid")
    on: StrictBool


class JoinIn(BaseModel):
    """`POST /api/lobby/{game}/join`: the name of the person taking an open seat."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=MAX_NAME)

    @field_validator("name")
    @classmethod
    def _plain(cls, v: str) -> str:
        return plain_name(v)


class SeatBotIn(BaseModel):
    """`POST /api/games/{game}/seats/{seat}`: hand the seat to a bot (true) or back (false)."""

    model_config = ConfigDict(extra="forbid")
    bot: StrictBool


def answer_problem(value: Any, depth: int = 0) -> str | None:
    """Why `value` cannot be an answer (the shapes of engine.game.decisions), or None."""
    if value is None or isinstance(value, (bool, str)):
        return None if not isinstance(value, str) or len(value) <= 100 else "a word of at most 100 characters"
    if isinstance(value, int):
        return None if abs(value) < 2**53 else "a whole number of at most 15 digits"
    if isinstance(value, list):
        if depth > 1 or len(value) > 4:
            return "an action such as [\"build\", 5], at most 4 items"
        for v in value:
            p = answer_problem(v, depth + 1)
            if p:
                return p
        return None
    if isinstance(value, dict) and set(value) == {"trade"} and isinstance(value["trade"], dict):
        t = value["trade"]
        known = {"proposer", "partner", "give_deeds", "give_cash", "give_cards", "get_deeds", "get_cash", "get_cards"}
        if set(t) - known:
            return f"a trade with only the fields {', '.join(sorted(known))}"
        for k in ("proposer", "partner"):
            if not isinstance(t.get(k), int) or isinstance(t.get(k), bool):
                return f"trade.{k}: a seat number"
        for k in ("give_cash", "get_cash"):
            if not isinstance(t.get(k, 0), int) or isinstance(t.get(k, 0), bool) or not 0 <= t.get(k, 0) < 2**53:
                return f"trade.{k}: a whole amount of money, 0 or more"
        for k in ("give_deeds", "get_deeds"):
            items = t.get(k, [])
            if not isinstance(items, list) or len(items) > 200 or any(
                    not isinstance(i, int) or isinstance(i, bool) for i in items):
                return f"trade.{k}: a list of space numbers"
        for k in ("give_cards", "get_cards"):
            items = t.get(k, [])
            if not isinstance(items, list) or len(items) > 50 or any(
                    not (isinstance(c, list) and len(c) == 2 and all(isinstance(x, str) and len(x) < 100 for x in c))
                    for c in items):
                return f"trade.{k}: a list of [deck, card] pairs"
        return None
    if isinstance(value, dict) and set(value) == {"deal"} and isinstance(value["deal"], dict):
        return _deal_problem(value["deal"])
    return "a word, a number, true/false, null, an action list, {\"trade\": {...}} or {\"deal\": {...}}"


def _deal_problem(deal: dict) -> str | None:
    """Why `deal` is not the JSON of a `Deal` (engine.game.decisions), or None."""
    if set(deal) - {"proposer", "legs"}:
        return "a deal with only the fields legs, proposer"
    if not isinstance(deal.get("proposer"), int) or isinstance(deal.get("proposer"), bool):
        return "deal.proposer: a seat number"
    legs = deal.get("legs")
    if not isinstance(legs, list) or not 1 <= len(legs) <= MAX_DEAL_LEGS:
        return f"deal.legs: a list of 1 to {MAX_DEAL_LEGS} legs"
    known = {"giver", "taker", "deeds", "cash", "cards"}
    for k, leg in enumerate(legs):
        if not isinstance(leg, dict) or set(leg) - known:
            return f"deal.legs.{k}: a leg with only the fields {', '.join(sorted(known))}"
        for f in ("giver", "taker"):
            if not isinstance(leg.get(f), int) or isinstance(leg.get(f), bool):
                return f"deal.legs.{k}.{f}: a seat number"
        cash = leg.get("cash", 0)
        if not isinstance(cash, int) or isinstance(cash, bool) or not 0 <= cash < 2**53:
            return f"deal.legs.{k}.cash: a whole amount of money, 0 or more"
        deeds = leg.get("deeds", [])
        if not isinstance(deeds, list) or len(deeds) > 200 or any(
                not isinstance(i, int) or isinstance(i, bool) for i in deeds):
            return f"deal.legs.{k}.deeds: a list of space numbers"
        cards = leg.get("cards", [])
        if not isinstance(cards, list) or len(cards) > 50 or any(
                not (isinstance(c, list) and len(c) == 2 and all(isinstance(x, str) and len(x) < 100 for x in c))
                for c in cards):
            return f"deal.legs.{k}.cards: a list of [deck, card] pairs"
    return None
