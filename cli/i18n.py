"""The interface's message catalogue (gettext): one place for the words magie's front ends say.

Message ids are the English texts; translations live in `cli/locale/LANG/LC_MESSAGES/magie.po`
and are compiled to `magie.mo` next to them (the .mo is committed, so a plain install needs no
compiler; a test checks it is up to date). Editions carry their own names and texts in every
language they support; this catalogue is for the interface only.

    _ = gettext_for("ru").gettext
    _("Buy")  ->  "Купить"

The command-line commands say their own words through `_`/`n_` of this module, in the language
a command set with `use_language(lang)` from its `--lang`.

Numbers go through the helpers here, one each: `plural(lang, one, many, n)` picks the form
of a counted word (1 ход, 2 хода, 5 ходов), `number`/`grouped` group thousands (12 345 in
Russian). What a person may type is listed in the catalogue too: `words_of` reads a
comma-separated list of words (an English id, its translation the language's synonyms), and
`layout_twin` the key of the language's keyboard layout (the translation of `QWERTY`).

After editing a .po file, compile it with `python -m magie.cli.i18n` (needs `babel`, in the
`test` extra).
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from functools import cache
from pathlib import Path

DOMAIN = "magie"
LOCALE_DIR = Path(__file__).with_name("locale")
LANGUAGES = ("en", "ru")
"""The interface languages: English (the message ids themselves) and Russian."""


@cache
def gettext_for(lang: str) -> gettext.NullTranslations:
    """The translations of the interface into `lang` (an unknown language or English: the
    English texts). Use `.gettext(msg)` and `.ngettext(one, many, n)`."""
    if lang == "en" or lang not in LANGUAGES:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[lang])


_active: gettext.NullTranslations = gettext.NullTranslations()


def use_language(lang: str) -> None:
    """Make `_` and `n_` speak `lang` (a command's `--lang`; English where there is no catalogue).
    A command sets it once, before it prints anything."""
    global _active
    _active = gettext_for(lang)


def _(message: str) -> str:
    """`message` in the language of `use_language` (English when there is no translation)."""
    return _active.gettext(message)


def n_(one: str, many: str, n: int) -> str:
    """The form of `one`/`many` for the number `n` in the language of `use_language`."""
    return _active.ngettext(one, many, n)


def plural(lang: str, one: str, many: str, n: int) -> str:
    """The form of the message `one`/`many` (English ids) for the number `n` in `lang`: the one
    plural helper of the interface (Russian has three forms: 1 круг, 2 круга, 5 кругов; the
    rule is the catalogue's Plural-Forms). The `{...}` fields are left to the caller."""
    return gettext_for(lang).ngettext(one, many, n)


THOUSANDS = ","
"""The catalogue id of the mark between groups of three digits (Russian: a no-break space)."""


def grouped(n: int, gettext: Callable[[str], str]) -> str:
    """A whole number with its thousands grouped by the mark of the catalogue `gettext`
    (`THOUSANDS`): 1,000,000 in English, 1 000 000 in Russian."""
    return f"{n:,}".replace(",", gettext(THOUSANDS))


def number(n: int, lang: str) -> str:
    """A whole number for people in `lang` (see `grouped`): 12,345 in English, 12 345 in Russian."""
    return grouped(n, gettext_for(lang).gettext)


QWERTY = "qwertyuiop[]asdfghjkl;'zxcvbnm,./?"
"""The keys of a US keyboard whose letters another layout puts elsewhere (see `layout_twin`)."""


def layout_twin(key: str, lang: str) -> str | None:
    """What the key that types the Latin `key` types in `lang`'s own keyboard layout (Russian
    ЙЦУКЕН: d -> в, s -> ы, ? -> ,), or None (no such layout, or not one key). The layout is the
    catalogue's translation of `QWERTY`, so it lives with the language's other words."""
    if len(key) != 1:
        return None
    own = gettext_for(lang).gettext(QWERTY)
    k = QWERTY.find(key.lower())
    if own == QWERTY or len(own) != len(QWERTY) or k < 0:
        return None
    return own[k]


def words_of(message: str, lang: str) -> tuple[str, ...]:
    """The words a person may type for one answer or command: the comma-separated English list
    `message` (a catalogue id such as "yes, y") and its translation into `lang`, lower case,
    English first, each once. The lists are the locale's; code names only the English id."""
    out = [w.strip().lower() for w in message.split(",")]
    out += [w.strip().lower() for w in gettext_for(lang).gettext(message).split(",")]
    return tuple(dict.fromkeys(w for w in out if w))


def po_path(lang: str) -> Path:
    """The catalogue source of `lang`."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def compile_po(lang: str) -> bytes:
    """The .mo file compiled from `lang`'s .po source (with babel). Raises ImportError without
    babel, ValueError naming the message when a translation's placeholders differ from its id."""
    import io
    import re

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with open(po_path(lang), "rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    fields = re.compile(r"\{[a-z_]*\}")
    for message in catalog:
        if not message.id or not message.string:
            continue
        ids = [str(m) for m in (message.id if isinstance(message.id, (tuple, list)) else (message.id,))]
        strings = [str(m) for m in (message.string if isinstance(message.string, (tuple, list))
                                    else (message.string,))]
        wanted = set(fields.findall(ids[-1]))
        for s in strings:
            extra = set(fields.findall(s)) - wanted
            if extra:
                raise ValueError(f"{po_path(lang)}: the translation of {ids[0]!r} uses placeholders "
                                 f"that the message does not have: {sorted(extra)}")
    buf = io.BytesIO()
    write_mo(buf, catalog)
    return buf.getvalue()


def messages_in_code(root: Path | None = None) -> tuple[set[str], set[tuple[str, str]]]:
    """The messages the interface's code asks the catalogue for: the literal first argument of
    every call of `_`, `N_` or a method `._` (also inside f-strings), and the (singular, plural)
    pairs of `n_`/`.n_`/`ngettext`, in the .py files below `root` (default: cli/)."""
    import ast

    singles: set[str] = set()
    plurals: set[tuple[str, str]] = set()
    for path in sorted((root or Path(__file__).parent).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            args = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                    for a in node.args]
            if name in ("_", "N_", "gettext") and args and args[0]:
                singles.add(args[0])
            elif name in ("n_", "ngettext") and len(args) >= 2 and args[0] and args[1]:
                plurals.add((args[0], args[1]))
    return singles, plurals


def main() -> None:
    """Compile every .po catalogue to its .mo file."""
    for lang in LANGUAGES:
        if po_path(lang).exists():
            out = po_path(lang).with_suffix(".mo")
            out.write_bytes(compile_po(lang))
            print(f"wrote {out}")


if __name__ == "__main__":
    main()
