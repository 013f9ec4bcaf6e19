"""Saved games: what a save holds, writing it safely, reading it back, and replaying it.

A game is a function of (edition content, seed, decisions) (DESIGN.md property 7), so a save
holds exactly that, plus who sits where and the options that shape the game:

```json
{
  "format": "magie-save",
  "version": 1,
  "edition": {"ref": "classic", "id": "classic", "variants": [], "content_hash": "9f2c...",
              "content": {"id": "classic", "board": [...], ...}},
  "seed": 1,
  "seats": [{"name": "Anna", "agent": "human"}, {"name": "Bot 1", "agent": "basic"}],
  "options": {"max_rounds": null, "time_limit": null, "elapsed": 0.0, "auto_claim": true},
  "progress": {"round": 3, "turns": 9},
  "decisions": [
    ["done"],
    "buy",
    ...
  ]
}
```

`schema/save.schema.json` is the document's JSON Schema, with a description of every key.
`edition.content` (optional) is the merged edition the game was played with, as plain JSON
data: a game resumes from it when the edition's file changed or is missing (another machine).
`decisions` are the answers in the order the game asked them, as `decisions.encode_answer`
writes them (`Game(record=True)` keeps them in `game.answers`). `progress` is informational.
`options.elapsed` is the wall-clock seconds already played, for a timed game. `playthrough`
(optional) makes the save a playthrough, an edition's regression test: every event of the game
(`events`, as logged), the part's own `version`, and `time_up_round`, the round at whose end a
timed game's time ran out (null when it did not).

`format.py` holds the format and writes it atomically (`write_save`); `reader.py` reads it back
(`read_save`), refusing a file that is not JSON, not a save, of a newer format, or of the wrong
shape with a `ProblemsError` whose problems carry file:line:col; `check_edition` refuses a save
whose edition content changed. Saves import nothing of the game: a save's answers are plain JSON.

Replaying: `Game(replay=save.decisions)` gives the recorded answers first. Bots answer every
recorded decision again (their answers are dropped, the recorded one is used), so their own
random generators and caches stand exactly where they stood in the original game and a resumed
game continues as the uninterrupted one would have. `Game.saved_decisions()` is what a new save
holds.
"""

from .format import SAVE_FORMAT, SAVE_VERSION, Playthrough, SaveGame, Seat, write_save
from .reader import AGENT_KINDS, check_edition, read_save

__all__ = ["AGENT_KINDS", "SAVE_FORMAT", "SAVE_VERSION", "Playthrough", "SaveGame", "Seat", "check_edition",
           "read_save", "write_save"]
