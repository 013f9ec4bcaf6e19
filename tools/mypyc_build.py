"""The compiled build: mypyc extension modules for the engine's hot path.

Used by setup.py (which decides when an install compiles: README "The compiled engine"), by
the build backend (tools/build_backend.py: whether to ask for mypy), by tools/compiled_check.py
and by benchmarks/bench_builds.py (`build_in_place`: the same build into a folder).

`COMPILED` lists the modules compiled (paths under engine/). The rest stays interpreted: the
PEP 562 lazy `__init__` modules, code that is not on a game's path (loading, checking, saves,
the CLI), and modules whose classes are subclassed outside the compiled set.

Two source changes are made for the compiler, in a staged copy of the tree, never in the
repository. First, `Game` (engine/game/game.py) wires the mechanisms on as class attributes
(`pay = debt.pay`). A compiled function does not bind as a method, so in the staged copy each
such line becomes a method that forwards to the function (`def pay(self, payer, ...) -> None:
return debt.pay(self, payer, ...)`), with the function's own parameters, defaults and
annotations; the annotations' names are imported under `TYPE_CHECKING` from where the
mechanism module has them. Compiled callers then call the procedure directly through the
class's method table. `forwarding_front()` writes that text; tests/test_mypyc_build.py checks
that every wired name of the repository's game.py can be forwarded.

Second, a class that other code subclasses (`OPEN`: the basic bot, which the easy, hard and
search bots and users' plug-ins extend, and the classes of its chain) gets
`@mypyc_attr(allow_interpreted_subclasses=True)` (`open_classes()`): an interpreted class may then
subclass the compiled one, and its overrides of methods and of `ClassVar` constants are seen by
the compiled code. The decorator's import is
for mypy only (under `TYPE_CHECKING`): mypyc drops the decorator of a native class, so the
compiled build needs no mypy_extensions at run time, and the repository's source, which the pure
install runs, has neither the decorator nor the import.
"""

from __future__ import annotations

import ast
import builtins
import os
import shutil
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

SWITCH = "MAGIE_COMPILE"
"""The environment variable that chooses the build: compile, pure Python, or compile where it can."""

YES = ("1", "yes", "true", "on")
NO = ("0", "no", "false", "off")
AUTO = ("", "auto")
"""The values of `SWITCH` understood (any case, spaces around ignored): compile or fail, pure
Python, or (unset, empty or auto) compile when a C compiler and the Python headers work."""

OPT_LEVEL = "MYPYC_OPT_LEVEL"
DEBUG_LEVEL = "MYPYC_DEBUG_LEVEL"
"""The environment variables of the C compiler's -O and -g levels (the names mypy's own build
reads; defaults `DEFAULT_OPT_LEVEL` and `DEFAULT_DEBUG_LEVEL`)."""

DEFAULT_OPT_LEVEL = "1"
DEFAULT_DEBUG_LEVEL = "0"
"""The C compiler's levels of an install: -O1 takes about two thirds of -O3's compile time and
runs within about 6% of its speed, -O0 runs 3.4x slower (benchmarks/README.md, "The compiled
build at install and in CI"); no debug information (-g0), which gcc also spends time on."""


class SwitchError(ValueError):
    """`MAGIE_COMPILE` has a value that is neither yes, no nor auto (the message names the lists)."""


def compile_mode(value: str | None) -> str:
    """What the value of `MAGIE_COMPILE` (None: unset) asks for: "yes" (compile, and fail without
    a compiler), "no" (pure Python) or "auto" (compile where it can). Raises SwitchError for any
    value not in `YES`, `NO` or `AUTO`: a typo must not quietly choose for the user."""
    word = (value or "").strip().lower()
    if word in YES:
        return "yes"
    if word in NO:
        return "no"
    if word in AUTO:
        return "auto"
    raise SwitchError(f"{SWITCH}={value!r} is not understood: use one of {', '.join(YES)} to compile the engine "
                      f"with mypyc, one of {', '.join(NO)} for pure Python, or auto (or leave it unset) to "
                      f"compile where a C compiler and the Python headers are found")


def compiler_problem() -> str | None:
    """None when this Python's C compiler builds a file that includes Python.h (what mypyc's
    extension modules need); otherwise what is missing, in a few words."""
    import sysconfig  # noqa: I001  (setuptools before distutils: its distutils, as mypyc's build uses)
    import tempfile

    import setuptools  # noqa: F401
    from distutils import ccompiler, errors
    from distutils import sysconfig as dsysconfig

    include = sysconfig.get_paths()["include"]
    if not (Path(include) / "Python.h").is_file():
        return f"no Python headers (no Python.h in {include})"
    with tempfile.TemporaryDirectory(prefix="magie-cc-") as tmp:
        source = Path(tmp) / "probe.c"
        source.write_text("#include <Python.h>\nint magie_probe(void) { return Py_IsInitialized(); }\n")
        compiler = ccompiler.new_compiler()
        try:
            dsysconfig.customize_compiler(compiler)
            compiler.compile([str(source)], output_dir=tmp, include_dirs=[include])
        except (errors.CCompilerError, errors.DistutilsError, OSError) as e:
            first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            return f"no working C compiler ({first[:200]})"
    return None


def jobs() -> int:
    """The C compilers a build runs at once: one per core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:          # not on Linux
        return os.cpu_count() or 1


def say(line: str) -> None:
    """One line of the build's own (pip shows it with -v, and when the build fails)."""
    print(f"magie's build: {line}", file=sys.stderr, flush=True)


# the parts of the one `magie` namespace, as pyproject.toml maps them
PARTS = {"engine": "engine", "cli": "cli", "editions": "editions", "schema": "schema"}

COMPILED = [
    # the game: every mechanism module but events (the event log is duck-typed: simulate passes
    # its own counters, which a compiled `EventLog | None` would refuse; no events are built in
    # a game without a log) and forks (the search bot's copies, not on a game's own path)
    *(f"game/{name}.py" for name in (
        "asking", "bank", "between_turns", "buildings", "buying", "cards", "changes", "choices", "debt",
        "decisions", "deeds", "dice", "edition_actions", "ending", "game", "holdings", "invariants",
        "jackpot", "jail", "landing", "ledger", "limits", "loans", "manage", "mortgages", "movement",
        "own_dice", "player", "rent", "roles", "start", "state", "switches", "tax", "trades", "treasury",
        "turn", "votes")),
    # the bots of simulations (the basic bot's classes open to interpreted subclasses: OPEN)
    *(f"agents/basic/{name}.py" for name in ("board", "valuation", "trading", "building", "idle", "answers")),
    "agents/random_bot.py",
    # the calls generated DSL code makes
    "dsl/runtime.py",
    # the edition model (spaces, groups, rungs, rules): compiled, its classes are native, so the
    # compiled engine reads their fields directly (interpreted, each read of a field took the
    # generic attribute lookup, ~100 instructions: a tenth of a compiled turn)
    "edition/model.py",
    # the counters `magie simulate` passes as the game's log: the engine gives them the events
    # they take (a turn, a throw, a rent, a build) several times a turn
    "sim/counters.py",
]
"""The modules compiled, as paths under engine/."""

MYPY_OPTIONS = ["--explicit-package-bases", "--ignore-missing-imports", "--disable-error-code", "annotation-unchecked"]
"""mypy's options for the build: module names from the staged paths; no stubs needed; no notes
(mypycify fails on any message, and an isolated build without the dependencies prints notes)."""

OPEN = {"agents/basic/valuation.py": ("Valuation",), "agents/basic/trading.py": ("Trading",),
        "agents/basic/building.py": ("Building",), "agents/basic/idle.py": ("Managing",),
        "agents/basic/answers.py": ("BasicBot",)}
"""Classes (by module, a path under engine/) that interpreted classes subclass: the staged copy
lets them (`open_classes`)."""

FRONT = "game/game.py"
"""The module whose wiring lines become forwarding methods in the staged copy."""


class FrontError(Exception):
    """A wired name of `Game` that cannot be forwarded (the message says which and why)."""


def _wired(cls: ast.ClassDef) -> list[tuple[ast.Assign, str, str, str]]:
    """The wiring lines of the class: (node, name, module, function) for `name = module.function`
    and `name = function` (a function imported from a module)."""
    rows = []
    for node in cls.body:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)):
            continue
        value = node.value
        if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name):
            rows.append((node, node.targets[0].id, value.value.id, value.attr))
        elif isinstance(value, ast.Name):
            rows.append((node, node.targets[0].id, "", value.id))
    return rows


Binding = tuple[str | None, str]
"""Where an imported name comes from: (the `from` source, or None for `import M`; the name there)."""


def _imports(tree: ast.Module) -> dict[str, Binding]:
    """Names a module imports at its top level (or under `if TYPE_CHECKING:`), each with where it
    comes from (relative sources stay relative: the mechanism modules share one package)."""
    found: dict[str, Binding] = {}
    body = list(tree.body)
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            body.extend(node.body)
    for node in body:
        if isinstance(node, ast.ImportFrom):
            source = "." * node.level + (node.module or "")
            for alias in node.names:
                found[alias.asname or alias.name] = (source, alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname or "." not in alias.name:
                    found[alias.asname or alias.name] = (None, alias.name)
    return found


def _statement(binding: Binding, alias: str) -> str:
    """The import statement that binds `alias` to `binding`."""
    source, name = binding
    as_ = f" as {alias}" if alias != name else ""
    return f"import {name}{as_}" if source is None else f"from {source} import {name}{as_}"


def _defined(tree: ast.Module) -> set[str]:
    """Names a module defines at its top level (classes, functions, aliases)."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ClassDef | ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def _annotation_names(expr: ast.expr | None) -> set[str]:
    """The free names an annotation uses (string annotations parsed too)."""
    if expr is None:
        return set()
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        expr = ast.parse(expr.value, mode="eval").body
    return {n.id for n in ast.walk(expr) if isinstance(n, ast.Name)}


def _literal(expr: ast.expr, where: str) -> str:
    """A default value's source, if it is a literal (other defaults could name the mechanism
    module's own constants, which the front does not see)."""
    try:
        ast.literal_eval(expr)
    except ValueError:
        raise FrontError(f"{where}: the default {ast.unparse(expr)} is not a literal") from None
    return ast.unparse(expr)


class _Rename(ast.NodeTransformer):
    """Renames the free names of an annotation (the front's aliases of clashing names)."""

    def __init__(self, names: dict[str, str]):
        self.names = names

    def visit_Name(self, node: ast.Name) -> ast.Name:
        return ast.Name(self.names.get(node.id, node.id), node.ctx)


def _annotation(expr: ast.expr | None, rename: dict[str, str]) -> str:
    """`: annotation` (renamed), or nothing."""
    if expr is None:
        return ""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        expr = ast.parse(expr.value, mode="eval").body
    return ast.unparse(_Rename(rename).visit(expr))


def _forwarder(name: str, module: str, fn: ast.FunctionDef, indent: str, rename: dict[str, str]) -> str:
    """The text of a method `name(self, ...)` that calls `module.fn(self, ...)` (the module imported
    as `_mechanism_<module>`, a name no parameter has); `rename` maps annotation names to the front's aliases."""
    where = f"{module}.{fn.name}"

    def ann(expr: ast.expr | None) -> str:
        return f": {_annotation(expr, rename)}" if expr is not None else ""

    a = fn.args
    if fn.decorator_list or a.posonlyargs or not a.args:
        raise FrontError(f"{where}: only plain functions of (game, ...) can be wired")
    params, call = ["self"], ["self"]
    positional = a.args[1:]
    defaults = [None] * (len(a.args) - len(a.defaults)) + list(a.defaults)
    for arg, default in zip(positional, defaults[1:], strict=True):
        params.append(arg.arg + ann(arg.annotation) + (f" = {_literal(default, where)}" if default is not None else ""))
        call.append(arg.arg)
    if a.vararg:
        params.append(f"*{a.vararg.arg}{ann(a.vararg.annotation)}")
        call.append(f"*{a.vararg.arg}")
    elif a.kwonlyargs:
        params.append("*")
    for arg, kw_default in zip(a.kwonlyargs, a.kw_defaults, strict=True):
        params.append(arg.arg + ann(arg.annotation)
                      + (f" = {_literal(kw_default, where)}" if kw_default is not None else ""))
        call.append(f"{arg.arg}={arg.arg}")
    if a.kwarg:
        params.append(f"**{a.kwarg.arg}{ann(a.kwarg.annotation)}")
        call.append(f"**{a.kwarg.arg}")
    returns = f" -> {_annotation(fn.returns, rename)}" if fn.returns else ""
    # `return f()` of a function typed `-> None` is a mypy error: call it as a statement
    result = "" if returns == " -> None" else "return "
    return (f"{indent}def {name}({', '.join(params)}){returns}:\n"
            f"{indent}    {result}_mechanism_{module}.{fn.name}({', '.join(call)})\n")


def forwarding_front(game_dir: Path) -> str:
    """The text of game.py (in `game_dir`, the engine's game package) with each wiring line of
    `Game` replaced by a forwarding method. Raises FrontError for a line it cannot forward."""
    source = (game_dir / "game.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    front_imports = _imports(tree)
    cls = next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Game"), None)
    if cls is None:
        raise FrontError("game.py has no class Game")
    lines = source.splitlines(keepends=True)
    front_names = set(front_imports) | _defined(tree)
    aliases: dict[Binding, str] = {}        # annotation names' bindings -> the front's name (for mypy)
    taken: dict[str, Binding] = {n: b for n, b in front_imports.items()}
    runtime: set[str] = set()               # modules the forwarders call
    trees: dict[str, ast.Module] = {}
    for node, name, module, function in reversed(_wired(cls)):
        if not module:                          # `land = land`: a function imported by name
            source_, _ = front_imports.get(function, (None, ""))
            if source_ is None or not source_.startswith(".") or source_.startswith(".."):
                raise FrontError(f"Game.{name}: {function} is not imported from a mechanism module")
            module = source_[1:]
        path = game_dir / f"{module}.py"
        if not path.is_file():
            raise FrontError(f"Game.{name}: no module {module}.py next to game.py")
        if module not in trees:
            trees[module] = ast.parse(path.read_text(encoding="utf-8"))
        mod_tree = trees[module]
        runtime.add(f"from . import {module} as _mechanism_{module}")
        fn = next((n for n in mod_tree.body if isinstance(n, ast.FunctionDef) and n.name == function), None)
        if fn is None:
            raise FrontError(f"Game.{name}: {module}.py defines no function {function}")
        imported, defined = _imports(mod_tree), _defined(mod_tree)
        names: set[str] = set()
        for arg in [*fn.args.args[1:], *fn.args.kwonlyargs, fn.args.vararg, fn.args.kwarg]:
            if arg is not None:
                names |= _annotation_names(arg.annotation)
        names |= _annotation_names(fn.returns)
        rename: dict[str, str] = {}
        for n in sorted(names):
            if n in imported:
                binding = imported[n]
            elif n in defined:
                binding = (f".{module}", n)
            elif hasattr(builtins, n):
                continue
            else:
                raise FrontError(f"{module}.{function}: the annotation name {n} is neither imported nor defined")
            if binding == (".game", "Game"):
                continue
            alias = aliases.get(binding)
            if alias is None:
                alias = n
                if taken.get(n, binding) != binding or (n in front_names and n not in front_imports):
                    alias = f"_{module}_{n}"    # a name that means something else in the front
                aliases[binding] = taken.setdefault(alias, binding) and alias
            if alias != n:
                rename[n] = alias
        if node.end_lineno != node.lineno:
            raise FrontError(f"Game.{name}: the wiring line spans several lines")
        indent = lines[node.lineno - 1][:node.col_offset]
        lines[node.lineno - 1] = _forwarder(name, module, fn, indent, rename)
    block = "".join(f"    {_statement(b, a)}\n" for b, a in sorted(aliases.items(), key=lambda x: x[1])
                    if front_imports.get(a) != b)
    text = "".join(lines)
    anchor = f"\nclass {cls.name}("
    head, tail = text.split(anchor, 1)
    extra = "".join(f"{s}\n" for s in sorted(runtime))
    if block:
        extra += "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n" + block
    return f"{head}\n{extra}\n{anchor.lstrip(chr(10))}{tail}"


def open_classes(source: str, names: tuple[str, ...]) -> str:
    """`source` (a module's text) with `@mypyc_attr(allow_interpreted_subclasses=True)` on each
    top-level class of `names`, and the decorator's import under `TYPE_CHECKING` before the first
    of them. Raises FrontError for a name that is not a top-level class."""
    tree = ast.parse(source)
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    missing = [n for n in names if n not in classes]
    if missing:
        raise FrontError(f"no top-level class {', '.join(missing)} to open to interpreted subclasses")
    lines = source.splitlines(keepends=True)
    firsts = sorted((min([classes[n].lineno, *(d.lineno for d in classes[n].decorator_list)]) for n in names),
                    reverse=True)
    for first in firsts:            # from the bottom up, so that the line numbers hold
        lines.insert(first - 1, "@mypyc_attr(allow_interpreted_subclasses=True)\n")
    lines.insert(firsts[-1] - 1, "import typing as _typing\n\nif _typing.TYPE_CHECKING:\n"
                 "    from mypy_extensions import mypyc_attr\n\n\n")
    return "".join(lines)


def stage(root: Path, dest: Path) -> list[str]:
    """Copy the source parts of `root` into `dest/magie/...`, write the forwarding front, and
    return the paths (relative to `dest`) of the modules to compile."""
    if dest.exists():
        shutil.rmtree(dest)
    for package, folder in PARTS.items():
        shutil.copytree(root / folder, dest / "magie" / package,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyc"))
    game_dir = dest / "magie" / "engine" / "game"
    (game_dir / "game.py").write_text(forwarding_front(game_dir), encoding="utf-8")
    for module, names in OPEN.items():
        path = dest / "magie" / "engine" / module
        path.write_text(open_classes(path.read_text(encoding="utf-8"), names), encoding="utf-8")
    return [f"magie/engine/{m}" for m in COMPILED]


def _cpu() -> float:
    """CPU seconds of this process and its finished children (the C compilers)."""
    import resource

    return sum(resource.getrusage(who).ru_utime + resource.getrusage(who).ru_stime
               for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))


def mypyc_extensions(staged: Path, paths: list[str], *, opt_level: str, debug_level: str) -> list[Any]:
    """mypyc's extension modules for `paths` (relative to `staged`, the tree `stage` wrote): one C
    file per module (`multi_file`, so that several compilers can share the work), with the C
    compiler's -O`opt_level` and -g`debug_level`; their sources and include folders are absolute.
    Says mypyc's time. Raises SystemExit with mypy's messages when the type check fails."""
    from mypyc.build import mypycify

    start, cpu0 = time.perf_counter(), _cpu()
    here = os.getcwd()
    os.chdir(staged)                # mypyc names modules by their paths: magie/engine/...
    try:
        extensions = mypycify([*MYPY_OPTIONS, *paths], opt_level=opt_level, debug_level=debug_level,
                              multi_file=True)
    finally:
        os.chdir(here)
    for ext in extensions:          # the generated C is under the staged tree
        ext.sources = [s if os.path.isabs(s) else str(staged / s) for s in ext.sources]
        ext.include_dirs = [d if os.path.isabs(d) else str(staged / d) for d in ext.include_dirs]
    say(f"mypyc: {time.perf_counter() - start:.1f} s, CPU {_cpu() - cpu0:.1f} s (type check, IR, C)")
    return extensions


def parallel_build_ext(workers: int, *, fallback: bool) -> type:
    """setuptools' `build_ext` that runs `workers` C compilers at once: the extension modules in
    parallel, and the C files of one module (mypyc's shared library has one per compiled module)
    on `workers` threads, each running the compiler in its own process. With `fallback`, a failed
    compile or link says so in one line and leaves the build pure Python (no extension module
    installed); without, it fails the build."""
    from concurrent.futures import ThreadPoolExecutor
    from distutils import errors

    from setuptools.command.build_ext import build_ext

    class ParallelBuildExt(build_ext):  # type: ignore[misc,valid-type]
        def finalize_options(self) -> None:
            super().finalize_options()
            self.parallel = workers if workers > 1 else None

        def _threaded_compile(self) -> None:
            compiler = self.compiler
            plain = compiler.compile

            def compile(sources: list[str], output_dir: str | None = None, macros: Any = None,
                        include_dirs: Any = None, debug: Any = 0, extra_preargs: Any = None,
                        extra_postargs: Any = None, depends: Any = None) -> list[str]:
                if workers < 2 or len(sources) < 2:
                    return plain(sources, output_dir, macros, include_dirs, debug, extra_preargs, extra_postargs,
                                 depends)
                macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(
                    output_dir, macros, include_dirs, sources, depends, extra_postargs)
                cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)
                with ThreadPoolExecutor(workers) as pool:
                    list(pool.map(lambda obj: compiler._compile(obj, *build[obj], cc_args, extra_postargs, pp_opts),
                                  [o for o in objects if o in build]))
                return objects

            compiler.compile = compile

        def build_extensions(self) -> None:
            self._threaded_compile()
            start, cpu0 = time.perf_counter(), _cpu()
            try:
                super().build_extensions()
            except (errors.CCompilerError, errors.DistutilsError) as e:
                if not fallback:
                    raise
                for ext in self.extensions:
                    Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
                self.extensions = []
                say(f"the C compiler failed ({str(e).strip()[:200]}): installing pure Python")
                return
            say(f"C compiler: {time.perf_counter() - start:.1f} s, CPU {_cpu() - cpu0:.1f} s "
                f"({workers} at once)")

    return ParallelBuildExt


_SETUP = """\
import sys
from pathlib import Path

sys.path.insert(0, {tools!r})
from setuptools import setup
from mypyc_build import mypyc_extensions, parallel_build_ext

opt_level, debug_level, workers, paths = {args!r}
setup(name="magie_check_build",
      ext_modules=mypyc_extensions(Path.cwd(), paths, opt_level=opt_level, debug_level=debug_level),
      cmdclass={{"build_ext": parallel_build_ext(workers, fallback=False)}}, script_args=["build_ext", "--inplace"])
"""


def build_in_place(dest: Path, *, opt_level: str = DEFAULT_OPT_LEVEL, debug_level: str = DEFAULT_DEBUG_LEVEL,
                   workers: int | None = None, root: Path = ROOT) -> str:
    """Stage `root` into `dest` and compile `COMPILED` there as an install does (`mypyc_extensions`,
    `parallel_build_ext`; `workers` compilers at once, default one per core), the extension
    modules beside their sources: a tree to put first on PYTHONPATH, not an install. Returns the
    build's report (the time of mypyc's part and of the C compiler's). Raises RuntimeError with
    mypy's or the compiler's messages when the build fails."""
    import subprocess

    paths = stage(root, dest)
    script = dest / "build" / "check_setup.py"
    script.parent.mkdir(parents=True, exist_ok=True)
    script.write_text(_SETUP.format(tools=str(ROOT / "tools"),
                                    args=(opt_level, debug_level, workers or jobs(), paths)), encoding="utf-8")
    out = subprocess.run([sys.executable, str(script)], cwd=dest, capture_output=True, text=True)
    if out.returncode:
        raise RuntimeError(f"the compiled build failed:\n{out.stdout[-5000:]}{out.stderr[-5000:]}")
    return "\n".join(line.removeprefix("magie's build: ") for line in out.stderr.splitlines()
                     if line.startswith(("magie's build: mypyc:", "magie's build: C compiler:")))
