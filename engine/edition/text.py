"""Player-facing text in an edition: a string, or a map of language code to string."""

from __future__ import annotations

from collections.abc import Mapping


def text_in(value: object, lang: str = "en") -> str:
    """The text of `value` (a string, or a map of language code to string, as in edition files
    and the model's `Text`) in `lang`, else in English, else in any language given; '' for no
    text (None, or a value that is not text, as in an edition tree not validated yet)."""
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        for key in (lang, "en"):
            if isinstance(value.get(key), str):
                return value[key]
        for v in value.values():
            if isinstance(v, str):
                return v
    return ""


def languages(tree: object) -> list[str]:
    """The languages an edition is written in: those of its `name` (always including en)."""
    name = tree.get("name") if isinstance(tree, dict) else None
    langs = {"en"} | ({k for k in name if isinstance(k, str)} if isinstance(name, dict) else set())
    return sorted(langs)


def one_line(value: object, lang: str = "en") -> str:
    """The first line of a text, for listings."""
    text = text_in(value, lang).strip()
    return text.splitlines()[0] if text else ""
