"""Player-facing text in an edition: a string, or a map of language code to string."""

from __future__ import annotations


def localized(value, lang: str = "en", fallback: str = "en") -> str:
    """The text of `value` in `lang`, else in `fallback`, else any language ('' for no text)."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        for key in (lang, fallback):
            if isinstance(value.get(key), str):
                return value[key]
        for v in value.values():
            if isinstance(v, str):
                return v
    return ""


def languages(tree) -> list[str]:
    """The languages an edition is written in: those of its `name` (always including en)."""
    name = tree.get("name") if isinstance(tree, dict) else None
    langs = {"en"} | ({k for k in name if isinstance(k, str)} if isinstance(name, dict) else set())
    return sorted(langs)


def one_line(value, lang: str = "en") -> str:
    """The first line of a text, for listings."""
    text = localized(value, lang).strip()
    return text.splitlines()[0] if text else ""
