"""Settings that persist between runs: a small TOML file in the user's config folder.

``load_settings()`` never fails: a missing file gives the defaults, a damaged one the defaults plus a
warning naming the file and the problem (the file is left as it is until the next save).
``save_settings`` writes atomically.  The folders come from ``platformdirs`` and can be moved with
``TRENCH_WAR_CONFIG_DIR`` and ``TRENCH_WAR_DATA_DIR`` (tests, portable installs).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, fields, replace

from .core.files import write_text_atomic

APP = "trench-war"
FILE_NAME = "settings.toml"

#: name -> (allowed values or (low, high), one-line meaning); the defaults are the dataclass's.
CHOICES = {
    "language": (("auto", "ja", "en"), "language of the screens (auto: the system's)"),
    "ui_scale": ((0.75, 2.0), "size of text and panels"),
    "fullscreen": ((False, True), "start in full screen"),
    "msaa": ((0, 2, 4, 8), "multisampling (0: off)"),
    "animation_speed": ((0.25, 4.0), "speed of animations"),
    "bot_delay": ((0.0, 5.0), "seconds a bot's move stays on screen before the next"),
    "colour_blind": ((False, True), "colour-blind-safe seat palette"),
    "autosaves_kept": ((3, 5, 10, 20, 50), "unfinished games kept (one autosave each; older ones removed)"),
}


@dataclass(frozen=True)
class Settings:
    """What a player can change in the Settings menu."""

    language: str = "auto"
    ui_scale: float = 1.0
    fullscreen: bool = False
    msaa: int = 4
    animation_speed: float = 1.0
    bot_delay: float = 0.8
    colour_blind: bool = False
    autosaves_kept: int = 10


def config_dir() -> str:
    override = os.environ.get("TRENCH_WAR_CONFIG_DIR")
    if override:
        return override
    import platformdirs
    return platformdirs.user_config_dir(APP, appauthor=False)


def data_dir() -> str:
    """Where autosaves and saved games go."""
    override = os.environ.get("TRENCH_WAR_DATA_DIR")
    if override:
        return override
    import platformdirs
    return platformdirs.user_data_dir(APP, appauthor=False)


def settings_path() -> str:
    return os.path.join(config_dir(), FILE_NAME)


def check_value(name: str, value):
    """``value`` if it is allowed for ``name``; ``ValueError`` naming both otherwise."""
    if name not in CHOICES:
        raise ValueError(f"unknown setting {name!r}")
    allowed, _ = CHOICES[name]
    default = getattr(Settings(), name)
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise ValueError(f"{name} must be true or false, not {value!r}")
    elif isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"{name} must be a number, not {value!r}")
        low, high = allowed
        if not low <= value <= high:
            raise ValueError(f"{name} = {value} is out of range {low}..{high}")
        value = float(value)
    elif value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(map(str, allowed))}, not {value!r}")
    return value


def parse_settings(text: str) -> Settings:
    """Settings from TOML text; ``ValueError`` naming the first problem."""
    import tomllib  # here: a first launch has no settings file to parse
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"not valid TOML: {exc}") from None
    values = {name: check_value(name, value) for name, value in data.items()}
    return replace(Settings(), **values)


def format_settings(settings: Settings) -> str:
    lines = ["# Trench War settings (written by the program; edit with care)"]
    for f in fields(Settings):
        value = getattr(settings, f.name)
        text = ("true" if value else "false") if isinstance(value, bool) else \
            f'"{value}"' if isinstance(value, str) else repr(value)
        lines.append(f"# {CHOICES[f.name][1]}")
        lines.append(f"{f.name} = {text}")
    return "\n".join(lines) + "\n"


def load_settings(path: str | None = None, warn=None) -> Settings:
    """The saved settings, or the defaults (with ``warn(message)`` when the file is damaged)."""
    path = path or settings_path()
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except FileNotFoundError:
        return Settings()
    except (OSError, UnicodeDecodeError) as exc:
        _warn(warn, f"{path}: cannot be read ({exc}); using the default settings")
        return Settings()
    try:
        return parse_settings(text)
    except ValueError as exc:
        _warn(warn, f"{path}: {exc}; using the default settings")
        return Settings()


def save_settings(settings: Settings, path: str | None = None) -> str:
    path = path or settings_path()
    os.makedirs(os.path.dirname(path), exist_ok=True)
    write_text_atomic(path, format_settings(settings))
    return path


def _warn(warn, message: str) -> None:
    if warn is None:
        import sys
        print(f"trench-war: warning: {message}", file=sys.stderr)
    else:
        warn(message)
