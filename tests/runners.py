"""Helpers of tests that run magie in a subprocess or load a script of tools/ or benchmarks/."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def magie_main(report: str) -> str:
    """Code for `python -c CODE ARGS...` that runs `magie ARGS...` and then, however it ended,
    prints `loaded:` and the arguments `report` (Python source over `sys.modules`, e.g.
    `*sorted(sys.modules)`) as the last line of stderr."""
    return f"""
import sys
sys.argv = ["magie", *sys.argv[1:]]
from magie.cli.app import main
try:
    main()
finally:
    sys.stdout.flush()
    print("loaded:", {report}, file=sys.stderr)
"""


def load_tool(name: str, folder: str = "tools") -> ModuleType:
    """The script FOLDER/NAME.py (tools/ unless said) imported as module NAME (registered in
    `sys.modules`)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / folder / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def run_magie(*args: str, env: dict[str, str] | None = None, **kw: Any) -> subprocess.CompletedProcess[str]:
    """`magie ARGS...` run as `python -m magie.cli.app` in a subprocess: text, never raising on
    the exit code, at most 120 s; stdout and stderr captured unless `kw` says where they go
    (keywords of `subprocess.run`). `env`: the environment, without it this process's."""
    if "stdout" not in kw and "stderr" not in kw:
        kw["capture_output"] = True
    return subprocess.run([sys.executable, "-m", "magie.cli.app", *args], text=True, check=False, env=env,
                          timeout=kw.pop("timeout", 120), **kw)
