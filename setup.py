"""Build hooks: the default install is pure Python (pyproject.toml holds everything).

`MAGIE_COMPILE=1 pip install .` builds the engine's hot modules with mypyc instead (an opt-in:
tools/mypyc_build.py, README "Install"); the build backend (tools/build_backend.py) then asks for
mypy as a build requirement, and a compiler (gcc) and the Python headers are needed. Without the
variable (or with 0, no, false or off) this file only calls `setup()`; any other value stops the
build with a message (tools/mypyc_build.py, `compile_requested`).
"""

import os
import sys
from pathlib import Path

from setuptools import setup

sys.path.insert(0, str(Path(__file__).resolve().parent / "tools"))
from mypyc_build import SWITCH, SwitchError, compile_requested  # noqa: E402

try:
    compiling = compile_requested(os.environ.get(SWITCH))
except SwitchError as e:
    sys.exit(f"magie's build: {e}")

if compiling:
    try:
        from mypyc.build import mypycify
    except ImportError:
        sys.exit("MAGIE_COMPILE=1: mypyc is not in the build environment (pip's isolated build installs "
                 "it; with --no-build-isolation, `pip install mypy` first)")
    from mypyc_build import MYPY_OPTIONS, stage

    here = Path(__file__).resolve().parent
    staged = here / "build" / "mypyc-src"
    paths = stage(here, staged)
    os.chdir(staged)             # mypyc names modules by their paths: magie/engine/...
    extensions = mypycify([*MYPY_OPTIONS, *paths], opt_level="3")
    os.chdir(here)
    for ext in extensions:       # the generated C is under the staged tree
        ext.sources = [str(staged / s) if not os.path.isabs(s) else s for s in ext.sources]
        ext.include_dirs = [str(staged / d) if not os.path.isabs(d) else d for d in ext.include_dirs]
    setup(ext_modules=extensions)
else:
    setup()
