"""The registries of the engine: every kind has what the engine, the bots, the terminal and the
docs need, and money moves only through the ledger."""

from __future__ import annotations

import ast
import gzip
import json
import re
from pathlib import Path

import pytest

from magie.cli.human import PROMPTS
from magie.cli.render import EventRenderer
from magie.engine import kinds
from magie.engine.agents import BasicBot, RandomBot, Scripted
from magie.engine.dsl import vocabulary
from magie.engine.dsl.vocabulary import KEEP_USES
from magie.engine.errors import IllegalDecision
from magie.engine.game import DECISION_KINDS, EVENT_KINDS, KEPT_CARD_USES, MANAGE_ACTIONS, SPACE_KINDS, Game
from magie.engine.game.decisions import Decision
from magie.engine.game.events import events_markdown
from tests.game.helpers import playable

from .helpers import edition, game, player

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("kind", sorted(DECISION_KINDS))
def test_every_decision_kind_has_a_bot_answer_a_human_prompt_and_a_label(kind):
    k = DECISION_KINDS[kind]
    assert k.label and k.asked and k.answer
    assert kind in BasicBot.ANSWERS
    assert kind in PROMPTS


@pytest.mark.parametrize("kind", ["buy", "jail", "trade", "tax", "claim", "inherited_mortgage", "redeem"])
def test_the_random_bot_answers_every_listed_kind_with_one_of_its_options(kind):
    g = game(edition(), ["A", "B"])
    options = {"buy": ("buy", "decline"), "jail": ["pay", "roll"], "trade": ("accept", "reject"),
               "tax": ("fixed", "alternative"), "claim": (True, False), "inherited_mortgage": ("lift", "keep"),
               "redeem": ("redeem", "release")}[kind]
    bot = RandomBot(seed=3)
    for _ in range(20):
        assert bot.decide(g, Decision(kind, player(g, "A"), options)) in options


def test_the_default_answers_are_legal():
    g = game(edition(), ["A", "B"])
    a = player(g, "A")
    assert DECISION_KINDS["buy"].default(g, Decision("buy", a, ("buy", "decline"))) == "decline"
    assert DECISION_KINDS["place"].default(g, Decision("place", a, [5, None], optional=True)) is None
    assert DECISION_KINDS["place"].default(g, Decision("place", a, [5, 7], optional=False)) == 5
    assert DECISION_KINDS["raise"].default(g, Decision("raise", a, game=g, window="raise", amount=10)) \
        == ("bankrupt",)     # nothing to sell or mortgage
    assert Scripted().decide(g, Decision("jail", a, ["roll"])) == "roll"


@pytest.mark.parametrize("kind", sorted(EVENT_KINDS))
def test_every_event_kind_has_a_renderer(kind):
    assert callable(getattr(EventRenderer, "_on_" + kind, None))


def test_docs_events_md_is_made_from_the_registry():
    assert (REPO / "docs" / "events.md").read_text(encoding="utf-8") == events_markdown()


def test_every_logged_event_has_a_registered_kind_and_its_fields_in_order():
    seen = set()
    for path in sorted((REPO / "tests" / "golden" / "logs").glob("*-1.jsonl.gz")):
        for line in gzip.decompress(path.read_bytes()).decode().splitlines():
            ev = json.loads(line)
            keys = list(ev)
            assert keys[:2] == ["e", "turn"], line
            kind = EVENT_KINDS[ev["e"]]
            want = [f for f in kind.fields if f in ev]
            assert keys[2:] == want, line
            assert set(kind.fields) - set(kind.optional) <= set(ev), line
            seen.add(ev["e"])
    assert {"turn", "roll", "move", "pay", "buy", "card", "jail", "build", "bankrupt", "end"} <= seen


def test_the_sites_that_build_event_dicts_directly_build_what_emit_would():
    # The hot call sites count and build their event dict themselves (`g.log.add({"e": KIND, "turn": ...})`,
    # no kwargs: events.py, "The log protocol") instead of calling `state.emit`, which builds
    # {"e": kind, "turn": turns, **fields}. Each such dict must be that one with the fields in the
    # registry's order: every kind built directly is in the golden logs (checked above, field by
    # field in order), with each optional field a direct site writes.
    built = set()
    for path in sorted((REPO / "engine").rglob("*.py")):
        built |= set(re.findall(r'log\.add\(\{"e": "([a-z_]+)", "turn": ', path.read_text(encoding="utf-8")))
    assert built == {"turn", "roll", "move", "lap", "pay", "buy", "bid", "card", "deed", "build"}
    seen: dict[str, set[str]] = {}
    for path in sorted((REPO / "tests" / "golden" / "logs").glob("*-1.jsonl.gz")):
        for line in gzip.decompress(path.read_bytes()).decode().splitlines():
            ev = json.loads(line)
            if ev["e"] in built:
                kind = EVENT_KINDS[ev["e"]]
                emitted = {"e": kind.name, "turn": ev["turn"], **{f: ev[f] for f in kind.fields if f in ev}}
                assert list(ev.items()) == list(emitted.items()), line
                seen.setdefault(ev["e"], set()).update(ev)
    assert set(seen) == built
    assert {"jail", "faces"} <= seen["roll"]      # the throws in jail (jail.py) and with an edition's own dice


def test_every_list_of_space_kinds_is_the_one_in_engine_kinds():
    # engine/kinds.py lists the built-in kinds once; the landing registry, the checker and the
    # JSON schema (hand-written: its lists are compared here) must say the same, in that order
    from magie.engine.edition.model import DEED_KINDS as MODEL_DEEDS
    from magie.engine.edition.semantic import BUILTIN_KINDS
    from magie.engine.game.landing import land_on_deed
    schema = json.loads((REPO / "schema" / "edition.schema.json").read_text(encoding="utf-8"))
    defs = schema["definitions"]
    assert tuple(SPACE_KINDS) == kinds.SPACE_KINDS == BUILTIN_KINDS == vocabulary.SPACE_KINDS
    assert defs["kind"]["enum"] == list(kinds.SPACE_KINDS)
    branches = [b["if"]["properties"]["kind"] for b in defs["space"]["allOf"]]
    assert sorted(b["const"] for b in branches if "const" in b) == sorted(kinds.SPACE_KINDS)
    assert [b["not"]["enum"] for b in branches if "not" in b] == [list(kinds.SPACE_KINDS)]
    assert all(f"space_{k}" in defs for k in kinds.SPACE_KINDS)
    words = defs["space"]["properties"]["kind"]["description"]
    assert all(k in words for k in kinds.SPACE_KINDS)
    deeds = tuple(k for k, row in SPACE_KINDS.items() if row.land is land_on_deed)
    assert deeds == kinds.DEED_KINDS and MODEL_DEEDS == frozenset(deeds)
    assert defs["holding"]["properties"]["cards"]["items"]["enum"] == list(kinds.KEEP_USES)


def test_kept_card_uses_are_the_dsl_ones():
    assert set(KEEP_USES) == set(KEPT_CARD_USES)
    assert all(u.decision in DECISION_KINDS for u in KEPT_CARD_USES.values())


def test_keeping_a_card_for_an_unknown_use_is_refused():
    from magie.engine.errors import GameError
    g = game(edition(), ["A", "B"])
    with pytest.raises(GameError, match="no kept-card use 'fly'"):
        g.keep_card(player(g, "A"), "chance_jail_free", "fly")


def test_every_manage_action_checks_and_an_unknown_one_is_refused():
    g = game(edition(), {"A": {"cash": 500, "owns": {"arbat": 0}}, "B": {}})
    a = player(g, "A")
    assert {"build", "sell", "sell_all", "mortgage", "unmortgage", "sell_deed", "trade", "act", "play",
            "loan", "repay", "propose", "done", "bankrupt"} == set(MANAGE_ACTIONS)
    with pytest.raises(IllegalDecision, match="unknown action 'dance'"):
        g.check_action(a, ("dance",), "before_roll")
    arbat = g.ed.space_index["arbat"]
    assert ("mortgage", arbat) in g.legal_actions(a, "before_roll")
    g.check_action(a, ("mortgage", arbat), "before_roll")
    g.apply_action(a, ("mortgage", arbat), "before_roll")
    assert g.mortgaged[arbat] and a.cash == 500 + g.spaces[arbat].mortgage


def test_money_changes_only_in_the_ledger():
    # every change of cash, the bank's flows or the pot is in engine/game/ledger.py
    pattern = re.compile(r"\.(cash|bank_in|bank_out|jackpot)\s*(\+=|-=|=(?!=))")
    hits = []
    for path in sorted((REPO / "engine").rglob("*.py")):
        if path.name == "ledger.py":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line) and "self.start_total" not in line:
                hits.append(f"{path.relative_to(REPO)}:{n}: {line.strip()}")
    # the initial values are set where they are declared
    hits = [h for h in hits if not h.startswith(("engine/game/state.py", "engine/game/player.py"))]
    assert hits == []


class _DetailReader:
    """A random bot that reads every detail of every decision it gets as an attribute (it wraps
    the bot: the compiled build's RandomBot takes no interpreted subclass)."""

    def __init__(self, seed: int, seen: set[str]):
        self.bot, self.seen = RandomBot(seed=seed), seen

    def __getattr__(self, name):
        return getattr(self.bot, name)

    def decide(self, game, decision):
        for key, value in decision.ctx.items():
            assert getattr(decision, key) is value, key
            self.seen.add(key)
        return self.bot.decide(game, decision)


@pytest.mark.parametrize("name", ["classic", "biznespolia", "landlords_game", "mega"])
def test_every_detail_the_engine_gives_a_decision_reads_as_an_attribute(name):
    seen: set[str] = set()
    bots = []
    for seat in range(4):
        bots.append((f"p{seat}", _DetailReader(seat, seen)))
    g = Game(playable(name), bots, seed=5, max_rounds=150)
    g.play()
    assert {"window", "space", "price", "min", "max"} <= seen
    d = Decision("buy", g.players[0], ("buy", "decline"), space=3, price=60)
    assert (d.space, d.price) == (3, 60)
    with pytest.raises(AttributeError, match="'buy' decision has no 'amount'"):
        d.amount  # noqa: B018


def test_the_engine_builds_decisions_one_way():
    # engine/ and cli/ build every decision with `Decision.of` (the keyword form is for agents'
    # tests and user code): one constructor, the cheaper one (decisions.Decision); `of` itself
    # calls the class
    hits, ofs = [], 0
    for folder in ("engine", "cli"):
        for path in sorted((REPO / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            inside_of = {id(n) for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef) and fn.name == "of"
                         and path.name == "decisions.py" for n in ast.walk(fn)}
            for node in ast.walk(tree):
                if isinstance(node, ast.Call) and id(node) not in inside_of:
                    f = node.func
                    if isinstance(f, ast.Name) and f.id == "Decision":
                        hits.append(f"{path.relative_to(REPO)}:{node.lineno}")
                    ofs += isinstance(f, ast.Attribute) and f.attr == "of" and getattr(f.value, "id", "") == "Decision"
    assert hits == []
    assert ofs >= 20          # the walk sees the engine's decisions
    ctx = {"space": 3, "price": 60}
    someone = game(edition(), ["A", "B"]).players[0]      # a Player: the compiled build checks the type
    d = Decision.of("buy", someone, ("buy", "decline"), None, ctx)
    k = Decision("buy", d.player, ("buy", "decline"), space=3, price=60)
    assert (d.kind, d.player, d.listed, d.game, d.ctx) == (k.kind, k.player, k.listed, k.game, k.ctx)
    assert d.ctx is ctx
