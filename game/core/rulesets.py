"""What every game's ruleset does alike: typed keys from text, ``key=value`` settings, ruleset files.

A game's ``ruleset.py`` keeps its own table of keys (defaults, ranges, meanings), its variants and
its cross-key checks; it converts one value with a ``coerce(key, raw)`` of its own, usually built
from :func:`to_bool`, :func:`to_int` and :func:`to_choice`, and gets the rest from here.  Every error
is a :class:`RulesetError` that starts with the game's rule id (``rule``, e.g. ``"TW-0"``) and names
the key, and for a file the file and line.
"""

from __future__ import annotations

from .errors import RulesetError

TRUE_WORDS = ("1", "true", "yes", "on")
FALSE_WORDS = ("0", "false", "no", "off")


def unknown_key(rule: str, key: str, known) -> RulesetError:
    """The error for a key the game does not have, with close names as a hint."""
    close = [k for k in known if key.split("_")[0] in k]
    hint = f" (did you mean {', '.join(close[:3])}?)" if close else ""
    return RulesetError(f"{rule}: unknown ruleset key {key!r}{hint}")


def to_bool(rule: str, key: str, raw) -> bool:
    """``raw`` (a bool, or text such as ``true``/``off``/``1``) as a bool."""
    if isinstance(raw, bool):
        return raw
    low = str(raw).strip().lower()
    if low in TRUE_WORDS:
        return True
    if low in FALSE_WORDS:
        return False
    raise RulesetError(f"{rule}: {key} must be true or false, not {raw!r}")


def to_int(rule: str, key: str, raw, allowed, what: str = "an integer") -> int:
    """``raw`` (an int or its text) as an int inside ``allowed`` = ``(lo, hi)``, both included."""
    value = None
    if not isinstance(raw, bool):
        try:
            value = raw if isinstance(raw, int) else int(str(raw).strip())
        except ValueError:
            value = None
    if value is None:
        raise RulesetError(f"{rule}: {key} must be {what}, not {raw!r}")
    lo, hi = allowed
    if not lo <= value <= hi:
        raise RulesetError(f"{rule}: {key}={value} is out of range {lo}..{hi}")
    return value


def to_choice(rule: str, key: str, raw, allowed) -> str:
    """``raw`` as one of the words in ``allowed`` (surrounding quotes dropped)."""
    value = str(raw).strip().strip('"')
    if value not in allowed:
        raise RulesetError(f"{rule}: {key} must be one of {', '.join(allowed)}, not {raw!r}")
    return value


def to_typed(rule: str, key: str, raw, default, allowed):
    """``raw`` as the type of ``default``: a bool, an int in ``allowed`` or a word of ``allowed``."""
    if isinstance(default, bool):
        return to_bool(rule, key, raw)
    if isinstance(default, int):
        return to_int(rule, key, raw, allowed)
    return to_choice(rule, key, raw, allowed)


def key_name(text: str) -> str:
    """A key as written (``gun-range``) in its canonical form (``gun_range``)."""
    return text.strip().replace("-", "_")


def parse_assignment(rule: str, text: str, coerce) -> tuple[str, object]:
    """``"gun_range=5"`` -> ``("gun_range", 5)`` through the game's ``coerce(key, raw)``."""
    key, sep, value = str(text).partition("=")
    if not sep:
        raise RulesetError(f"{rule}: expected key=value, got {text!r}")
    key = key_name(key)
    return key, coerce(key, value.strip())


def collect_values(rule: str, settings, variants, known_variants: dict, coerce,
                   variant_rule: str | None = None) -> dict:
    """The values a ruleset is built from: each variant's settings in order, then ``settings``
    (a dict or ``"key=value"`` strings) on top, every value checked by ``coerce``."""
    values: dict = {}
    for name in variants:
        if name not in known_variants:
            raise RulesetError(f"{variant_rule or rule}: unknown variant {name!r} "
                               f"(known: {', '.join(known_variants)})")
        values.update(known_variants[name])
    if settings:
        items = (settings.items() if isinstance(settings, dict)
                 else (parse_assignment(rule, text, coerce) for text in settings))
        for key, value in items:
            key = key_name(key)
            values[key] = coerce(key, value)
    return values


def parse_settings_text(rule: str, text: str, where: str, coerce) -> dict:
    """``key = value`` lines (``#`` comments, ``[section]`` lines ignored) into checked values;
    an error names ``where`` and the line."""
    settings = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line or line.startswith("["):
            continue
        key, sep, value = line.partition("=")
        if not sep:
            raise RulesetError(f"{rule}: {where}:{number}: expected key = value, got {line!r}")
        key = key_name(key)
        try:
            settings[key] = coerce(key, value.strip().strip('"'))
        except RulesetError as exc:
            raise RulesetError(f"{exc} ({where}:{number})") from None
    return settings


def read_settings_file(rule: str, path: str, coerce) -> dict:
    """A ruleset file's checked values (see :func:`parse_settings_text`)."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except OSError as exc:
        raise RulesetError(f"{rule}: cannot read ruleset file {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise RulesetError(f"{rule}: ruleset file {path} is not UTF-8 text") from None
    return parse_settings_text(rule, text, path, coerce)
