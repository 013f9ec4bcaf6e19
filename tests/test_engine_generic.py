"""The engine knows no edition: no name or term of the UK, Mega, speed-die or Landlord's Game
editions in engine/ or cli/ (a rule that differs between editions is a parameter, a registry
entry or DSL in the edition). Extends tests/game/test_biznespolia_fuzz.py's check."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

TERMS = [
    # the UK edition (London board, decks)
    "london", "mayfair", "park lane", "old kent", "piccadilly", "marylebone", "super tax",
    "fine or take a chance",
    # the speed die and Mega
    "speed die", "speed_die", "mr. monopoly", "mr_monopoly", "bus ticket", "bus_ticket",
    "skyscraper", "depot", "triples", "birthday gift", "birthday_gift", "mega", "arctic avenue",
    "arctic_avenue", "gas company", "gas_company", "massachusetts", "florida avenue", "florida_avenue",
    # the Landlord's Game
    "landlord", "single tax", "single_tax", "mother earth", "mother_earth", "lord blueblood",
    "poorhouse", "public treasury", "no trespassing", "magie phillips", "soakum", "slambang",
    "beggarman", "fifth avenue", "free college", "hogg", "blueblood", "wayback",
    # holding spaces and decks with discards: the Landlord's Game's places, the tests' names
    "poor house", "poor_house", "shelter", "public park", "public_park", "central park", "fate_free",
    # set-up by the number of players, caps, a finite bank: an edition's figures and names stay
    # in its data (the bank's box is MISCELLANEOUS in the 1906 rules)
    "miscellaneous", "economic game", "600/500/400", "15,140", "15140", "20,580", "20580",
    # the example boards of other shapes (tests/fixtures/boards): drawn from their board_layout only
    "l_shape", "l-shaped",
    # the test editions of declared deed kinds, deeds without mortgages and own-deed actions
    "franchise", "franchises", "kiosk", "kiosks", "tea shop", "tea_shop", "bakery", "dividend",
    "own_deed_action",
    # player roles: the example edition's (docs/examples/roles.yaml) and the two-role game's
    "tenant", "tenants", "landlords", "anti-monopoly", "anti_monopoly", "monopolist", "competitor",
    # plugins: the template plugin's edition, bot and DSL function (docs/examples/plugin) and the tests'
    "magie-example", "magie_example", "digit_sum", "thrifty", "magie-broken", "rich-start",
]


def _sources() -> list[tuple[str, list[str]]]:
    """Each .py file of engine/ and cli/ as (path from the repo, its lines)."""
    out = []
    for folder in ("engine", "cli"):
        for path in sorted((REPO / folder).rglob("*.py")):
            if "__pycache__" not in path.parts:
                out.append((str(path.relative_to(REPO)), path.read_text(encoding="utf-8").splitlines()))
    return out


def _pattern(terms: list[str]) -> re.Pattern[str]:
    return re.compile(r"(?<![a-z])(?:" + "|".join(re.escape(t) for t in terms) + r")(?![a-z])", re.IGNORECASE)


def all_hits(terms: list[str]) -> dict[str, list[str]]:
    """term -> the lines of engine/ and cli/ that name it. One pass over the files with every
    term at once; only the rare line that matches is searched term by term."""
    anyterm = _pattern(terms)
    each = {t: _pattern([t]) for t in terms}
    found: dict[str, list[str]] = {t: [] for t in terms}
    for path, lines in _sources():
        for n, line in enumerate(lines, 1):
            if anyterm.search(line):
                for t, pattern in each.items():
                    if pattern.search(line):
                        found[t].append(f"{path}:{n}: {line.strip()}")
    return found


def hits(term: str) -> list[str]:
    return all_hits([term])[term]


def test_no_edition_term_in_engine_or_cli():
    found = all_hits(TERMS)
    assert {t: h for t, h in found.items() if h} == {}


def test_the_check_finds_a_term():
    assert hits("class Game")           # the search itself works
