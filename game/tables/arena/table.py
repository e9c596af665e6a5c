"""Immortal Arena's table on the shell's front-end protocol (``game.ui.table.TableFrontEnd``).

The table reads only views (the game hides nothing, IA-1), the legal actions the controller
lends the deciding human and the events.  Acts are board actions: click a unit (its card or
pawn), its act list appears with every action of its type and its costs (forbidden ones greyed
with the core's reason and rule id), its targets light up (an enemy in range that the mêlée
restriction forbids is marked red and explained on hover); click a target -- an enemy or a
fallen ally for Revive, the row a move goes to -- and, where two acts share it (artillery:
Shoot or Bombard), pick one from the pop-up menu.  Hovering a target telegraphs the outcome.
The cancel window is the defender's two buttons.  The shell gives the same by keyboard (Tab,
arrows, Enter, Backspace).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.arena.actions import Action
from game.arena.model import SEATS, evolve
from game.i18n import language, tr
from game.render.hud import text_width
from game.render.pieces.animation import PieceAnimation
from game.render.pieces.overlays import rings_for
from game.render.pieces.picking import _NullAtlas, pick as pick_piece
from game.render.pieces.instances import build
from game.ui import widgets
from game.ui.table import TableFrontEnd

from . import layout as L
from .hand import ArenaHand, _uid_of
from .preview import preview
from .scene import Marks, arena_scene, unit_key
from .words import action_text, event_sentence, over_text, unit_name

SEAT_RGB = {"A": (214, 70, 52, 255), "B": (70, 120, 220, 255)}
MOVING = {"move", "kill", "revive", "roll", "damage", "spirit", "pin", "unpin", "healing", "heal", "regroup",
          "overwhelm", "gain", "pay", "waza-ari", "reset", "points", "cancel"}
GOLD, PALE, GREY, RED = (255, 226, 150, 255), (235, 228, 210, 255), (150, 144, 132, 255), (255, 150, 120, 255)


@dataclass(frozen=True)
class ArenaPick:
    """What lies under the pointer: ``cell`` the board target it stands for (a unit's card key for
    any part of a unit, a row's key for its mat), ``key`` the piece itself."""
    cell: object
    key: object = None
    point: tuple = (0.0, 0.0, 0.0)

    @property
    def sid(self):
        """The piece (the shell keys its HUD cache on ``(cell, sid)``)."""
        return self.key


def _board_target(key):
    uid = _uid_of(key)
    if uid is not None:
        return unit_key(uid)
    if isinstance(key, tuple) and key and key[0] in ("row", "rowlabel"):
        return ("row", key[1], key[2])
    return None


class ArenaTable(TableFrontEnd):
    game = "immortal-arena"
    hidden_information = False
    seat_keys = ("S", "N")

    def __init__(self):
        self._dice: tuple = ()
        self._noted = False
        self._hands: dict = {}

    # --- identity and words -----------------------------------------------------------------
    def seat_name(self, seat) -> str:
        return tr("arena.spectator") if seat is None else tr(f"arena.seat.{seat}")

    def seat_label(self, seat) -> str:
        if seat is None:
            return self.seat_name(seat)
        return f"{self.seat_name(seat)} ({tr('arena.side.' + seat)})"

    def seat_rgb(self, seat) -> tuple:
        return SEAT_RGB.get(seat, (200, 200, 200, 255))

    def words(self, action, view=None) -> str:
        a = Action.parse(action)
        text = action_text(a)
        if view is not None and a.verb == "cancel" and view.phase == "cancel":
            hand = ArenaHand(view, a.actor, [a])
            text += f" — {tr('arena.cost.prov', n=hand.cancel_cost())}"
        elif view is not None and a.is_act:
            hand = self._hand(view, a.actor, (a,))
            for c in hand._unit_choices(f"{a.actor}.{a.unit}"):
                if c.key == a.verb:
                    text = f"{text} ({c.label.split(' — ', 1)[-1]})"
        return text

    def _hand(self, view, seat, legal) -> ArenaHand:
        key = (str(view), seat, tuple(str(a) for a in legal), language())
        hand = self._hands.get(key)
        if hand is None:
            if len(self._hands) > 16:
                self._hands.clear()
            hand = self._hands[key] = ArenaHand(view, seat, legal)
        return hand

    def log_model(self, ctl, seat) -> dict:
        groups, rows, title, n = [], [], "", 0
        dice = False
        for _idx, e in ctl.events_for(seat):
            if e.kind == "turn":
                if rows:
                    groups.append((title, rows))
                rows = []
                title = tr("arena.log.turn", turn=e.get("turn"), seat=e.get("seat"))
                continue
            if e.kind == "roll" or e.kind in ("hit", "miss", "kill-roll", "points"):
                dice = True
            text = event_sentence(e, dice=dice)
            if text:
                rows.append((n, text))
                n += 1
        if rows or title:
            groups.append((title, rows))
        return {"groups": groups, "cells": {}, "tally": None}

    def end_lines(self, screen) -> list:
        r = screen.ctl.result() or {}
        dice = r.get("ruleset") == "dice"
        scores = r.get("scores", {})
        s = (scores.get("A", 0), scores.get("B", 0)) if isinstance(scores, dict) else tuple(scores)
        text = over_text(tuple(r.get("winners", ())), r.get("reason", "turn-limit"), s, dice=dice)
        return [line for line in text.split("  ")]

    def progress_words(self, view) -> str:
        return tr("arena.progress", turn=view.turn)

    def rules_pages(self, ruleset) -> list:
        from .rules_pages import rules_pages
        return rules_pages(ruleset)

    def captions(self, spectator_events) -> list:
        out = []
        for e in spectator_events:
            if e.kind in ("kill", "waza-ari", "ippon", "overwhelm", "over", "cancel"):
                s = event_sentence(e)
                if s:
                    out.append(s)
        return out

    # --- the scene --------------------------------------------------------------------------
    def scene_from_view(self, view):
        return arena_scene(view, Marks(dice=self._dice))

    def animates(self, events) -> bool:
        return any(e.kind in MOVING for e in events)

    def animation(self, old_view, new_view, events, speed: float = 1.0):
        rolls = [tuple(e.get("faces")) for e in events if e.kind == "roll"]
        before_dice = self._dice
        if rolls:
            self._dice = rolls[-1]
        if not self.animates(events) or old_view is None:
            return None
        start = arena_scene(old_view, Marks(dice=before_dice))
        steps = []
        if rolls:
            steps.append((arena_scene(old_view, Marks(dice=self._dice, roll=0.0)), 0.9))
        forced = {}
        for e in events:
            if e.kind == "move" and e.get("why") == "knockback":
                forced[e.get("unit")] = e.get("frm")
            elif e.kind in ("regroup", "overwhelm"):
                for uid in e.get("units"):
                    forced.setdefault(uid, None)
        if forced:
            steps.append((arena_scene(_before_forced(old_view, new_view, forced, events), Marks(dice=self._dice)), 0.6))
        steps.append((arena_scene(new_view, Marks(dice=self._dice)), 0.55))
        return PieceAnimation(start, steps, speed=speed)

    def overlays(self, screen):
        scene = screen.scene
        if getattr(scene, "pieces", None) is None:
            return None
        marks = self._marks(screen)
        if not marks:
            return None
        return rings_for(build(scene, _NullAtlas()), marks)

    def _marks(self, screen) -> dict:
        imap = screen.input_map()
        marks = {}
        if imap is None:
            return marks
        if screen.actor != "none" and screen.actor in imap.board:
            marks[unit_key(screen.actor)] = "selected"
            targets = imap.targets(screen.actor)
            for t in targets:
                marks[t] = "legal"
            if targets:
                marks[targets[screen.target_i % len(targets)]] = "target"
            for k in self._blocked(screen):
                marks.setdefault(k, "warn")
        else:
            for actor in imap.board:
                marks[unit_key(actor)] = "legal"
        hov = getattr(screen, "hover_pick", None)
        if hov is not None and getattr(hov, "cell", None) is not None and hov.cell not in marks:
            marks[hov.cell] = "hover"
        return marks

    def _blocked(self, screen) -> dict:
        """Enemy units the selected unit could attack but for range or the mêlée restriction:
        unit key -> the core's reason."""
        view, seat = screen.view, screen.ctl.deciding()
        if seat not in SEATS or screen.actor == "none":
            return {}
        imap = screen.input_map()
        hand = self._hand(view, seat, tuple(a for cells in imap.board.values() for acts in cells.values()
                                             for a in acts) + tuple(imap.buttons))
        out = {}
        for c in hand._unit_choices(screen.actor):
            if c.actions and c.actions[0].args and c.actions[0].verb != "revive":
                hand.unit, hand.choice = screen.actor, c
                out.update(hand.blocked_targets())
        hand.unit = hand.choice = None
        legal_targets = set(imap.targets(screen.actor))
        return {k: v for k, v in out.items() if k not in legal_targets}

    def pick(self, pose, px, py, width, height, scene):
        got = pick_piece(pose, px, py, width, height, scene)
        if got is None:
            return None
        return ArenaPick(_board_target(got.key), got.key, got.point)

    def look_name(self, scene) -> str:
        return scene.light

    # --- the camera --------------------------------------------------------------------------
    def seat_side(self, seat) -> str:
        # every card is printed to read from the south, and nothing is hidden: both seats look
        # from there (N, key 2, shows B's side)
        return "S"

    def frame_offset(self, width, height):
        # the log panel takes the right of the window, the prompt the bottom left
        return (1.5, -1.4)

    # --- input --------------------------------------------------------------------------------
    def target_of(self, action, view):
        a = Action.parse(action)
        if not a.is_act:
            return ("button",)
        uid = f"{a.actor}.{a.unit}"
        p = SEATS.index(a.actor)
        if a.verb == "revive":
            return ("board", uid, unit_key(f"{a.actor}.{a.args[1]}"))
        if a.args:
            return ("board", uid, unit_key(f"{SEATS[1 - p]}.{a.args[0]}"))
        u = view.units[view.table.uids.index(uid)]
        d = view.table.by_name[(view.table.type_index[a.unit], a.verb)]
        row = u.row - 1 if d.kind == "forward" else u.row + 1
        return ("board", uid, ("row", p, max(0, min(2, row))))

    def actor_at(self, pick):
        if pick is None:
            return None
        return _uid_of(pick.key) if pick.key is not None else None

    def actor_world_points(self, screen, actor) -> list:
        return self.target_world_points(screen, unit_key(actor))

    def bench_scene(self, i: int, moving: bool = False, relight: bool = False):
        from .bench import bench_scene
        return bench_scene(i, moving, relight)

    def target_world_points(self, screen, target) -> list:
        view = screen.view
        if isinstance(target, str):  # an actor: its card
            target = unit_key(target)
        if target[0] == "unit":
            i = view.table.uids.index(target[1])
            u = view.units[i]
            x, y = L.unit_xy(i // 3, i % 3, u.row)
            return [(x - 0.3, y + 0.1, 0.05), (x, y, 0.05), (x - 0.6, y - 0.1, 0.05)]
        if target[0] == "row":
            _, seat, row = target
            y = L.row_y(seat, row)
            xs = []
            if isinstance(screen.actor, str) and screen.actor != "none":
                k = view.table.uids.index(screen.actor) % 3
                xs.append(L.COL_X[k])
            xs += [L.ROW_LABEL_X + 0.9, 0.0, -2.9, 2.9]
            return [(x, y, 0.03) for x in xs]
        return []

    def focus_items(self, screen) -> list:
        """The HUD widgets arrows move through when no unit is chosen: the choice buttons."""
        imap = screen.input_map()
        return [] if imap is None else [("choice", i) for i in range(len(imap.buttons))]

    def move_focus(self, screen, delta, symbol) -> None:
        items = self.focus_items(screen)
        if items:
            screen.focus = (screen.focus + delta) % len(items)
            rows = 6
            if screen.focus < screen.choice_first:
                screen.choice_first = screen.focus
            elif screen.focus >= screen.choice_first + rows:
                screen.choice_first = screen.focus - rows + 1

    def activate_focus(self, screen) -> None:
        items = self.focus_items(screen)
        imap = screen.input_map()
        if items and imap is not None:
            screen.submit(imap.buttons[items[screen.focus % len(items)][1]])

    def click(self, screen, key) -> None:
        imap = screen.input_map()
        if key[0] == "choice" and imap is not None and key[1] < len(imap.buttons):
            screen.submit(imap.buttons[key[1]])

    def phase_name(self, view) -> str:
        return f"t{view.turn:03d}-{view.phase}"

    # --- the HUD --------------------------------------------------------------------------------
    def paint(self, screen, cv):
        s = cv.scale
        view, ctl = screen.view, screen.ctl
        if not self._noted and all(ctl.is_human(x) for x in SEATS):
            self._noted = True
            if hasattr(screen, "show_toast"):
                screen.show_toast(tr("arena.hotseat_note"), 8.0)
        log_w = 300 * s if screen.show_log else 0
        # top bar: whose turn, the score
        top_h = 44 * s
        cv.panel(0, cv.height - top_h, cv.width, top_h, color=(20, 18, 16, 230))
        cv.region(0, cv.height - top_h, cv.width, top_h, ("panel",))
        who = ctl.deciding()
        if who == "terminal":
            head = tr("arena.over_head")
        elif who == "chance":
            head = tr("arena.prompt.roll")
        elif getattr(ctl, "thinking", None) == who:
            head = tr("arena.prompt.bot", seat=self.seat_label(who)) + " " + "·" * (1 + int(screen.clock * 3) % 3)
        elif view.phase == "cancel":
            head = tr("arena.cancel_head", turn=view.turn, seat=self.seat_label(who))
        else:
            head = tr("arena.turn_head", turn=view.turn, seat=self.seat_label(who))
        cv.text(f"{tr('arena.title')} — {head}", 12 * s, cv.height - 28 * s, 13, GOLD, bold=True)
        cv.text(self._score_line(view), cv.width - 12 * s, cv.height - 28 * s, 11.5, PALE, anchor_x="right")
        # bottom-left: the prompt, the selected unit's act list, the outcome of the hovered target
        lines = self._panel_lines(screen)
        width = min(cv.width - log_w - 20 * s, 720 * s)
        rows = []
        for text, colour, size in lines:
            for part in widgets.wrap_lines(text, width - 20 * s, size * s):
                rows.append((part, colour, size))
        y = 8 * s
        if rows:
            h = sum(r[2] * 1.6 for r in rows) * s + 12 * s
            cv.panel(8 * s, y, width, h, color=(20, 18, 16, 225))
            cv.region(8 * s, y, width, h, ("panel",))
            yy = y + h - 8 * s
            for text, colour, size in rows:
                yy -= size * 1.6 * s
                cv.text(text, 18 * s, yy + 3 * s, size, colour)
            y += h + 6 * s
        imap = screen.input_map()
        if imap is not None and imap.buttons:
            labels = [self.words(a, view) for a in imap.buttons]
            tips = [" ".join(self._hand(view, ctl.deciding(), tuple(imap.buttons)).info_lines()) for _ in labels]
            bw = min(cv.width - log_w - 24 * s, max(280 * s, max(text_width(t, 10 * s) for t in labels) + 36 * s))
            widgets.paint_choices(cv, 8 * s, y + (24 * len(labels) + 40) * s, bw, labels,
                                  focus=screen.focus if screen.actor == "none" else None,
                                  first=screen.choice_first, max_rows=6, title=tr("arena.choices"), tips=tips)
        if screen.show_log:
            m = screen.log_model
            n = widgets.paint_log(cv, cv.width - log_w, 8 * s, log_w - 4 * s, cv.height - top_h - 16 * s, m["groups"],
                                  scroll=screen.log_scroll, hover=screen.log_hover)
            screen.log_scroll = min(screen.log_scroll, max(0, n))
        cv.layer = 2
        if screen.menu is not None:
            labels = [self.words(a, view) for a in screen.menu["actions"]]
            widgets.paint_menu(cv, screen.menu["x"], screen.menu["y"], labels, screen.menu["focus"],
                               title=tr("arena.menu"))
        if ctl.is_over() and screen.anim is None:
            widgets.paint_game_over(cv, self.end_lines(screen), to_menu=screen.on_game_over_quit is not None)
        hov = screen.hover_region
        if hov is not None and hov.tip:
            cv.layer = 3
            tl = widgets.wrap_lines(hov.tip, 380 * s, 10 * s)
            w = max(text_width(t, 10 * s) for t in tl) + 16 * s
            h = len(tl) * 15 * s + 10 * s
            x = min(hov.x + hov.w + 8 * s, cv.width - w - 4)
            yb = min(hov.y, cv.height - h - 4)
            cv.panel(x, yb, w, h, color=(10, 10, 10, 235))
            for i, t in enumerate(tl):
                cv.text(t, x + 8 * s, yb + h - 16 * s - i * 15 * s, 10)

    def _score_line(self, view) -> str:
        if view.table.dice:
            r = view.rules
            return tr("arena.score_points", a=view.points[0], b=view.points[1], target=r.win_points, lead=r.win_lead)
        return tr("arena.score_provisions", a=view.provisions[0], b=view.provisions[1], bank=view.bank,
                  wa=view.waza[0], wb=view.waza[1], n=view.rules.win_waza_ari)

    def _panel_lines(self, screen) -> list:
        """(text, colour, size) rows of the bottom panel."""
        view, ctl = screen.view, screen.ctl
        seat = ctl.deciding()
        out = []
        if screen.message:
            out.append((screen.message, RED, 10.5))
        imap = screen.input_map()
        if seat not in SEATS or imap is None or not ctl.is_human(seat):
            return out
        legal = tuple(a for cells in imap.board.values() for acts in cells.values() for a in acts) + tuple(imap.buttons)
        hand = self._hand(view, seat, legal)
        if view.phase == "cancel":
            out.append((hand.prompt(), GOLD, 11.5))
            out += [(line, PALE, 10.5) for line in hand.info_lines()]
            return out
        actor = screen.actor if screen.actor != "none" else None
        hov = getattr(screen, "hover_pick", None)
        if actor is None:
            out.append((tr("arena.prompt.act", seat=self.seat_label(seat)), GOLD, 11.5))
            huid = _uid_of(hov.key) if hov is not None and hov.key is not None else None
            if huid is not None:
                hand.hovered = unit_key(huid)
                out += [(line, PALE, 10) for line in hand.info_lines()]
                hand.hovered = None
            return out
        out.append((tr("arena.prompt.choose", seat=self.seat_label(seat), unit=unit_name(actor)), GOLD, 11.5))
        for i, c in enumerate(hand._unit_choices(actor)):
            if c.enabled:
                out.append((f"• {c.label}", PALE, 10.5))
            else:
                out.append((f"• {c.label} — {c.reason}", GREY, 9.5))
        hand.unit = actor
        hand.stage = "act"
        hand.unit = None
        hand.stage = "unit"
        # the outcome of the hovered (or keyboard-focused) target; the reason of a blocked one
        targets = imap.targets(actor)
        blocked = self._blocked(screen)
        if screen.menu is not None and screen.menu.get("cell") in targets:
            cell = screen.menu["cell"]  # the pop-up menu's target: each act's outcome beside it
        elif hov is not None and hov.cell in targets:
            cell = hov.cell
        elif hov is not None and hov.cell in blocked:
            cell = None  # the pointer is on a target it cannot reach: its reason, not another's outcome
        else:
            cell = targets[screen.target_i % len(targets)] if targets else None
        if hov is not None and hov.cell in blocked:
            why = blocked[hov.cell]
            out.append((why, RED, 10))
            if why.startswith("IA-9.2"):
                out.append((tr("arena.melee_rule"), RED, 10))
        if cell is not None:
            for a in imap.actions_at(actor, cell):
                pv = preview(view, a)
                out.append((f"{action_text(a)}: " + (" / ".join(pv.lines) if pv.lines else "—"), (190, 240, 255, 255),
                            10.5))
        out.append((tr("arena.keys"), (200, 190, 170, 200), 8.5))
        return out


def _before_forced(old_view, new_view, forced, events):
    """``new_view`` with the units moved by a forced move (knockback, regroup, overwhelm) still
    where the act left them: the first step of the animation."""
    v = new_view.clone()
    rows = {"front": 0, "middle": 1, "back": 2}
    units = list(v.units)
    uids = v.table.uids
    for uid, frm in forced.items():
        i = uids.index(uid)
        if frm is not None:
            units[i] = evolve(units[i], row=rows[frm])
        else:  # regroup / overwhelm: where it stood before them (its last own move, else the old row)
            row = old_view.units[i].row
            for e in events:
                if e.kind == "move" and e.get("unit") == uid and e.get("why") not in ("knockback",):
                    row = rows[e.get("to")]
                if e.kind in ("regroup", "overwhelm"):
                    break
            units[i] = evolve(units[i], row=row)
    v.units = tuple(units)
    return v


def make_table() -> ArenaTable:
    return ArenaTable()
