"""The last English words of a Russian game: money grouped in Russian (`Currency.show`), the
messages of `magie play --lang ru` on stderr through the catalogue or problem_words' templates."""

from __future__ import annotations

from magie.engine.edition.playable import load_playable_cached


def test_russian_money_groups_from_ten_thousand_with_a_no_break_space():
    biz = load_playable_cached("biznespolia").currency       # units of 1: "{n} β"
    assert biz.show(15000, "ru") == "15\u00a0000 β"
    assert biz.show(1_234_567, "ru") == "1\u00a0234\u00a0567 β"
    assert biz.show(-15000, "ru") == "-15\u00a0000 β"
    assert biz.show(9999, "ru") == "9999 β" and biz.show(1500, "ru") == "1500 β"   # four digits stay whole
    classic = load_playable_cached("classic").currency          # units of 1,000 ₽
    assert classic.show(15000, "ru") == "15\u00a0000 тыс. ₽"
    assert classic.render("Получите {fine}", {"fine": 20000}, "ru") == "Получите 20\u00a0000 тыс. ₽"


def test_english_money_is_written_whole_as_before():
    assert load_playable_cached("biznespolia").currency.show(15000, "en") == "15000 β"
    assert load_playable_cached("classic").currency.show(15000) == "15000k ₽"
    assert load_playable_cached("classic").currency.show(1_234_567, "en") == "1234567k ₽"
