"""Reading amounts of money typed by a person: the one reader of bids and trade cash.

A plain number is in the edition's units of money, as amounts are shown (150 for "150k ₽" or
"150 тыс. ₽"); a number with a word of thousands or millions is real money, counted in units by
the edition's `currency.unit` (classic: 1 unit = 1,000 ₽, so "150k", "150 тыс." and "150к" are
150, "1,5 млн" is 1500). Spaces and `_` group digits; the currency's mark may follow. In
Russian the decimal mark is a comma (1,5) and a point is taken too; in English a comma groups
thousands (1,500) and the point is the decimal mark. The words are the catalogue's
(`MULTIPLIERS`), so each language lists its own.
"""

from __future__ import annotations

import re

from .i18n import gettext_for, words_of


def N_(message: str) -> str:
    """Mark `message` for the catalogue; translated where it is used."""
    return message


MULTIPLIERS: tuple[tuple[int, str], ...] = (
    (1000, N_("k, thousand, thousands")),
    (1_000_000, N_("m, mn, million, millions")),
)
"""The words of thousands and millions after a number (a catalogue id: English, comma-separated;
its translation adds the language's own: тыс., тысяч, к, млн, ...)."""

_NUMBER = re.compile(r"([+-]?)(\d+(?:[.,]\d+)?)\s*(.*)")


def _multipliers(lang: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for factor, words in MULTIPLIERS:
        for w in words_of(words, lang) + words_of(words, "en"):
            out.setdefault(w.rstrip("."), factor)
    return out


def amount_forms(currency, lang: str = "en") -> str:
    """Examples of what a person may type for an amount in the edition's money, for messages:
    "150k ₽, 150, 150 thousand, 150k, 1.5 million" (classic, English), "150 тыс. ₽, 150,
    150 тыс., 150к, 1,5 млн" (Russian); "450 β, 450, 1.5 thousand, 2k" where a unit is 1."""
    _ = gettext_for(lang).gettext
    one_and_half = _("{whole}.{part}").format(whole=1, part=5)
    if currency.unit >= 1000:       # a unit is a thousand or more: thousands as shown, millions in decimals
        n = 150 * currency.unit // 1000
        forms = [currency.show(150, lang), "150", _("{n} thousand").format(n=n), _("{n}k").format(n=n),
                 _("{n} million").format(n=one_and_half)]
    else:
        forms = [currency.show(450, lang), "450", _("{n} thousand").format(n=one_and_half), _("{n}k").format(n=2)]
    return ", ".join(forms)


def parse_amount(text: str, currency=None, lang: str = "en") -> int:
    """A whole amount typed by a person, in the edition's units of money (`currency`: the
    edition's `Currency`; None: units of 1). Raises ValueError (without a message: the caller
    says what it asked for, with `amount_forms`) when `text` is not an amount or not a whole
    number of units (1,5 тыс. where a unit is 1,000 ₽)."""
    unit = currency.unit if currency is not None else 1
    s = text.strip().lower()
    for mark in ({currency.symbol.lower()} if currency is not None else set()) | {"₽", "$", "€", "£", "β"}:
        s = s.replace(mark, " ")
    s = s.replace("\u00a0", " ").replace("\u202f", " ").replace("_", " ").strip()
    if lang != "ru":
        s = re.sub(r"(?<=\d),(?=\d{3}\b)", "", s)       # 1,500 groups thousands in English
    s = re.sub(r"(?<=\d) (?=\d{3}\b)", "", s)           # 1 500
    m = _NUMBER.fullmatch(s)
    if m is None:
        raise ValueError(text)
    sign, digits, word = m.groups()
    word = re.sub(r"\s+", " ", word).strip().rstrip(".")
    factor = 1
    if word:
        factor = _multipliers(lang).get(word, 0)
        if not factor:
            raise ValueError(text)
    whole, _, part = digits.replace(",", ".").partition(".")
    if part and not word:
        raise ValueError(text)          # a fraction of a unit: 1.5 with no thousands
    real = (int(whole) * 10 ** len(part) + int(part or 0)) * factor    # in 10**-len(part) real units
    scale = 10 ** len(part) * (unit if word else 1)
    if real % scale:
        raise ValueError(text)
    value = real // scale
    return -value if sign == "-" else value
