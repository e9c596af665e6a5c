"""A small reader for gettext ``.po`` catalogs (msgid/msgstr pairs, comments, continued strings)."""

from __future__ import annotations

from ..core.errors import NotationError

_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _unquote(token: str, where: str) -> str:
    if len(token) < 2 or token[0] != '"' or token[-1] != '"':
        raise NotationError(f"{where}: expected a quoted string, found {token[:40]!r}")
    body = token[1:-1]
    if "\\" not in body:  # most entries: no escape to undo
        if '"' in body:
            raise NotationError(f"{where}: unescaped quote in {token[:40]!r}")
        return body
    out, i = [], 0
    while i < len(body):
        ch = body[i]
        if ch == "\\":
            if i + 1 >= len(body) or body[i + 1] not in _ESCAPES:
                raise NotationError(f"{where}: unknown escape in {token[:40]!r}")
            out.append(_ESCAPES[body[i + 1]])
            i += 2
            continue
        if ch == '"':
            raise NotationError(f"{where}: unescaped quote in {token[:40]!r}")
        out.append(ch)
        i += 1
    return "".join(out)


def parse_po(text: str, name: str = "catalog") -> dict:
    """Key -> text; ``NotationError`` naming the file and line of anything malformed or repeated.

    The header entry (empty msgid) is skipped; an empty msgstr counts as missing (not returned).
    """
    entries: dict = {}
    key = value = None
    field = None
    start = 0

    def close():
        if key is None:
            return
        if value is None:
            raise NotationError(f"{name}:{start}: msgid {key!r} has no msgstr")
        if key in entries:
            raise NotationError(f"{name}:{start}: msgid {key!r} appears twice")
        if key and value:
            entries[key] = value

    for number, raw in enumerate(text.split("\n"), 1):
        line = raw.strip()
        where = f"{name}:{number}"
        if not line or line.startswith("#"):
            continue
        if line.startswith("msgid "):
            close()
            key, value, field, start = _unquote(line[6:].strip(), where), None, "id", number
        elif line.startswith("msgstr "):
            if key is None or value is not None:
                raise NotationError(f"{where}: msgstr without its msgid")
            value, field = _unquote(line[7:].strip(), where), "str"
        elif line.startswith('"'):
            if field == "id":
                key += _unquote(line, where)
            elif field == "str":
                value += _unquote(line, where)
            else:
                raise NotationError(f"{where}: a continued string outside an entry")
        else:
            raise NotationError(f"{where}: expected msgid, msgstr or a quoted string, found {line[:40]!r}")
    close()
    return entries


def format_po_entry(key: str, text: str) -> str:
    """One entry in ``.po`` form (used by tools that write catalogs)."""
    def quote(s):
        return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'
    return f"msgid {quote(key)}\nmsgstr {quote(text)}\n"
