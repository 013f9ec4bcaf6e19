"""Bad input never gives a traceback: random token soup is checked without exceptions, and what
checks clean compiles."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from magie.engine.dsl import CONTEXTS, check_snippet, compile_snippet
from tests.dsl.conftest import mini_edition

TOKENS = ["pay", "bank", "collect", "from", "each", "other", "player", "move", "to", "nearest",
          "back", "forward", "with", "rent", "=", "==", "go", "jail", "if", "elif", "else", ":",
          "for", "as", "p", "let", "x", "set", "flag", "on", "me", "until", "end", "of", "turn",
          "cash", "houses", "lot_a", "reds", "railroad", "roll", "(", ")", "[", "]", ",", ".",
          "total", "1", "0", "10", "+", "-", "*", "/", "//", "%", "<", ">=", "and", "or", "not",
          "true", "none", "floor", "min", "params", "fee", ";", "\n", "\n  ", "\n    ", "#c",
          "1.5", "'", "$", "é", "\t", "table", "level", "offer", "build", "house", "at",
          "transfer", "keep", "draw", "chest", "use_flag", "has_flag", "target", "landed"]


def _names():
    import dataclasses

    from magie.engine.dsl import EditionNames
    return dataclasses.replace(EditionNames.from_tree(mini_edition("")[0]),
                               decks=frozenset({"chest"}))


NAMES = _names()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(TOKENS), max_size=25), st.sampled_from(sorted(CONTEXTS)))
def test_token_soup_never_raises(tokens, context):
    text = " ".join(tokens)
    problems = check_snippet(text, context, NAMES)
    assert all(p.code and p.message for p in problems)
    if not problems:
        assert callable(compile_snippet(text, context, NAMES))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_any_text_never_raises(text):
    for context in ("card", "salary"):
        check_snippet(text, context, NAMES)
