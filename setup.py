"""Build hooks: pyproject.toml holds the package; this file adds the compiled engine.

`pip install .` compiles the engine's hot modules with mypyc (tools/mypyc_build.py) when a C
compiler and the Python headers work, and otherwise builds pure Python, saying so in one line
(pip shows a build's lines with -v). `MAGIE_COMPILE` chooses instead: 1 (yes, true, on) compiles
or fails the build, 0 (no, false, off) builds pure Python, unset, empty or auto compiles where it
can; any other value stops the build with a message (`mypyc_build.compile_mode`). An editable
install is pure Python unless `MAGIE_COMPILE=1` (tools/build_backend.py). The C compiler's levels
come from `MYPYC_OPT_LEVEL` and `MYPYC_DEBUG_LEVEL` (default -O1 -g0), one compiler per core.

Only the commands that build code compile (a wheel, an editable install, `build_ext`); the
metadata ones (egg_info, dist_info, sdist) do not run mypyc.
"""

import os
import sys
from pathlib import Path

from setuptools import setup

sys.path.insert(0, str(Path(__file__).resolve().parent / "tools"))
import mypyc_build as mb  # noqa: E402

BUILDING = ("bdist_wheel", "build", "build_ext", "install", "develop", "editable_wheel", "bdist_egg")
"""setup.py commands that build extension modules."""


def compiled_setup(mode: str) -> None:
    """`setup()` with mypyc's extension modules; in mode "auto" a build that cannot compile says
    why in one line and builds pure Python, in mode "yes" it stops with the reason."""
    def pure(reason: str) -> None:
        if mode == "yes":
            sys.exit(f"magie's build: MAGIE_COMPILE={os.environ.get(mb.SWITCH)}: {reason}")
        mb.say(f"{reason}: installing pure Python (the same games, about 2.5x the CPU time per turn)")
        setup()

    problem = mb.compiler_problem()
    if problem:
        return pure(problem)
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return pure("mypyc is not in the build environment (pip's isolated build installs it; with "
                    "--no-build-isolation, `pip install mypy` first)")
    here = Path(__file__).resolve().parent
    staged = here / "build" / "mypyc-src"
    paths = mb.stage(here, staged)
    opt_level = os.environ.get(mb.OPT_LEVEL, mb.DEFAULT_OPT_LEVEL)
    debug_level = os.environ.get(mb.DEBUG_LEVEL, mb.DEFAULT_DEBUG_LEVEL)
    try:
        extensions = mb.mypyc_extensions(staged, paths, opt_level=opt_level, debug_level=debug_level)
    except (SystemExit, Exception) as e:    # mypycify exits after printing mypy's messages
        if mode == "yes":
            raise
        return pure(f"mypyc failed ({e})")
    workers = mb.jobs()
    mb.say(f"compiling {len(paths)} modules with mypyc (-O{opt_level}, {workers} compilers at once)")
    setup(ext_modules=extensions, cmdclass={"build_ext": mb.parallel_build_ext(workers, fallback=mode == "auto")})


try:
    MODE = mb.compile_mode(os.environ.get(mb.SWITCH))
except mb.SwitchError as e:
    sys.exit(f"magie's build: {e}")

if MODE != "no" and any(command in sys.argv[1:] for command in BUILDING):
    compiled_setup(MODE)
else:
    setup()
