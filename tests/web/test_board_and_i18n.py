"""The board picture (`board_svg`, `magie board`) and the interface catalogue (gettext en/ru)."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
from types import MappingProxyType

import pytest
from typer.testing import CliRunner

from magie.cli.app import app as cli_app
from magie.cli.i18n import LANGUAGES, compile_po, gettext_for, po_path
from magie.cli.web.board import BoardState, board_svg, layout
from magie.engine.edition.layout import default_sides, plan
from tests.game.helpers import playable

runner = CliRunner()


@pytest.mark.parametrize("n", [8, 36, 40, 41, 44, 52])
def test_any_number_of_spaces_lies_round_the_square(n):
    cells = layout(plan(None, n)).cells
    assert len(cells) == n
    sides = default_sides(n)
    assert [k for k, c in enumerate(cells) if c.corner] == [sum(sides[:k]) for k in range(4)]
    assert [sum(sides[:k]) for k in range(4)] == [round(k * n / 4) for k in range(4)]
    # every cell touches the border, none overlaps another, the ring is closed
    for c in cells:
        assert c.x == pytest.approx(0) or c.y == pytest.approx(0) or \
            c.x + c.w == pytest.approx(1000) or c.y + c.h == pytest.approx(1000)
    for a in range(n):
        for b in range(a + 1, n):
            p, q = cells[a], cells[b]
            overlap_x = min(p.x + p.w, q.x + q.w) - max(p.x, q.x)
            overlap_y = min(p.y + p.h, q.y + q.h) - max(p.y, q.y)
            assert overlap_x < 1e-6 or overlap_y < 1e-6, (a, b)
    ring = sum(c.w * c.h for c in cells)
    inner = 1000 - 2 * cells[0].h
    assert ring == pytest.approx(1000 * 1000 - inner * inner)
    assert cells[0].x + cells[0].w == pytest.approx(1000) and cells[0].y + cells[0].h == pytest.approx(1000)


def test_too_small_a_board_is_refused():
    with pytest.raises(ValueError, match="at least 8 spaces"):
        layout(plan(None, 7))


def test_classic_board_has_one_group_per_space_with_bands_names_and_prices():
    ed = playable("classic")
    svg = board_svg(ed)
    ids = re.findall(r'<g class="space [^"]*" data-space="([^"]+)"', svg)
    assert ids == [s.id for s in ed.spaces]
    arbat = re.search(r'<g class="space kind-street" data-space="arbat".*?</g>', svg).group(0)
    assert 'fill="#0d3b8c"' in arbat and "Arbat Street" in arbat and "400k ₽" in arbat
    assert svg.count('class="band"') == sum(1 for s in ed.spaces if s.group_index >= 0)


def test_state_draws_owners_buildings_mortgages_tokens_and_heat():
    ed = playable("classic")
    state = BoardState(owners={"arbat": 1, "malaya_bronnaya": 1, "zhitnaya": 0}, levels={"arbat": 5, "zhitnaya": 2},
                       mortgaged=frozenset({"malaya_bronnaya"}), tokens={0: "go", 1: "arbat"}, names={0: "A", 1: "B"})
    svg = board_svg(ed, state=state, heat={"arbat": 1.0, "go": 0.0, "nosuch": 0.5})

    def group(sid):
        return re.search(rf'data-space="{sid}".*?</g>', svg).group(0)
    assert 'class="hotel"' in group("arbat") and 'data-owner="1"' in group("arbat")
    assert group("zhitnaya").count('class="house"') == 2 and 'data-owner="0"' in group("zhitnaya")
    assert 'class="mortgaged"' in group("malaya_bronnaya")
    assert 'class="token" data-seat="0"' in group("go") and 'class="token" data-seat="1"' in group("arbat")
    assert 'fill="#ff2d0a"' in group("arbat") and 'fill="#fff5c8"' in group("go")


def test_edition_texts_are_escaped():
    ed = playable("classic")
    sp = dataclasses.replace(ed.spaces[1], name=MappingProxyType({"en": '<script>alert("x")</script> & co'}))
    bad = dataclasses.replace(ed, spaces=(ed.spaces[0], sp) + ed.spaces[2:])
    svg = board_svg(bad, state=BoardState({}, {}, frozenset(), {0: sp.id}, {0: "<b>Eve</b>"}))
    assert "<script>" not in svg and "<b>" not in svg
    assert "&lt;script&gt;" in svg and "&amp; co" in svg and "&lt;b&gt;Eve&lt;/b&gt;" in svg


def test_magie_board_writes_svg_and_png(tmp_path):
    r = runner.invoke(cli_app, ["board", "biznespolia", "--lang", "ru", "-o", str(tmp_path / "b.svg")])
    assert r.exit_code == 0, r.output
    assert "Бизнесполия" in (tmp_path / "b.svg").read_text(encoding="utf-8")
    pytest.importorskip("cairosvg", reason="PNG needs cairosvg: pip install '.[test]'")
    r = runner.invoke(cli_app, ["board", "classic", "-V", "online", "-o", str(tmp_path / "b.png"), "--size", "300"])
    assert r.exit_code == 0, r.output
    data = (tmp_path / "b.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(data[16:20], "big") == 300


@pytest.mark.parametrize("args, message", [
    (["board", "nosuch", "-o", "x.svg"], "nosuch"),
    (["board", "classic", "-o", "x.gif"], "written as .svg or .png, not .gif"),
    (["board", "classic", "--lang", "fr", "-o", "x.svg"], "unknown language 'fr'"),
    (["board", "classic", "-o", "/nonexistent/dir/x.svg"], "cannot write /nonexistent/dir/x.svg"),
])
def test_magie_board_bad_input(tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    r = runner.invoke(cli_app, args)
    assert r.exit_code == 1
    assert message in r.output
    assert "Traceback" not in r.output


def test_the_base_commands_do_not_import_the_web_libraries():
    code = ("import sys\nfrom typer.testing import CliRunner\nfrom magie.cli.app import app\n"
            "r = CliRunner().invoke(app, ['--help'])\nassert r.exit_code == 0\n"
            "print(sorted(m for m in ('fastapi', 'uvicorn', 'starlette', 'cairosvg') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# ---------------------------------------------------------------------- the catalogue
def test_the_compiled_catalogues_are_up_to_date():
    pytest.importorskip("babel", reason="compiling the catalogue needs babel: pip install '.[test]'")
    for lang in LANGUAGES:
        if po_path(lang).exists():
            assert po_path(lang).with_suffix(".mo").read_bytes() == compile_po(lang), \
                f"{po_path(lang)} changed: run python -m magie.cli.i18n"


def test_every_message_of_the_interface_is_translated_into_russian():
    from pathlib import Path

    from magie.cli.i18n import messages_in_code
    from magie.cli.web.messages import UI_MESSAGES
    from magie.engine.game.decisions import DECISION_KINDS
    from magie.engine.sim.compare import VERDICTS

    root = Path(__file__).resolve().parents[2] / "cli"
    singles, plurals = messages_in_code(root)
    assert "{who} rolls {dice}" in singles and "Not allowed:" in singles       # the terminal's, f-strings too
    ids = singles | set(UI_MESSAGES) | {k.label for k in DECISION_KINDS.values()} | set(VERDICTS.values())
    ru = gettext_for("ru")
    untranslated = sorted(m for m in ids if ru.gettext(m) == m)
    assert untranslated == []
    assert sorted(p for p in plurals if ru.ngettext(*p, 1) == p[0] or ru.ngettext(*p, 5) == p[1]) == []
    assert ru.ngettext("{bids} bid", "{bids} bids", 2) == "{bids} ставки"
    assert ru.ngettext("{bids} bid", "{bids} bids", 5) == "{bids} ставок"
    js = (root / "web" / "static").glob("*.js")
    used = {m for p in js for m in re.findall(r'\bt\("([^"]+)"\)', p.read_text(encoding="utf-8"))}
    used |= {m for p in (root / "web" / "static").glob("*.html")
             for m in re.findall(r'data-t="([^"]+)"', p.read_text(encoding="utf-8"))}
    assert used <= set(UI_MESSAGES), used - set(UI_MESSAGES)


def test_gettext_for_gives_russian_and_falls_back_to_english():
    assert gettext_for("ru").gettext("Buy") == "Купить"
    assert gettext_for("en").gettext("Buy") == "Buy"
    assert gettext_for("xx").gettext("Buy") == "Buy"
    t = gettext_for("ru").gettext("{who} buys {space} for {amount}")
    assert t.format(who="A:", space="B", amount="C") == "A: покупает поле «B» за C"


def test_magie_serve_refuses_a_data_folder_it_cannot_use(tmp_path):
    pytest.importorskip("uvicorn", reason="magie serve needs the web extra: pip install '.[test]'")
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    r = runner.invoke(cli_app, ["serve", "--data", str(blocker / "games")])
    assert r.exit_code == 1 and f"cannot use the data folder {blocker / 'games'}" in r.output
    r = runner.invoke(cli_app, ["serve", "--help"])
    assert r.exit_code == 0 and "127.0.0.1" in r.output and "--data" in r.output


def test_every_event_and_decision_kind_has_words_in_both_languages():
    from magie.cli.render import SILENT_EVENTS
    from magie.cli.web.narrate import Narrator, Words
    from magie.cli.web.view import _question
    from magie.engine.game import DECISION_KINDS, EVENT_KINDS
    from magie.engine.game.decisions import Decision, TradeOffer
    from magie.engine.game.game import Game

    ed = playable("classic")
    deck = next(iter(ed.decks.values()))
    values = {"player": 0, "payer": 0, "payee": 1, "owner": 1, "partner": 1, "proposer": 0, "creditor": 1,
              "frm": 0, "to": 1, "space": "arbat", "pos": "go", "amount": 10, "price": 100, "cost": 50,
              "value": 30, "salary": 200, "start": 100, "stock": 1, "level": 1, "steps": 3, "dice": [2, 3],
              "deck": deck.id, "card": deck.cards[0].id, "group": ed.groups[0].id, "round": 1, "cash": 1500,
              "order": [0, 1], "players": ["A", "B"], "seed": 1, "edition": ed.id, "reason": "rent",
              "attempts": 1, "how": "paid", "building": "house", "decision": "buy", "action": "x",
              "target": None, "debt": 5, "winners": [0], "scores": [1, 2], "give_deeds": [], "get_deeds": [],
              "give_cash": 0, "get_cash": 0, "give_cards": [], "get_cards": [], "flag": "f", "until": "used",
              "extra": False, "jail": False, "source": deck.cards[0].id, "label": "x",
              "legs": [], "parties": [0, 1], "by": 1,
              "pledged": ["arbat"], "freed": ["arbat"], "loans": 1, "topic": "end", "yes": [0], "carried": True,
              "switch": "x", "overlays": ["online"], "faces": [], "symbol": "x", "cards": 3,
              "holding": "jail", "role": "x",
              "owed": 200, "paid": 100, "had": 100, "reading": "partial"}
    said: dict[str, dict[str, str]] = {"en": {}, "ru": {}}
    for lang in ("en", "ru"):
        w = Words(ed, lang, {0: "A", 1: "B"})
        for kind in EVENT_KINDS.values():
            ev = {"e": kind.name, "turn": 1, **{f: values[f] for f in kind.fields}}
            narrator = Narrator(ed, lang, {0: "A", 1: "B"})
            lines = [narrator(ev), narrator.flush()]      # flush: a roll held for a move that does not come
            text = "\n".join(line for line in lines if line)
            if kind.name in SILENT_EVENTS:
                assert text == "", kind.name
            else:
                assert text, f"no words for the event '{kind.name}'"
                said[lang][kind.name] = text
        game = Game(ed, [("A", None), ("B", None)], seed=1, start=False)
        ctx = {"space": 39, "price": 400, "min": 10, "max": 100, "amount": 50, "creditor": 1, "payer": 1,
               "fixed": 200, "cost": 220, "window": "before_roll",
               "offer": TradeOffer(1, 0, give_cash=5), "high_bidder": None, "topic": "end", "proposer": None,
               "hint": "no"}
        for kind in DECISION_KINDS:
            q = _question(game, Decision(kind, game.players[0], (), **ctx), w)
            assert q and q != kind, f"no question for the decision '{kind}'"
    # the Russian lines are not the English ones, and the terminal's "Name: verb" form is kept
    assert said["en"]["roll"] == "A: rolls 2 + 3 = 5" and said["ru"]["roll"] == "A: бросает 2 + 3 = 5"
    assert said["en"]["jail"] == "A: goes to jail" and said["ru"]["jail"] == "A: отправляется в тюрьму"
    same = sorted(k for k in said["en"] if said["en"][k] == said["ru"][k])
    assert same == [], same
