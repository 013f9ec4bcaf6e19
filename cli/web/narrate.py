"""Events and decisions in words for the browser: plain text (the page escapes it), in the game's
language. The words are the terminal's: `Words` is the terminal's `Names` giving plain text, and
`Narrator` tells a game with the terminal's narrator (`render.EventRenderer`), so both front
ends say "Anna: rolls 3 + 4 = 7 → SPACE" from the one catalogue (cli/i18n.py).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from magie.engine.edition.model import Edition
from magie.engine.edition.text import text_in

from ..render import EventRenderer, Names


class Words(Names):
    """Names and amounts for one edition in one language, as plain text (not markup).
    `players` maps seats to names."""

    def __init__(self, edition: Edition, lang: str, players: dict[int, str]):
        super().__init__(edition, lang, markup=False)
        self.players = dict(players)
        self.hotel_level = edition.rules.houses_before_hotel + 1

    def plain(self, text: str) -> str:
        """An engine message with the space and group ids in it replaced by their names."""
        return self.ids_to_names(text)

    def card(self, deck_id: str, card_id: str) -> str:
        """A card's text, with its amounts in the edition's currency."""
        return self.card_text(deck_id, card_id)

    def action_name(self, action_id: str) -> str:
        a = next((a for a in self.ed.actions if a.id == action_id), None)
        return (text_in(a.name, self.lang) or a.id) if a else action_id


class Narrator:
    """The terminal's narrator for one web game: `narrator(event)` gives the plain-text line(s)
    the event adds to the log (several joined by a newline), or None when it adds none (an event
    told by a later one's line, such as a roll told with the move that follows it)."""

    def __init__(self, edition: Edition, lang: str, players: dict[int, str]):
        names = Names(edition, lang)        # markup, escaped: made plain below
        names.players = dict(players)
        self._lines: list[str] = []
        self.renderer = EventRenderer(None, names, sink=lambda line, header: self._lines.append(line))

    def __call__(self, event: dict[str, Any]) -> str | None:
        self._lines.clear()
        self.renderer(event)
        if event["e"] == "end":
            self.renderer.flush()
        return self._text()

    def flush(self) -> str | None:
        """The line held back for the event that would share it (a roll before its move)."""
        self._lines.clear()
        self.renderer.flush()
        return self._text()

    def _text(self) -> str | None:
        if not self._lines:
            return None
        return "\n".join(Text.from_markup(line).plain for line in self._lines)
