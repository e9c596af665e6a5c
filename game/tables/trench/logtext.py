"""The game log in words: redacted events -> short sentences grouped by round and turn.

Reads only what ``game.trench.view.redact_events(events, viewer)`` returns for one viewer:
nothing here can tell more than those events hold (hidden information, TW-10).

Public API::

    @dataclass(frozen=True) LogEntry:
        round: int                 # the round it happened in (0: setup)
        seat: str | None           # whose turn it happened in (None: outside a turn)
        kind: str                  # the event kind that opened the entry ("move", "death", ...)
        key: str                   # the template key ("move.step.push", ...): catalog_key(key) in describe.po
        args: tuple                # the template's arguments as (name, value) pairs; words are Terms
        text: str                  # (property) t(key, **args): the sentence, in the language of the moment
        cells: tuple[int, ...]     # board cells it concerns (ints x + 7*y, as in the core)

    @dataclass(frozen=True) LogGroup:
        round: int
        seat: str | None           # the turn's seat, None for setup / round start / between turns
        title: str                 # (property) "Setup", "Round 5", "Round 5: S's turn"
        entries: tuple[LogEntry, ...]

    class Log:
        Log(view=None)             # an empty log; feed it every redacted event from the game's start.
                                   # view: the viewer's TrenchView when the log starts mid-game (where
                                   # pieces and gas stand then: public facts the sentences name)
        add(events) -> list[LogEntry]      # append a batch (one applied action's redacted events);
                                           # returns the new entries
        entries -> list[LogEntry]          # all entries so far (property)
        groups() -> list[LogGroup]         # entries grouped by round and turn, oldest first
        tally() -> dict[str, dict[str, int]]
            # per seat from the score and penalty events: {"kills", "bases", "bonus"} in points,
            # "penalties" = times the point penalty was chosen (sheet.seat_scores multiplies it)
        deaths() -> list[LogEntry]         # the death entries ("why did N2 die?")

    describe_events(events, view=None) -> list[LogEntry]   # a fresh Log fed with ``events``
    group_entries(entries) -> list[LogGroup]
    tile_words("S:gun") -> "S's gun";  card_words("move") -> "Move";  t(key, **args) -> the sentence
    Term(key, args), Joined(items): words looked up when shown;  seat_word("S") -> Term ("S"; 南軍 in Japanese)

Sentences merge the events of one happening: a push and the step that caused it are one
entry ("S1 stepped north to c4, pushing a cube to c5"); a death names its cause, killer and
where the killer stood ("N2 died on d5: shot by S1 from d2", "... gassed by S's gas 3, fired
by S2 on c4"); ``deaths()`` lists them.  The log tracks where pieces stand from the move events it has seen, so a log
fed from the game's start can say where a shooter stood; fed mid-game it leaves that out.

Every player-visible string is a keyed template in the ``describe`` catalogs
(``game/i18n/<lang>/describe.po``, keys ``describe.log.*``; card names from ``app.po``), one whole
sentence each with named placeholders, so a translation can reorder it.  Nothing is looked up
until a text is read: ``LogEntry.text`` and ``LogGroup.title`` follow ``game.i18n.set_language``
at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.i18n import FALLBACK, catalog, language, tr
from game.trench.geometry import DELTA, cell_name, cell_xy

#: The catalog keys of this module start with this (``game/i18n/<lang>/describe.po``).
PREFIX = "describe.log."
#: The seats whose letters are words of the catalog (``describe.seat.S`` ...).
SEATS = ("S", "W", "N", "E")
#: The action cards, named by the app catalog (``card.move`` ...).
CARDS = ("move", "turn", "build", "fire", "dig", "equip", "camp", "interrupt")
#: Arguments that name a seat (shown as the seat's word: "S"; 南軍 in Japanese).
SEAT_ARGS = ("seat", "owner", "of")


@lru_cache(maxsize=None)
def catalog_key(key: str) -> str:
    """The catalog key of a template key: ``"plot-detail.1"`` -> ``"describe.log.plot_detail.1"``."""
    return PREFIX + key.replace("-", "_").replace("?", "unknown")


@dataclass(frozen=True)
class Term:
    """A catalog text looked up when shown (``str()`` or a ``{placeholder}``), never before: a log
    kept across a language switch reads in the new language.  ``args``: (name, value) pairs."""
    key: str
    args: tuple = ()

    def __str__(self) -> str:
        return tr(self.key, **dict(self.args))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


@dataclass(frozen=True)
class Joined:
    """Items shown as one list, joined by the language's list separator when shown."""
    items: tuple
    sep: str = PREFIX + "list.sep"

    def __str__(self) -> str:
        return tr(self.sep).join(str(x) for x in self.items)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def t(key: str, **args) -> str:
    """The sentence ``key`` in the current language, filled with ``args``; KeyError for an unknown key."""
    full = catalog_key(key)
    if full not in catalog(FALLBACK):
        raise KeyError(key)
    return tr(full, **args)


@lru_cache(maxsize=8192)
def _render(key: str, args: tuple, lang: str) -> str:
    """``t(key, **args)`` remembered per language (the screen rebuilds its log every step)."""
    return t(key, **dict(args))


def word(key: str, default=None):
    """The word ``key`` of this module as a ``Term``; ``default`` (or KeyError) when the catalog lacks it."""
    full = catalog_key(key)
    if full in catalog(FALLBACK):
        return Term(full)
    if default is None:
        raise KeyError(key)
    return default


def seat_word(seat):
    """A seat as the describe layer names it ("S"; 南軍 in Japanese, apart from the compass word 南);
    anything else as it is."""
    return Term(f"describe.seat.{seat}") if seat in SEATS else seat


@dataclass(frozen=True)
class LogEntry:
    """One sentence of the log: the round and turn it belongs to and the cells it concerns.

    ``text`` is filled from ``key`` and ``args`` each time it is read, in the language of the moment."""
    round: int
    seat: str | None
    kind: str
    key: str
    args: tuple
    cells: tuple

    @property
    def text(self) -> str:
        return _render(self.key, self.args, language())


@dataclass(frozen=True)
class LogGroup:
    """Entries of one round (outside turns) or one turn; ``title`` in the language of the moment."""
    round: int
    seat: str | None
    entries: tuple

    @property
    def title(self) -> str:
        if self.round == 0:
            return t("group.setup")
        if self.seat is None:
            return t("group.round", round=self.round)
        return t("group.turn", round=self.round, seat=seat_word(self.seat))


# -- words ---------------------------------------------------------------------------
def _cell(c) -> str:
    return cell_name(c) if c is not None else "?"


def _dir(frm, to) -> str | None:
    """The compass direction from cell ``frm`` toward ``to`` (straight lines), or None."""
    if frm is None or to is None or frm == to:
        return None
    (x0, y0), (x1, y1) = cell_xy(frm), cell_xy(to)
    dx, dy = (x1 > x0) - (x1 < x0), (y1 > y0) - (y1 < y0)
    for d, delta in DELTA.items():
        if delta == (dx, dy):
            return d
    return None


def _dir_word(d):
    return word(f"dir.{d}") if d else ""


def _tile(tile):
    if isinstance(tile, str) and ":" in tile:
        seat, kind = tile.split(":", 1)
        return Term(catalog_key("tile"), (("seat", seat_word(seat)), ("weapon", word(f"weapon.{kind}", kind))))
    return word("weapon.?")


def _card(card):
    return Term(f"card.{card}") if card in CARDS else word(f"card.{card}", str(card))


def _card_count(text: str):
    """``"move:2"`` -> "Move ×2"; ``"fire"`` -> "Fire" (a camp's cards back to hand)."""
    if ":" not in text:
        return _card(text)
    card, count = text.split(":", 1)
    return Term(catalog_key("card.count"), (("card", _card(card)), ("count", count)))


def tile_words(tile) -> str:
    """``"S:gun"`` -> "S's gun"; anything else (a redacted weapon) -> "weapon"."""
    return str(_tile(tile))


def card_words(card) -> str:
    """``"move"`` -> "Move" (the app catalog's card name); ``"?"`` -> "a hidden card"."""
    return str(_card(card))


def _join(words) -> Joined:
    return Joined(tuple(words))


def _cells(*cs) -> tuple:
    out = []
    for c in cs:
        if isinstance(c, (tuple, list)):
            out.extend(x for x in c if x is not None)
        elif c is not None:
            out.append(c)
    return tuple(dict.fromkeys(out))


# -- the log ---------------------------------------------------------------------------
class Log:
    """The log of one viewer: feed it that viewer's redacted events, batch by batch.

    ``view`` (optional, the viewer's ``TrenchView`` when the log starts): where pieces and
    gas tokens stand then, so a log begun mid-game can still say where a shooter stood.
    """

    def __init__(self, view=None):
        self._entries: list[LogEntry] = []
        self.round = 0
        self.seat: str | None = None
        self._pos: dict = {}          # sid -> cell (board, boat or corpse), None off the board
        self._gas: dict = {}          # gid -> [cell, owner]
        self._origin: dict = {}       # gid -> (firer sid, cell it was fired on)
        self._dead: set = set()
        self._tally: dict = {}
        self._civilians = 0
        if view is not None:
            self._civilians = sum(1 for s in view.soldiers if s.seat == "C" and s.status != "unplaced")
            self.round = view.round
            self._pos = {s.sid: s.cell for s in view.soldiers}
            self._dead = {s.sid for s in view.soldiers if not s.alive}
            self._gas = {g.gid: [g.cell, g.owner] for g in view.gas}
            if view.turn is not None:
                self.seat = view.turn.seat

    # -- public --------------------------------------------------------------------
    @property
    def entries(self) -> list:
        return list(self._entries)

    def add(self, events) -> list:
        """Append one batch of redacted events (those of one applied action); return the new entries."""
        events = _assault_first(list(events))
        new: list = []
        used: set = set()
        for i, e in enumerate(events):
            if i in used:
                continue
            self._event(events, i, used, new)
        self._entries += new
        return new

    def groups(self) -> list:
        return group_entries(self._entries)

    def tally(self) -> dict:
        """Points by source from the score and penalty events: ``{seat: {"kills", "bases",
        "bonus", "penalties"}}``; kills, bases and bonus are points, penalties the number of
        times the point penalty was chosen."""
        return {s: dict(v) for s, v in self._tally.items()}

    def deaths(self) -> list:
        return [e for e in self._entries if e.kind in ("death", "sink")]

    # -- building entries ----------------------------------------------------------
    def _emit(self, out, kind, key, cells=(), **args):
        if catalog_key(key) not in catalog(FALLBACK):
            raise KeyError(key)
        for name in SEAT_ARGS:
            if name in args and args[name] in SEATS:
                args[name] = Term(f"describe.seat.{args[name]}")
        out.append(LogEntry(self.round, self.seat, kind, key, tuple(args.items()), _cells(*cells)))

    def _count(self, seat, field, n):
        d = self._tally.setdefault(seat, {"kills": 0, "bases": 0, "bonus": 0, "penalties": 0})
        d[field] += n

    def _event(self, events, i, used, out):  # noqa: C901 (one branch per event kind)
        e = events[i]
        k = e.kind
        g = e.get
        if k == "round":
            self.round = g("round")
            self.seat = None
            return
        if k == "turn-start":
            self.seat = g("seat")
            return
        if k == "turn-end":
            self.seat = None
            return
        if k == "first":
            self._emit(out, k, "first", seat=g("seat"))
        elif k == "teams":
            self._emit(out, k, "teams")
        elif k == "team":
            self._emit(out, k, "team", seat=g("seat"), team=g("team"))
        elif k == "arm":
            self._emit(out, k, "arm", seat=g("seat"))
        elif k == "place":
            if g("sid"):
                self._pos[g("sid")] = g("cell")
                self._emit(out, k, "boat", [g("cell")], sid=g("sid"), cell=_cell(g("cell")))
            else:
                what = g("what")
                if what == "civilian":  # the core places C1 first, then C2 (TW-3.6)
                    self._civilians += 1
                    self._pos[f"C{self._civilians}"] = g("cell")
                self._emit(out, k, f"place.{what}", [g("cell")], seat=g("seat"), cell=_cell(g("cell")))
        elif k == "wind":
            forecasts = (_join(word(f"wind.{c}", c) for c in g("forecasts")) if g("forecasts")
                         else word("wind.none"))
            time = word("time.day" if g("day") else "time.night")
            self.round = g("round")
            if g("wind") in ("calm", "same"):
                key = "round.calm.eclipse" if g("eclipse") else "round.calm"
                self._emit(out, k, key, round=g("round"), time=time, forecasts=forecasts)
            elif g("wind") is None:
                self._emit(out, k, "round.first", round=g("round"), time=time, forecasts=forecasts)
            else:
                key = "round.wind.eclipse" if g("eclipse") else "round.wind"
                self._emit(out, k, key, round=g("round"), time=time,
                           wind=word(f"wind.{g('wind')}", g("wind")), forecasts=forecasts)
        elif k == "forecast":
            return  # the round's entry names the open forecasts
        elif k in ("shuffle", "eclipse"):
            self._emit(out, k, k)
        elif k in ("skip", "no-cards", "wait"):
            self._emit(out, k, k, seat=g("seat"))
        elif k == "plot":
            if any(x.kind == "plot-detail" and x.get("seat") == g("seat") for x in events[i + 1:]):
                return  # the plotting seat reads which cards (plot-detail) instead
            self._emit(out, k, f"plot.{min(max(g('count'), 1), 2)}", seat=g("seat"))
        elif k == "plot-detail":
            cards = g("cards") or ()
            if len(cards) >= 2:
                self._emit(out, k, "plot-detail.2", seat=g("seat"), first=_card(cards[0]),
                           second=_card(cards[1]))
            elif cards:
                self._emit(out, k, "plot-detail.1", seat=g("seat"), first=_card(cards[0]))
        elif k == "reveal":
            self._emit(out, k, f"reveal.{2 if g('slot') == 2 else 1}", seat=g("seat"), card=_card(g("card")))
        elif k == "wasted":
            self._emit(out, k, "wasted", seat=g("seat"), card=_card(g("card")))
        elif k == "pass":
            self._emit(out, k, "pass" if self.round else "setup.pass", seat=g("seat"))
        elif k == "interrupt":
            self._emit(out, k, "interrupt", seat=g("seat"), payer=g("payer"))
        elif k == "move":
            self._move(events, i, used, out)
        elif k == "turn":
            self._turn(events, i, used, out)
        elif k == "cube":
            self._cube(events, i, used, out)
        elif k == "fire":
            self._fire(events, i, used, out)
        elif k == "gas":
            self._gas_event(e, out)
        elif k == "gas-choice":
            self._emit(out, k, "gas.choice", [g("cell")], seat=g("seat"), gid=g("gid"), cell=_cell(g("cell")))
        elif k == "gas-turn":
            self._emit(out, k, f"gas.turn.{g('side')}", seat=g("seat"), gid=g("gid"))
        elif k == "mask-used":
            self._emit(out, k, "mask-used", [g("cell")], sid=g("sid"), cell=_cell(g("cell")))
        elif k == "gas-check":
            self._emit(out, k, "gas-check", [g("cell")], sid=g("sid"), cell=_cell(g("cell")))
        elif k == "death":
            self._death(events, i, out)
        elif k == "sink":
            sid = g("sid")
            cell = self._pos.get(sid)
            self._dead.add(sid)
            self._pos[sid] = None
            if cell is None:
                self._emit(out, k, "sink.nocell", sid=sid)
            else:
                self._emit(out, k, "sink", [cell], sid=sid, cell=_cell(cell))
        elif k == "pickup":
            self._pickup(e, out)
        elif k == "eat":
            self._emit(out, k, "eat", seat=g("seat"), corpse=g("corpse"))
        elif k == "give":
            self._give(e, out)
        elif k == "discard":
            what = g("what")
            if isinstance(what, str) and ":" in what:
                self._emit(out, k, "discard.tile", sid=g("sid"), tile=_tile(what))
            elif what in ("mask", "drug", "food", "cube"):
                self._emit(out, k, f"discard.{what}", sid=g("sid"))
            else:
                self._emit(out, k, "discard.weapon", sid=g("sid"))
        elif k in ("mask", "drug"):
            self._emit(out, k, k, sid=g("sid"))
        elif k == "drug-card":
            src = "discard" if g("source") == "discard" else "hand"
            self._emit(out, k, f"drug-card.{src}", sid=g("sid"), card=_card(g("card")))
        elif k == "switch":
            detail = next((j for j in range(i + 1, len(events)) if events[j].kind == "switch-detail"
                           and events[j].get("sid") == g("sid")), None)
            if detail is not None:
                used.add(detail)
                self._emit(out, k, "switch.to", sid=g("sid"), tile=_tile(events[detail].get("tile")))
            else:
                self._emit(out, k, "switch", sid=g("sid"))
        elif k == "switch-detail":
            self._emit(out, k, "switch.to", sid=g("sid"), tile=_tile(g("tile")))
        elif k == "camp":
            back = g("back")
            words = _join(_card_count(c) for c in back.split(",")) if back and back != "-" else word("camp.nothing")
            if g("source") == "food":
                self._emit(out, k, "camp.food", seat=g("seat"), payer=g("payer"), back=words)
            else:
                self._emit(out, k, "camp.corpse", seat=g("seat"), payer=g("payer"), corpse=g("source"),
                           back=words)
        elif k == "seen":
            weapons = _join(word(f"held.{w}", w) for w in g("weapons") or ())
            self._emit(out, k, "seen", [g("cell")], seat=g("seat"), sid=g("sid"), weapons=weapons)
        elif k == "team-seen":
            self._emit(out, k, "team-seen", seat=g("seat"), of=g("of"), team=g("team"))
        elif k == "team-revealed":
            self._emit(out, k, "team-revealed", seat=g("seat"), team=g("team"))
        elif k == "score":
            self._score(e, out)
        elif k == "escape":
            sid = g("sid")
            cell = self._pos.get(sid)
            self._pos[sid] = None
            if cell is None:
                self._emit(out, k, "escape.nocell", sid=sid)
            else:
                self._emit(out, k, "escape", [cell], sid=sid, cell=_cell(cell))
        elif k == "village":
            self._emit(out, k, "village", seat=g("seat"))
        elif k == "penalty":
            if g("choice") == "point":
                self._count(g("seat"), "penalties", 1)
            self._emit(out, k, f"penalty.{g('choice')}", seat=g("seat"))
        elif k == "end":
            self._emit(out, k, "end", reason=word(f"reason.{g('reason')}", g("reason")),
                       winners=_join(seat_word(w) for w in g("winners") or ()))
        else:
            self._emit(out, k, "other", kind=k)

    # -- moves -----------------------------------------------------------------------
    def _move(self, events, i, used, out):
        e = events[i]
        g = e.get
        sid, path, how = g("sid"), tuple(g("path") or ()), g("how")
        frm, to = (path[0], path[-1]) if path else (None, None)
        landing = g("from_boat") or any(x.kind == "cube" and x.get("how") == "boat" and x.get("sid") == sid
                                        for x in events[:i])
        cells = path
        if how == "escape":
            self._pos[sid] = None
            esc = next((j for j in range(i + 1, len(events)) if events[j].kind == "escape"
                        and events[j].get("sid") == sid), None)
            if esc is not None:
                used.add(esc)
            self._emit(out, "move", "move.escape", cells, sid=sid, frm=_cell(to))
            return
        if how in ("pushed", "carried"):
            self._pos[sid] = to
            if how == "pushed" and any(x.kind == "move" and x.get("sid") != sid and tuple(x.get("path") or ())[-1:] == (frm,)
                                       for x in events[i + 1:]):
                return  # told with the step that pushed it
            self._emit(out, "move", f"move.{how}", cells, sid=sid, to=_cell(to))
            return
        if how == "drop" and frm == to:
            self._pos[sid] = to
            # a soldier falling into a tunnelled cell, or dropping when its ground is taken away
            tunnelled = any(x.kind == "cube" and x.get("how") == "dig" and x.get("frm") == to
                            and x.get("sid") not in (None, sid) for x in events[:i])
            if any(x.kind == "cube" and x.get("how") == "dig" and x.get("frm") == to and x.get("sid") == sid
                   for x in events[:i]):
                return  # told by its own dig
            self._emit(out, "move", "move.fall" if tunnelled else "move.sink", [to], sid=sid, to=_cell(to))
            return
        self._pos[sid] = to
        step_from = path[-2] if len(path) >= 2 else frm
        d = _dir(step_from, to) if step_from != to else None
        if d is None and len(path) >= 2:
            d = _dir(path[0], to)
        dirw = _dir_word(d) if d else (word("dir.boat") if landing else "")
        # What the mover did on the way: pushed a cube or an ally, assaulted, destroyed a base.
        pushed_cube = next((x for x in events[:i] if x.kind == "cube" and x.get("how") == "push"
                            and x.get("sid") == sid and x.get("frm") == to), None)
        pushed_ally = next((x for x in events[:i] if x.kind == "move" and x.get("how") == "pushed"
                            and tuple(x.get("path") or ())[:1] == (to,)), None)
        victim = next((x for x in events if x.kind == "death" and x.get("cause") == "assault"
                       and x.get("cell") == to), None)
        base = next((x for x in events if x.kind == "cube" and x.get("how") == "destroy"
                     and x.get("cause") == "assault" and x.get("frm") == to), None)
        verb = "dash" if how == "dash" else "step"
        if how == "tunnel":
            self._emit(out, "move", "move.tunnel", cells, sid=sid, dir=dirw, to=_cell(to))
        elif pushed_cube is not None:
            self._emit(out, "move", "move.step.push", _cells(cells, pushed_cube.get("to")), sid=sid, dir=dirw,
                       to=_cell(to), beyond=_cell(pushed_cube.get("to")))
        elif pushed_ally is not None:
            ally_path = tuple(pushed_ally.get("path"))
            self._emit(out, "move", "move.step.ally", _cells(cells, ally_path), sid=sid, dir=dirw,
                       to=_cell(to), ally=pushed_ally.get("sid"), beyond=_cell(ally_path[-1]))
        elif victim is not None:
            self._emit(out, "move", f"move.{verb}.assault", cells, sid=sid, dir=dirw, to=_cell(to),
                       victim=victim.get("sid"))
        elif base is not None:
            kind = base.get("kind")
            if kind == "V":
                self._emit(out, "move", f"move.{verb}.village", cells, sid=sid, dir=dirw, to=_cell(to))
            else:
                self._emit(out, "move", f"move.{verb}.base", cells, sid=sid, dir=dirw, to=_cell(to), owner=kind)
        elif how == "dash":
            if landing or (len(path) >= 2 and path[0] == path[1]):
                self._emit(out, "move", "move.dash.land", cells, sid=sid, to=_cell(to))
            else:
                self._emit(out, "move", "move.dash", cells, sid=sid, dir=dirw, frm=_cell(frm), to=_cell(to))
        elif landing and frm == to:
            self._emit(out, "move", "move.land", cells, sid=sid, to=_cell(to))
        elif how in ("drop", "climb"):
            self._emit(out, "move", f"move.{how}", cells, sid=sid, dir=dirw, to=_cell(to))
        else:
            self._emit(out, "move", "move.step", cells, sid=sid, dir=dirw, to=_cell(to))

    def _turn(self, events, i, used, out):
        e = events[i]
        sid, after = e.get("sid"), e.get("after")
        for j in range(i + 1, len(events)):
            x = events[j]
            if x.kind == "cube" and x.get("how") == "carry" and x.get("sid") == sid:
                used.add(j)
                self._emit(out, "turn", "turn.cube", [x.get("pivot"), x.get("frm"), x.get("to")], sid=sid,
                           dir=_dir_word(after), frm=_cell(x.get("frm")), to=_cell(x.get("to")))
                return
            if x.kind == "move" and x.get("how") == "carried" and x.get("pivot") is not None \
                    and self._pos.get(sid) in (x.get("pivot"), None):
                used.add(j)
                path = tuple(x.get("path"))
                self._pos[x.get("sid")] = path[-1]
                self._emit(out, "turn", "turn.ally", [x.get("pivot"), *path], sid=sid, dir=_dir_word(after),
                           ally=x.get("sid"), frm=_cell(path[0]), to=_cell(path[-1]))
                return
            if x.kind in ("turn", "fire") or (x.kind == "move" and x.get("how") != "carried"):
                break
        cell = self._pos.get(sid)
        self._emit(out, "turn", "turn", [cell], sid=sid, dir=_dir_word(after))

    # -- cubes -----------------------------------------------------------------------
    def _cube(self, events, i, used, out):
        e = events[i]
        g = e.get
        how, sid, frm, to = g("how"), g("sid"), g("frm"), g("to")
        if how == "boat":
            return  # told by the landing move
        if how == "place":
            if sid:
                self._emit(out, "cube", "build", [to], sid=sid, cell=_cell(to))
            elif g("kind") in ("S", "W", "N", "E"):
                self._emit(out, "cube", "base", [to], seat=g("kind"), cell=_cell(to))
            else:
                self._emit(out, "cube", "cover", [to], cell=_cell(to))
        elif how == "push":
            # told with the step that pushed it, when it follows
            if any(x.kind == "move" and x.get("sid") == sid for x in events[i + 1:]):
                return
            self._emit(out, "cube", "move.step.push", [frm, to], sid=sid, dir=_dir_word(_dir(frm, to)),
                       to=_cell(frm), beyond=_cell(to))
        elif how == "carry":
            self._emit(out, "cube", "turn.cube", [frm, to], sid=sid, dir="", frm=_cell(frm), to=_cell(to))
        elif how == "collect":
            drop = next((j for j in range(i + 1, len(events)) if events[j].kind == "cube"
                         and events[j].get("how") == "drop" and events[j].get("frm") == frm), None)
            if drop is not None:
                used.add(drop)
                self._emit(out, "cube", "collect.daruma", [frm], sid=sid, cell=_cell(frm))
            else:
                self._emit(out, "cube", "collect", [frm], sid=sid, cell=_cell(frm))
        elif how == "dig":
            tunnel = next((j for j in range(i + 1, len(events)) if events[j].kind == "move"
                           and events[j].get("how") == "tunnel" and events[j].get("sid") == sid), None)
            if tunnel is not None:
                return  # told by the tunnel move
            faller = next((x for x in events[i + 1:] if x.kind == "move" and x.get("how") == "drop"
                           and tuple(x.get("path") or ())[:1] == (frm,) and x.get("sid") != sid), None)
            if sid and faller is not None:
                here = self._pos.get(sid)
                self._emit(out, "cube", "move.tunnel.under", [here, frm], sid=sid,
                           dir=_dir_word(_dir(here, frm)), to=_cell(frm), faller=faller.get("sid"))
            elif sid:
                self._emit(out, "cube", "dig", [frm], sid=sid, cell=_cell(frm))
            else:
                self._emit(out, "cube", "dig.remote", [frm], seat=self.seat or "?", cell=_cell(frm))
        elif how == "drop":
            self._emit(out, "cube", "wall.drop", [frm], cell=_cell(frm))
        elif how == "destroy":
            kind = g("kind")
            if g("cause") == "assault":
                # told with the assaulting move when it follows
                if any(x.kind == "move" and tuple(x.get("path") or ())[-1:] == (frm,) for x in events):
                    return
            if kind == "V":
                self._emit(out, "cube", "destroy.village", [frm], cell=_cell(frm))
            elif kind in ("S", "W", "N", "E"):
                self._emit(out, "cube", "destroy.base", [frm], owner=kind, cell=_cell(frm))
            else:
                # a shot that destroys its stopping cube is told with the shot
                if g("cause") == "shot" and any(x.kind == "fire" and x.get("destroy") and x.get("stop") == frm
                                                for x in events[:i]):
                    return
                self._emit(out, "cube", "destroy.bomb" if g("cause") == "bomb" else "destroy.shot", [frm],
                           cell=_cell(frm))

    # -- fire and gas -------------------------------------------------------------------
    def _fire(self, events, i, used, out):
        e = events[i]
        g = e.get
        sid, weapon, tile = g("sid"), g("weapon"), _tile(g("tile"))
        here = self._pos.get(sid)
        suffix = "" if here is not None else ".nofrom"
        if weapon == "gun":
            path = tuple(g("path") or ())
            first = path[0] if path else None
            d = _dir(here, first) if here is not None else None
            if d is None and len(path) > 1:
                d = _dir(path[0], path[1])
            dirw = _dir_word(d) if d else word("dir.ahead")
            hit, stop = g("hit"), g("stop")
            if hit is not None:
                cell = self._pos.get(hit)
                if cell is None:
                    death = next((x for x in events[i:] if x.kind == "death" and x.get("sid") == hit), None)
                    cell = death.get("cell") if death is not None else (path[-1] if path else None)
                if cell in path:
                    path = path[:path.index(cell) + 1]  # the line of fire runs on; the shot stopped here
                self._emit(out, "fire", "fire.gun.hit" + suffix, [here, path, cell], sid=sid, dir=dirw,
                           tile=tile, frm=_cell(here), victim=hit, cell=_cell(cell))
            elif stop is not None:
                key = "fire.gun.destroy" if g("destroy") else "fire.gun.stop"
                self._emit(out, "fire", key + suffix, [here, path, stop], sid=sid, dir=dirw, tile=tile,
                           frm=_cell(here), cell=_cell(stop))
            elif path:
                self._emit(out, "fire", "fire.gun.miss" + suffix, [here, path], sid=sid, dir=dirw, tile=tile,
                           frm=_cell(here), cell=_cell(path[-1]))
            else:
                self._emit(out, "fire", "fire.gun.none", [here], sid=sid, tile=tile)
        elif weapon == "bomb":
            target = g("target")
            self._emit(out, "fire", "fire.bomb" + suffix, [here, target], sid=sid, tile=tile, frm=_cell(here),
                       cell=_cell(target))
        else:
            target = g("target")
            place = next((j for j in range(i + 1, len(events)) if events[j].kind == "gas"
                          and events[j].get("how") == "place"), None)
            if place is not None:
                used.add(place)
                gid = events[place].get("gid")
                self._gas[gid] = [target, events[place].get("owner")]
                self._origin[gid] = (sid, target)
                self._emit(out, "fire", "fire.gas", [here, target], sid=sid, tile=tile, cell=_cell(target), gid=gid)
            else:
                self._emit(out, "fire", "fire.gas.nogid", [here, target], sid=sid, tile=tile, cell=_cell(target))

    def _gas_event(self, e, out):
        g = e.get
        gid, owner, how = g("gid"), g("owner"), g("how")
        path = tuple(g("path") or ())
        if how == "place":
            self._gas[gid] = [path[0], owner]
            self._emit(out, "gas", "gas.place", path, gid=gid, owner=owner, cell=_cell(path[0]))
        elif how == "flow":
            self._gas[gid] = [path[-1], owner]
            self._emit(out, "gas", "gas.flow", path, gid=gid, owner=owner, frm=_cell(path[0]), to=_cell(path[-1]))
        elif how == "leave":
            self._gas.pop(gid, None)
            self._emit(out, "gas", "gas.leave", path, gid=gid, owner=owner, cell=_cell(path[-1]))
        elif how == "drop":
            self._emit(out, "gas", "gas.drop", path, gid=gid, owner=owner, cell=_cell(path[-1]))

    # -- deaths ---------------------------------------------------------------------------
    def _death(self, events, i, out):
        e = events[i]
        g = e.get
        victim, cell, cause, killer = g("sid"), g("cell"), g("cause"), g("killer")
        self._dead.add(victim)
        self._pos[victim] = cell
        args = dict(victim=victim, cell=_cell(cell))
        if cause in ("gun", "bomb"):
            shooter = None
            for x in reversed(events[:i]):
                if x.kind == "fire" and x.get("weapon") == cause:
                    shooter = x.get("sid")
                    break
            origin = self._pos.get(shooter) if shooter else None
            who = shooter or killer or "?"
            if origin is None:
                self._emit(out, "death", f"death.{cause}.nofrom", [cell], killer=who, **args)
            else:
                self._emit(out, "death", f"death.{cause}", [cell, origin], killer=who, origin=_cell(origin), **args)
        elif cause == "assault":
            mover = next((x for x in events if x.kind == "move" and x.get("sid") != victim
                          and tuple(x.get("path") or ())[-1:] == (cell,)), None)
            if mover is not None:
                path = tuple(mover.get("path"))
                origin = path[-2] if len(path) >= 2 else None
                origin = origin if origin != cell else None
                if origin is None:
                    self._emit(out, "death", "death.assault.nofrom", [cell], killer=mover.get("sid"), **args)
                else:
                    self._emit(out, "death", "death.assault", [cell, origin], killer=mover.get("sid"),
                               origin=_cell(origin), **args)
            else:
                self._emit(out, "death", "death.assault.nofrom", [cell], killer=killer or "?", **args)
        elif cause == "gas":
            owner = killer or "?"
            if i > 0 and events[i - 1].kind == "gas-check" and events[i - 1].get("sid") == victim:
                self._emit(out, "death", "death.gas.check", [cell], owner=owner, **args)
                return
            gid = None
            for x in events[i + 1:]:
                if x.kind == "gas" and x.get("owner") == killer and cell in tuple(x.get("path") or ()):
                    gid = x.get("gid")
                    break
            if gid is None:
                here = [gg for gg, (c, o) in sorted(self._gas.items()) if c == cell and o == killer]
                gid = here[0] if here else None
            if gid is None:
                self._emit(out, "death", "death.gas", [cell], owner=owner, **args)
            elif gid in self._origin:
                firer, fired_on = self._origin[gid]
                self._emit(out, "death", "death.gas.fired", [cell, fired_on], owner=owner, gid=gid, firer=firer,
                           fired_on=_cell(fired_on), **args)
            else:
                self._emit(out, "death", "death.gas.gid", [cell], owner=owner, gid=gid, **args)
        elif cause and cause.startswith("buried"):
            faller = next((x.get("sid") for x in reversed(events[:i]) if x.kind == "move"
                           and x.get("how") == "drop"), "?")
            self._emit(out, "death", "death.buried", [cell], faller=faller, **args)
        else:
            self._emit(out, "death", "death.other", [cell], cause=cause, **args)

    # -- belongings ----------------------------------------------------------------------
    def _pickup(self, e, out):
        g = e.get
        sid, cell, what = g("sid"), g("cell"), tuple(g("what") or ())
        for item in ("food", "drug"):
            n = what.count(item)
            if n == 1:
                self._emit(out, "pickup", f"pickup.{item}.1", [cell], sid=sid, cell=_cell(cell))
            elif n > 1:
                self._emit(out, "pickup", f"pickup.{item}.n", [cell], sid=sid, cell=_cell(cell), count=n)
        for corpse in what:
            if corpse not in ("food", "drug"):
                self._pos[corpse] = None
                self._emit(out, "pickup", "pickup.corpse", [cell], sid=sid, corpse=corpse, cell=_cell(cell))

    def _give(self, e, out):
        g = e.get
        frm, to, what = g("frm"), g("to"), g("what")
        prefix = "console" if frm in self._dead else "give"
        if what == "weapons":
            self._emit(out, "give", "give.weapons", frm=frm, to=to)
        elif what in ("mask", "drug", "food", "cube"):
            self._emit(out, "give", f"{prefix}.{what}", frm=frm, to=to)
        elif isinstance(what, str) and ":" in what:
            self._emit(out, "give", f"{prefix}.tile", frm=frm, to=to, tile=_tile(what))
        elif what == "weapon":
            self._emit(out, "give", f"{prefix}.weapon", frm=frm, to=to)
        else:
            self._emit(out, "give", f"{prefix}.corpse", frm=frm, to=to, corpse=what)

    def _score(self, e, out):
        g = e.get
        seat, points, why = g("seat"), g("points"), g("why")
        field = {"kill": "kills", "ally-kill": "kills", "base": "bases", "empty-gun": "bonus"}.get(why)
        if field:
            self._count(seat, field, points)
            self._emit(out, "score", f"score.{why}.{'1' if points == 1 else 'n'}", seat=seat, points=points)
        else:
            self._emit(out, "score", "score.other", seat=seat, points=points, why=why)


def _assault_first(events: list) -> list:
    """An assault's move is told before the death or destroyed base it caused (TW-7.1): the core
    reports the victim first, the assaulter's arrival after."""
    for m, e in enumerate(events):
        if e.kind != "move" or e.get("how") in ("pushed", "carried", "escape", "drop"):
            continue
        to = tuple(e.get("path") or ())[-1:]
        first = next((j for j, x in enumerate(events[:m])
                      if (x.kind == "death" and x.get("cause") == "assault" and (x.get("cell"),) == to)
                      or (x.kind == "cube" and x.get("how") == "destroy" and x.get("cause") == "assault"
                          and (x.get("frm"),) == to)), None)
        if first is not None:
            return events[:first] + [e] + events[first:m] + events[m + 1:]
    return events


def describe_events(events, view=None) -> list:
    """The entries of ``events`` (one viewer's redacted events) read as one log."""
    log = Log(view)
    log.add(events)
    return log.entries


def group_entries(entries) -> list:
    """Entries grouped by round and turn: a new group whenever the round or the turn's seat changes."""
    groups: list = []
    current: list = []
    key = None
    for e in entries:
        k = (e.round, e.seat)
        if k != key and current:
            groups.append(_group(key, current))
            current = []
        key = k
        current.append(e)
    if current:
        groups.append(_group(key, current))
    return groups


def _group(key, entries) -> LogGroup:
    rnd, seat = key
    return LogGroup(rnd, seat, tuple(entries))


__all__ = ["PREFIX", "Term", "Joined", "catalog_key", "seat_word", "word", "Log", "LogEntry", "LogGroup",
           "describe_events", "group_entries", "tile_words", "card_words", "t"]
