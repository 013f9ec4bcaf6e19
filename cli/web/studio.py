"""The studio of `magie serve` (`/studio`): an edition's text checked as it is typed, its board,
one seeded bot game told turn by turn, and a small balance report (routes/studio.py serves them).

A text is checked as an uploaded edition is (`uploads.load_files`: the same limits, no `extends:`
but a built-in edition, problems named by the file's own name), with every problem `magie
validate` reports placed at a line of the text: a problem found in the edition it extends is
shown at the `extends:` line. A text that checks becomes a `Draft`, kept by the digest of its
name and text (the newest `MAX_DRAFTS`), which the board, the game and the report use.

Everything is bounded: a game stops after `GAME_ROUNDS` rounds (or the edition's own limit) or
`GAME_SECONDS`; a report plays at most `MAX_REPORT_GAMES` games and stops at `REPORT_SECONDS`,
saying how many it played.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from magie.engine.agents import BOT_KINDS, make_bot
from magie.engine.analysis.stats import Moments
from magie.engine.edition.model import Edition
from magie.engine.edition.text import text_in
from magie.engine.errors import MagieError
from magie.engine.game.events import EventLog
from magie.engine.game.game import Game
from magie.engine.problems import Problem, ProblemsError
from magie.engine.sim.batch import BatchSpec, GameStats, Summary, play_one

from ..i18n import gettext_for
from ..render import Names
from .board import BoardState, board_svg
from .narrate import Narrator, Words
from .uploads import UploadedFile, load_files, public_text
from .view import public_state

MAX_DRAFTS = 32
"""Checked texts the server keeps (the oldest is forgotten first)."""
GAME_ROUNDS = 300
"""Rounds after which a studio game of an edition without a round limit stops."""
GAME_SECONDS = 10.0
"""Seconds a studio game may take to play; it stops where it is after that."""
MAX_GAMES_KEPT = 4
"""Played games a draft keeps (by seed, players, bot and language)."""
MAX_REPORT_GAMES = 200
"""The most games one balance report plays."""
REPORT_ROUNDS = 300
"""The round cap of a report's games (an edition's own lower limit holds)."""
REPORT_SECONDS = 15.0
"""Seconds a balance report may play; it reports the games played by then."""
STUDIO_BOTS = tuple(k for k in ("basic", "easy", "random") if k in BOT_KINDS)
"""The bots a studio game seats (the quick ones: the server plays these games)."""


@dataclass(frozen=True)
class Marker:
    """A problem placed in the text: `line` and `col` 1-based (a problem of another file is at
    the `extends:` line, or line 1, with `where` its own place), `severity` ('error' or
    'warning'), `code`, `message`."""

    line: int
    col: int
    severity: str
    code: str
    message: str
    where: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "col": self.col, "severity": self.severity, "code": self.code,
                "message": self.message, **({"where": self.where} if self.where else {})}


@dataclass
class Played:
    """One studio game: `turns` (each the narration lines of one turn and the board after it),
    the `end` (winners, reason, rounds, turns, whether the studio's cap stopped it)."""

    turns: list[dict[str, Any]]
    end: dict[str, Any]


@dataclass
class Draft:
    """A text that checked: its `id` (a digest of name and text), file `name`, the playable
    `edition` and its merged `tree`, the `warnings` placed in the text, and the games played
    with it so far."""

    id: str
    name: str
    edition: Edition
    tree: dict
    warnings: list[Marker]
    games: OrderedDict[tuple, Played] = field(default_factory=OrderedDict)
    lock: threading.Lock = field(default_factory=threading.Lock)


def draft_id(name: str, text: str) -> str:
    """The id of a text: the same name and text give the same id."""
    return "draft-" + hashlib.sha256(json.dumps([name, text]).encode("utf-8")).hexdigest()[:20]


def place(problems: list[Problem], name: str, text: str) -> list[Marker]:
    """`problems` placed in the text of the file `name`: errors first, then by line. A problem of
    another file (the edition extended) or of none is shown at the `extends:` line (line 1 when
    there is none), its own place (that file's name, never a folder of the server) kept in
    `where`."""
    anchor = next((k + 1 for k, line in enumerate(text.split("\n")) if line.startswith("extends:")), 1)
    out = []
    for p in problems:
        file = Path(public_text(p.file)).name if p.file else ""
        message = public_text(p.message)
        if file == name and p.line:
            out.append(Marker(p.line, max(p.col, 1), p.severity, p.code, message))
        else:
            where = f"{file}:{p.line}:{p.col}" if file and p.line else (file or None)
            out.append(Marker(anchor, 1, p.severity, p.code, message, where))
    return sorted(out, key=lambda m: (m.severity != "error", m.line, m.col))


def check_text(name: str, text: str) -> tuple[list[Marker], Draft | None]:
    """Every problem of the edition `text` (file `name`) placed in it, and the `Draft` when it
    has no error (None otherwise). Raises `uploads.UploadProblem` for a name or size over the
    upload limits."""
    try:
        ed, tree = load_files(UploadedFile(name, text), ())
    except ProblemsError as e:
        return place(e.problems, name, text), None
    warnings = place(list(ed.warnings), name, text)
    return warnings, Draft(draft_id(name, text), name, ed, tree, warnings)


class Drafts:
    """The drafts a server keeps, by id (the newest `MAX_DRAFTS`); safe across threads."""

    def __init__(self) -> None:
        self._by_id: OrderedDict[str, Draft] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, draft: Draft) -> Draft:
        """Keep `draft` (the one kept already under its id, when there is one)."""
        with self._lock:
            kept = self._by_id.setdefault(draft.id, draft)
            self._by_id.move_to_end(draft.id)
            while len(self._by_id) > MAX_DRAFTS:
                self._by_id.popitem(last=False)
            return kept

    def get(self, did: str) -> Draft | None:
        with self._lock:
            return self._by_id.get(did)


def bot_names(players: int, lang: str) -> list[str]:
    """The seats' names of a studio game in `lang` ("Bot 1", "Бот 1", ...)."""
    word = gettext_for(lang).gettext("Bot {n}")
    return [word.format(n=k + 1) for k in range(players)]


def play_game(draft: Draft, seed: int, players: int, bot: str, lang: str) -> Played:
    """The seeded game of `players` bots of kind `bot` on the draft's edition, told in `lang`,
    turn by turn (kept by the draft, so stepping through it plays it once). Turn 0 is the table
    before the first roll. Raises `MagieError` when the edition's rules stop the game."""
    key = (seed, players, bot, lang)
    with draft.lock:
        if key in draft.games:
            draft.games.move_to_end(key)
            return draft.games[key]
        played = _play(draft.edition, seed, players, bot, lang)
        draft.games[key] = played
        while len(draft.games) > MAX_GAMES_KEPT:
            draft.games.popitem(last=False)
        return played


def _play(ed: Edition, seed: int, players: int, bot: str, lang: str) -> Played:
    names = bot_names(players, lang)
    words = Words(ed, lang, dict(enumerate(names)))
    narrate = Narrator(ed, lang, words.players)
    lines: list[str] = []

    def told(event: dict[str, Any]) -> None:
        line = narrate(event)
        if line:
            lines.append(line)

    agents = [(names[k], make_bot(bot, seed, k)) for k in range(players)]
    cap = ed.end.max_rounds or GAME_ROUNDS
    game = Game(ed, agents, seed=seed, log=EventLog(listener=told, keep=16), max_rounds=cap, start=False)
    game.start()
    turns = [_turn(game, words, lines, lang)]
    end = time.monotonic() + GAME_SECONDS
    while not game.over and time.monotonic() < end:
        game.play_turn()
        if (last := narrate.flush()) is not None:
            lines.append(last)
        turns.append(_turn(game, words, lines, lang))
    return Played(turns, {"over": game.over, "winners": [p.seat for p in game.winners] if game.over else [],
                          "reason": game.end_reason if game.over else "time", "rounds": game.round,
                          "turns": game.turns, "capped": game.end_reason == "round_limit"
                          and ed.end.max_rounds is None})


def _turn(game: Game, words: Words, lines: list[str], lang: str) -> dict[str, Any]:
    """One step of a studio game: the lines told since the last step (taken from `lines`) and
    the table after them (the parts of `view.public_state` the board and the seats show, and
    each token's space by name as `where`)."""
    state = public_state(game, words)
    told = list(lines)
    lines.clear()
    return {"lines": told, "round": state["round"], "turn": state["turn"],
            "players": [{k: p[k] for k in ("seat", "name", "cash", "position", "in_jail", "bankrupt", "net_worth")}
                        | {"deeds": len(p["deeds"]), "where": _space_name(game.ed, p["position"], lang)}
                        for p in state["players"]],
            "owners": state["owners"], "levels": state["levels"], "mortgaged": state["mortgaged"],
            "hotel_level": state["hotel_level"], "over": state["over"], "winners": state["winners"]}


def turn_board(draft: Draft, step: dict[str, Any], lang: str) -> str:
    """The board of the draft's edition at one step of a studio game, as SVG."""
    return board_svg(draft.edition, lang=lang, state=BoardState.from_json(step))


@dataclass(frozen=True)
class _DraftSpec(BatchSpec):
    """A batch of the draft's edition (held, not loaded by reference)."""

    model: Any = field(default=None, compare=False, hash=False)

    def edition_model(self) -> Edition:
        return self.model


def balance(draft: Draft, games: int, seed: int, players: int, bot: str, lang: str) -> dict[str, Any]:
    """A small balance report of the draft's edition: `games` seeded bot games (at most
    `MAX_REPORT_GAMES`, stopped at `REPORT_SECONDS`), as `magie simulate` plays them: the win
    rate by seat and of the first player with Wilson intervals (95 %), the game length in rounds
    (mean with its interval, median, quartiles), the end reasons, the landing frequency drawn as
    a heat map on the board, rent by group; and the payback of each group in rounds by the exact
    landing odds (`magie analyze --economics`), or why the odds cannot be solved."""
    ed = draft.edition
    games = max(1, min(games, MAX_REPORT_GAMES))
    spec = _DraftSpec(edition=draft.name, bots=(bot,) * players, seed=seed,
                      max_rounds=None if ed.end.max_rounds else REPORT_ROUNDS, model=ed)
    summary = Summary(spec, games)
    rounds = Moments()
    end = time.monotonic() + REPORT_SECONDS
    for k in range(games):
        if k and time.monotonic() > end:
            break
        stats: GameStats = play_one(spec, k)
        summary.add(stats)
        rounds.add(stats.rounds)
    data = summary.to_json()
    words = Names(ed, lang, markup=False)
    lo, hi = rounds.interval()
    freq = data["landing_frequency"]
    return {
        "games": summary.games, "asked": games, "seed": seed, "players": players, "bot": bot,
        "confidence": summary.confidence, "max_rounds": data["max_rounds"],
        "win_by_seat": [{"seat": k, "name": name, **{x: w[x] for x in ("rate", "low", "high")}}
                        for k, (name, w) in enumerate(zip(bot_names(players, lang), data["win_by_seat"],
                                                          strict=True))],
        "first_player": {x: data["first_player"][x] for x in ("rate", "low", "high", "expected")},
        "rounds": {"mean": round(rounds.mean, 2), "low": round(lo, 2), "high": round(hi, 2),
                   **{q: data["rounds"][q] for q in ("p25", "p50", "p75", "min", "max")}},
        "end_reasons": [{"reason": k, "words": words.reason(k), "games": v} for k, v in data["end_reasons"].items()],
        "capped": summary.capped,
        "heat": board_svg(ed, lang=lang, heat=_scaled(freq)),
        "hottest": [{"space": s, "name": _space_name(ed, s, lang), "share": v}
                    for s, v in sorted(freq.items(), key=lambda kv: -kv[1])[:5]],
        "rent_by_group": [{"group": g, "name": _group_name(ed, g, lang), "rent": v}
                          for g, v in data.get("rent_by_group", {}).items()],
        **_payback(ed, draft.tree, players, lang),
    }


def _payback(ed: Edition, tree: dict, players: int, lang: str) -> dict[str, Any]:
    """The payback of each group by the exact landing odds, for `players`: in rounds, with the
    deeds alone and at the level that pays back soonest; or `payback_note` saying why not."""
    from magie.engine.analysis.economics import economics
    from magie.engine.analysis.markov import landing_odds

    try:
        econ = economics(ed, landing_odds(ed, tree))
    except MagieError as e:
        return {"payback": [], "payback_note": public_text(str(e))}
    rows: dict[str, dict[str, Any]] = {}
    for g in econ.groups:
        rounds = g.payback_rounds.get(players)
        row = rows.setdefault(g.group, {"group": g.group, "name": _group_name(ed, g.group, lang),
                                        "deeds_rounds": None, "best_level": None, "best_cost": None,
                                        "best_rounds": None})
        if row["deeds_rounds"] is None and rounds is not None:
            row["deeds_rounds"] = round(rounds, 1)
        if rounds is not None and (row["best_rounds"] is None or rounds < row["best_rounds"]):
            row.update(best_level=g.level, best_cost=g.cost, best_rounds=round(rounds, 1))
    return {"payback": list(rows.values())}


def _scaled(values: dict[str, float]) -> dict[str, float]:
    """`values` scaled to [0, 1] from the least landed space to the most, as the reports' heat
    maps draw them (a space never stayed on, such as go-to-jail, is at 0)."""
    present = [v for v in values.values() if v > 0]
    lo, hi = (min(present), max(present)) if present else (0.0, 1.0)
    return {k: (v - lo) / (hi - lo) if v > 0 and hi > lo else 0.0 for k, v in values.items()}


def _space_name(ed: Edition, space: str, lang: str) -> str:
    i = ed.space_index.get(space)
    return (text_in(ed.spaces[i].name, lang) or space) if i is not None else space


def _group_name(ed: Edition, group: str, lang: str) -> str:
    g = next((g for g in ed.groups if g.id == group), None)
    return (text_in(g.name, lang) or group) if g is not None else group


__all__ = ["Draft", "Drafts", "Marker", "Played", "balance", "check_text", "play_game", "turn_board",
           "GAME_ROUNDS", "MAX_REPORT_GAMES", "REPORT_SECONDS", "STUDIO_BOTS"]
