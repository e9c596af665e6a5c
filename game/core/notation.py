"""Helpers for line-based, human-editable position texts.

A position text is a list of lines ``key: value``; ``#`` starts a comment;
indented lines continue the section named by the last key.
"""

from __future__ import annotations

from .errors import NotationError


def strip_comment(line: str) -> str:
    i = line.find("#")
    return (line if i < 0 else line[:i]).rstrip()


def split_sections(text: str) -> list[tuple[str, str, list[str], int]]:
    """Split into ``(key, value, continuation_lines, line_number)`` in order."""
    sections: list[tuple[str, str, list[str], int]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = strip_comment(raw)
        if not line.strip():
            continue
        if line[0] in " \t":
            if not sections:
                raise NotationError(f"line {number}: indented line before any section")
            sections[-1][2].append(line.strip())
            continue
        key, sep, value = line.partition(":")
        if not sep:
            raise NotationError(f"line {number}: expected 'key: value', got {line.strip()!r}")
        sections.append((key.strip().lower(), value.strip(), [], number))
    return sections


def parse_kv(tokens, where: str) -> dict[str, str]:
    """Parse ``key=value`` tokens (a bare ``flag`` maps to ``""``)."""
    out: dict[str, str] = {}
    for token in tokens:
        key, _, value = token.partition("=")
        if not key:
            raise NotationError(f"{where}: empty key in {token!r}")
        out[key] = value
    return out


def parse_int(text: str, where: str) -> int:
    try:
        return int(text, 0)
    except ValueError:
        raise NotationError(f"{where}: not an integer: {text!r}") from None
