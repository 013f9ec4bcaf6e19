"""Plugins through entry points: the template plugin of docs/examples/plugin/ seen as installed,
through a `*.dist-info` folder on `sys.path` made from its pyproject.toml (as pip would make it),
and broken plugins beside it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from magie.cli.app import app
from magie.engine import agents, plugins
from magie.engine.agents import make_bot
from magie.engine.dsl.vocabulary import plugin_functions
from magie.engine.edition.listing import list_plugins
from magie.engine.edition.loader import load_edition
from magie.engine.edition.playable import load_playable
from magie.engine.edition.validate import validate_file, validate_paths
from magie.engine.errors import EffectError
from magie.engine.game.events import EventLog
from magie.engine.game.game import Game
from tests.game.helpers import cash, game, player, stack
from tests.runners import ROOT, run_magie

TEMPLATE = ROOT / "docs" / "examples" / "plugin"


def add_dist(site: Path, name: str, entry_points: dict[str, dict[str, str]]) -> None:
    """A distribution `name` seen as installed in `site`: its METADATA and entry_points.txt."""
    info = site / f"{name.replace('-', '_')}-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(
        "".join(f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in eps.items()) + "\n"
                for group, eps in entry_points.items()), encoding="utf-8")


def forget() -> None:
    """Forget every plugin looked up (the registries, the bots in `agents.BOTS`, the modules)."""
    plugins.reset()
    agents.__dict__.pop("BOTS", None)
    for name in [m for m in sys.modules if m.startswith(("magie_example", "magie_broken"))]:
        del sys.modules[name]


@pytest.fixture
def site(tmp_path, monkeypatch):
    """A folder on `sys.path` where the template plugin is installed (its package is the
    template's own folder); more distributions can be added with `add_dist`."""
    folder = tmp_path / "site"
    project = tomllib.loads((TEMPLATE / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    add_dist(folder, project["name"], project["entry-points"])
    monkeypatch.setattr(sys, "dont_write_bytecode", True)      # no __pycache__ in docs/examples
    monkeypatch.syspath_prepend(str(TEMPLATE))
    monkeypatch.syspath_prepend(str(folder))
    forget()
    yield folder
    forget()


def _env(site: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(TEMPLATE)]),
            "MAGIE_NO_CACHE": "1", "PYTHONDONTWRITEBYTECODE": "1"}


def _broken(site: Path) -> None:
    """A plugin `magie-broken` with one of every fault, and a module of its own."""
    (site / "magie_broken.py").write_text(
        "from magie.engine.plugins import dsl_function\n"
        "NOT_CALLABLE = 3\n"
        "def undeclared(game, n):\n    return n\n"
        "@dsl_function(params=['int', 'money'], returns='int')\n"
        "def bad_type(game, n, m):\n    return n\n"
        "@dsl_function(params=['player'], returns='int')\n"
        "def boom(game, p):\n    raise RuntimeError('no luck')\n"
        "@dsl_function(params=['player'], returns='int')\n"
        "def words(game, p):\n    return 'seven'\n", encoding="utf-8")
    add_dist(site, "magie-broken", {
        "magie.editions": {"gone": "magie_broken_nowhere:EDITIONS", "number": "magie_broken:NOT_CALLABLE"},
        "magie.bots": {"nobody": "magie_broken:NOT_CALLABLE", "basic": "magie_broken:undeclared"},
        "magie.dsl": {"undeclared": "magie_broken:undeclared", "bad_type": "magie_broken:bad_type",
                      "boom": "magie_broken:boom", "words": "magie_broken:words", "floor": "magie_broken:boom"},
    })


def test_the_plugins_edition_is_listed_with_its_plugin(site):
    listed = [(i.kind, i.id, i.name, i.plugin, i.broken) for i in list_plugins()]
    assert listed == [("edition", "digits", "Digits", "magie-example", False)]
    out = run_magie("editions", env=_env(site))
    assert out.returncode == 0, out.stderr
    row = next(line for line in out.stdout.splitlines() if " digits " in line)
    assert "Digits" in row and "magie-example" in row
    assert " classic " in out.stdout                   # the built-in ones still listed


def test_the_plugins_edition_loads_by_name_and_its_card_calls_the_plugins_function(site):
    loaded = load_edition("digits")
    assert loaded.files[-1] == TEMPLATE / "magie_example" / "editions" / "digits.yaml"
    ed = load_playable("digits")
    g = game(ed, {"A": {"cash": 1000}, "B": {"cash": 1234, "pos": "chance_1"}}, first="B", check_invariants=True)
    stack(g, "chance", "chance_digits")
    b = player(g, "B")
    g.current = b
    g.draw(b, "chance")
    assert cash(g) == {"A": 1000, "B": 1234 - 10 * (1 + 2 + 3 + 4)}


def test_a_game_with_the_plugins_bot(site):
    assert "thrifty" in agents.BOTS and agents.is_plugin("thrifty")
    ed = load_playable("digits")
    log = EventLog()
    g = Game(ed, [(f"T{k}", make_bot("thrifty", 3, k)) for k in range(3)], seed=3, max_rounds=60, log=log)
    g.play()
    bought = [e["price"] for e in log.events if e["e"] == "buy"]
    assert bought and max(bought) <= 200                # it never buys a dearer deed at its price
    out = run_magie("simulate", "digits", "--bot", "thrifty", "-n", "2", "--jobs", "1", "--max-rounds", "40",
                    "--json", env=_env(site))
    assert out.returncode == 0, out.stderr
    assert '"games": 2' in out.stdout


def test_the_plugins_function_is_type_checked_at_load(site, tmp_path):
    f = tmp_path / "e.yaml"
    f.write_text("extends: classic\nid: e\nplugins: [magie_example]\nend:\n  score: digit_sum(me)\n", encoding="utf-8")
    problems = [p for p in validate_file(f) if p.severity == "error"]
    assert [(p.code, p.line, p.col) for p in problems] == [("type-error", 5, 20)]
    assert "must be a whole number, but this is a player" in problems[0].message


def test_a_function_of_an_undeclared_plugin_says_which_plugin(site, tmp_path):
    f = tmp_path / "e.yaml"
    f.write_text("extends: classic\nid: e\nend:\n  score: digit_sum(me.cash)\n", encoding="utf-8")
    (p,) = [p for p in validate_file(f) if p.severity == "error"]
    assert (p.code, p.line, p.col) == ("unknown-name", 4, 10)
    assert "plugin 'magie-example'" in p.message and "plugins:" in p.message


def test_a_missing_plugin_is_a_problem_naming_the_package(site, tmp_path):
    f = tmp_path / "e.yaml"
    f.write_text("extends: classic\nid: e\nplugins:\n  - magie-example\n  - magie-nowhere\n", encoding="utf-8")
    (p,) = validate_paths([f])
    assert (p.code, p.line, p.col, p.pointer) == ("missing-plugin", 5, 5, "/plugins/1")
    assert "'magie-nowhere'" in p.message and "pip install magie-nowhere" in p.message
    out = CliRunner().invoke(app, ["validate", str(f)])   # in a fresh process: test_a_game_with_the_plugins_bot
    assert out.exit_code == 1 and f"{f}:5:5: error[missing-plugin]" in out.output


def test_a_broken_plugin_is_one_line_each_and_the_rest_works(site, capsys, tmp_path):
    _broken(site)
    assert set(plugin_functions()) == {"digit_sum", "boom", "words"}
    assert "nobody" not in agents.BOTS and agents.BOTS["basic"] is agents.BasicBot
    assert [i.id for i in list_plugins()] == ["digits"]
    err = capsys.readouterr().err.splitlines()
    assert sorted(line.split(":")[1].strip() for line in err) == ["plugin 'magie-broken'"] * 7
    assert any("'gone'" in line and "ModuleNotFoundError" in line for line in err)
    assert any("'undeclared'" in line and "dsl_function" in line for line in err)
    assert any("'bad_type'" in line and "'money'" in line for line in err)
    assert any("'floor'" in line and "a word of the DSL" in line for line in err)
    assert any("'basic'" in line and "built-in bot" in line for line in err)
    # the good plugin works beside it; a function that raises, or answers a wrong type, stops the
    # game with an error at the call in the edition, naming the plugin
    f = tmp_path / "e.yaml"
    f.write_text("extends: classic\nid: e\nplugins: [magie-broken]\ndecks:\n  - id: chance\n    cards:\n"
                 "      - {id: boom, text: {en: Boom, ru: Бум}, do: pay bank boom(me)}\n"
                 "      - {id: words, text: {en: Words, ru: Слова}, do: pay bank 1 + words(me)}\n", encoding="utf-8")
    ed = load_playable(str(f))
    for card, says in (("boom", "failed: RuntimeError: no luck"), ("words", "returned 'seven', not a whole number")):
        g = game(ed, {"A": {}, "B": {}})
        stack(g, "chance", card)
        g.current = player(g, "A")
        with pytest.raises(EffectError) as e:
            g.draw(g.current, "chance")
        assert f"e.yaml:{7 if card == 'boom' else 8}:" in e.value.where
        assert f"of plugin 'magie-broken' {says}" in e.value.message
    assert capsys.readouterr().err == ""                 # each told once a process


def test_the_plugins_function_and_its_docstring_are_in_the_dsl_reference(site):
    from tests.runners import load_tool

    (spec,) = plugin_functions(["Magie_Example"]).values()        # compared as distribution names are
    assert (spec.signature, spec.plugin) == ("digit_sum(int) -> int", "magie-example")
    assert spec.summary == "The sum of the decimal digits of n (of its absolute value): digit_sum(1234) is 10."
    page = load_tool("docs_reference").dsl_markdown(plugin_functions())
    assert "### `digit_sum(int) -> int`\n\nFrom the plugin `magie-example`.\n\nThe sum of the decimal digits" in page
    assert "Example: `pay bank 10 * digit_sum(me.cash)`." in page
    assert plugin_functions(["magie-other"]) == {}


def test_serve_lists_and_plays_the_plugins_edition_and_bot(site, monkeypatch):
    pytest.importorskip("fastapi")
    from tests.web.helpers import client

    c = client()
    listed = c.get("/api/editions").json()
    assert {"id": "digits", "plugin": "magie-example"}.items() <= next(
        e for e in listed["editions"] if e["id"] == "digits").items()
    assert "thrifty" in listed["bots"]
    assert c.get("/api/editions/digits/board.svg").status_code == 200
    r = c.post("/api/games", json={"edition": "digits", "seed": 2, "seats": [
        {"name": "Anna", "kind": "human"}, {"name": "T", "kind": "bot", "bot": "thrifty"}]})
    assert r.status_code in (200, 201), r.text
    assert [s["name"] for s in r.json()["seats"]] == ["Anna", "T"]


def test_the_rl_environment_takes_the_plugins_edition(site):
    pytest.importorskip("pettingzoo")
    from magie import rl

    e = rl.env("digits", players=2, seed=1, max_rounds=5)
    e.reset(seed=1)
    assert e.agents == ["player_0", "player_1"] and e.game.ed.id == "digits"


@pytest.mark.slow
def test_the_template_installs_with_pip_and_passes_its_own_tests(tmp_path):
    """The template as pip builds and installs it (into a folder put on PYTHONPATH): its entry
    points reach magie, and its own tests pass."""
    target, source = tmp_path / "target", tmp_path / "source"        # (a build writes into its source folder)
    shutil.copytree(TEMPLATE, source, ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info"))
    # pip builds it in an isolated environment with the setuptools its pyproject.toml asks for (a
    # fresh venv's own setuptools may lack bdist_wheel), as a user's `pip install .` does
    pip = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps",
                          "--target", str(target), str(source)], capture_output=True, text=True, timeout=300)
    assert pip.returncode == 0, pip.stdout + pip.stderr
    env = {**os.environ, "PYTHONPATH": str(target), "MAGIE_NO_CACHE": "1"}
    out = run_magie("play", "digits", "--bots", "2", "--bot", "thrifty", "--seed", "1", "--quiet", env=env)
    assert out.returncode == 0 and "round" in out.stdout, out.stderr
    tests = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(tmp_path),
                            str(source / "tests")],
                           capture_output=True, text=True, timeout=300, env=env, cwd=tmp_path)
    assert tests.returncode == 0, tests.stdout + tests.stderr


def test_overlays_from_a_folder_and_a_single_file(site, capsys):
    (site / "magie_more").mkdir()
    (site / "magie_more" / "variants").mkdir()
    (site / "magie_more" / "variants" / "rich-start.yaml").write_text(
        "overlay: true\nid: rich-start\nname: Rich start\ndescription: More cash.\nsetup:\n  start_cash: 2500\n",
        encoding="utf-8")
    (site / "solo.yaml").write_text("overlay: true\nid: solo\nname: Solo\ndescription: Less cash.\n"
                                    "setup:\n  start_cash: 700\n", encoding="utf-8")
    (site / "magie_more" / "__init__.py").write_text(
        "from pathlib import Path\nHERE = Path(__file__).parent\n"
        "FILES = [HERE, HERE.parent / 'solo.yaml', HERE.parent / 'nowhere.yaml', 7]\n", encoding="utf-8")
    add_dist(site, "magie-more", {"magie.editions": {"files": "magie_more:FILES"}})
    listed = [(i.kind, i.id, i.plugin) for i in list_plugins()]
    assert listed == [("edition", "digits", "magie-example"), ("overlay", "rich-start", "magie-more"),
                      ("overlay", "solo", "magie-more")]
    assert load_playable("classic", ("rich-start",)).setup.start_cash == 2500
    assert load_playable("digits", ("solo",)).setup.start_cash == 700
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all(line.startswith("magie: plugin 'magie-more': editions 'files'") for line in err)
    assert "nowhere.yaml" in err[0] and "is int, not a path" in err[1]
