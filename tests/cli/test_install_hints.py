"""The install hint of an optional extra (engine/extras.py) names a command pip accepts: magie is
not on the package index, so the hint installs from the folder this copy came from, or adds the
extra's packages to the installed copy, or says how to install from a checkout."""

from __future__ import annotations

import importlib.metadata
import json
import shlex
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from magie.cli.app import app
from magie.engine import extras
from magie.engine.extras import install_hint

PYTHON = shlex.quote(sys.executable)


class _Dist:
    def __init__(self, record: dict | None) -> None:
        self.record = record

    def read_text(self, name: str) -> str | None:
        assert name == "direct_url.json"
        return None if self.record is None else json.dumps(self.record)


def _installed_as(monkeypatch, record: dict | None, installed: bool = True) -> None:
    def distribution(name: str) -> _Dist:
        assert name == "magie"
        if not installed:
            raise importlib.metadata.PackageNotFoundError(name)
        return _Dist(record)
    monkeypatch.setattr(importlib.metadata, "distribution", distribution)


def test_an_editable_install_from_a_checkout_is_told_to_install_the_extra_from_that_folder(monkeypatch, tmp_path):
    _installed_as(monkeypatch, {"url": tmp_path.as_uri(), "dir_info": {"editable": True}})
    assert install_hint("web") == f"{PYTHON} -m pip install -e {shlex.quote(f'{tmp_path}[web]')}"


def test_a_plain_install_from_a_folder_installs_from_it_again_with_the_extra(monkeypatch, tmp_path):
    folder = tmp_path / "my magie"           # a space in the path stays one argument
    folder.mkdir()
    _installed_as(monkeypatch, {"url": folder.as_uri(), "dir_info": {}})
    assert install_hint("rl") == f"{PYTHON} -m pip install '{folder}[rl]'"


@pytest.mark.parametrize("record", [
    {"url": "file:///wheels/magie-0.1.0-py3-none-any.whl", "archive_info": {}},   # from a wheel
    {"url": "file:///no/such/folder", "dir_info": {}},                            # its folder is gone
    None,                                                                         # no install record
])
def test_another_installed_copy_adds_the_extra_to_itself(monkeypatch, record):
    _installed_as(monkeypatch, record)
    assert install_hint("parquet") == f"{PYTHON} -m pip install 'magie[parquet]'"


def test_a_source_tree_that_is_not_installed_is_told_the_checkout_command(monkeypatch):
    _installed_as(monkeypatch, None, installed=False)
    assert install_hint("web") == "pip install '.[web]' (in magie's source folder)"


def test_serve_without_the_web_extra_prints_the_hint(monkeypatch):
    monkeypatch.setitem(sys.modules, "uvicorn", None)        # import uvicorn raises ImportError
    r = CliRunner().invoke(app, ["serve"])
    assert r.exit_code == 1
    assert r.output == f"magie: magie serve needs the web extra (uvicorn is missing): {install_hint('web')}\n"


def test_lsp_without_the_lsp_extra_prints_the_hint(monkeypatch):
    monkeypatch.setitem(sys.modules, "pygls", None)           # import pygls raises ImportError
    monkeypatch.delitem(sys.modules, "magie.cli.lsp.server", raising=False)
    r = CliRunner().invoke(app, ["lsp"])
    assert r.exit_code == 1
    assert r.output == f"magie: magie lsp needs the lsp extra (pygls is missing): {install_hint('lsp')}\n"


def test_report_without_matplotlib_prints_the_hint(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    r = CliRunner().invoke(app, ["simulate", "quick", "-n", "1", "--report", str(tmp_path / "r")])
    assert r.exit_code == 1
    assert f"--report needs matplotlib: {install_hint('analysis')}" in r.output


def test_pip_accepts_the_hint_for_this_install():
    hint = install_hint("web")
    if not hint.startswith(PYTHON):
        pytest.skip("magie runs from a source tree that is not installed")
    pytest.importorskip("setuptools")        # the build backend, run without build isolation
    argv = [*shlex.split(hint), "--dry-run", "--no-deps", "--no-index", "--no-build-isolation", "--quiet"]
    r = subprocess.run(argv, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert extras._install_record()[0]
