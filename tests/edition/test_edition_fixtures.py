"""The broken-edition fixtures: each says what it must trigger, and together they cover every code.

A fixture is a file in tests/fixtures/editions/ (or a folder there, with an expect.txt) whose
header comments say what validating it reports, exactly:

    # expect: error[unknown-group] 6:24          (a problem in the fixture itself)
    # expect: error[extends-cycle] parts/b.yaml:3:1   (in a helper file under the folder)
    # expect: error[unknown-variant]             (a problem with no position)
    # variants: a, parts/b.yaml                  (load with these --variant refs, paths
                                                   relative to the fixtures folder)
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from edition_helpers import FIXTURES, REPO

from magie.engine.edition.codes import CODES, WARNING_CODES
from magie.engine.edition.loader import is_path_ref, load_edition
from magie.engine.edition.validate import validate_paths
from magie.engine.problems import ProblemsError

# Codes that no static fixture can trigger, and the test that covers each instead.
GENERATED = {"file-too-large": "test_edition_yamlload.py::test_a_50_mb_file_is_refused_by_its_size_without_reading"}

_EXPECT = re.compile(r"^# expect: (error|warning)\[([a-z0-9-]+)\](?: (?:(\S+):)?(\d+):(\d+))?\s*$", re.M)
_VARIANTS = re.compile(r"^# variants: (.+)$", re.M)


def fixtures() -> list[Path]:
    return sorted(p for p in FIXTURES.iterdir() if p.suffix == ".yaml" or (p / "expect.txt").is_file())


def header(path: Path) -> str:
    source = path / "expect.txt" if path.is_dir() else path
    return source.read_bytes().decode("utf-8", errors="replace")


def expected(path: Path) -> set[tuple]:
    out = set()
    for sev, code, file, line, col in _EXPECT.findall(header(path)):
        name = "" if not line else (str(FIXTURES / file) if file else str(path))
        out.add((sev, code, name, int(line or 0), int(col or 0)))
    return out


def reported(path: Path) -> set[tuple]:
    variants = _VARIANTS.search(header(path))
    if variants:
        refs = [v.strip() for v in variants.group(1).split(",")]
        refs = [str(FIXTURES / r) if is_path_ref(r) else r for r in refs]
        try:
            problems = load_edition(str(path), refs).warnings
        except ProblemsError as e:
            problems = e.problems
    else:
        problems = validate_paths([path])

    def name(p):
        if not p.file or not p.line:
            return ""
        return str(Path(p.file).resolve())

    return {(p.severity, p.code, name(p), p.line, p.col) for p in problems}


@pytest.mark.parametrize("path", fixtures(), ids=lambda p: p.name)
def test_fixture_reports_exactly_what_it_expects(path, monkeypatch):
    monkeypatch.chdir(REPO)
    want = expected(path)
    assert want, f"{path.name} has no '# expect:' line"
    assert reported(path) == want


def test_every_code_has_a_fixture():
    covered = {code for path in fixtures() for _, code, *_ in expected(path)}
    assert sorted(set(CODES) - covered - set(GENERATED)) == []


def test_fixtures_use_only_known_codes_with_the_right_severity():
    for path in fixtures():
        for sev, code, *_ in expected(path):
            assert code in CODES, (path.name, code)
            assert (sev == "warning") == (code in WARNING_CODES), (path.name, code)


def test_docs_list_every_code():
    docs = (REPO / "docs" / "authoring.md").read_text(encoding="utf-8")
    assert [c for c in CODES if f"`{c}`" not in docs] == []
