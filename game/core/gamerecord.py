"""Game records: saves, autosaves and replays of any game on the table (``docs/records.md``).

A record holds what re-creates the game exactly (the game, player count, seed, ruleset settings and
variants as given, who sits in each seat) and every decision and chance outcome in order, plus the
position after the last one for quick loading.  Its last line is a checksum of everything above it,
so a file cut short or edited by accident is recognised as damaged instead of loading half a game::

    # Trench War game record (docs/records.md)
    record: 1
    game: trench-war
    players: 2
    seed: 1234
    settings: gun_range=5
    variants: civilians
    seats: human easy
    actions: 3
    chance first S
    S arm gun gas bomb
    N arm bomb gun gas
    position:
    | # Trench War position (see docs/notation.md)
    | ...
    check: 5f1c0e9a2b7d4c11

Loading never changes the file; every problem is a ``RecordError`` that names the file's line.

A save that travelled still loads: Windows (CRLF) or old Mac (CR) line endings, a UTF-8 byte-order
mark and trailing spaces or tabs are normalised before reading, and the checksum is checked on the
normalised text.  A save re-encoded as UTF-16 or Shift_JIS is refused naming the encoding, and every
number in a record is ASCII digits (a full-width ``１`` is refused naming its line).
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field

from .errors import GameError, NotationError, SeedError
from .files import write_text_atomic
from .registry import get_game
from .rng import SEED_MAX, check_seed

#: The record format this program writes; it reads this one and every older one.
RECORD_VERSION = 1
HEADER = "# Trench War game record (docs/records.md)"
#: Largest record file accepted (a whole long game is a few hundred KiB).
MAX_BYTES = 16 * 1024 * 1024


class RecordError(GameError, ValueError):
    """A save or replay file that cannot be loaded; the message names the file and the problem.
    ``encoding`` names the text encoding of a file refused only for being in another one (else None)."""

    encoding: str | None = None


class RecordEncodingError(NotationError):
    """Record text in an encoding other than UTF-8 (``encoding`` names it): intact, but to be re-saved."""

    def __init__(self, message: str, encoding: str):
        super().__init__(message)
        self.encoding = encoding


@dataclass(frozen=True)
class GameRecord:
    """One game: how it was created, and every decision and chance outcome since (as text)."""

    game: str
    players: int
    seed: int
    settings: tuple = ()
    variants: tuple = ()
    seats: tuple = ()            #: one entry per seat: ``human`` or a bot level
    actions: tuple = ()          #: every applied action's text, chance outcomes included
    position: str | None = field(default=None, compare=False)  #: the position after ``actions``

    def new_state(self):
        """The game's state before the first action."""
        spec = get_game(self.game)
        return spec.new_game(self.players, self.seed, spec.make_ruleset(list(self.settings),
                                                                        list(self.variants)))

    def state_at(self, count: int | None = None):
        """The state after the first ``count`` actions (all of them when None), replayed."""
        actions = self.actions if count is None else self.actions[:count]
        state = self.new_state()
        for number, text in enumerate(actions, 1):
            try:
                state.apply(text)
            except GameError as exc:
                raise RecordError(f"action {number} ({text!r}) cannot be replayed: {exc}") from None
        return state

    def with_action(self, action, position: str | None = None) -> "GameRecord":
        """This record with one more action (and, if given, the position after it)."""
        return GameRecord(self.game, self.players, self.seed, self.settings, self.variants, self.seats,
                          self.actions + (str(action),), position)


def _checksum(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


#: The header lines the writer ends with a space when their value is empty (``settings: ``).
_SPACED = ("settings:", "variants:", "seats:")


def normalise_text(text: str) -> str:
    """A record's text with a leading byte-order mark dropped and CRLF and CR line endings made LF."""
    if text.startswith("\ufeff"):
        text = text[1:]
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _canonical_line(line: str) -> str:
    """A line as the writer writes it: no trailing spaces or tabs, but the writer's own space after an
    empty ``settings:``, ``variants:`` or ``seats:``."""
    line = line.rstrip(" \t")
    return line + " " if line in _SPACED else line


def _check_words(record: GameRecord) -> None:
    """``ValueError`` for a field that would not read back as written (a space in a word, a line break)."""
    try:
        check_seed(record.seed)
    except SeedError as exc:
        raise RecordError(f"record seed: {exc}") from None
    for key in ("settings", "variants", "seats"):
        for word in getattr(record, key):
            if not word or word != "".join(str(word).split()):
                raise RecordError(f"record {key}: {word!r} is not a single word")
    for number, text in enumerate(record.actions, 1):
        if not text or "\n" in text or text != text.strip() or text.startswith(("position:", "check:")):
            raise RecordError(f"record action {number}: {text!r} cannot be written on one line")


def format_record(record: GameRecord) -> str:
    """The record's text (see the module docstring); ``ValueError`` for a field that cannot be written."""
    _check_words(record)
    lines = [HEADER, f"record: {RECORD_VERSION}", f"game: {record.game}", f"players: {record.players}",
             f"seed: {record.seed}", "settings: " + " ".join(record.settings),
             "variants: " + " ".join(record.variants), "seats: " + " ".join(record.seats),
             f"actions: {len(record.actions)}", *record.actions]
    if record.position is not None:
        lines.append("position:")
        lines += ["| " + line if line else "|" for line in record.position.rstrip("\n").split("\n")]
    body = "\n".join(lines) + "\n"
    return body + f"check: {_checksum(body)}\n"


def _field(lines: list[str], index: int, key: str) -> str:
    if index >= len(lines):
        raise NotationError(f"line {index + 1}: the record ends before '{key}:'")
    name, sep, value = lines[index].partition(":")
    if not sep or name != key:
        raise NotationError(f"line {index + 1}: expected '{key}: ...', found {lines[index][:60]!r}")
    return value.strip()


def _int(value: str, line: int, key: str, low: int = 0, high: int | None = None) -> int:
    """A record's number: ASCII decimal digits only (no sign, no full-width or other digits)."""
    if not value or not value.isascii() or not value.isdigit():
        raise NotationError(f"line {line}: {key} must be a whole number in ASCII digits (0-9), not {value!r}")
    number = int(value)
    if number < low:
        raise NotationError(f"line {line}: {key} must be at least {low}, not {number}")
    if high is not None and number > high:
        raise NotationError(f"line {line}: {key} {number} is out of range {low}..{high}"
                            + (" (2**64-1: a seed is never wrapped)" if high == SEED_MAX else ""))
    return number


def parse_record(text: str) -> GameRecord:
    """Parse a record's text; ``NotationError`` naming the line for anything damaged or foreign.

    The text is normalised first (:func:`normalise_text`): line endings, a byte-order mark, trailing
    spaces."""
    lines = normalise_text(text).split("\n")
    while lines and not lines[-1].strip(" \t"):
        lines.pop()   # the final line break, and blank lines an editor left after the checksum
    sealed = lines[:-1]
    # Trailing blanks are normalised away on every line but the stored position's, which are kept as
    # written when the checksum seals them so (see below).
    cut = next((i for i, line in enumerate(lines) if line.rstrip(" \t") == "position:"), len(lines) - 1)
    lines = [line.rstrip(" \t") if i <= cut or i == len(lines) - 1 else line for i, line in enumerate(lines)]
    if not lines or lines[0] != HEADER:
        raise NotationError("line 1: not a game record (it does not start with "
                            f"{HEADER!r})")
    version = _int(_field(lines, 1, "record"), 2, "record")
    if version > RECORD_VERSION:
        raise NotationError(f"line 2: record format {version} comes from a newer version of the program "
                            f"(this one reads up to {RECORD_VERSION})")
    if version < 1:
        raise NotationError(f"line 2: unknown record format {version}")
    last = lines[-1]
    if not last.startswith("check: "):
        raise NotationError(f"line {len(lines)}: the record is cut short (its last line is not "
                            "'check: ...')")
    check = last[len("check: "):].strip()
    if check != _checksum("\n".join(sealed) + "\n"):
        if check != _checksum("\n".join(_canonical_line(line) for line in sealed) + "\n"):
            raise NotationError(f"line {len(lines)}: the checksum does not match: the file was changed or "
                                "damaged after it was saved")
        lines = [line.rstrip(" \t") for line in lines]   # sealed once blanks are normalised: everywhere
    game = _field(lines, 2, "game")
    players = _int(_field(lines, 3, "players"), 4, "players", 1)
    seed = _int(_field(lines, 4, "seed"), 5, "seed", 0, SEED_MAX)
    settings = tuple(_field(lines, 5, "settings").split())
    variants = tuple(_field(lines, 6, "variants").split())
    seats = tuple(_field(lines, 7, "seats").split())
    count = _int(_field(lines, 8, "actions"), 9, "actions")
    actions = tuple(lines[9:9 + count])
    if len(actions) < count or any(a.startswith(("position:", "check:")) for a in actions):
        raise NotationError(f"line 9: {count} actions announced but fewer follow")
    rest = lines[9 + count:-1]
    position = None
    if rest:
        if rest[0] != "position:":
            raise NotationError(f"line {10 + count}: expected 'position:', found {rest[0][:60]!r}")
        body_lines = []
        for number, line in enumerate(rest[1:], 11 + count):
            if not line.startswith("|"):
                raise NotationError(f"line {number}: a position line must start with '|'")
            body_lines.append(line[2:] if line.startswith("| ") else line[1:])
        position = "\n".join(body_lines) + "\n"
    if seats and len(seats) != players:
        raise NotationError(f"line 8: {len(seats)} seats for {players} players")
    return GameRecord(game, players, seed, settings, variants, seats, actions, position)


def save_record(path: str, record: GameRecord) -> None:
    """Write ``record`` to ``path`` atomically (temp file, fsync, rename)."""
    write_text_atomic(path, format_record(record))


_RESAVE = "open it in a text editor and save it again as UTF-8"


def decode_record(raw: bytes) -> str:
    """A record file's bytes as text: UTF-8 (a byte-order mark allowed).  A file in another encoding
    is refused naming it (UTF-16, UTF-32, Shift_JIS), a binary one as such (``NotationError``)."""
    for bom, name in ((b"\xff\xfe\0\0", "UTF-32"), (b"\0\0\xfe\xff", "UTF-32"),
                      (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16")):
        if raw.startswith(bom):
            raise RecordEncodingError(f"the file is {name} text, not UTF-8: {_RESAVE}", name)
    head = raw[:200]
    if len(head) >= 4 and head[1::2].count(0) > len(head) // 4 and head[0::2].count(0) == 0 \
            or len(head) >= 4 and head[0::2].count(0) > len(head) // 4 and head[1::2].count(0) == 0:
        raise RecordEncodingError(f"the file is UTF-16 text (without a byte-order mark), not UTF-8: {_RESAVE}",
                                  "UTF-16")
    if b"\0" in raw:
        raise NotationError("not a game record (a binary file)")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        try:
            raw.decode("shift_jis")
        except UnicodeDecodeError:
            raise NotationError(f"not a game record (not UTF-8 text at byte {exc.start}, line {line})") from None
        raise RecordEncodingError(f"the file is Shift_JIS text (a Japanese Windows encoding), not UTF-8 "
                                  f"(line {line}): {_RESAVE}", "Shift_JIS") from None


def read_record(path) -> GameRecord:
    """Read and parse a record file without replaying it (quick: for lists of saves).

    The file is only read, never changed.  Every problem is a ``RecordError`` naming the file.
    """
    path = os.fspath(path)
    try:
        size = os.path.getsize(path)
        if size > MAX_BYTES:
            raise RecordError(f"{path}: {size} bytes is too large for a game record")
        with open(path, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        text = decode_record(raw)
    except NotationError as exc:
        error = RecordError(f"{path}: {exc}")
        error.encoding = getattr(exc, "encoding", None)
        raise error from None
    try:
        return parse_record(text)
    except GameError as exc:
        raise RecordError(f"{path}: {exc}") from None


def load_record(path, verify: bool = True):
    """Read a record file; return ``(record, state)``.

    The state comes from the stored position when there is one (quick loading), else by replaying
    every action; with ``verify`` the actions are replayed as well and must give that position.
    The file is only read, never changed.  Every problem is a ``RecordError`` naming the file.
    """
    record = read_record(path)
    try:
        spec = get_game(record.game)
        if record.position is not None and not verify:
            return record, spec.parse_position(record.position)
        state = record.state_at()
        if record.position is not None and spec.format_position(state) != record.position:
            raise NotationError("the stored position differs from the replayed actions")
        return record, state
    except (GameError, ValueError) as exc:  # a ruleset or player count the game refuses, too
        raise RecordError(f"{path}: {exc}") from None
