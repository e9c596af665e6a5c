"""Trench War's position viewer (``tools/viewer.py``): the 3D table with camera controls, picking and animation.

Controls: left-drag or arrow keys orbit; wheel or +/- zoom; right/middle-drag or
WASD pan; 1-4 snap to S, W, N, E; T top-down; R reset; click selects a cell or
soldier (its legal targets light up when the game state is known); Space steps
one random action; G shows or hides where the gas will drift in the coming
rounds; P saves a screenshot (offscreen framebuffer); [ and ] change the
animation speed; Esc quits.
"""

from __future__ import annotations

import time

import pyglet
from pyglet.window import key, mouse

from game.tables.trench.animation import Animation, gas_path
from game.render.camera import OrbitCamera, seat_pose
from game.render.gl import create_window_context
from game.render.offscreen import Offscreen
from game.tables.trench.overlays import build_overlays
from game.tables.trench.picking import pick
from game.render.png import write_png
from game.render.present import MOVING_SCALE, MotionFrames
from game.render.renderer import Renderer
from game.tables.trench.scene import scene_from_view
from game.trench.geometry import cell_name
from game.tables.trench.forecast import predicted_gas_paths
from game.ui.window import make_window

SEAT_KEYS = {key._1: "S", key._2: "W", key._3: "N", key._4: "E"}


class Viewer:
    """Drives one window: input -> camera, picking, animation, drawing, labels."""

    def __init__(self, window, view, state=None, seat=None, random_play=False, speed=1.0, seed=0, msaa=0,
                 policy=None, next_game=None):
        self.window = window
        self.policy = policy  # picks the random decisions (default: uniform)
        self.next_game = next_game  # after a game ends: a callable giving the next state, or None
        self.ctx = create_window_context()
        self.renderer = Renderer(self.ctx)
        # the frame is drawn into our own framebuffer (so a still frame reuses its opaque
        # layer) and presented colour-only: the window's format does not matter
        # While the camera moves, frames are drawn smaller and stretched: a software
        # renderer cannot redraw the whole table at full size every frame.
        self.frames_out = MotionFrames(self.ctx, samples=msaa, scale=MOVING_SCALE)
        self.view, self.state, self.seat = view, state, seat
        self.scene = scene_from_view(view)
        self.scene_version = 0
        self.camera = OrbitCamera(seat_pose(seat or "S"))
        self.anim, self.anim_t = None, 0.0
        self.speed = speed
        self.random_play = random_play
        self.hover, self.selected, self.selected_sid = None, None, None
        self.targets = set()
        self.paths = []
        self.show_forecast = True
        self._forecast, self._forecast_for = [], None
        self.clock = 0.0
        self.keys = key.KeyStateHandler()
        self.mouse_px = None
        self.rng_seed = seed
        self._rng = None
        self.frames = 0
        window.push_handlers(self.keys)
        window.push_handlers(self)
        self.status = pyglet.text.Label("", font_size=12, x=10, y=10, color=(255, 255, 255, 230))
        self.hover_label = pyglet.text.Label("", font_size=14, x=10, y=window.height - 26,
                                             color=(255, 250, 230, 255))
        self._update_status()

    # --- helpers -----------------------------------------------------------------
    def fb_size(self):
        return self.window.get_framebuffer_size()

    def _pixel_ratio(self):
        fw, fh = self.fb_size()
        return (fw / self.window.width if self.window.width else 1.0,
                fh / self.window.height if self.window.height else 1.0)

    def _start_next_game(self):
        """Demo tables go on: a new game after the last one's result was shown."""
        from game.trench.view import view as make_view
        self.state = self.next_game()
        self.view = make_view(self.state, self.seat)
        self.scene = scene_from_view(self.view)
        self.scene_version += 1
        self.anim, self.paths, self.targets = None, [], set()
        self._update_status()
        self.step_random()

    def _update_status(self):
        v = self.view
        result = getattr(self.state, "result", None) if self.state is not None else None
        if result is not None:
            scores = " ".join(f"{seat}={pts}" for seat, pts in result.scores)
            self.status.text = (f"game over after round {getattr(v, 'round', '?')}: "
                                f"{' and '.join(result.winners)} win{'s' if len(result.winners) == 1 else ''} "
                                f"({result.reason}"
                                f"{': ' + result.detail if result.detail else ''}) · points {scores}")
            return
        look = "eclipse" if getattr(v, "eclipse", False) else ("day" if getattr(v, "day", True) else "night")
        who = f"view {self.seat}" if self.seat else "spectator"
        mode = "  random play" if self.random_play else ""
        self.status.text = (f"round {getattr(v, 'round', '?')} · {look} · wind {getattr(v, 'wind', None) or '-'} · "
                            f"{who} · speed x{self.speed:g}{mode}   "
                            "[drag/arrows orbit · wheel/+- zoom · right-drag/WASD pan · 1-4 · T · R · "
                            "Space step · G gas · P shot]")

    def _describe(self, pk) -> str:
        if pk is None:
            return ""
        parts = []
        if pk.cell is not None:
            h = self.scene.heights[pk.cell]
            col = self.view.columns[pk.cell] if hasattr(self.view, "columns") else ""
            what = {0: "trench", 1: "ground", 2: "wall"}.get(h, f"h{h}")
            if any(k in "SWNE" for k in col):
                what = f"{col[-1]} base"
            elif "V" in col:
                what = "village"
            parts.append(f"{cell_name(pk.cell)} · {what}")
        if pk.sid:
            s = next((s for s in self.view.soldiers if s.sid == pk.sid), None)
            if s is not None:
                extra = " · masked" if s.mask_on else ""
                where = "on its boat" if s.status == "boat" else ("dead" if s.status == "corpse" else f"facing {s.facing}")
                parts.append(f"{s.sid} {where}{extra}")
        return "   ".join(parts)

    # --- input -------------------------------------------------------------------
    def on_mouse_motion(self, x, y, dx, dy):
        self.mouse_px = (x, y)

    def on_mouse_drag(self, x, y, dx, dy, buttons, modifiers):
        self.mouse_px = (x, y)
        if buttons & mouse.LEFT:
            self.camera.drag_orbit(dx, dy)
        elif buttons & (mouse.RIGHT | mouse.MIDDLE):
            self.camera.drag_pan(dx, dy, self.window.height)

    def on_mouse_scroll(self, x, y, scroll_x, scroll_y):
        self.camera.zoom(scroll_y)

    def on_mouse_press(self, x, y, button, modifiers):
        if button != mouse.LEFT:
            return
        pk = self._pick(x, y)
        self.selected = pk.cell if pk else None
        self.selected_sid = pk.sid if pk else None
        self.targets = set()
        if pk and pk.sid and self.state is not None:
            try:
                from game.tables.trench.board import soldier_targets
                s = next(s for s in self.view.soldiers if s.sid == pk.sid)
                cp = self.state.current_player()
                if cp == s.seat or s.seat == "C":
                    self.targets = soldier_targets(self.state.legal_actions(), self.view, s.sid)
            except Exception:  # noqa: BLE001 - highlights are a nicety
                self.targets = set()

    def on_key_press(self, symbol, modifiers):
        if symbol in SEAT_KEYS:
            self.camera.snap_seat(SEAT_KEYS[symbol])
        elif symbol == key.T:
            self.camera.snap_top()
        elif symbol == key.R:
            self.camera.reset(self.seat or "S")
        elif symbol in (key.PLUS, key.EQUAL, key.NUM_ADD):
            self.camera.zoom(1)
        elif symbol in (key.MINUS, key.NUM_SUBTRACT):
            self.camera.zoom(-1)
        elif symbol == key.SPACE:
            self.step_random()
        elif symbol == key.BRACKETRIGHT:
            self.speed = min(8.0, self.speed * 2)
            self._update_status()
        elif symbol == key.BRACKETLEFT:
            self.speed = max(0.125, self.speed / 2)
            self._update_status()
        elif symbol == key.G:
            self.show_forecast = not self.show_forecast
        elif symbol == key.P:
            self.screenshot(f"trench-war-{int(time.time())}.png")
        elif symbol == key.ESCAPE:
            self.window.close()
            return pyglet.event.EVENT_HANDLED

    def on_resize(self, width, height):
        self.hover_label.y = height - 26
        return None

    def _pick(self, x, y):
        rx, ry = self._pixel_ratio()
        fw, fh = self.fb_size()
        if fw <= 0 or fh <= 0:
            return None
        return pick(self.camera.pose, x * rx, y * ry, fw, fh, self.scene)

    # --- play ----------------------------------------------------------------------
    def _ensure_state(self):
        if self.state is None:
            from game.trench import new_game
            players = max(2, len(getattr(self.view, "seats", ()) or ()) or 2)
            self.state = new_game(players, seed=self.rng_seed)
        if self._rng is None:
            from game.core.rng import Rng
            self._rng = Rng(self.rng_seed)

    def step_random(self):
        """Apply random legal decisions up to the next board-changing one, animated."""
        if self.anim is not None:
            return
        from game.core.playout import random_action
        from game.trench.view import redact_events
        from game.trench.view import view as make_view
        self._ensure_state()
        if self.state.is_over():
            self._update_status()
            if self.next_game is not None and self.random_play:
                pyglet.clock.schedule_once(lambda _dt: self._start_next_game(), 5.0)
            else:
                self.random_play = False
            return
        choose = self.policy or random_action
        old = self.view if self.view is not None else make_view(self.state, self.seat)
        events = []
        for _ in range(200):
            if self.state.is_over():
                break
            events += list(self.state.apply(choose(self.state, self._rng)) or ())
            if any(e.kind in ("move", "turn", "cube", "death", "gas", "fire") for e in events):
                break
        new = make_view(self.state, self.seat)
        events = redact_events(events, self.seat)
        self.anim = Animation(old, new, events, speed=self.speed)
        self.anim_t = 0.0
        self.paths = []
        for e in events:
            if e.kind == "move" and e.get("how") == "dash":
                self.paths.append(("dash", tuple(c for c in e.get("path") if c is not None)))
            elif e.kind == "gas" and e.get("path"):
                path = gas_path(e, old.columns)
                if len(path) > 1:
                    self.paths.append(("gas", path))
        self.view = new
        self.targets = set()
        self._update_status()

    # --- frame -----------------------------------------------------------------------
    def update(self, dt):
        self.clock += dt
        dt = min(dt, 0.1)
        orbit = (self.keys[key.LEFT] - self.keys[key.RIGHT]) * OrbitCamera.KEY_ORBIT_DEG_PER_S * dt
        tilt = (self.keys[key.UP] - self.keys[key.DOWN]) * OrbitCamera.KEY_ORBIT_DEG_PER_S * 0.6 * dt
        if orbit or tilt:
            self.camera.orbit(orbit, tilt)
        fwd = (self.keys[key.W] - self.keys[key.S]) * OrbitCamera.PAN_PER_S * dt
        right = (self.keys[key.D] - self.keys[key.A]) * OrbitCamera.PAN_PER_S * dt
        if fwd or right:
            self.camera.pan(right, fwd)
        self.camera.update(dt)
        if self.anim is not None:
            self.anim_t += dt
            self.scene = self.anim.scene_at(self.anim_t)
            self.scene_version += 1
            if self.anim.done(self.anim_t):
                self.anim = None
                self.scene = scene_from_view(self.view)
                self.scene_version += 1
                self.paths = []
                if self.random_play:
                    pyglet.clock.schedule_once(lambda _dt: self.step_random(), 0.25)
        if self.mouse_px is not None:
            pk = self._pick(*self.mouse_px)
            self.hover = pk.cell if pk else None
            self.hover_label.text = self._describe(pk)

    def overlay(self):
        sel_point = None
        if self.selected_sid:
            m = next((m for m in self.scene.meeples if m.key == self.selected_sid), None)
            if m is not None:
                sel_point = (m.x, m.y, m.z)
        paths = self.paths
        if self.anim is None and self.show_forecast:
            paths = paths + self._forecast_paths()
        return build_overlays(self.scene, highlights=sorted(self.targets), selected=self.selected,
                              hover=self.hover, paths=paths, selected_point=sel_point)

    def _forecast_paths(self):
        """Where the gas will drift in the coming rounds (cached per view)."""
        if self._forecast_for is not self.view:
            self._forecast = predicted_gas_paths(self.view) if hasattr(self.view, "forecasts") else []
            self._forecast_for = self.view
        return self._forecast

    @property
    def target(self):
        """The frame target of the table at rest (:class:`game.render.present.FrameTarget`)."""
        return self.frames_out.still

    def on_draw(self):
        fw, fh = self.fb_size()
        if fw <= 0 or fh <= 0 or self.window.width <= 0 or self.window.height <= 0:
            return  # minimised
        screen = self.ctx.detect_framebuffer()  # the window's, before ours is bound
        pose = self.camera.pose
        target, fbo, w, h = self.frames_out.choose(pose, fw, fh, screen)
        self.renderer.render(self.scene, pose, fbo, w, h, self.clock,
                             overlay_vertices=self.overlay(), static_key=self.scene_version,
                             samples=target.samples)
        target.present(screen, fw, fh)
        self.ctx.disable(self.ctx.DEPTH_TEST | self.ctx.CULL_FACE)
        self.ctx.enable(self.ctx.BLEND)
        self.ctx.blend_func = self.ctx.SRC_ALPHA, self.ctx.ONE_MINUS_SRC_ALPHA
        self.status.draw()
        self.hover_label.draw()
        self.frames += 1

    def screenshot(self, path, width=None, height=None):
        """Render the current view into an offscreen framebuffer (never the window's) and save a PNG."""
        fw, fh = self.fb_size()
        w, h = width or max(fw, 64), height or max(fh, 64)
        off = Offscreen(w, h, ctx=self.ctx, renderer=self.renderer)
        off.render(self.scene, self.camera.pose, self.clock, overlay_vertices=self.overlay())
        write_png(path, off.pixels())
        off.release()
        self.scene_version += 1  # instance buffers were reused: refresh next frame
        return path


def run(view, state=None, seat=None, random_play=False, speed=1.0, msaa=0, seed=0, frames=None,
        size=(1280, 720), policy=None, next_game=None):
    """Open the viewer window and run the pyglet loop (``frames``: stop after that many, for tests).

    ``policy(state, rng)`` picks random decisions; ``next_game()`` starts another game after one ends.
    """
    window = make_window(*size, caption="Trench War")  # MSAA lives in the viewer's own framebuffer
    viewer = Viewer(window, view, state, seat, random_play, speed, seed, msaa=msaa, policy=policy,
                    next_game=next_game)
    pyglet.clock.schedule_interval(viewer.update, 1 / 60.0)
    if random_play:
        pyglet.clock.schedule_once(lambda _dt: viewer.step_random(), 0.5)
    if frames is not None:
        def check(_dt):
            if viewer.frames >= frames:
                window.close()
        pyglet.clock.schedule_interval(check, 1 / 60.0)
    pyglet.app.run(1 / 60.0)
    return viewer
