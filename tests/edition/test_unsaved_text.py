"""Validating a file from the text an editor holds (`validate_file(path, text=...)`): the text is
checked, not the file on disk, with the same problems, names and places as `magie validate`
gives for that text saved."""

from __future__ import annotations

from magie.engine.edition.validate import validate_file
from magie.engine.edition.yamlload import read_yaml

CHILD = "id: mine\nextends: classic\nname: {en: Mine, ru: Моя}\ndecks:\n  - id: chance\n    cards:\n" \
        "      - id: chance_go\n        do: move to nowhere\n"


def test_the_text_is_checked_not_the_file_on_disk(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "mine.yaml"
    path.write_text("id: mine\nextends: classic\nname: {en: Mine, ru: Моя}\n")
    assert validate_file(path) == []
    unsaved = validate_file(path, text=CHILD)
    path.write_text(CHILD)
    saved = validate_file(path)
    assert unsaved == saved and [(p.file, p.line, p.col, p.code) for p in saved] == \
        [("mine.yaml", 8, 21, "unknown-name")]


def test_a_file_not_on_disk_yet_is_checked_with_the_files_it_extends(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "base.yaml").write_text("id: base\nextends: classic\nname: {en: B, ru: Б}\n")
    text = CHILD.replace("extends: classic", "extends: ./base.yaml")
    assert [(p.file, p.line, p.code) for p in validate_file(tmp_path / "new" / "mine.yaml", text=text)] == \
        [("new/mine.yaml", 2, "file-not-found")]        # at extends: ./base.yaml is looked for beside the file
    assert [(p.line, p.code) for p in validate_file(tmp_path / "mine.yaml", text=text)] == [(8, "unknown-name")]


def test_an_overlay_text_is_applied_to_its_base(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = "overlay: true\nid: house\nname: {en: H, ru: H}\ndescription: {en: x, ru: x}\nrules: {salary: nowhere}\n"
    assert [(p.file, p.line, p.code) for p in validate_file(tmp_path / "house.yaml", text=text)] == \
        [("house.yaml", 5, "unknown-name")]


def test_a_text_over_the_size_limit_is_refused_by_its_size():
    yf = read_yaml("big.yaml", 100, text="id: " + "x" * 200)
    assert yf.tree is None and [p.code for p in yf.problems] == ["file-too-large"]
