"""Reading YAML with marks, and every way a file can be unreadable."""

from __future__ import annotations

import pathlib

from edition_helpers import where

from magie.engine.edition.yamlload import MAX_FILE_BYTES, MarkedMap, MarkedSeq, read_yaml


def test_marks_of_keys_values_and_items(write):
    path = write("a.yaml", """
        id: demo
        board:
          - {id: go, kind: start}
          - id: arbat
            price: 400
        """)
    yf = read_yaml(path)
    assert yf.problems == []
    tree = yf.tree
    assert isinstance(tree, MarkedMap) and isinstance(tree["board"], MarkedSeq)
    assert (tree.key_marks["id"].line, tree.key_marks["id"].col) == (1, 1)
    assert (tree.value_marks["id"].line, tree.value_marks["id"].col) == (1, 5)
    board = tree["board"]
    assert [(m.line, m.col) for m in board.item_marks] == [(3, 5), (4, 5)]
    assert (board[0].value_marks["kind"].line, board[0].value_marks["kind"].col) == (3, 20)
    assert (board[1].key_marks["price"].line, board[1].value_marks["price"].col) == (5, 12)
    assert tree.value_marks["id"].file.endswith("a.yaml")


def test_block_scalar_marks_carry_style_and_content_indent(write):
    path = write("a.yaml", """
        do: |
            let r = roll(2)
            pay bank r.total
        folded: >
          one
          two
        quoted: "x"
        single: 'y'
        plain: z
        """)
    tree = read_yaml(path).tree
    do = tree.value_marks["do"]
    assert (do.line, do.col, do.style, do.indent) == (1, 5, "|", 4)
    assert tree["do"] == "let r = roll(2)\npay bank r.total\n"
    assert (tree.value_marks["folded"].style, tree.value_marks["folded"].indent) == (">", 2)
    assert tree.value_marks["quoted"].style == '"'
    assert tree.value_marks["single"].style == "'"
    assert (tree.value_marks["plain"].style, tree.value_marks["plain"].indent) == (None, None)


def test_values_are_plain_and_keys_are_text(write):
    path = write("a.yaml", """
        on: 1
        yes: true
        date: 2024-01-02
        ratio: 1.5
        none: ~
        base: &b {a: 1, b: 2}
        copy: *b
        merged: {<<: *b, b: 3}
        """)
    tree = read_yaml(path).tree
    assert tree == {"on": 1, "yes": True, "date": "2024-01-02", "ratio": 1.5, "none": None,
                    "base": {"a": 1, "b": 2}, "copy": {"a": 1, "b": 2}, "merged": {"a": 1, "b": 3}}
    assert tree["copy"] is not tree["base"]  # aliases are copied, never shared


def test_syntax_error_is_located(write):
    path = write("a.yaml", """
        id: x
        name: [unclosed
        board: []
        """)
    yf = read_yaml(path)
    assert yf.tree is None
    assert where(yf.problems) == [("yaml-syntax", 3, 6)]
    assert "expected ',' or ']'" in yf.problems[0].message


def test_tabs_in_indentation_are_named_on_every_line(write):
    path = write("a.yaml", "id: x\nplayers:\n\tmin: 2\n\tmax: 4\n")
    yf = read_yaml(path)
    assert where(yf.problems) == [("yaml-tab", 3, 1), ("yaml-tab", 4, 1)]
    assert "tab" in yf.problems[0].message and "spaces" in yf.problems[0].message


def test_tab_inside_a_block_scalar_is_fine(write):
    path = write("a.yaml", "do: |\n  a\n  \tb\n")
    yf = read_yaml(path)
    assert yf.problems == [] and yf.tree["do"] == "a\n\tb\n"


def test_duplicate_keys_are_all_reported(write):
    path = write("a.yaml", """
        id: x
        id: y
        players: {min: 2, max: 3, min: 4}
        """)
    yf = read_yaml(path)
    assert where(yf.problems) == [("duplicate-key", 2, 1), ("duplicate-key", 3, 27)]
    assert "'id' appears twice" in yf.problems[0].message and "line 1" in yf.problems[0].message


def test_non_utf8_bytes_are_located(tmp_path):
    path = tmp_path / "a.yaml"
    path.write_bytes("id: x\nname: Café \xff\n".encode().replace(b"\xc3\xbf", b"\xff"))
    yf = read_yaml(path)
    assert where(yf.problems) == [("not-utf8", 2, 12)]
    assert "0xff" in yf.problems[0].message and "UTF-8" in yf.problems[0].message


def test_utf8_bom_is_accepted(tmp_path):
    path = tmp_path / "a.yaml"
    path.write_bytes(b"\xef\xbb\xbfid: x\n")
    assert read_yaml(path).tree == {"id": "x"}


def test_empty_file_and_comment_only_file(tmp_path):
    for text in ("", "# nothing here\n\n"):
        path = tmp_path / "a.yaml"
        path.write_text(text)
        yf = read_yaml(path)
        assert where(yf.problems) == [("empty-file", 1, 1)]


def test_top_level_must_be_a_map(write):
    yf = read_yaml(write("a.yaml", "# a list\n- a\n- b\n"))
    assert where(yf.problems) == [("not-a-mapping", 2, 1)]
    yf = read_yaml(write("b.yaml", "just text\n"))
    assert where(yf.problems) == [("not-a-mapping", 1, 1)]


def test_missing_file(tmp_path):
    yf = read_yaml(tmp_path / "nope.yaml")
    assert [(p.code, p.line) for p in yf.problems] == [("file-not-found", 0)]
    assert "nope.yaml" in yf.problems[0].format()


def test_a_50_mb_file_is_refused_by_its_size_without_reading(tmp_path, monkeypatch):
    path = tmp_path / "huge.yaml"
    with path.open("wb") as f:  # sparse: instant to make, 50 MB by its size
        f.truncate(50 * 1024 * 1024)

    def no_open(*args, **kwargs):
        raise AssertionError("the file must be refused before it is opened")

    monkeypatch.setattr(pathlib.Path, "open", no_open)   # the bound: never opened (not a time)
    yf = read_yaml(path)
    assert [p.code for p in yf.problems] == ["file-too-large"]
    assert "50.0 MB" in yf.problems[0].message and f"{MAX_FILE_BYTES // (1024 * 1024)}.0 MB" in yf.problems[0].message


def test_python_tags_are_refused_with_a_location(write):
    yf = read_yaml(write("a.yaml", "id: x\ncmd: !!python/object/apply:os.system [ls]\n"))
    assert where(yf.problems) == [("unsupported-yaml", 2, 6)]
    assert "python/object" in yf.problems[0].message


def test_recursive_alias_is_refused(write):
    yf = read_yaml(write("a.yaml", "a: &x [1, *x]\n"))
    assert [p.code for p in yf.problems] == ["unsupported-yaml"]
    assert "loop" in yf.problems[0].message


def test_alias_bomb_is_refused(write, monkeypatch):
    import magie.engine.edition.yamlload as yl

    monkeypatch.setattr(yl, "MAX_NODES", 10_000)
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [*a{i-1}, *a{i-1}, *a{i-1}, *a{i-1}, *a{i-1}, *a{i-1}, *a{i-1}, *a{i-1}]"
              for i in range(1, 9)]
    yf = read_yaml(write("a.yaml", "\n".join(lines) + "\n"))
    assert yf.tree is None and [p.code for p in yf.problems] == ["unsupported-yaml"]
    assert "expands" in yf.problems[0].message


def test_map_as_key_is_refused(write):
    yf = read_yaml(write("a.yaml", "? [a, b]\n: 1\nc: 2\n"))
    assert where(yf.problems) == [("unsupported-yaml", 1, 3)]


def test_half_a_utf16_pair_in_an_editors_text_is_located(tmp_path):
    # an editor's text (the language server's) comes from JSON, where "\ud800" decodes to a lone
    # surrogate: no UTF-8 encodes it, so the YAML parser cannot read it
    yf = read_yaml(tmp_path / "a.yaml", text="id: x\nname: Caf\ud800\n")
    assert where(yf.problems) == [("not-utf8", 2, 10)]
    assert "U+D800" in yf.problems[0].message


def test_a_file_read_again_is_a_tree_of_its_own_and_a_changed_file_is_read_anew(tmp_path):
    # the parse of a text is kept in the process: each read still hands out new containers
    f = tmp_path / "e.yaml"
    f.write_text("id: e\nboard:\n  - {id: a, name: A}\n", encoding="utf-8")
    first = read_yaml(f).tree
    first["board"][0]["name"] = "changed"
    first["board"].push("added", None)
    first.drop("id")
    again = read_yaml(f).tree
    assert again == {"id": "e", "board": [{"id": "a", "name": "A"}]}
    assert again.key_marks["id"].line == 1 and again["board"].item_marks[0].line == 3
    f.write_text("id: f\n", encoding="utf-8")
    assert read_yaml(f).tree == {"id": "f"}


def test_a_long_text_is_parsed_each_time_and_not_kept(tmp_path):
    from magie.engine.edition import yamlload
    f = tmp_path / "long.yaml"
    f.write_text("id: e\nnote: " + "x" * yamlload.KEPT_TEXT_CHARS + "\n", encoding="utf-8")
    yamlload._parsed.cache_clear()
    assert read_yaml(f).tree["id"] == "e" and read_yaml(f).tree["id"] == "e"
    assert yamlload._parsed.cache_info().currsize == 0
