"""Smoke Blood Steel's table for the shell: ``make_table()`` (``game.tables.TABLE_MODULES``).

What it answers (``game.ui.table.TableFrontEnd``): seat names and colours; every legal action in
words (names from the card data); where a person reaches it: a mech card of the pool, the plot
slots for the secret deployment (four slots: front, back, left, right) and the secret play (one
slot: the card with the half that lies upper, and with ``effect-at-play`` the effect), an escort
on the table for a hit, a destroy or a heal, buttons for the effect choice, two-escort hits and
the smoke shift; the log panel (with the numbered resolution), the game-over lines, the Rules
pages, the scene (``scene.steel_scene``), the camera sides (I south, II north), the phase name.

Not yet here (issue 21): the HUD painting (hand widget, telegraph panel, resolution panel) and the
window's drawing of piece scenes (a ``PieceScene`` has no ``draw_kit`` yet).
"""

from __future__ import annotations

from game.i18n import tr
from game.steel.actions import SEATS, Action
from game.steel.cards import SIDES
from game.render.pieces.picking import TargetPick
from game.ui.table import TableFrontEnd

from . import endtext, rules_text
from .logtext import Log
from .resolution import Resolution
from .scene import SEAT_ACCENT, steel_scene
from .faces import face_lines, unit_face
from .telegraph import half_preview
from .words import dist_word, move_word, named, side_word, t


#: events worth an animation
ANIMATED = ("reveal", "escorts", "move", "distance", "damage", "token", "destroyed", "heal", "recover", "end")



def target_of_key(key):
    """The board target a piece stands for: a mech of the pool, or an escort on the table."""
    if isinstance(key, tuple) and key:
        if key[0] == "pool":
            return ("pool", key[1])
        if key[0] in ("escort", "token"):
            return ("escort", key[1], key[2])
    return None


class SteelTable(TableFrontEnd):
    game = "smoke-blood-steel"
    hidden_information = True
    camera_distance = 19.5
    seat_keys = ("S", "N")

    def __init__(self):
        self._phase = "play"
        self._scene = None

    #: four slots for the deployment (front, back, left, right); a play uses the first only
    plot_slot_count = 4

    # --- identity and words -------------------------------------------------------------------
    def seat_name(self, seat) -> str:
        return t("table.spectator") if seat is None else str(seat)

    def seat_rgb(self, seat) -> tuple:
        if seat is None:
            return (200, 200, 200, 255)
        r, g, b = SEAT_ACCENT[SEATS.index(seat)]
        return (int(r * 255), int(g * 255), int(b * 255), 255)

    def _escort_name(self, view, seat: int, eid: str):
        return named(view.rules.card_set.escort(eid)).text()

    def words(self, action, view=None) -> str:
        a = Action.parse(action)
        cs = view.rules.card_set if view is not None else None
        if cs is None:
            return str(a)
        s = a.seat
        if a.verb == "mech":
            return t("act.mech", mech=named(cs.mech(a.args[0])).text())
        if a.verb == "deploy":
            return t("act.deploy", **{side: named(cs.escort(e)).text() for side, e in zip(SIDES, a.args)})
        if a.verb == "play":
            card = cs.command(a.args[0])
            half = card.half(a.args[1])
            word = (move_word(half.move) if half.kind == "move" else move_word("recover") if half.kind == "recover"
                    else side_word(half.target)).text()
            if len(a.args) == 3:
                unit = view.unit(s, half.target)
                eff = unit.effect(a.args[2]) if unit is not None else None
                return t("act.play_effect", card=named(card).text(), half=word,
                         effect=named(eff).text() if eff else a.args[2])
            return t("act.play", card=named(card).text(), half=word)
        if a.verb == "effect":
            seat, target = view.cursor[0], view.cursor[1]
            eff = view.unit(seat, target).effect(a.args[0])
            return t("act.effect", effect=named(eff).text())
        if a.verb in ("hit", "destroy", "heal"):
            return t(f"act.{a.verb}", name=named(cs.escort(a.args[0])).text())
        if a.verb == "hit2":
            x, y = (named(cs.escort(e)).text() for e in a.args)
            return t("act.hit2_same", a=x) if a.args[0] == a.args[1] else t("act.hit2", a=x, b=y)
        if a.verb == "shift":
            return t("act.shift", dist=dist_word(int(a.args[0])).text())
        return str(a)

    def log_model(self, ctl, seat) -> dict:
        log = Log(ctl.state.rules)
        groups, current, title, n = [], [], t("group.setup"), 0
        for _idx, e in ctl.events_for(seat):
            for entry in log.add([e]):
                if entry.kind == "turn":
                    if current:
                        groups.append((title, current))
                    current, title = [], entry.text()
                    continue
                current.append((n, entry.text()))
                n += 1
        if current:
            groups.append((title, current))
        return {"groups": groups, "cells": {}, "tally": None}

    def resolution_lines(self, ctl, seat) -> list:
        """This turn's items as numbered steps, for the resolution panel."""
        res = Resolution(ctl.state.rules)
        for _idx, e in ctl.events_for(seat):
            res.add([e])
        return res.lines()

    def end_lines(self, screen) -> list:
        view = screen.ctl.view_for(None)
        return [p.text() for p in endtext.end_lines(view)] if view.result is not None else []

    def progress_words(self, view) -> str:
        if view.phase == "over":
            return t("table.progress.over", turn=view.turn)
        return t("table.progress", turn=view.turn, clock=view.clock, cells=view.rules.clock_cells)

    def rules_pages(self, ruleset) -> list:
        return [(title.text(), [("h" if head else "p", p.text()) for head, p in blocks])
                for title, blocks in rules_text.rules_pages(ruleset)]

    def captions(self, spectator_events) -> list:
        keep = ("reveal", "damage", "destroyed", "end")
        rules = getattr(self, "_rules", None)
        if rules is None:
            return []
        return [e.text() for e in Log(rules).add(spectator_events) if e.kind in keep]

    # --- the scene ------------------------------------------------------------------------------
    def scene_from_view(self, view):
        self._phase = view.phase
        self._rules = view.rules
        self._scene = steel_scene(view)
        return self._scene

    def animates(self, events) -> bool:
        return any(e.kind in ANIMATED for e in events)

    def animation(self, old_view, new_view, events, speed: float = 1.0):
        """Pieces slide and turn between the two views: the escorts turned up together (SB-3.7),
        both plays turned up from their slots onto the piles (SB-4.2), the die, tokens, tracks."""
        if old_view is None or not self.animates(events):
            return None
        from game.render.pieces.animation import PieceAnimation
        start, end = steel_scene(old_view), steel_scene(new_view)
        seconds = 0.9 if any(e.kind in ("reveal", "escorts") for e in events) else 0.5
        return PieceAnimation(start, [(end, seconds)], speed=speed)

    def bench_scene(self, i: int, moving: bool = False, relight: bool = False):
        """Frame ``i`` of the renderer benchmark: a mid-game table (a seeded random game), its cards
        sliding when ``moving``, the look turning to night when ``relight``."""
        from game.render.pieces.bench import bench_frame, random_game_view
        busy = getattr(self, "_busy", None)
        if busy is None:
            view = random_game_view("smoke-blood-steel", 2, 11)
            busy = self._busy = steel_scene(view)
        return bench_frame(busy, i, moving, relight)

    def pick(self, pose, px, py, width, height, scene):
        from game.render.pieces.picking import pick
        hit = pick(pose, px, py, width, height, scene)
        return None if hit is None else TargetPick(hit.key, target_of_key(hit.key))

    def target_world_points(self, screen, target) -> list:
        if self._scene is None or target is None:
            return []
        key = ("pool", target[1]) if target[0] == "pool" else target
        p = self._scene.find(key)
        return [(p.x, p.y, 0.05)] if p is not None else []

    def frame_offset(self, width, height):
        # the log panel takes the right of the window, the prompt and the hand the bottom left
        return (1.6, -4.4)

    # --- the camera and input ----------------------------------------------------------------------
    def seat_side(self, seat) -> str:
        return "N" if seat == "II" else "S"

    def target_of(self, action, view):
        a = Action.parse(action)
        self._phase = view.phase
        if a.verb == "mech":
            return ("board", None, ("pool", a.args[0]))
        if a.verb == "deploy":
            return ("plot", tuple(a.args))
        if a.verb == "play":
            return ("plot", (":".join(a.args),))
        if a.verb in ("hit", "destroy", "heal") and view.cursor is not None:
            # the escort belongs to the effect's target (the owner's own for a heal, SB-12)
            owner = view.cursor[0] if a.verb == "heal" else 1 - view.cursor[0]
            for k, side in enumerate(SIDES):
                if view.sides[owner * 4 + k] == a.args[0]:
                    return ("board", None, ("escort", SEATS[owner], side))
        return ("button",)

    def phase_name(self, view) -> str:
        return "over" if view.phase == "over" else f"t{view.turn}-{view.phase}"


    # --- the HUD: prompt, telegraph, resolution, and the hand with its plot slots ---------------------
    def _plot_items(self, screen):
        """``(cards, slots_used)`` of the plot widget now: the choosable items (escort ids while
        deploying; ``card:half[:effect]`` for a play) and how many slots this decision fills."""
        imap = screen.input_map()
        if imap is None or not imap.plots:
            return [], 0
        keys = list(imap.plots)
        n = len(keys[0])
        items = []
        for k in keys:
            for c in k:
                if c not in items:
                    items.append(c)
        return items, n

    def focus_items(self, screen) -> list:
        items, n = self._plot_items(screen)
        out = [("card", c) for c in items] + [("slot", i) for i in range(n)] + ([("confirm",)] if n else [])
        imap = screen.input_map()
        if imap is not None:
            out += [("choice", i) for i in range(len(imap.buttons))]
        return out

    def move_focus(self, screen, delta, symbol):
        items = self.focus_items(screen)
        if items:
            screen.focus = (screen.focus + delta) % len(items)

    def activate_focus(self, screen):
        items = self.focus_items(screen)
        if items:
            item = items[screen.focus % len(items)]
            if item[0] == "choice":
                screen.submit(screen.input_map().buttons[item[1]])
            else:
                self.click(screen, item)

    def click(self, screen, k):
        items, n = self._plot_items(screen)
        if not n:
            return
        slots = screen.plot_slots
        imap = screen.input_map()
        if k[0] == "card":
            if n == 1:
                slots[0] = k[1]
            elif k[1] not in slots[:n] and None in slots[:n]:
                slots[slots[:n].index(None)] = k[1]
        elif k[0] == "slot" and k[1] < n:
            slots[k[1]] = None
        elif k[0] == "confirm":
            action = imap.plots.get(tuple(slots[:n]))
            if action is not None:
                for i in range(len(slots)):
                    slots[i] = None
                screen.submit(action)

    def back(self, screen):
        slots = screen.plot_slots
        for i in reversed(range(len(slots))):
            if slots[i] is not None:
                slots[i] = None
                return

    def _item_label(self, view, item: str) -> str:
        """Short words for a plot item: an escort's name, or the half that lies upper (and the effect)."""
        cs = view.rules.card_set
        if ":" not in item:
            return named(cs.escort(item)).text()
        parts = item.split(":")
        half = cs.command(parts[0]).half(parts[1])
        word = (move_word(half.move) if half.kind == "move" else move_word("recover") if half.kind == "recover"
                else side_word(half.target)).text()
        if len(parts) == 3:
            unit = view.unit(SEATS.index(view.viewer), half.target)
            eff = unit.effect(parts[2]) if unit is not None else None
            word += ": " + (named(eff).text() if eff else parts[2])
        return word

    def _paint_hand(self, screen, cv, y):
        """The plot widget: the choosable items as cards, the slots, the confirm button."""
        from game.render.hud import text_width
        from game.ui import widgets
        items, n = self._plot_items(screen)
        if not n:
            return y
        s = cv.scale
        view = screen.view
        focus = self.focus_items(screen)
        focused = focus[screen.focus % len(focus)] if focus else None
        x = 8 * s
        cw, ch = (90 * s, 50 * s)  # a whole hand (ten halves) to a row at 1280 wide: one row below the table
        log_w = 300 * s if screen.show_log else 0
        per_row = max(1, int((cv.width - log_w - 10 * s) // (cw + 6 * s)))
        rows = (len(items) + per_row - 1) // per_row
        slots = screen.plot_slots
        # slots and confirm on the first line
        sx = x
        for i in range(n):
            label = self._item_label(view, slots[i]) if slots[i] else t(f"hud.slot.{'play' if n == 1 else SIDES[i]}")
            w = max(120 * s, text_width(label, 9 * s) + 20 * s)
            cv.button(sx, y, w, 30 * s, label, ("slot", i), size=9, focused=focused == ("slot", i))
            sx += w + 6 * s
        ok = screen.input_map().plots.get(tuple(slots[:n])) is not None
        cv.button(sx, y, 120 * s, 30 * s, t("hud.confirm"), ("confirm",), size=10, enabled=ok,
                  focused=focused == ("confirm",))
        y += 36 * s
        for r in range(rows):
            for j, item in enumerate(items[r * per_row:(r + 1) * per_row]):
                cx = x + j * (cw + 6 * s)
                if ":" in item:
                    cid, tok = item.split(":")[:2]
                    tip = " ".join(p.text() for p in half_preview(view, view.viewer, cid, tok))
                else:
                    tip = " · ".join(face_lines(unit_face(view.rules.card_set.escort(item))))
                used = n > 1 and item in slots[:n]
                icon = ""
                if ":" in item:
                    cid, tok = item.split(":")[:2]
                    speed = view.rules.card_set.command(cid).half(tok).speed
                    icon = str(speed) if speed else ""
                widgets.paint_card(cv, cx, y, cw, ch, icon, self._item_label(view, item), enabled=not used,
                                   focused=focused == ("card", item), key=("card", item), tip=tip)
            y += ch + 6 * s
        return y

    def button_tip(self, action, view) -> str:
        """The hover tip of a choice: an effect's ops, distances and SP, and whether it works now."""
        a = Action.parse(action)
        if a.verb != "effect" or view.cursor is None:
            return ""
        from .telegraph import effect_lines
        eff = view.unit(view.cursor[0], view.cursor[1]).effect(a.args[0])
        return " ".join(p.text() for p in effect_lines(view, view.cursor[0], eff))

    def hud_lines(self, screen) -> list:
        from game.ui.table_hud import CYAN, GOLD, GREY, PALE, RED
        view, ctl = screen.view, screen.ctl
        out = []
        if getattr(screen, "message", ""):
            out.append((screen.message, RED, 10.5))
        seat = ctl.deciding()
        me = view.viewer
        if view.phase == "over":
            return out
        if seat == me and me is not None and ctl.is_human(seat):
            verb = legal_verb(ctl.legal_for(seat))
            out.append((t(f"hud.prompt.{verb}"), GOLD, 11.5))
            hov = screen.hover_region
            if hov is not None and isinstance(hov.key, tuple) and hov.key[0] == "card" and ":" in str(hov.key[1]):
                cid, tok = hov.key[1].split(":")[:2]
                out += [(p.text(), CYAN, 10) for p in half_preview(view, me, cid, tok)]
        elif seat not in ("chance", "terminal"):
            thinking = getattr(ctl, "thinking", None) == seat
            out.append((t("hud.thinking" if thinking else "hud.waiting", seat=seat), PALE, 10.5))
        if view.phase == "resolve" or (view.turn > 1 and view.phase == "play"):
            out += [(line, PALE, 9.5) for line in self.resolution_lines(ctl, me)[:6]]  # the rest in the log
        out.append((t("hud.keys"), GREY, 8.5))
        return out

    def head_words(self, view, who) -> str:
        """The title bar: the game, setup or the turn, and who decides (a chance draw in the
        catalog's words, 抽選 in Japanese, never the id "chance")."""
        if view.phase == "over":
            return t("hud.over")
        seat = tr("ui.hud.chance") if who == "chance" else self.seat_name(who)
        return t("hud.setup", seat=seat) if view.turn == 0 else t("hud.head", turn=view.turn, seat=seat)

    def paint(self, screen, cv):
        from game.ui.table_hud import paint_table_hud
        view = screen.view
        head = self.head_words(view, screen.ctl.deciding())
        right = t("hud.status", hp0=view.hp[0], hp1=view.hp[1], sp0=view.sp[0], sp1=view.sp[1],
                  dist=dist_word(view.dist).text(), clock=view.clock, cells=view.rules.clock_cells)
        paint_table_hud(self, screen, cv, head=head, right=right, lines=self.hud_lines(screen),
                        extra=lambda c, y: self._paint_hand(screen, c, y), choices_title=t("hud.choices"))

def legal_verb(actions) -> str:
    """The decision asked (``play``, ``deploy``, ``hit`` ...): the verb of the legal actions."""
    return str(actions[0]).split()[1] if actions else "wait"


def make_table() -> SteelTable:
    return SteelTable()
