"""A value too big for a game is named in words that read ("the value (a number of about 54
digits) is beyond ±1_000_000_000_000", with the parentheses that make the sentence read)."""

import pytest

from magie.engine.dsl.prelude import _big, _money


def test_a_huge_value_is_named_in_brackets():
    assert _big(10**53) == "(a number of about 54 digits)"
    assert _big(-(10**53)) == "(minus a number of about 54 digits)"
    assert _big(1_500) == "1_500"


def test_the_message_of_a_value_past_the_money_limit_reads():
    with pytest.raises(ValueError, match=r"^the value \(a number of about 54 digits\) is beyond ±"):
        _money(10**53)
