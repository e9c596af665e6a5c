"""Trench War on the game screen: its HUD, its prompts, its plotting widget and its words.

The adapter :class:`TrenchUI` is what ``game.ui.screen.GameScreen`` asks about anything
specific to Trench War.  It reads only the shown seat's view (``screen.view``), the
legal actions the controller lends the deciding human, and the redacted log.
"""

from __future__ import annotations

import math

from game.i18n import language, tr
from game.render.hud import FRAME, text_width
from game.tables.trench.layout import cell_center
from game.render.palette import SEAT_COLOR
from game.trench.geometry import cell_name
from game.trench.state import ACTION_CARDS
from game.ui import widgets
from game.ui.choices import DIRECT
from game.tables.trench.board import target_of as _target_of
from game.ui.table import TableFrontEnd
from game.ui.uitext import Texts

#: The HUD's words: catalog keys ``ui.hud.*`` (the help overlay ``ui.help.*``; card names ``card.*``
#: and seat names ``seat.*``), read at paint time so a language switch shows at once.
TEXT = Texts("ui.hud")
HELP = Texts("ui.help")

#: A mark per seat that does not rely on colour (as the meeples' chest emblems).
#: Marks and icons drawn as text: every one a glyph of the bundled font (tests/i18n checks).
SEAT_MARK = {"S": "○", "W": "‖", "N": "▲", "E": "＋", "C": "·"}
FORECAST_MARK = {"same": "=", "calm": "○", "eclipse": "◐"}
CARD_ICON = {"move": "▶", "turn": "⇄", "build": "■", "fire": "◉", "dig": "▼", "equip": "◎",
             "camp": "△", "interrupt": "◆"}
#: Target highlight kinds by verb (overlays.TARGET_COLORS).
VERB_KIND = {"step": "move", "tunnel": "dig", "dash": "dash", "turn": "turn", "build": "build",
             "collect": "build", "fire": "fire", "dig": "dig", "give": "give", "mask": "self", "drug": "self",
             "switch": "self", "boat": "place", "base": "place", "food": "place", "cube": "place",
             "civilian": "place", "village": "place"}


#: Width of the right column (HUD units): the choices at its top, the lit target's outcome at its
#: foot, the log between; nothing of it is drawn over the table, so no board label is ever covered.
COLUMN_W = 300

#: Height of the board's top surface (the ground cubes' tops): the edge labels stand there, so from
#: any camera a label lines up with the cells it names (on the table, perspective moved a rank label
#: beside the row in front of its own).
BOARD_TOP_Z = 1.0
#: How far from the board's centre line the labels stand: beyond the landing boats (which lie from
#: 3.5 to 4.5), so no label is drawn over a boat beside another cell.
LABEL_OUT = 4.8


def board_label_spots(z=BOARD_TOP_Z):
    """[(world point, label)]: file letters beyond the south and north edges, rank numbers beyond
    the west and east edges, level with the board's top surface, so perspective never moves a label
    beside another cell line (tests/ui/test_board_labels.py picks the cell beside each)."""
    spots = []
    for i in range(7):
        spots += [((i - 3, -LABEL_OUT, z), "abcdefg"[i]), ((i - 3, LABEL_OUT, z), "abcdefg"[i]),
                  ((-LABEL_OUT, i - 3, z), str(i + 1)), ((LABEL_OUT, i - 3, z), str(i + 1))]
    return spots


def _try(module):
    try:
        return __import__(f"game.tables.trench.{module}", fromlist=[module])
    except Exception:  # noqa: BLE001 - the describe helper's modules may still be in progress
        return None


class TrenchUI(TableFrontEnd):
    """Trench War's table (``game.ui.table.TableFrontEnd``) for :class:`game.ui.screen.GameScreen`."""

    game = "trench-war"
    hidden_information = True  # plotted cards and carried weapons (TW-10)

    def __init__(self):
        self.actiontext = _try("actiontext")
        self.logtext = _try("logtext")
        self.sheet = _try("sheet")
        self.endtext = _try("endtext")
        self.preview = _try("preview")
        self._preview_cache = {}

    # --- identity --------------------------------------------------------------------------
    def seat_name(self, seat) -> str:
        if seat is None:
            return TEXT["spectator"]
        if seat in ("S", "W", "N", "E"):
            return tr(f"seat.{seat}")
        return TEXT.get(f"seat.{seat}", str(seat))

    def seat_rgb(self, seat):
        return widgets.rgb255(SEAT_COLOR.get(seat, (0.8, 0.8, 0.8)))

    def seat_label(self, seat) -> str:
        return TEXT["seat_label"].format(mark=SEAT_MARK.get(seat, ""), name=self.seat_name(seat))

    def frame_offset(self, width, height):
        """Camera pan (right, forward) in table units for the seat's home view."""
        return (0.0, -1.1)

    def frame_margins(self, width, height, screen):
        """(left, bottom, right, top) window pixels the HUD frame takes round the table."""
        from game.ui.screen import hud_scale
        s = hud_scale(width, height)
        return (0, 132 * s, COLUMN_W * s if self.column_shown(screen) else 0, 50 * s)

    def column_shown(self, screen) -> bool:
        """Is the right column there: the log, or words that must never cover the board and its
        labels (the choices, the lit target's outcome, the tutorial's panel)?  With the log hidden
        (L) the column comes only while a person decides, for the whole decision (choosing a
        soldier, and its outcome line, do not move the board)."""
        if screen.show_log:
            return True
        imap = screen.input_map()
        if imap is not None and (imap.buttons or imap.board):
            return True
        tutor = getattr(screen, "tutor", None)
        return tutor is not None and tutor in screen.modals

    # --- input ---------------------------------------------------------------------------------
    def target_of(self, action, view):
        return _target_of(action, view)

    def open_tutorial(self, shell) -> None:
        """The start menu's Tutorial: Trench War's guided lessons (:mod:`.tutorial`)."""
        from .tutorial import open_tutorial_menu
        open_tutorial_menu(shell)

    def answers_alone(self, action) -> bool:
        """May the screen give ``action`` itself when it is the seat's only legal one?  Yes for
        every Trench War prompt ("declare your Interrupt or wait" with nothing plotted, a single
        landing place ...): a question with one answer only slows the player down."""
        return True

    def actor_at(self, pk):
        return pk.sid

    def words(self, action, view=None) -> str:
        if self.actiontext is not None:
            try:
                return self.actiontext.action_words(action, view)
            except Exception:  # noqa: BLE001
                pass
        return str(action)

    def animates(self, events) -> bool:
        return any(e.kind in ("move", "turn", "cube", "death", "gas", "fire", "sink", "wind", "place")
                   for e in events)

    def focus_cell(self, events):
        for e in events:
            for k in ("cell", "to"):
                v = e.get(k)
                if isinstance(v, int):
                    return v
            p = e.get("path")
            if p:
                for c in p:
                    if isinstance(c, int):
                        return c
        return None

    def cell_screen_point(self, screen, cell):
        x, y = cell_center(cell)
        return screen.screen_point((x, y, float(screen.scene.heights[cell])))

    # --- the scene (game.ui.table) ----------------------------------------------------------------
    def scene_from_view(self, view):
        from .scene import scene_from_view
        return scene_from_view(view)

    def animation(self, old_view, new_view, events, speed=1.0):
        if not self.animates(events):
            return None
        from .animation import Animation
        return Animation(old_view, new_view, events, speed=speed)

    def overlays(self, screen):
        from .overlays import build_overlays
        spec = self.overlay_spec(screen) if screen.curtain is None else {}
        return build_overlays(screen.scene, **spec)

    def pick(self, pose, px, py, width, height, scene):
        from .picking import pick
        return pick(pose, px, py, width, height, scene)

    def look_name(self, scene):
        return scene.light

    def focus_point(self, events):
        cell = self.focus_cell(events)
        if cell is None:
            return None
        x, y = cell_center(cell)
        return (x, y, None)

    def target_world_points(self, screen, cell):
        """The cell's top first, then the table and the cube heights (a cell under a soldier), each
        at its centre and round it."""
        x, y = cell_center(cell)
        offsets = [(0, 0)] + [(dx, dy) for dx in (-0.35, 0, 0.35) for dy in (-0.35, 0, 0.35)]
        return [(x + dx, y + dy, z) for z in (float(screen.scene.heights[cell]), 0.0, 1.0, 2.0)
                for dx, dy in offsets]

    def actor_world_points(self, screen, sid):
        """Points on a soldier's figure, its chest first."""
        m = next((m for m in screen.scene.meeples if m.key == sid), None)
        if m is None:
            return []
        return [(m.x + dx, m.y + dy, m.z + dz) for dz in (0.5, 0.7, 0.3, 0.85, 0.1)
                for dx, dy in ((0, 0), (0.15, 0), (-0.15, 0), (0, 0.15), (0, -0.15))]

    def phase_name(self, view):
        return f"r{view.round}-{view.phase}"

    def progress_words(self, view):
        """``Round 3 · Plotting`` (the HUD's words), ``Setup · ...`` before round 1, or game over."""
        if getattr(view, "result", None) is not None:
            return TEXT["over"]
        rnd = getattr(view, "round", 0) or 0
        title = TEXT["round"].format(n=rnd) if rnd else TEXT["setup"]
        phase = TEXT.get(f"phase.{getattr(view, 'phase', '')}", "")
        return f"{title} · {phase}" if phase else title

    def rules_pages(self, ruleset):
        from .rules_pages import rules_pages
        return rules_pages(ruleset)

    def captions(self, spectator_events):
        from .captions import captions
        return captions(spectator_events)

    def event_hint(self, screen):
        from .hints import hint
        return hint(screen)

    def bench_scene(self, i, moving=False, relight=False):
        from .demo_views import bench_scene
        return bench_scene(i, moving, relight)

    # --- the log ---------------------------------------------------------------------------------
    def log_model(self, ctl, seat):
        """[(title, [(entry_id, text)])] and entry_id -> cells, from the seat's redacted events."""
        batches = {}
        for idx, e in ctl.events_for(seat):
            batches.setdefault(idx, []).append(e)
        groups, cells = [], {}
        if self.logtext is not None:
            try:
                log = self.logtext.Log()
                for idx in sorted(batches):
                    log.add(batches[idx])
                n = 0
                for g in log.groups():
                    rows = []
                    for entry in g.entries:
                        rows.append((n, entry.text))
                        cells[n] = tuple(entry.cells)
                        n += 1
                    groups.append((g.title, rows))
                return {"groups": groups, "cells": cells, "tally": log.tally()}
            except Exception:  # noqa: BLE001 - fall back to the core's event texts
                groups, cells = [], {}
        rows, n = [], 0
        for idx in sorted(batches):
            for e in batches[idx]:
                if e.text:
                    rows.append((n, e.text))
                    n += 1
        return {"groups": [("", rows)] if rows else [], "cells": cells, "tally": None}

    # --- overlays ---------------------------------------------------------------------------------
    def overlay_spec(self, screen):
        view = screen.view
        spec = {"highlights": [], "paths": [], "hover": None, "selected_point": None, "kinds": []}
        pk = screen.hover_pick
        spec["hover"] = pk.cell if pk is not None else None
        imap = screen.input_map()
        paths = []
        if imap is not None:
            actor = screen.actor
            if actor != "none":
                cells = imap.targets(actor)
                for c in cells:
                    acts = imap.actions_at(actor, c)
                    spec["kinds"].append((c, self.target_kind(view, acts[0])))
                if actor is not DIRECT:
                    m = next((m for m in screen.scene.meeples if m.key == actor), None)
                    if m is not None:
                        spec["selected_point"] = (m.x, m.y, m.z)
                    spec["kinds"] += [(c, "gas") for c in self.exposure(view, actor)]
                focus_cell = cells[screen.target_i % len(cells)] if cells else None
                if focus_cell is not None:
                    spec["focus"] = focus_cell
                hover_cell = spec["hover"] if spec["hover"] in cells else focus_cell
                if screen.menu is not None:
                    acts = [screen.menu["actions"][screen.menu["focus"]]]
                elif hover_cell is not None:
                    acts = imap.actions_at(actor, hover_cell)[:1]
                else:
                    acts = []
                for a in acts:
                    paths += self.preview_paths(view, a)
                    spec["kinds"] += self.preview_cells(view, a)
            else:
                if DIRECT in imap.board and len(imap.board) == 1:
                    for c in imap.targets(DIRECT):
                        acts = imap.actions_at(DIRECT, c)
                        spec["kinds"].append((c, VERB_KIND.get(acts[0].verb, "place")))
                else:  # the pieces that can act now
                    for a in imap.actors():
                        if a is DIRECT:
                            continue
                        m = next((m for m in screen.scene.meeples if m.key == a), None)
                        if m is not None and m.cell is not None:
                            spec["kinds"].append((m.cell, "actor"))
                gas_choices = [a for a in imap.buttons if a.verb == "gas"]
                for a in gas_choices:  # a deflection: both predicted paths, always
                    paths += self.preview_paths(view, a)
                    spec["kinds"] += self.preview_cells(view, a)
                if imap.buttons and not gas_choices:
                    i = screen.focus if screen.focus < len(imap.buttons) else None
                    hov = screen.hover_region
                    if hov is not None and hov.key[0] == "choice":
                        i = hov.key[1]
                    if i is not None and i < len(imap.buttons):
                        paths += self.preview_paths(view, imap.buttons[i])
                        spec["kinds"] += self.preview_cells(view, imap.buttons[i])
        if screen.log_hover is not None:
            for c in screen.log_model["cells"].get(screen.log_hover, ()):
                spec["kinds"].append((c, "log"))
        if screen.show_forecast and screen.anim is None:
            paths += self.forecast(view)
        spec["paths"] = paths
        return spec

    def forecast(self, view):
        if getattr(self, "_fc_for", None) is not view:
            from game.tables.trench.forecast import predicted_gas_paths
            try:
                self._fc = predicted_gas_paths(view)
            except Exception:  # noqa: BLE001
                self._fc = []
            self._fc_for = view
        return self._fc

    def preview_of(self, view, action):
        if self.preview is None:
            return None
        key = (id(view), str(action), language())  # the lines are words of the language of the moment
        if key not in self._preview_cache:
            if len(self._preview_cache) > 256:
                self._preview_cache.clear()
            try:
                self._preview_cache[key] = self.preview.preview(view, action)
            except Exception:  # noqa: BLE001 - a preview is a nicety, never a crash
                self._preview_cache[key] = None
        return self._preview_cache[key]

    def preview_paths(self, view, action):
        p = self.preview_of(view, action)
        if p is None:
            return []
        out = []
        if len(p.path) > 1:
            out.append(("dash" if action.verb == "dash" else "move", tuple(p.path)))
        if p.line:
            out.append(("fire", tuple(p.line)))
        for route in p.gas:
            if len(route.cells) > 1:
                out.append(("gas", tuple(route.cells)))
        return out

    def target_kind(self, view, action):
        """How a target is highlighted: by what the action does there (a step that pushes or
        climbs, a carry, a dash, a shot, a bomb, a gas shell, a dig, a build ...)."""
        verb = action.verb
        if verb == "step":
            p = self.preview_of(view, action)
            if p is not None and p.shifts:
                return "push"
            if p is not None and len(p.path) > 1:
                s = next((x for x in view.soldiers if x.sid == action.actor), None)
                end = p.path[-1]
                if s is not None and s.cell is not None and end is not None and s.status == "board" \
                        and view.columns and len(view.columns[end]) > len(view.columns[s.cell]):
                    return "climb"
            return "move"
        if verb == "turn" and "carry" in action.args:
            return "carry"
        if verb == "fire":
            s = next((x for x in view.soldiers if x.sid == action.actor), None)
            kind = s.weapons[0].kind if s is not None and s.weapons else "?"
            return {"bomb": "bomb", "gas": "gas"}.get(kind, "fire")
        return VERB_KIND.get(verb, "move")

    def exposure(self, view, sid):
        """Cells where ``sid`` would stand in resting gas (from the viewer's view only)."""
        if self.preview is None:
            return ()
        key = ("exposure", id(view), sid)
        if key not in self._preview_cache:
            try:
                self._preview_cache[key] = tuple(self.preview.exposure_cells(view, sid))
            except Exception:  # noqa: BLE001
                self._preview_cache[key] = ()
        return self._preview_cache[key]

    def preview_cells(self, view, action):
        """Telegraphed cells: a bomb's or gas shell's cell, where a shot stops, who would die,
        cubes destroyed, and where a soldier would stand in gas."""
        p = self.preview_of(view, action)
        if p is None:
            return []
        out = []
        if p.target is not None and action.verb == "fire":
            out.append((p.target, "fire"))
        if p.stop is not None:
            out.append((p.stop, "fire"))
        for c in p.destroyed:
            out.append((c, "fire"))
        for k in p.kills:
            if k.cell is not None:
                out.append((k.cell, "danger"))
        for e in p.exposed:
            if e.cell is not None:
                out.append((e.cell, "gas"))
        return out

    def preview_lines(self, view, action):
        p = self.preview_of(view, action)
        return list(p.lines) if p is not None else []

    # --- plotting widget --------------------------------------------------------------------------
    def _hand(self, screen):
        seat = screen.shown_seat
        hands = getattr(screen.view, "hands", {}) or {}
        return hands.get(seat) if seat is not None else None

    def plot_state(self, screen):
        """(kinds left in hand with counts, allowed next kinds, the plot action if complete)."""
        imap = screen.input_map()
        hand = self._hand(screen)
        if imap is None or not imap.plots or hand is None:
            return None
        a, b = screen.plot_slots
        counts = {k: ACTION_CARDS.count(hand, k) for k in ACTION_CARDS.kinds}
        for c in (a, b):
            if c is not None:
                counts[c] -= 1
        if a is None:
            allowed = {cards[0] for cards in imap.plots}
        elif b is None:
            allowed = {cards[1] for cards in imap.plots if len(cards) == 2 and cards[0] == a}
        else:
            allowed = set()
        chosen = tuple(c for c in (a, b) if c is not None)
        return counts, allowed, imap.plots.get(chosen)

    def focus_items(self, screen):
        imap = screen.input_map()
        if imap is None:
            return []
        if imap.plots:
            ps = self.plot_state(screen)
            if ps is None:
                return []
            counts = ps[0]
            hand = self._hand(screen)
            items = [("card", k) for k in ACTION_CARDS.kinds if ACTION_CARDS.count(hand, k)]
            return items + [("slot", 0), ("slot", 1), ("swap",), ("confirm",)] if counts is not None else items
        return [("choice", i) for i in range(len(imap.buttons))]

    def move_focus(self, screen, delta, symbol):
        items = self.focus_items(screen)
        if items:
            screen.focus = (screen.focus + delta) % len(items)
            self._scroll_to_focus(screen)

    def _scroll_to_focus(self, screen):
        rows = getattr(self, "_choice_rows", 10)
        if screen.focus < screen.choice_first:
            screen.choice_first = screen.focus
        elif screen.focus >= screen.choice_first + rows:
            screen.choice_first = screen.focus - rows + 1

    def activate_focus(self, screen):
        """Enter: the focused item; a full plot is confirmed ("Confirm (Enter)") unless the focus
        sits on a slot or on Swap, which Enter then works."""
        items = self.focus_items(screen)
        if not items:
            return
        item = items[screen.focus % len(items)]
        ps = self.plot_state(screen) if item[0] == "card" else None
        if ps is not None and ps[2] is not None and self._plot_full(screen, ps):
            self.click(screen, ("confirm",))
            return
        self.click(screen, item)

    @staticmethod
    def _plot_full(screen, ps):
        """Both slots filled, or the 1st filled and no card may follow it."""
        a, b = screen.plot_slots
        return a is not None and (b is not None or not ps[1])

    def _focus_confirm(self, screen):
        """Put the keyboard focus on Confirm once the plot is full (Enter then confirms it)."""
        ps = self.plot_state(screen)
        if ps is None or ps[2] is None or not self._plot_full(screen, ps):
            return
        items = self.focus_items(screen)
        if ("confirm",) in items:
            screen.focus = items.index(("confirm",))

    def click(self, screen, k):
        kind = k[0]
        imap = screen.input_map()
        if kind == "help":
            screen.show_help = False
            return
        if imap is None or kind in ("panel", "info", "score"):
            return
        if kind == "choice":
            if k[1] < len(imap.buttons):
                screen.submit(imap.buttons[k[1]])
            return
        ps = self.plot_state(screen)
        if ps is None:
            return
        counts, allowed, action = ps
        slots = screen.plot_slots
        if kind == "card":
            card = k[1]
            if counts.get(card, 0) <= 0:
                return
            if card not in allowed:
                screen.message = self.card_reason(screen, card)
                return
            slots[0 if slots[0] is None else 1] = card
            screen.message = ""
            self._focus_confirm(screen)
        elif kind == "slot":
            i = k[1]
            if slots[i] is not None:
                slots[i] = None
                if i == 0 and slots[1] is not None:  # the 2nd card moves up
                    slots[0], slots[1] = slots[1], None
                    if (slots[0],) not in imap.plots:
                        slots[0] = None
        elif kind == "swap":
            a, b = slots
            if a is not None and b is not None and (b, a) in imap.plots:
                slots[0], slots[1] = b, a
        elif kind == "confirm":
            if action is not None:
                screen.submit(action)

    def drop(self, screen, card_key, slot):
        """A card dragged onto slot 1 or 2 (the 2nd only once the 1st holds a card)."""
        slots = screen.plot_slots
        if slot == 1 and slots[0] is None:
            slot = 0
        if slots[slot] is not None:
            old = slots[slot]
            slots[slot] = None
            if slot == 0 and slots[1] is not None and (slots[1],) not in screen.imap.plots:
                slots[0], slots[1] = old, slots[1]  # keep a plot the core allows
                return
        self.click(screen, card_key)

    def back(self, screen):
        slots = screen.plot_slots
        if slots[1] is not None:
            slots[1] = None
        elif slots[0] is not None:
            slots[0] = None

    def key(self, screen, symbol, modifiers):
        from pyglet.window import key
        if symbol == key.X:
            self.click(screen, ("swap",))

    def card_reason(self, screen, card):
        seat = screen.shown_seat
        msg = screen.ctl.reason(seat, f"{seat} plot {card}") if screen.plot_slots[0] is None else \
            screen.ctl.reason(seat, f"{seat} plot {screen.plot_slots[0]} {card}")
        if msg and self.actiontext is not None:
            try:
                msg = self.actiontext.reason_words(msg)
            except Exception:  # noqa: BLE001
                pass
        return msg or ""

    # --- painting ---------------------------------------------------------------------------------------
    def paint(self, screen, cv):
        s = cv.scale
        self.top_h, self.bottom_h = 50 * s, 132 * s
        self.log_w = COLUMN_W * s if self.column_shown(screen) else 0
        self.paint_board_labels(screen, cv)
        cv.layer = FRAME
        self.paint_top(screen, cv)
        self.paint_bottom(screen, cv)
        cv.layer = 1
        self.paint_column(screen, cv)
        self.paint_prompt(screen, cv)
        cv.layer = 2
        if screen.menu is not None:
            labels = [self.words(a, screen.view) for a in screen.menu["actions"]]
            widgets.paint_menu(cv, screen.menu["x"], screen.menu["y"], labels, screen.menu["focus"],
                               title=TEXT["menu"])
        if screen.ctl.is_over() and screen.anim is None:
            widgets.paint_game_over(cv, self.end_lines(screen), to_menu=screen.on_game_over_quit is not None)
        if screen.show_help:
            self.paint_help(cv)
        hov = screen.hover_region
        if hov is not None and hov.tip:
            cv.layer = 3
            self.paint_tip(cv, hov)

    def paint_help(self, cv):
        s = cv.scale
        w = min(cv.width - 40 * s, 760 * s)
        lines = []
        for para in HELP["text"].split("\n"):
            lines += widgets.wrap_lines(para, w - 40 * s, 10.5 * s) + [""]
        h = (44 + 16 * len(lines)) * s
        x, y = (cv.width - w) / 2, max(4, (cv.height - h) / 2)
        cv.panel(x, y, w, h, color=(16, 14, 12, 245), edge=(255, 214, 120, 255))
        cv.region(x, y, w, h, ("help",))
        cv.text(HELP["title"], x + 20 * s, y + h - 26 * s, 13, (255, 226, 150, 255), bold=True)
        for i, line in enumerate(lines):
            cv.text(line, x + 20 * s, y + h - 50 * s - i * 16 * s, 10.5)

    def paint_tip(self, cv, r):
        s = cv.scale
        lines = widgets.wrap_lines(r.tip, 380 * s, 10 * s)
        w = max(text_width(t, 10 * s) for t in lines) + 16 * s
        h = len(lines) * 15 * s + 10 * s
        if r.key[0] in ("choice", "menu") and r.x + r.w + w + 10 * s < cv.width:
            x, y = r.x + r.w + 8 * s, r.y + r.h - h  # beside the row, not over its neighbours
        elif r.key[0] == "choice" and r.x - w - 8 * s > 0:
            x, y = r.x - w - 8 * s, max(4 * s, r.y + r.h - h)  # a row of the right column: on its left
        elif r.key[0] in ("card", "slot") and getattr(self, "bottom_h", None):
            x = min(r.x, cv.width - w - 4)
            y = self.bottom_h + 4 * s  # above the hand's panel: "Your hand" and "1st" stay readable
        else:
            x = min(r.x, cv.width - w - 4)
            y = r.y + r.h + 4 * s
            if y + h > cv.height:
                y = r.y - h - 4 * s
        cv.panel(x, y, w, h, color=(10, 10, 10, 235))
        for i, t in enumerate(lines):
            cv.text(t, x + 8 * s, y + h - 16 * s - i * 15 * s, 10)

    def paint_board_labels(self, screen, cv):
        """File letters and rank numbers along the board's edges, and N on the table."""
        spots = board_label_spots()
        s = cv.scale
        # only where no HUD strip is drawn: above the prompt and key strip, left of the log, below the top bar
        low = getattr(self, "prompt_top", self.bottom_h + 40 * s) + 2 * s
        right = cv.width - self.log_w - 4 * s
        high = cv.height - self.top_h - 4 * s
        for p, (_, label) in zip(screen.screen_points([w for w, _ in spots]), spots):
            if p is not None and 4 * s <= p[0] <= right and low <= p[1] <= high:
                # a dark drop shadow keeps the letter readable over bright wood
                cv.text(label, p[0] + 1, p[1] - 1, 10, (0, 0, 0, 230), anchor_x="center", anchor_y="center",
                        bold=True)
                cv.text(label, p[0], p[1], 10, (255, 246, 220, 255), anchor_x="center", anchor_y="center",
                        bold=True)
        p, q = screen.screen_point((-4.4, 5.0, 0.05)), screen.screen_point((-4.4, 4.3, 0.05))
        if p is not None and q is not None:
            ang = math.atan2(p[1] - q[1], p[0] - q[0])
            cv.arrow(q[0], q[1], ang, 26 * cv.scale, (255, 246, 220, 230), width=3)
            cv.text(TEXT["compass"], p[0] + math.cos(ang) * 6, p[1] + math.sin(ang) * 6, 11,
                    (255, 246, 220, 255), anchor_x="center", anchor_y="center", bold=True)

    def who_decides(self, screen):
        ctl = screen.ctl
        d = ctl.deciding()
        if d == "terminal":
            return TEXT["over"], None
        if d == "chance":
            return TEXT["chance"], None
        if ctl.thinking == d:
            dots = "·" * (1 + int(screen.clock * 3) % 3)
            return f'{TEXT["thinking"].format(name=self.seat_name(d))} {dots}', d
        return TEXT["decides"].format(name=self.seat_name(d)), d

    def paint_top(self, screen, cv):
        s = cv.scale
        v = screen.view
        h = self.top_h
        y0 = cv.height - h
        cv.panel(0, y0, cv.width, h)
        cy = y0 + h / 2
        x = 10 * s
        rnd = getattr(v, "round", 0) or 0
        title = TEXT["round"].format(n=rnd) if rnd else TEXT["setup"]
        phase = TEXT.get(f"phase.{getattr(v, 'phase', '')}", "")
        cv.text(title, x, cy + 6 * s, 13, bold=True)
        cv.text(phase, x, cy - 12 * s, 9.5, (215, 205, 185, 255))
        # the next block moves right when a long phase name (or a wider language) needs it
        x += max(110 * s, text_width(title, 13 * s, bold=True) + 12 * s, text_width(phase, 9.5 * s) + 12 * s)
        who, seat = self.who_decides(screen)
        if seat is not None:
            cv.circle(x + 10 * s, cy, 10 * s, self.seat_rgb(seat))
            cv.text(SEAT_MARK.get(seat, ""), x + 10 * s, cy, 10, (20, 20, 20, 255), anchor_x="center",
                    anchor_y="center", bold=True)
        cv.text(who, x + 26 * s, cy, 11, anchor_y="center")
        x += max(170 * s, 26 * s + text_width(who.rstrip(" ·"), 11 * s) + 24 * s)  # steady while the dots move
        # day / night / eclipse: from the scene being drawn, so it changes with the picture
        sc = screen.scene
        look = sc.light
        if look == "day":
            cv.circle(x + 12 * s, cy, 10 * s, (255, 214, 90, 255))
        elif look == "night":
            cv.circle(x + 12 * s, cy, 10 * s, (220, 226, 255, 255))
            cv.circle(x + 17 * s, cy + 4 * s, 9 * s, (18, 16, 14, 255))
        else:
            cv.circle(x + 12 * s, cy, 11 * s, (255, 170, 80, 255))
            cv.circle(x + 12 * s, cy, 9 * s, (30, 20, 20, 255))
        cv.text(TEXT[look], x + 28 * s, cy, 10.5, anchor_y="center")
        cv.region(x, y0, 80 * s, h, ("info", "look"), TEXT[look])
        x += 90 * s
        # wind as a compass arrow turned like the table
        wind = getattr(v, "wind", None)
        cv.circle(x + 16 * s, cy, 15 * s, (60, 54, 46, 255))
        if wind in ("n", "e", "s", "w"):
            dx, dy = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}[wind]
            p0, p1 = screen.screen_point((0, 0, 0)), screen.screen_point((dx, dy, 0))
            ang = math.atan2(p1[1] - p0[1], p1[0] - p0[0]) if p0 and p1 else math.pi / 2
            cv.arrow(x + 16 * s, cy, ang, 24 * s, (140, 220, 255, 255), width=3 * s)
        else:
            cv.text("·", x + 16 * s, cy, 12, anchor_x="center", anchor_y="center")
        wname = TEXT[f"wind.{wind}"] if wind in ("n", "e", "s", "w", "calm") else TEXT["wind_none"]
        wtext = TEXT["wind_now"].format(wind=wname)
        cv.text(wtext, x + 36 * s, cy + 8 * s, 9.5)
        forecasts = tuple(getattr(v, "forecasts", ()) or ())
        fc = TEXT["list_sep"].join(TEXT.get(f"wind.{c}", c) for c in forecasts) or TEXT["wind_none"]
        label = self.forecast_words(forecasts)
        cv.text(label, x + 36 * s, cy - 12 * s, 8.5, (215, 205, 185, 255))
        fx = x + 36 * s + text_width(label, 8.5 * s) * 1.15 + 8 * s  # measured at a larger size: room to spare
        for card in forecasts:  # the open forecast cards, drawn as small cards
            cv.rect(fx, y0 + 4 * s, 22 * s, h / 2 - 6 * s, (236, 226, 200, 250), border=(90, 74, 50, 255))
            ccx, ccy = fx + 11 * s, y0 + 4 * s + (h / 2 - 6 * s) / 2
            if card in ("n", "e", "s", "w"):
                dx, dy = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}[card]
                p0, p1 = screen.screen_point((0, 0, 0)), screen.screen_point((dx, dy, 0))
                ang = math.atan2(p1[1] - p0[1], p1[0] - p0[0]) if p0 and p1 else math.pi / 2
                cv.arrow(ccx, ccy, ang, 14 * s, (30, 60, 90, 255), width=2 * s)
            else:
                cv.text(FORECAST_MARK.get(card, "?"), ccx, ccy, 9, (40, 30, 20, 255), anchor_x="center",
                        anchor_y="center", bold=True)
            fx += 25 * s
        block = max(175 * s, fx - x, 36 * s + text_width(wtext, 9.5 * s))  # the words set the width
        cv.region(x, y0, block, h, ("info", "wind"), TEXT["wind_tip"].format(wind=wtext, forecast=fc))
        x += block + 10 * s
        rules = getattr(v, "rules", None)
        players = len(getattr(v, "seats", ()) or ())
        if rules is not None:
            dead = getattr(v, "dead", 0)
            cv.text(TEXT["dead"].format(dead=dead, limit=rules.judgement_dead(players)), x, cy + 6 * s, 10.5)
            sink = rules.sink_after_round
            on_boats = any(sd.status == "boat" for sd in v.soldiers)
            if sink and on_boats and rnd <= sink and getattr(v, "result", None) is None:
                cv.text(TEXT["boats_sink"].format(n=sink), x, cy - 12 * s, 9.5, (255, 120, 90, 255), bold=True)
        x += 195 * s
        # scores with their sources, right-aligned
        scores = self.scores(screen)
        x = cv.width - len(scores) * 56 * s - 4 * s  # always on screen, at the right edge
        for seat, total, tip in scores:
            cv.circle(x + 10 * s, cy, 10 * s, self.seat_rgb(seat))
            cv.text(SEAT_MARK.get(seat, ""), x + 10 * s, cy, 10, (20, 20, 20, 255), anchor_x="center",
                    anchor_y="center", bold=True)
            cv.text(str(total), x + 24 * s, cy, 14, anchor_y="center", bold=True)
            cv.region(x, y0, 52 * s, h, ("score", seat), tip)
            x += 56 * s

    @staticmethod
    def forecast_words(forecasts) -> str:
        """The open wind forecasts in words: "next: north, then calm" (the cards drawn beside it)."""
        names = [TEXT.get(f"wind.{c}", c) for c in forecasts]
        if not names:
            return TEXT["forecast_none"]
        if len(names) == 1:
            return TEXT["forecast_one"].format(next=names[0])
        return TEXT["forecast_two"].format(next=names[0], then=TEXT["list_sep"].join(names[1:]))

    def scores(self, screen):
        v = screen.view
        out = []
        tally = screen.log_model.get("tally")
        if self.sheet is not None:
            try:
                for sc in self.sheet.seat_scores(v, tally):
                    out.append((sc.seat, sc.total, " · ".join(sc.lines) if sc.lines else str(sc.total)))
                return out
            except Exception:  # noqa: BLE001
                out = []
        for seat in getattr(v, "seats", ()):
            pts = v.points.get(seat, 0) if hasattr(v, "points") else 0
            out.append((seat, pts, TEXT["score_tip"].format(name=self.seat_name(seat), points=pts)))
        return out

    def paint_bottom(self, screen, cv):
        s = cv.scale
        v = screen.view
        h = self.bottom_h
        cv.panel(0, 0, cv.width, h)
        seat = screen.shown_seat
        hand = self._hand(screen)
        cw, ch = 62 * s, 88 * s
        x, y = 10 * s, 12 * s
        ps = self.plot_state(screen)
        items = self.focus_items(screen) if ps is not None else []
        focused = items[screen.focus % len(items)] if items and screen.actor == "none" else None
        hovered = screen.hover_region.key if screen.hover_region is not None else None
        if hand is not None:
            cv.text(TEXT["hand"], x, h - 16 * s, 9.5, (255, 226, 150, 255), bold=True)
            used = seat in (getattr(v, "interrupt_used", ()) or ())
            for k in ACTION_CARDS.kinds:
                # a card keeps its place while it is being plotted (its count drops, the last copy
                # greys): the hand never shifts under the pointer
                n = ACTION_CARDS.count(hand, k)
                if n <= 0 and not (k == "interrupt" and used):
                    continue
                if ps is not None:
                    n = ps[0].get(k, n)
                enabled = ps is None or k in ps[1]
                tip = TEXT[f"card_tip.{k}"]
                if ps is not None and not enabled and n > 0:
                    tip = self.card_reason(screen, k) or tip
                paint = widgets.paint_card
                paint(cv, x, y, cw, ch, CARD_ICON[k], tr(f"card.{k}"), n, enabled=enabled and n > 0,
                      focused=focused == ("card", k) or (hovered == ("card", k) and enabled and n > 0),
                      key=("card", k), tip=tip,
                      mark=TEXT["used"] if k == "interrupt" and used else None)
                x += cw + 4 * s
            x += 12 * s
            # the two plot slots: being filled (plotting) or this turn's cards
            slots = list(screen.plot_slots) if ps is not None else self.turn_cards(v, seat)
            for i in range(2):
                cv.text(TEXT[f"slot.{i + 1}"], x + cw / 2, h - 16 * s, 9.5, (255, 226, 150, 255),
                        anchor_x="center", bold=True)
                c = slots[i] if i < len(slots) else None
                if c is None:
                    cv.rect(x, y, cw, ch, (40, 36, 30, 200), border=(255, 210, 90, 255) if focused == ("slot", i)
                            else (110, 96, 70, 255), border_w=2)
                    cv.region(x, y, cw, ch, ("slot", i))
                elif c == "?":
                    widgets.paint_card(cv, x, y, cw, ch, "", "", back=True, key=("slot", i))
                else:
                    u = screen.flip_progress(i)
                    if u is not None and u < 0.5:  # a revealed card flips: the back turns away...
                        fw_ = cw * (1 - 2 * u)
                        widgets.paint_card(cv, x + (cw - fw_) / 2, y, fw_, ch, "", "", back=True)
                    elif u is not None:  # ...and the face turns towards the player
                        fw_ = cw * (2 * u - 1)
                        cv.rect(x + (cw - fw_) / 2, y, fw_, ch, (236, 226, 200, 250), border=(90, 74, 50, 255))
                    else:
                        done = ps is None and self.slot_resolved(v, seat, i)
                        back_in_hand = done and hand is not None and ACTION_CARDS.count(hand, c) > 0
                        widgets.paint_card(cv, x, y, cw, ch, CARD_ICON.get(c, "?"), self.card_name(c),
                                           focused=focused == ("slot", i), key=("slot", i), enabled=not done,
                                           mark=TEXT["back_in_hand"] if back_in_hand else None,
                                           tip=TEXT["back_in_hand_tip"] if back_in_hand else "")
                x += cw + 6 * s
            if ps is not None:
                bw = 120 * s
                cv.button(x + 6 * s, y + ch - 26 * s, bw, 26 * s, TEXT["swap"], ("swap",), size=9.5,
                          focused=focused == ("swap",))
                cv.button(x + 6 * s, y, bw, 30 * s, TEXT["confirm"], ("confirm",), size=10,
                          enabled=ps[2] is not None, focused=focused == ("confirm",))
                x += bw + 16 * s
        # every seat's public discards and others' plotted cards (backs only)
        x = max(x, cv.width * 0.62)
        yy = h - 18 * s
        cv.text(TEXT["discards"], x, yy, 9.5, (255, 226, 150, 255), bold=True)
        for other in getattr(v, "seats", ()):
            yy -= 22 * s
            cv.circle(x + 8 * s, yy + 4 * s, 7 * s, self.seat_rgb(other))
            pile = (getattr(v, "discards", {}) or {}).get(other)
            text = self.pile_words(pile)
            cv.text(text, x + 20 * s, yy, 9)
            plotted = len((getattr(v, "plots", {}) or {}).get(other, ()) or ())
            if other != seat and plotted:
                for j in range(plotted):
                    bx = cv.width - (24 + 16 * j) * s
                    cv.rect(bx, yy - 3 * s, 12 * s, 17 * s, (120, 50, 40, 255), border=(230, 200, 170, 255))
                cv.region(cv.width - 60 * s, yy - 4 * s, 56 * s, 20 * s, ("info", "plots", other),
                          TEXT["plotted"].format(name=self.seat_name(other), n=plotted))

    @staticmethod
    def card_name(card) -> str:
        """A card's name in the current language (``card.*``, the designer's words in Japanese)."""
        return tr(f"card.{card}") if card in ACTION_CARDS.kinds else str(card)

    @staticmethod
    def pile_words(pile) -> str:
        """``Move ×2, Dig`` for a card pile (``—`` when empty or unknown)."""
        if not pile:
            return TEXT["empty_pile"]
        parts = []
        for k in ACTION_CARDS.kinds:
            n = ACTION_CARDS.count(pile, k)
            if n:
                parts.append(tr(f"card.{k}") + (f" ×{n}" if n > 1 else ""))
        return TEXT["list_sep"].join(parts) or TEXT["empty_pile"]

    @staticmethod
    def slot_resolved(v, seat, i) -> bool:
        """Has the card in slot ``i`` of ``seat``'s turn been played (a Camp that went back to the
        hand then shows greyed in its slot, marked as back in the hand, not as a second Camp)?"""
        t = getattr(v, "turn", None)
        if t is None or t.seat != seat or t.slot is None:
            return False
        if i < t.slot:
            return True
        if i > t.slot:
            return False
        camp = i < len(t.cards) and t.cards[i] == "camp" and getattr(t, "camped", False)
        return camp or (t.uses or 0) >= (2 if i == 0 else 1)  # the 1st card serves twice (TW-5)

    @staticmethod
    def turn_cards(v, seat):
        t = getattr(v, "turn", None)
        if t is not None and t.seat == seat:
            return list(t.cards)
        return list((getattr(v, "plots", {}) or {}).get(seat, ()) or ())

    def prompt_text(self, screen):
        v = screen.view
        ctl = screen.ctl
        seat = ctl.human_to_decide()
        if seat is None or seat != screen.shown_seat:
            d = ctl.deciding()
            if d in ("chance", "terminal"):
                return ""
            return TEXT["prompt.wait"].format(name=self.seat_name(d))
        pend = getattr(v, "pending", None)
        if pend:
            return TEXT.get(f"prompt.{pend[0].kind}", TEXT["prompt.other"])
        phase = v.phase
        if phase == "place":
            return TEXT["prompt.place"].format(sid=v.queue[0])
        if phase == "extra":
            return TEXT["prompt.extra_civ" if v.rules.civilians else "prompt.extra"]
        if phase == "turn" and v.turn is not None:
            t = v.turn
            if t.extra_card is None and t.extra and t.slot is not None:
                pass
            card = t.cards[t.slot] if t.slot is not None else "?"
            name = self.card_name(card)
            if t.slot == 0 and t.uses == 1:
                return TEXT["prompt.turn2"].format(card=name)
            if t.slot == 1:
                return TEXT["prompt.turn3"].format(card=name)
            return TEXT["prompt.turn"].format(card=name)
        return TEXT.get(f"prompt.{phase}", TEXT["prompt.other"])

    def paint_prompt(self, screen, cv):
        s = cv.scale
        text = self.prompt_text(screen)
        if screen.paused:
            text = f"{text}   [{TEXT['paused']}]" if text else f"[{TEXT['paused']}]"
        y = self.bottom_h + 8 * s
        width = cv.width - self.log_w - 20 * s
        lines = [text] if text else []
        if screen.message:
            lines.append(screen.message)
        n = 0
        for line in lines:
            for part in widgets.wrap_lines(line, width - 20 * s, 11.5 * s):
                n += 1
        if n:
            cv.panel(8 * s, y, width, (n * 19 + 10) * s, color=(20, 18, 16, 225))
            cv.region(8 * s, y, width, (n * 19 + 10) * s, ("panel",))
            yy = y + (n * 19 + 10) * s - 20 * s
            for i, line in enumerate(lines):
                for part in widgets.wrap_lines(line, width - 20 * s, 11.5 * s):
                    cv.text(part, 18 * s, yy, 11.5, (255, 236, 190, 255) if i == 0 else (255, 150, 120, 255))
                    yy -= 19 * s
            y += (n * 19 + 10) * s + 6 * s
        if screen.ctl.humans:  # a table of bots only (the event mode's attract loop) needs no key strip
            status = TEXT["speed"].format(speed=screen.speed) + (f" · {TEXT['follow']}" if screen.follow else "")
            keys_line = widgets.fit_text(f"{TEXT['keys']}   [{status}]", cv.width - self.log_w - 24 * s, 8 * s)
            cv.text(keys_line, 10 * s, y + 2 * s, 8, (200, 190, 170, 200))
        self.prompt_top = y + 16 * s

    def paint_column(self, screen, cv):
        """The right column, top to bottom: the choices (a long one on two lines), the hovered
        soldier's sheet, the free room
        (``self.column_free``: the tutorial's panel goes there), the log; the lit target's outcome
        at its foot.  Only the log and the room between are left when there is nothing to choose."""
        s = cv.scale
        if not self.log_w:  # the log hidden and nothing to choose: the sheet where the column was
            self.column_free = None
            self.paint_sheet(screen, cv)
            return
        x, w = cv.width - self.log_w, self.log_w - 4 * s
        top, bottom = cv.height - self.top_h - 4 * s, self.bottom_h + 4 * s
        imap = screen.input_map()
        if imap is not None and imap.buttons:
            labels = [self.words(a, screen.view) for a in imap.buttons]
            wraps = any(len(widgets.choice_lines(t, w, s, wrap=True)) > 1 for t in labels)
            row_h = widgets.choice_row_h(2 if wraps else 1, s)
            room = (top - bottom) * (0.62 if screen.show_log else 1.0) - 62 * s  # the log keeps the rest
            rows = max(3, int(room // row_h))
            self._choice_rows = rows
            screen.choice_first = max(0, min(screen.choice_first, max(0, len(labels) - rows)))
            tips = []
            for a in imap.buttons:
                lines = self.preview_lines(screen.view, a)
                tips.append(" ".join(lines) if lines else "")
            focus = screen.focus if screen.actor == "none" else None
            top = widgets.paint_choices(cv, x, top, w, labels, focus=focus, first=screen.choice_first,
                                        max_rows=rows, title=TEXT["choices"], tips=tips, wrap=True) - 4 * s
        top = self.paint_sheet(screen, cv, x, top, w)
        if imap is not None and screen.actor != "none" and screen.menu is None:
            cells = imap.targets(screen.actor)
            if cells:
                c = self.described_target(screen, cells)
                acts = imap.actions_at(screen.actor, c)
                actions = " / ".join(self.words(a, screen.view) for a in acts[:3])
                lines = self.preview_lines(screen.view, acts[0])
                if lines:
                    desc = TEXT["target_outcome"].format(cell=cell_name(c), actions=actions, outcome=" ".join(lines))
                else:
                    desc = TEXT["target"].format(cell=cell_name(c), actions=actions)
                rows = widgets.wrap_lines(desc, w - 20 * s, 10 * s)
                if len(rows) > 8:
                    rows = rows[:7] + [widgets.fit_text(" ".join(rows[7:]), w - 20 * s, 10 * s)]
                ph = (len(rows) * 16 + 8) * s
                cv.panel(x, bottom, w, ph, color=(20, 40, 50, 235))
                cv.region(x, bottom, w, ph, ("panel",))
                for i, row in enumerate(rows):
                    cv.text(row, x + 8 * s, bottom + ph - (i + 1) * 16 * s + 2 * s, 10, (190, 240, 255, 255))
                bottom += ph + 4 * s
        self.column_free = (x, bottom, w, top)
        tutor = getattr(screen, "tutor", None)
        if tutor is not None and tutor in screen.modals:  # the tutorial's panel: room below the choices
            th = tutor.panel_height(cv, w)
            if th:
                self.column_free = (x, max(bottom, top - th), w, top)
                top -= th + 4 * s
        if screen.show_log and top - bottom > 40 * s:
            m = screen.log_model
            cv.layer, layer = FRAME, cv.layer
            lines = widgets.paint_log(cv, x, bottom, w, top - bottom, m["groups"], scroll=screen.log_scroll,
                                      hover=screen.log_hover)
            cv.layer = layer
            screen.log_scroll = min(screen.log_scroll, max(0, lines))

    @staticmethod
    def described_target(screen, cells):
        """The target the outcome line describes: the lit cell under the pointer, else the one the
        keys chose (it never describes c1 while the pointer is on d2)."""
        pk = screen.hover_pick
        if pk is not None and pk.cell in cells:
            return pk.cell
        return cells[screen.target_i % len(cells)]

    def paint_sheet(self, screen, cv, x=None, top=None, w=None):
        """The hovered (else the chosen) soldier's sheet, its lines wrapped to the panel, from
        ``top`` down at ``x`` (the right column's free room); returns the panel's bottom y (``top``
        when no sheet is shown)."""
        s = cv.scale
        sid = None
        pk = screen.hover_pick
        if pk is not None and pk.sid:
            sid = pk.sid
        elif screen.actor not in ("none", DIRECT):
            sid = screen.actor
        if w is None:
            w = 250 * s
            x = cv.width - self.log_w - w - 8 * s
            top = cv.height - self.top_h - 8 * s
        if sid is None:
            return top
        lines = self.sheet_lines(screen.view, sid)
        if not lines:
            return top
        rows = []  # (text, size, bold)
        for i, line in enumerate(lines):
            size = 9.5 if i else 10.5
            rows += [(part, size, i == 0) for part in widgets.wrap_lines(line, w - 20 * s, size * s)]
        h = (len(rows) * 16 + 14) * s
        y = top - h
        seat = sid[0]
        cv.panel(x, y, w, h, edge=self.seat_rgb(seat))
        cv.region(x, y, w, h, ("panel",))
        for i, (line, size, bold) in enumerate(rows):
            cv.text(line, x + 10 * s, y + h - 18 * s - i * 16 * s, size, bold=bold)
        return y - 4 * s

    def sheet_lines(self, view, sid):
        if self.sheet is not None:
            try:
                return list(self.sheet.soldier_sheet(view, sid).lines)
            except Exception:  # noqa: BLE001
                pass
        s = next((x for x in view.soldiers if x.sid == sid), None)
        if s is None:
            return []
        weapons = TEXT["list_sep"].join(f"{w.kind}" + (f" {w.ammo}" if w.ammo is not None else "")
                                        for w in s.weapons) or TEXT["empty_pile"]
        return [TEXT["sheet.title"].format(sid=sid, status=s.status), TEXT["sheet.weapons_line"].format(weapons=weapons),
                TEXT["sheet.kit"].format(masks=s.masks, drugs=s.drugs, food=s.food, cubes=s.cubes)]

    def end_lines(self, screen):
        v = screen.ctl.view_for(screen.shown_seat)
        if self.endtext is not None:
            try:
                return list(self.endtext.end_lines(v, screen.log_model.get("tally")))
            except Exception:  # noqa: BLE001
                pass
        r = screen.ctl.result() or {}
        names = TEXT["list_sep"].join(self.seat_name(w) for w in r.get("winners", ()))
        return [TEXT["winner.one" if len(r.get("winners", ())) == 1 else "winner.many"].format(names=names),
                str(r.get("reason", "")), " · ".join(f"{k}: {val}" for k, val in (r.get("scores") or {}).items())]
