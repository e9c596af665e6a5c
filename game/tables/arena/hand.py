"""Hand play at the Immortal Arena table (pure): one human decision, by mouse or by keyboard alone.

An :class:`ArenaHand` is made for the deciding seat from its view and its legal actions.  Acting
(IA-5.1) goes: pick a unit (click its card or pawn; Tab / arrows and Enter) -> its act list shows
every action of its type with its costs (the surcharge of a restricted unit, IA-4.4), forbidden
ones greyed with the core's reason and rule id -> pick one (click the line, its number, or
arrows and Enter) -> for an attack or a Revive the legal targets light up (an enemy in range that
the mêlée restriction forbids is marked, its reason shown on hover, IA-9.2) -> pick the target ->
the preview shows what will happen -> confirm (click it again, Enter).  Esc steps back.  In the
cancel window (IA-5.3) the defender gets the two choices with the cost and what a cancel stops.

Inputs return the :class:`~game.arena.actions.Action` to submit once a decision is complete
(else None).  ``gestures(action, keyboard)`` lists the inputs that make a given legal action,
for the synthesised-input autoplay.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.arena.actions import Action, make_action
from game.arena.legal import surcharge
from game.arena.model import SEATS
from game.i18n import language, tr

from .preview import Preview, preview, reason, sim_state
from .scene import Marks, unit_key
from .words import act_name, unit_name, unit_type_name


@dataclass(frozen=True)
class Choice:
    """A line of the act list (or of the cancel prompt): ``label`` with its costs; ``enabled``;
    ``reason`` (disabled: the core's refusal); ``actions`` the legal actions it leads to."""
    key: str
    label: str
    enabled: bool
    reason: str | None = None
    actions: tuple = ()
    detail: str = ""


def _uid_of(key) -> str | None:
    """The unit a clicked piece belongs to (its card, pawn, counters, markers)."""
    if isinstance(key, tuple) and len(key) >= 2:
        if key[0] in ("unit", "pawn", "chit") and isinstance(key[1], str):
            return key[1]
        if isinstance(key[0], tuple) and key[0][0] in ("damage", "spirit"):
            return key[0][1]
    return None


class ArenaHand:
    def __init__(self, view, seat: str, legal, lang: str | None = None):
        self.view = view
        self.seat = seat
        self.legal = tuple(Action.parse(a) for a in legal)
        self.lang = lang or language()
        self.table = view.table
        self.p = SEATS.index(seat)
        self.stage = "cancel" if view.phase == "cancel" else ("unit" if view.phase == "act" else "idle")
        self.unit: str | None = None          # selected uid
        self.choice: Choice | None = None
        self.target: Action | None = None
        self.cursor = 0                       # keyboard cursor in the current list
        self.hovered = None                   # piece key under the pointer
        self.hover_choice: int | None = None
        self._choices_cache: dict = {}
        self._preview_cache: dict = {}

    # --- what is on offer -------------------------------------------------------------------
    def own_units(self) -> list:
        """uids of the seat's living units, left to right."""
        base = 3 * self.p
        return [self.table.uids[base + k] for k in range(3) if self.view.units[base + k].living]

    def choices(self) -> list:
        """The act list of the selected unit, or the cancel prompt's two lines."""
        if self.stage == "cancel":
            return self._cancel_choices()
        if self.unit is None:
            return []
        got = self._choices_cache.get(self.unit)
        if got is None:
            got = self._choices_cache[self.unit] = self._unit_choices(self.unit)
        return got

    def _unit_choices(self, uid: str) -> list:
        view, t, lang = self.view, self.table, self.lang
        i = t.uids.index(uid)
        k = i % 3
        kind = t.types[k]
        u = view.units[i]
        st = sim_state(view)
        extra = surcharge(st, self.p, k, u) if u.living else None
        out = []
        for d in t.actions[k]:
            if d.kind in ("forward", "retreat"):
                cands = [make_action(self.seat, d.name, kind)]
            elif d.kind == "attack":
                cands = [make_action(self.seat, d.name, kind, (x,)) for x in t.types]
            else:
                steps = ("forward", "back", "stay")
                cands = [make_action(self.seat, "revive", kind, (s, x)) for s in steps for x in t.types]
            legal = tuple(a for a in cands if a in self.legal)
            why = None
            if not legal:
                why = self._first_reason(cands, d)
            out.append(Choice(d.name, self._label(d, extra), bool(legal), why, legal, self._detail(d)))
        return out

    def _first_reason(self, cands, d) -> str:
        # the most telling refusal: a fallen ally for Revive, a living enemy for an attack
        view, t = self.view, self.table
        def rank(a):
            if d.kind == "revive":
                j = 3 * self.p + t.type_index[a.args[1]]
                return (0 if not view.units[j].living else 1, 0 if a.args[0] != "stay" else 1)
            if d.kind == "attack":
                j = 3 * (1 - self.p) + t.type_index[a.args[0]]
                return (0 if view.units[j].living else 1,)
            return (0,)
        if d.kind == "revive" and all(view.units[3 * self.p + j].living for j in range(3)):
            return tr("arena.reason.no_fallen", lang=self.lang)
        for a in sorted(cands, key=rank):
            why = reason(view, a, self.lang)
            if why:
                return why
        return "IA-5.1"

    def _label(self, d, extra) -> str:
        lang = self.lang
        parts = []
        cost = d.cost + (extra or 0) if not self.table.dice else 0
        if cost:
            parts.append(tr("arena.cost.prov", lang=lang, n=cost))
        if d.spirit_cost:
            parts.append(tr("arena.cost.spirit", lang=lang, n=d.spirit_cost))
        if not parts:
            parts.append(tr("arena.cost.free", lang=lang))
        if extra and not self.table.dice:
            parts.append(tr("arena.reason.surcharge", lang=lang, n=extra))
        if d.kind == "attack" and not self.table.dice:
            if d.cancel is None:
                parts.append(tr("arena.cost.cancel_none", lang=lang))
            elif d.cancel >= 0:
                parts.append(tr("arena.cost.cancel", lang=lang, n=d.cancel))
            else:
                parts.append(tr("arena.cost.cancel", lang=lang, n=tr("arena.cost.target_damage", lang=lang)))
        return f"{act_name(d.name, lang)} — {' · '.join(parts)}"

    def _detail(self, d) -> str:
        return tr(f"arena.detail.{d.name}", lang=self.lang)

    def _cancel_choices(self) -> list:
        lang = self.lang
        legal = self.legal
        cancel = next((a for a in legal if a.verb == "cancel"), None)
        allow = next((a for a in legal if a.verb == "allow"), None)
        cost = self.cancel_cost()
        out = []
        if cancel is not None:
            out.append(Choice("cancel", f"{act_name('cancel', lang)} — {tr('arena.cost.prov', lang=lang, n=cost)}",
                              True, None, (cancel,)))
        if allow is not None:
            out.append(Choice("allow", act_name("allow", lang), True, None, (allow,)))
        return out

    def cancel_cost(self):
        """The cost of cancelling the pending act (IA-7), in the cancel window."""
        from game.arena.legal import cancel_cost
        pending = Action.parse(self.view.pending)
        t = self.table
        d = t.by_name[(t.type_index[pending.unit], pending.verb)]
        return cancel_cost(sim_state(self.view), d, 3 * self.p + t.type_index[pending.args[0]])

    def targets(self) -> tuple:
        """The target pieces of the chosen act: ``(piece key, action)`` of each legal target."""
        if self.choice is None:
            return ()
        out = []
        for a in self.choice.actions:
            if a.verb == "revive":
                out.append((unit_key(f"{self.seat}.{a.args[1]}"), a))
            elif a.args:
                other = SEATS[1 - self.p]
                out.append((unit_key(f"{other}.{a.args[0]}"), a))
        return tuple(out)

    def blocked_targets(self) -> dict:
        """Enemy units the chosen attack cannot reach now: piece key -> the core's reason
        (range, the mêlée restriction IA-9.2, fallen)."""
        if self.choice is None or not self.choice.actions or not self.choice.actions[0].args \
                or self.choice.actions[0].verb == "revive":
            return {}
        legal_keys = {k for k, _ in self.targets()}
        other = SEATS[1 - self.p]
        out = {}
        for kind in self.table.types:
            key = unit_key(f"{other}.{kind}")
            if key in legal_keys:
                continue
            a = make_action(self.seat, self.choice.key, self.unit.split(".")[1], (kind,))
            why = reason(self.view, a, self.lang)
            if why:
                out[key] = why
        return out

    def preview_of(self, action) -> Preview:
        a = str(action)
        got = self._preview_cache.get(a)
        if got is None:
            got = self._preview_cache[a] = preview(self.view, a, self.lang)
        return got

    # --- inputs -----------------------------------------------------------------------------
    def select_unit(self, uid: str):
        if uid in self.own_units():
            self.unit, self.choice, self.target = uid, None, None
            self.stage = "act"
            ch = self.choices()
            self.cursor = next((i for i, c in enumerate(ch) if c.enabled), 0)

    def choose(self, index: int):
        """Pick line ``index`` of the current list (act list or cancel prompt)."""
        ch = self.choices()
        if not 0 <= index < len(ch) or not ch[index].enabled:
            return None
        c = ch[index]
        if self.stage == "cancel":
            return c.actions[0]
        self.choice = c
        self.cursor = 0
        if c.actions and (c.actions[0].args or c.actions[0].verb == "revive"):
            self.stage = "target"
            self.target = None
        else:
            self.stage = "confirm"
            self.target = c.actions[0]
        return None

    def click(self, key):
        """A click on a piece (its pick key; None: the empty table)."""
        if self.stage in ("idle", "cancel"):
            return None
        if self.stage == "target":
            for k, a in self.targets():
                if k == key:
                    self.target = a
                    self.stage = "confirm"
                    return None
        if self.stage == "confirm":
            if self.target is not None and key is not None and (
                    key == self._target_key() or (self.target.args == () and _uid_of(key) == self.unit)):
                return self.target
        uid = _uid_of(key)
        if uid is not None and uid in self.own_units():
            self.select_unit(uid)
        return None

    def _target_key(self):
        for k, a in self.targets():
            if a == self.target:
                return k
        return None

    def back(self):
        if self.stage == "confirm":
            if self.choice is not None and self.choice.actions and (
                    self.choice.actions[0].args or self.choice.actions[0].verb == "revive"):
                self.stage, self.target = "target", None
            else:
                self.stage, self.choice, self.target = "act", None, None
        elif self.stage == "target":
            self.stage, self.choice = "act", None
        elif self.stage == "act":
            self.stage, self.unit = "unit", None

    def key(self, name: str):
        """A key: ``tab``/``right``/``down`` next, ``left``/``up`` previous, ``enter``/``space``
        pick, ``escape`` back, ``1``-``9`` a line of the list, ``c``/``a`` in the cancel window."""
        if self.stage == "idle":
            return None
        if name == "escape":
            self.back()
            return None
        if self.stage == "cancel":
            ch = self.choices()
            if name in ("c", "a"):
                for c in ch:
                    if c.key == ("cancel" if name == "c" else "allow"):
                        return c.actions[0]
            return self._list_key(name, ch)
        if self.stage == "unit":
            units = self.own_units()
            if name in ("tab", "right", "down", "left", "up") and units:
                step = -1 if name in ("left", "up") else 1
                self.cursor = (self.cursor + step) % len(units) if self.hovered_unit() else 0 if step > 0 else len(units) - 1
                self.hovered = unit_key(units[self.cursor])
            elif name in ("enter", "space") and units:
                uid = self.hovered_unit() or units[self.cursor % len(units)]
                self.select_unit(uid)
            return None
        if self.stage == "act":
            return self._list_key(name, self.choices())
        if self.stage == "target":
            ts = self.targets()
            if name in ("tab", "right", "down", "left", "up") and ts:
                step = -1 if name in ("left", "up") else 1
                if self.hovered in [k for k, _ in ts]:
                    self.cursor = (self.cursor + step) % len(ts)
                else:
                    self.cursor = 0 if step > 0 else len(ts) - 1
                self.hovered = ts[self.cursor][0]
            elif name in ("enter", "space") and ts:
                self.target = ts[self.cursor % len(ts)][1]
                self.stage = "confirm"
            return None
        if self.stage == "confirm" and name in ("enter", "space"):
            return self.target
        return None

    def _list_key(self, name, ch):
        if name.isdigit() and name != "0":
            return self.choose(int(name) - 1)
        if name in ("down", "tab", "right") and ch:
            self.cursor = (self.cursor + 1) % len(ch)
        elif name in ("up", "left") and ch:
            self.cursor = (self.cursor - 1) % len(ch)
        elif name in ("enter", "space") and ch:
            return self.choose(self.cursor)
        return None

    def hovered_unit(self):
        return _uid_of(self.hovered)

    # --- what the table shows -----------------------------------------------------------------
    def marks(self, dice=(), roll: float = 1.0) -> Marks:
        hl, grey = {}, set()
        if self.stage == "unit":
            for uid in self.own_units():
                hl[unit_key(uid)] = "legal"
        if self.unit is not None and self.stage in ("act", "target", "confirm"):
            hl[unit_key(self.unit)] = "selected"
        if self.stage in ("target", "confirm"):
            for k, a in self.targets():
                hl[k] = "target" if a == self.target else ("legal" if self.stage == "target" else hl.get(k, None))
            for k in self.blocked_targets():
                hl.setdefault(k, "warn")
        if self.stage == "confirm" and self.target is not None and not self.target.args:
            # a move: light the row it goes to
            pv = self.preview_of(self.target)
            for uid, frm, to, why in pv.moves:
                if uid == self.unit and frm is not None:
                    hl[("row", self.p, ("front", "middle", "back").index(to))] = "target"
        if self.hovered is not None and self.hovered not in hl:
            hl[self.hovered] = "hover"
        hl = {k: v for k, v in hl.items() if v}
        return Marks(hl, grey, tuple(dice), roll)

    def prompt(self) -> str:
        lang, seat = self.lang, self.seat
        if self.stage == "cancel":
            return tr("arena.prompt.cancel", lang=lang, seat=seat, **self._pending_words())
        if self.stage == "unit":
            return tr("arena.prompt.act", lang=lang, seat=seat)
        uname = unit_type_name(self.unit.split(".")[1], lang) if self.unit else ""
        if self.stage == "act":
            return tr("arena.prompt.choose", lang=lang, seat=seat, unit=uname)
        if self.stage == "target":
            return tr("arena.prompt.target", lang=lang, seat=seat, unit=uname, act=act_name(self.choice.key, lang))
        if self.stage == "confirm":
            return tr("arena.prompt.confirm", lang=lang)
        return ""

    def _pending_words(self) -> dict:
        pending = Action.parse(self.view.pending)
        cost = self.cancel_cost()
        return {"unit": unit_name(f"{pending.actor}.{pending.unit}", self.lang),
                "act": act_name(pending.verb, self.lang), "n": cost}

    def info_lines(self) -> list:
        """Lines under the prompt: the hovered piece's explanation, the preview of what is about
        to be chosen, what a cancel stops; restricted units' reasons."""
        lang = self.lang
        out = []
        if self.stage == "cancel":
            st = sim_state(self.view)
            allow = next((a for a in self.legal if a.verb == "allow"), None)
            if allow is not None:
                before = [u for u in st.units]
                evs = st.apply(allow)
                what = _effects(self.table, before, st, evs, lang)
                out.append(tr("arena.prompt.cancel_what", lang=lang, what="; ".join(what) or "—"))
            return out
        # restricted: why, and the surcharge
        uid = self.unit or self.hovered_unit()
        if uid is not None and uid.startswith(self.seat + "."):
            i = self.table.uids.index(uid)
            u = self.view.units[i]
            k = i % 3
            last_k, quick = self.view.last[self.p]
            if u.pinned:
                out.append(f"{unit_name(uid, lang)}: {tr('arena.reason.pinned', lang=lang)}")
            if last_k == k and not quick and self.view.rules.restrict_last_activated and u.living:
                out.append(f"{unit_name(uid, lang)}: {tr('arena.reason.last', lang=lang)}")
        if self.stage == "act":
            ch = self.choices()
            idx = self.hover_choice if self.hover_choice is not None else self.cursor
            if 0 <= idx < len(ch):
                c = ch[idx]
                if c.detail:
                    out.append(c.detail)
                if not c.enabled and c.reason:
                    out.append(c.reason)
                elif c.enabled and len(c.actions) == 1 and not c.actions[0].args:
                    out.extend(self.preview_of(c.actions[0]).lines)
        if self.stage in ("target", "confirm"):
            hov = self.hovered
            blocked = self.blocked_targets()
            if hov in blocked:
                why = blocked[hov]
                out.append(why)
                if why.startswith("IA-9.2"):
                    out.append(tr("arena.melee_rule", lang=lang))
            shown = None
            for k, a in self.targets():
                if k == hov:
                    shown = a
            shown = shown or self.target
            if shown is not None:
                out.extend(self.preview_of(shown).lines)
        return out

    # --- scripted input (autoplay) --------------------------------------------------------------
    def gestures(self, action, keyboard: bool = False) -> list:
        """The inputs that make ``action`` from this hand's start: ``("click", piece key)``,
        ``("choose", line index)`` or ``("key", name)``."""
        a = Action.parse(action)
        if self.stage == "cancel":
            if keyboard:
                return [("key", "c" if a.verb == "cancel" else "a")]
            idx = next(i for i, c in enumerate(self._cancel_choices()) if a in c.actions)
            return [("choose", idx)]
        uid = f"{a.actor}.{a.unit}"
        units = self.own_units()
        out = []
        if keyboard:
            out += [("key", "tab")] * (units.index(uid) + 1) + [("key", "enter")]
        else:
            out.append(("click", unit_key(uid)))
        ch = self._unit_choices(uid)
        idx = next(i for i, c in enumerate(ch) if a in c.actions)
        out.append(("key", str(idx + 1)) if keyboard else ("choose", idx))
        if a.args or a.verb == "revive":
            keys = [k for k, x in self._targets_of(ch[idx])]
            tk = next(k for k, x in self._targets_of(ch[idx]) if x == a)
            if keyboard:
                out += [("key", "tab")] * (keys.index(tk) + 1) + [("key", "enter"), ("key", "enter")]
            else:
                out += [("click", tk), ("click", tk)]
        else:
            out.append(("key", "enter") if keyboard else ("click", unit_key(uid)))
        return out

    def _targets_of(self, choice):
        saved = self.choice
        self.choice = choice
        try:
            return self.targets()
        finally:
            self.choice = saved


def _effects(table, before, after, events, lang) -> list:
    """Short phrases of what an allowed act did (for the cancel prompt)."""
    from .words import event_sentence
    out = []
    for e in events:
        if e.kind in ("damage", "pin", "kill", "spirit", "move", "waza-ari", "over"):
            s = event_sentence(e, lang, table.dice)
            if s:
                out.append(s.rstrip("。."))
        if e.kind == "turn":
            break
    return out
