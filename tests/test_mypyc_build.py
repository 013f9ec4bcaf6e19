"""The compiled build (tools/mypyc_build.py, setup.py, tools/build_backend.py): when it is built,
what a build without a compiler says, and that the staged `Game` forwards every wired name to the
same function with the same parameters, so a compiled game plays the pure one's games. The
compiled build itself takes a minute or more: tools/compiled_check.py builds it (or checks the
installed one) and replays the golden corpus on it, as CI does."""

from __future__ import annotations

import ast
import inspect
import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from magie.cli.commands import app, compiled_modules
from magie.engine.game import Game
from tests.runners import ROOT, load_tool

mypyc_build = load_tool("mypyc_build")


def _front() -> ast.ClassDef:
    tree = ast.parse(mypyc_build.forwarding_front(ROOT / "engine" / "game"))
    return next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Game")


@pytest.mark.pure           # reads the wiring of the pure Game (the compiled one has methods)
def test_every_wired_name_becomes_a_forwarding_method_with_the_functions_parameters():
    methods = {n.name: n for n in _front().body if isinstance(n, ast.FunctionDef)}
    wired = [name for name, value in vars(Game).items()
             if inspect.isfunction(value) and value.__module__ != Game.__module__]
    assert len(wired) > 100
    for name in wired:
        fn = getattr(Game, name)
        forward = methods[name]
        names = [a.arg for a in (*forward.args.args, *forward.args.kwonlyargs)]
        names += [a.arg for a in (forward.args.vararg, forward.args.kwarg) if a is not None]
        assert names == ["self", *list(inspect.signature(fn).parameters)[1:]], name
        call = forward.body[-1].value if isinstance(forward.body[-1], ast.Return | ast.Expr) else None
        assert isinstance(call, ast.Call) and ast.unparse(call.func) == (
            f"_mechanism_{fn.__module__.rsplit('.', 1)[1]}.{fn.__name__}"), name


def test_the_staged_front_is_valid_python_that_keeps_the_rest_of_game_py():
    text = mypyc_build.forwarding_front(ROOT / "engine" / "game")
    compile(text, "game.py", "exec")
    assert "def __init__(self, edition: Edition" in text and "_EVERY_WINDOW" in text
    # `debt.bankrupt` has a parameter named `debt`: the module is called by its alias
    assert "_mechanism_debt.bankrupt(self, p, creditor, debt)" in text


def test_a_default_that_is_not_a_literal_is_refused(tmp_path):
    (tmp_path / "game.py").write_text("from . import m\n\nclass Game:\n    f = m.f\n")
    (tmp_path / "m.py").write_text("X = 1\n\ndef f(g, k=X):\n    return k\n")
    try:
        mypyc_build.forwarding_front(tmp_path)
    except mypyc_build.FrontError as e:
        assert "m.f: the default X is not a literal" in str(e)
    else:
        raise AssertionError("a non-literal default was forwarded")


def test_the_version_says_whether_the_engine_runs_compiled():
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    expected = f"compiled with mypyc: {len(compiled_modules())} modules" if compiled_modules() else "pure Python"
    assert result.output.strip().endswith(f"({expected})")


def test_the_basic_bot_is_opened_to_interpreted_subclasses_in_the_staged_copy_only():
    source = (ROOT / "engine" / "agents" / "basic" / "answers.py").read_text(encoding="utf-8")
    assert "mypyc_attr" not in source          # the pure install runs the repository's source
    staged = mypyc_build.open_classes(source, mypyc_build.OPEN["agents/basic/answers.py"])
    tree = ast.parse(staged)
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "BasicBot")
    assert [ast.unparse(d) for d in cls.decorator_list] == ["mypyc_attr(allow_interpreted_subclasses=True)"]
    # the decorator's import is for mypy only: nothing imports mypy_extensions at run time
    guard = next(n for n in tree.body if isinstance(n, ast.If) and "mypy_extensions" in ast.unparse(n))
    assert ast.unparse(guard.test) == "_typing.TYPE_CHECKING" and guard.lineno < cls.lineno
    namespace: dict = {}
    exec(compile(ast.Module([n for n in tree.body if n is guard or ast.unparse(n) == "import typing as _typing"],
                            []), "answers.py", "exec"), namespace)
    assert "mypyc_attr" not in namespace
    assert "agents/basic/answers.py" in mypyc_build.COMPILED
    # every class of the bot's chain is opened: an interpreted subclass's override of a method
    # of any of them is seen by the compiled code of the others
    opened = {name for names in mypyc_build.OPEN.values() for name in names}
    assert {"Valuation", "Trading", "Building", "Managing", "BasicBot"} <= opened


def test_opening_a_class_the_module_does_not_define_is_refused():
    try:
        mypyc_build.open_classes("class A:\n    pass\n", ("B",))
    except mypyc_build.FrontError as e:
        assert "no top-level class B" in str(e)
    else:
        raise AssertionError("a missing class was opened")


def test_the_basic_bots_constants_and_hooks_work_from_subclasses_in_either_build():
    """What the compiled basic bot must keep (it runs compiled where the build is): constants read
    on the class, and an interpreted subclass's overrides seen by the bot's own methods."""
    from magie.engine.agents import BasicBot, EasyBot
    from tests.game.helpers import playable

    assert (BasicBot.LOOK_AGAIN, BasicBot.SHORTAGE, BasicBot.RESERVE_BY_STOCK, BasicBot.human) == (40, 6, True, False)

    class Hoarder(BasicBot):
        LOOK_AGAIN = 7
        RESERVE_BY_STOCK = False

        def reserve(self, game) -> int:
            return 10 ** 9

    ed = playable("classic")
    basic, easy, hoarder = BasicBot(), EasyBot(), Hoarder()
    g = Game(ed, [("a", basic), ("b", easy), ("c", hoarder), ("d", BasicBot())], seed=1)
    p = g.players[0]
    i = next(j for j, s in enumerate(g.spaces) if s.is_deed)
    price = g.spaces[i].price
    assert basic._reserve(g) == ed.setup.start_cash // 15
    assert easy._reserve(g) == 2 * basic._reserve(g)                 # EasyBot.reserve, through _reserve
    assert basic._buy(g, p, i, price) == "buy" and hoarder._buy(g, p, i, price) == "decline"
    assert easy.value(g, p, i) == basic.value(g, p, i) * 3 // 4 == price * 3 // 4
    assert hoarder._manage(g, g.players[2], "after_landing") == basic._manage(g, p, "after_landing")
    assert (hoarder._next_look, basic._next_look) == (g.turns + 7, g.turns + 40)


@pytest.mark.parametrize(("value", "mode"), [
    (None, "auto"), ("", "auto"), ("auto", "auto"), (" AUTO ", "auto"),
    ("0", "no"), ("no", "no"), ("False", "no"), ("off", "no"),
    ("1", "yes"), ("yes", "yes"), ("TRUE", "yes"), (" on ", "yes")])
def test_the_compile_switch_takes_yes_no_and_auto_in_their_usual_spellings(value, mode):
    assert mypyc_build.compile_mode(value) == mode


def _hook(code: str, tmp_path, **env: str) -> subprocess.CompletedProcess[str]:
    """`code` run with tools/ on the path (the build backend's view), in `tmp_path`, with `env` added."""
    return subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "tools"), **env})


@pytest.mark.parametrize("value", ["garbage",
                                   *(pytest.param(v, marks=pytest.mark.slow) for v in ("2", "y", "compile"))])
def test_any_other_value_of_the_compile_switch_stops_the_build_with_the_accepted_values(value, tmp_path):
    with pytest.raises(mypyc_build.SwitchError) as e:
        mypyc_build.compile_mode(value)
    assert str(e.value).startswith(f"MAGIE_COMPILE={value!r} is not understood")
    assert "1, yes, true, on" in str(e.value) and "0, no, false, off" in str(e.value) and "auto" in str(e.value)
    # the build backend's first hook stops with the message (pip shows it), and so does setup.py
    hook = _hook("import build_backend; build_backend.get_requires_for_build_wheel()", tmp_path, MAGIE_COMPILE=value)
    setup = subprocess.run([sys.executable, str(ROOT / "setup.py"), "--name"], cwd=tmp_path, capture_output=True,
                           text=True, env={**os.environ, "MAGIE_COMPILE": value})
    for out in (hook, setup):
        assert out.returncode == 1
        assert f"magie's build: MAGIE_COMPILE={value!r} is not understood" in out.stderr


NO_COMPILER = {"CC": "/nonexistent/cc"}
"""The environment of a build whose C compiler cannot run (distutils takes the compiler from $CC)."""

REQUIRES = "import build_backend, os; print(build_backend.{hook}(), os.environ.get('MAGIE_COMPILE'))"


def test_a_wheel_asks_for_mypy_when_a_compiler_works_or_compiling_is_required(tmp_path):
    wheel = REQUIRES.format(hook="get_requires_for_build_wheel")
    if mypyc_build.compiler_problem() is None:
        assert "'mypy>=1.10'" in _hook(wheel, tmp_path).stdout
    assert "mypy" not in _hook(wheel, tmp_path, **NO_COMPILER).stdout
    assert "'mypy>=1.10'" in _hook(wheel, tmp_path, MAGIE_COMPILE="1", **NO_COMPILER).stdout
    assert "mypy" not in _hook(wheel, tmp_path, MAGIE_COMPILE="0").stdout


def test_an_editable_install_is_pure_python_unless_compiling_is_required(tmp_path):
    editable = REQUIRES.format(hook="get_requires_for_build_editable")
    out = _hook(editable, tmp_path).stdout
    assert "mypy" not in out and out.strip().endswith(" 0")          # setup.py is then told 0
    out = _hook(editable, tmp_path, MAGIE_COMPILE="1").stdout
    assert "'mypy>=1.10'" in out and out.strip().endswith(" 1")


def test_without_a_compiler_the_build_says_so_in_one_line_and_stays_pure(tmp_path):
    assert mypyc_build.compiler_problem.__doc__
    env = {**os.environ, **NO_COMPILER, "MAGIE_COMPILE": "auto"}
    build = [sys.executable, str(ROOT / "setup.py"), "-q", "build_ext", "--build-lib", str(tmp_path / "lib"),
             "--build-temp", str(tmp_path / "temp")]
    out = subprocess.run(build, cwd=tmp_path, capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    said = [line for line in out.stderr.splitlines() if line.startswith("magie's build:")]
    assert len(said) == 1 and said[0].startswith("magie's build: no working C compiler (")
    assert said[0].endswith(": installing pure Python (the same games, about 2.5x the CPU time per turn)")
    assert not list(tmp_path.rglob("*.so"))
    required = subprocess.run(build, cwd=tmp_path, capture_output=True, text=True, env={**env, "MAGIE_COMPILE": "1"})
    assert required.returncode == 1
    assert "magie's build: MAGIE_COMPILE=1: no working C compiler (" in required.stderr
