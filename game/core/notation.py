"""Helpers for line-based, human-editable position texts.

A position text is a list of lines ``key: value``; ``#`` starts a comment;
indented lines continue the section named by the last key.

Every game's ``parse_position(text, strict=True)`` behaves alike: ``text`` is a ``str`` or UTF-8
bytes (:func:`position_text`), and a position is accepted only when it satisfies the game's
invariants and, unless it is over, offers a decision (:func:`refuse_unplayable`).  A test that
builds a broken position on purpose passes ``strict=False``.
"""

from __future__ import annotations

from .errors import GameError, NotationError


def position_text(text) -> str:
    """A position's text: a ``str``, or ``bytes``/``bytearray`` in UTF-8 (a leading byte-order mark
    dropped); anything else, or bytes that are not UTF-8, is a ``NotationError`` naming the problem."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        data = bytes(text)
        if data.startswith(b"\xef\xbb\xbf"):
            data = data[3:]
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = data[:exc.start].count(b"\n") + 1
            raise NotationError(f"line {line}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    if not isinstance(text, str):
        raise NotationError(f"position: expected text (str or UTF-8 bytes), not {type(text).__name__}")
    return text[1:] if text.startswith("\ufeff") else text


def refuse_unplayable(state, where: str = "phase") -> None:
    """``NotationError`` unless ``state`` is over or offers at least one decision now (a seat's action
    or a chance outcome): a parsed position must be one that can be played on."""
    if state.is_over():
        return
    try:
        legal = state.legal_actions()
    except GameError as exc:
        raise NotationError(f"{where}: no decision can be made in this position ({exc})") from None
    if not legal:
        raise NotationError(f"{where}: no decision can be made in this position (nobody has a legal action)")


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
