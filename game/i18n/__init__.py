"""Japanese and English: message catalogs in gettext's ``.po`` form.

Every string a player sees is looked up by key: ``tr("menu.new_game")``.  Each language is a folder
of catalogs, one per domain (``game/i18n/<lang>/<domain>.po``: ``app``, ``log``, ``ui``, ``rules``,
...), merged into one table; a key lives in exactly one domain.  ``msgid`` is the key and ``msgstr`` the text (placeholders in
``{braces}``, filled by keyword); a translator edits them with any ``.po`` tool.  The language is
chosen by ``set_language`` (``--lang``, the settings), else from the system locale.  A key missing
in a catalog falls back to English and then to the key itself, so a gap shows up on screen rather
than crashing; the tests require both catalogs to hold every key.
"""

from __future__ import annotations

import locale
import os
from functools import lru_cache

from .po import parse_po

#: The languages shipped, in menu order.
LANGUAGES = ("ja", "en")
FALLBACK = "en"
CATALOG_DIR = os.path.dirname(os.path.abspath(__file__))

_current = [FALLBACK]


def system_language(environ=None) -> str:
    """``"ja"`` when the user's locale is Japanese, else ``"en"`` (LC_ALL, LC_MESSAGES, LANG, LANGUAGE)."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = env.get(name)
        if value:
            return "ja" if value.lower().startswith("ja") else FALLBACK
    if environ is None:
        try:
            value = locale.getlocale()[0] or ""
        except ValueError:
            value = ""
        if value.lower().startswith("ja"):
            return "ja"
    return FALLBACK


def catalog_paths(lang: str) -> list[str]:
    """The ``.po`` files of one language, one per domain, in name order."""
    folder = os.path.join(CATALOG_DIR, lang)
    return sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".po"))


@lru_cache(maxsize=None)
def catalog(lang: str) -> dict:
    """Key -> text of one language, all its domains merged (a key defined twice is an error)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGUAGES)})")
    merged: dict = {}
    for path in catalog_paths(lang):
        with open(path, encoding="utf-8") as handle:
            entries = parse_po(handle.read(), path)
        twice = sorted(set(entries) & set(merged))
        if twice:
            raise ValueError(f"{path}: key {twice[0]!r} is already defined in another domain")
        merged.update(entries)
    return merged


def set_language(lang: str | None) -> str:
    """Use ``lang`` from now on (None: the system's); returns the language chosen."""
    chosen = system_language() if lang is None else lang
    catalog(chosen)  # validates the name and loads the catalog once
    _current[0] = chosen
    return chosen


def language() -> str:
    return _current[0]


def tr(key: str, lang: str | None = None, **values) -> str:
    """The text of ``key`` in the current language (or ``lang``), placeholders filled from ``values``."""
    text = catalog(lang or _current[0]).get(key)
    if text is None:
        text = catalog(FALLBACK).get(key, key)
    return text.format(**values) if values else text
