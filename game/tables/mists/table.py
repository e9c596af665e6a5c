"""Two Mists' table for the shell: ``make_table()`` (``game.tables.TABLE_MODULES``).

What it answers (``game.ui.table.TableFrontEnd``): seat names and colours; every legal action in
words; where a person reaches it (a display card or a seat on the table, or a button: pass, the
Combo choice); the log panel and the game-over lines in sentences; the Rules pages; the scene
(``scene.mists_scene``, the viewer's greyed cards marked); the camera side of each seat; the
phase name for the autoplay tool.  Everything from a seat's view and its redacted events.

Not yet here (issue 20): the HUD painting (own character, greyed reasons, previews, the deduction
aid's panel) and the window's drawing of piece scenes, which the shell's renderer does not draw
yet (a ``PieceScene`` has no ``draw_kit``); see the modules ``hints`` and ``deduce`` for the texts.
"""

from __future__ import annotations

from game.mists.actions import Action
from game.mists.model import SEAT_INDEX
from game.mists.state import pointing_seat
from game.render.pieces.picking import TargetPick
from game.ui.table import TableFrontEnd

from . import endtext, hints, rules_text
from .deduce import deduce
from .logtext import Log
from .scene import SEAT_COLOURS, Marks, local, mists_scene, pointing_scene, seat_azimuth
from .words import card_word, t

#: the four sides of the table, seat A's first (clockwise as the seats sit)
SIDE_LETTERS = ("S", "W", "N", "E")


#: events worth an animation: a card taken, a card turned, the pointings revealed, the end
ANIMATED = ("take", "reveal", "pointing", "end")



def target_of_key(key):
    """The board target a piece stands for: a display card, or a seat (its card, mat, record, life)."""
    if isinstance(key, tuple) and key:
        if key[0] == "slot":
            return ("slot", key[1])
        if key[0] in ("char", "seatmat", "rec", "life", "name", "mark", "point"):
            return ("seat", key[1])
    return None


class MistsTable(TableFrontEnd):
    game = "two-mists"
    hidden_information = True
    camera_distance = 17.5
    plot_slot_count = 0

    def __init__(self):
        self._n = 4

    # --- identity and words ----------------------------------------------------------------
    def seat_name(self, seat) -> str:
        return t("table.spectator") if seat is None else str(seat)

    def seat_rgb(self, seat) -> tuple:
        if seat is None:
            return (200, 200, 200, 255)
        r, g, b = SEAT_COLOURS[SEAT_INDEX[seat]]
        return (int(r * 255), int(g * 255), int(b * 255), 255)

    def words(self, action, view=None) -> str:
        a = Action.parse(action)
        if a.verb == "take":
            card = view.display[view.rules.slots.index(a.args[0])] if view is not None else None
            return t("act.take", card=card_word(card).text() if card else "?", slot=a.args[0])
        if a.verb == "target" and view is not None and view.records[view.active] \
                and view.records[view.active][-1].card == "intimidate":
            return t("act.mark", seat=a.args[0])
        if a.verb in ("target", "heal", "point"):
            return t(f"act.{a.verb}", seat=a.args[0])
        if a.verb in ("pass", "extra", "decline"):
            return t(f"act.{a.verb}")
        return str(a)

    def log_model(self, ctl, seat) -> dict:
        log = Log()
        groups, current, title = [], [], t("group.setup")
        n = 0
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

    def end_lines(self, screen) -> list:
        ctl = screen.ctl
        view = ctl.view_for(None)
        if view.result is None:
            return []
        curse = None
        for _idx, e in ctl.events_for(None):
            if e.kind == "curse":
                curse = e.get("seat")
        return [p.text() for p in endtext.end_lines(view, curse)]

    def progress_words(self, view) -> str:
        if view.result is not None:
            return t("table.progress.over", turn=view.turn)
        return t("table.progress", turn=view.turn, seat=view.seats[view.active])

    def rules_pages(self, ruleset) -> list:
        return [(title.text(), [("h" if head else "p", p.text()) for head, p in blocks])
                for title, blocks in rules_text.rules_pages(ruleset)]

    def captions(self, spectator_events) -> list:
        keep = ("take", "pass", "pointing", "death", "curse", "end")
        return [e.text() for e in Log().add(spectator_events) if e.kind in keep]

    # --- the scene ---------------------------------------------------------------------------
    def marks_for(self, view) -> Marks:
        """The viewer's greyed display cards (only on that seat's own screen, TM-5.2), and the seats
        lit as targets when the viewer chooses one (another player; anyone for Arcana's heal)."""
        grey, lit = set(), {}
        me = SEAT_INDEX[view.viewer] if view.viewer is not None else None
        if me is not None and view.result is None and view.chars[me] is not None:
            grey = {("slot", h.slot) for h in hints.slot_hints(view) if not h.legal and h.card is not None}
            decider = pointing_seat(view) if view.phase == "point" else view.active
            if view.phase in ("target", "heal", "point") and decider == me and not view.draws:
                for s in range(view.n):
                    if s != me or (view.phase == "heal") or (view.phase == "point" and view.rules.scout_point_self):
                        lit[("char", view.seats[s])] = "legal"
        return Marks(highlight=lit, grey=grey)

    def scene_from_view(self, view):
        self._n = view.n
        self._scene = mists_scene(view, self.marks_for(view))
        return self._scene

    def animates(self, events) -> bool:
        return any(e.kind in ANIMATED for e in events)

    def animation(self, old_view, new_view, events, speed: float = 1.0):
        """Cards slide and turn over between the two views: a pass's reveal, the pointing chits going
        together into the record (TM-7.2), every card turned at the end (TM-11.2)."""
        if old_view is None or not self.animates(events):
            return None
        from game.render.pieces.animation import PieceAnimation
        start = mists_scene(old_view, self.marks_for(old_view))
        end = mists_scene(new_view, self.marks_for(new_view))
        steps = []
        for e in events:
            if e.kind == "pointing":       # every pointing turned up together before it joins the record
                steps.append((pointing_scene(old_view, e.get("points"), self.marks_for(old_view)), 1.0))
        seconds = 1.2 if any(e.kind == "end" for e in events) else 0.5
        return PieceAnimation(start, steps + [(end, seconds)], speed=speed)

    def bench_scene(self, i: int, moving: bool = False, relight: bool = False):
        """Frame ``i`` of the renderer benchmark: a mid-game table (a seeded random game), its cards
        sliding when ``moving``, the look turning to night when ``relight``."""
        from game.render.pieces.bench import bench_frame, random_game_view
        busy = getattr(self, "_busy", None)
        if busy is None:
            view = random_game_view("two-mists", 4, 11)
            busy = self._busy = mists_scene(view, self.marks_for(view))
        return bench_frame(busy, i, moving, relight)

    def pick(self, pose, px, py, width, height, scene):
        from game.render.pieces.picking import pick
        hit = pick(pose, px, py, width, height, scene)
        if hit is None:
            return None
        return TargetPick(hit.key, target_of_key(hit.key))

    def target_world_points(self, screen, target) -> list:
        scene = getattr(self, "_scene", None)
        if scene is None or target is None:
            return []
        if target[0] == "slot":
            p = scene.find(("slot", target[1]))
            return [(p.x, p.y, 0.05)] if p is not None else []
        i = SEAT_INDEX[target[1]]
        x, y = local(i, self._n, -1.9, 0.0)
        return [(x, y, 0.05)]

    def frame_offset(self, width, height):
        # the log panel takes the right of the window, the prompt and the hand the bottom left
        return (1.6, -3.2)

    # --- the camera and input -----------------------------------------------------------------
    def seat_side(self, seat) -> str:
        """A seat looks from behind its own place: the four sides at four seats; at three, a third
        of a turn apart (an azimuth: ``game.render.camera.side_azimuth``)."""
        if seat not in SEAT_INDEX or SEAT_INDEX[seat] >= self._n:
            return "S"
        return SIDE_LETTERS[SEAT_INDEX[seat]] if self._n == 4 else seat_azimuth(SEAT_INDEX[seat], self._n)

    @property
    def seat_keys(self) -> tuple:
        """The number keys 1.. snap to each seat's own view, in seat order."""
        return tuple(self.seat_side(s) for s in "ABCD"[:self._n])

    def target_of(self, action, view):
        a = Action.parse(action)
        self._n = view.n
        if a.verb == "take":
            return ("board", None, ("slot", a.args[0]))
        if a.verb in ("target", "heal", "point"):
            return ("board", None, ("seat", a.args[0]))
        return ("button",)

    def actor_at(self, pick):
        return None

    def phase_name(self, view) -> str:
        return "over" if view.result is not None else f"t{view.turn}-{view.phase}"


    # --- the HUD ------------------------------------------------------------------------------------
    #: the deduction aid's lines in the panel (the D key turns it off and on); None: on, except in
    #: the event mode (a visitor's table learns the game first)
    show_aid = None

    def aid_shown(self, screen) -> bool:
        if self.show_aid is not None:
            return self.show_aid
        return not any(type(m).__name__ == "EventMode" for m in getattr(screen, "modals", ()))

    def hud_lines(self, screen) -> list:
        """The bottom panel's rows: your character, the prompt, the hovered card's preview or the
        reason it is greyed, the hovered seat's outcome, and the deduction aid."""
        from game.ui.table_hud import CYAN, GOLD, GREY, PALE, RED
        view, ctl = screen.view, screen.ctl
        out = []
        if getattr(screen, "message", ""):
            out.append((screen.message, RED, 10.5))
        me = view.viewer
        if me is not None and view.result is None:
            char = view.chars[SEAT_INDEX[me]]
            if char is not None:
                out.append((t("hud.you_are", seat=me, char=t(f"char.{char}.name")), GOLD, 11.5))
        seat = ctl.deciding()
        if seat == me and me is not None and ctl.is_human(seat) and view.result is None:
            out.append((t(f"hud.prompt.{view.phase}"), GOLD, 11.5))
            hov = getattr(screen, "hover_pick", None)
            cell = hov.cell if hov is not None else None
            if view.phase == "take":
                out.append((hints.pass_hint(view).text(), PALE, 10))
                by_slot = {h.slot: h for h in hints.slot_hints(view)}
                if cell is not None and cell[0] == "slot":
                    h = by_slot[cell[1]]
                    if h.legal:
                        out += [(p.text(), CYAN, 10.5) for p in hints.take_preview(view, cell[1])]
                    elif h.why is not None:
                        out.append((h.why.text(), RED, 10.5))
            elif view.phase in ("target", "heal") and cell is not None and cell[0] == "seat":
                if cell[1] != me or view.phase == "heal":
                    out += [(p.text(), CYAN, 10.5) for p in hints.target_preview(view, cell[1])]
        elif view.result is None and seat not in ("chance", "terminal"):
            thinking = getattr(ctl, "thinking", None) == seat
            out.append((t("hud.thinking" if thinking else "hud.waiting", seat=seat), PALE, 10.5))
        if self.aid_shown(screen) and view.result is None:
            out.append((t("hud.aid"), GREY, 9.5))
            out += [(p.text(), PALE, 9.5) for p in deduce(view).lines()]
        out.append((t("hud.keys"), GREY, 8.5))
        return out

    def paint(self, screen, cv):
        from game.ui.table_hud import paint_table_hud
        view = screen.view
        head = t("hud.head", turn=view.turn, seat=view.seats[view.active]) if view.result is None \
            else t("hud.over")
        lives = " · ".join(f"{s} {view.life[i]}" for i, s in enumerate(view.seats))
        paint_table_hud(self, screen, cv, head=head, right=t("hud.lives", lives=lives), lines=self.hud_lines(screen),
                        choices_title=t("hud.choices"))

    def key(self, screen, symbol, modifiers):
        if symbol == ord("d"):                     # pyglet's key.D: the deduction aid on / off
            self.show_aid = not self.aid_shown(screen)

    def focus_items(self, screen) -> list:
        imap = screen.input_map()
        return [("choice", i) for i in range(len(imap.buttons))] if imap is not None else []

    def move_focus(self, screen, delta, symbol):
        items = self.focus_items(screen)
        if items:
            screen.focus = (screen.focus + delta) % len(items)

    def activate_focus(self, screen):
        imap = screen.input_map()
        if imap is not None and imap.buttons:
            screen.submit(imap.buttons[screen.focus % len(imap.buttons)])


def make_table() -> MistsTable:
    return MistsTable()

