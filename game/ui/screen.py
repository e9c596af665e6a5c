"""The game screen: the 3D table, the HUD, the log and every decision, in one pyglet window.

Game-agnostic.  A game supplies its table (``game.ui.table.TableFrontEnd``; Trench War's is
``game.tables.trench.ui.TrenchUI``) that builds its scene, maps actions to clicks, paints its HUD
parts and words its texts; the
:class:`~game.ui.controller.GameController` holds the full state.  The screen reads
only views and redacted events of exactly one seat (or the spectator).

Keys: Tab / Shift+Tab cycle the pieces that can act, arrows choose, Enter confirms,
Backspace goes back, Esc closes a menu or clears the choice; Space pauses the
playback of others' moves, ``.`` steps one, ``[`` ``]`` change its speed, F makes the
camera follow the action; G gas forecast, L log, 1-4 seat cameras, T top view,
R reset, Shift+arrows orbit, WASD pan, P screenshot (saved in the data folder; the screen says
where), F11 full screen, H help, Ctrl+Q quits.  Esc with nothing chosen calls ``on_escape`` (the
app opens its Esc menu there).
"""

from __future__ import annotations

import time

import pyglet

pyglet.options["debug_gl"] = False  # no glGetError after every call: the HUD draws many
from pyglet.window import key, mouse  # noqa: E402

from game.core.errors import IllegalActionError
from game.core.protocol import CHANCE, TERMINAL
from game.render.camera import OrbitCamera, seat_pose
from game.render.gl import create_window_context
from game.i18n import language
from game.render.hud import FRAME, FrameLayer, HudCanvas, HudPainter, text_width
from game.render.hud import hud_scale, set_ui_scale, ui_scale  # noqa: F401 - the screen's names for them
from game.render.png import write_png
from game.render.present import MOVING_SCALE, MotionFrames
from game.render.renderer import Renderer
from game.ui import widgets
from game.ui.choices import DIRECT, build_input_map


CAMERA_KEYS = (key._1, key._2, key._3, key._4)  # the table's seat_keys, in order
#: ``GameScreen.watch(AUTO)``: show the seat of the human who decides (the default)
AUTO = "auto"


class GameScreen:
    """One window playing one game (then more, on New game)."""

    def __init__(self, window, controller, ui=None, *, tables=None, new_game=None, delay=0.6, speed=1.0, msaa=0,
                 fixed_clock=None):
        """``ui``: the game's table (``game.ui.table.TableFrontEnd``); None takes it from ``tables``
        (the app's ``game.ui.table.TableCatalog``), which also gives the table of any other game
        put on this screen later."""
        self.window = window
        self.ctl = controller
        self.tables = tables
        self.ui = ui if ui is not None else tables.table(controller.spec.name)
        self.new_game = new_game  # () -> controller, or None
        self.delay = delay  # seconds a bot's decision waits before it is played
        self.speed = speed
        self.fixed_clock = fixed_clock  # tests: a constant time for the gas churn
        self.ctx = create_window_context()
        self.renderer = Renderer(self.ctx)
        self.frames_out = MotionFrames(self.ctx, samples=msaa, scale=MOVING_SCALE)
        self.hud = HudPainter()
        self.frame_layer = FrameLayer(self.ctx)
        self.canvas = None
        self.keys = key.KeyStateHandler()
        window.push_handlers(self.keys)
        window.push_handlers(self)
        self.clock = 0.0
        self.frames = 0
        self.paused, self.step_once, self.follow = False, False, False
        self.show_log, self.show_forecast = True, True
        self.show_help = False
        self.mouse_px = None
        self.on_step = []  # callbacks(step) after each applied step (the autoplay records)
        self.capture = None  # a path (or a list of them): the next frame drawn is saved there as PNG
        self.hud_enabled = True  # the benchmark switches it off to measure the table alone
        #: every frame drawn as the picture at rest (full size, multisampled) even while the camera
        #: moves: screenshots (a frame with ``capture`` set is one too)
        self.draw_at_rest = False
        #: every frame drawn as if it were the last (screenshots): the renderer keeps no still
        #: layer for a next frame (at 1280x720 with 4x MSAA, copying it costs more than the scene)
        self.single_frames = False
        self.quit_requested = False
        self._gl_error_seen = None
        self.modals = []  # game.ui.modal.Modal layers, top last
        self.watch_seat = AUTO  # or a seat / None (spectator) that a replay chose to watch
        self.on_escape = None  # () called by Esc when nothing is chosen (the app's Esc menu)
        self.on_fullscreen = None  # (bool) after F11 switched full screen (the app saves the setting)
        self.on_game_over_quit = None  # () for Q / Quit on the result panel (None: close the window)
        self.toast = None  # (text, until clock): a short notice at the bottom (screenshot saved)
        self.look_version = 0  # bumped when the palette or the language changes: repaint everything
        #: True on a fixed frame clock (``run_screen(dt=...)``): a frame waits for a thinking bot,
        #: so what each frame shows depends on the frames alone, never on the machine's speed
        self.wait_for_bots = False
        #: a decision with a single legal action is given by the screen (``_answer_the_only_answer``)
        self.answer_alone = True
        #: the scene's static key: counts on across games, since the renderer keeps the last
        #: game's picture for the key it last drew (``_reset_game`` starts the next number)
        self.scene_version = -1
        self._reset_game()

    # --- modal layers (menus, dialogs, the replay bar, captions) ------------------------------
    def push_modal(self, modal):
        """Put a :class:`game.ui.modal.Modal` on top; it sees input first and paints last."""
        self.modals.append(modal)
        return modal

    def pop_modal(self, modal=None):
        """Remove ``modal`` (default: the top one); returns it, or None if it was not open."""
        if not self.modals:
            return None
        if modal is None:
            return self.modals.pop()
        if modal in self.modals:
            self.modals.remove(modal)
            return modal
        return None

    def top_modal(self):
        return self.modals[-1] if self.modals else None

    def _to_modal(self, name, *args) -> bool:
        """Offer an input event to the top modal; True when the table must not see it."""
        top = self.top_modal()
        if top is None:
            return False
        used = getattr(top, name)(self, *args)
        return bool(used) or top.blocking

    def set_controller(self, controller):
        """Play another game in this window (keeps the renderer and its GPU resources); a game of
        another name brings its table (from ``self.tables``)."""
        self._use_table_for(controller)
        self.ctl = controller
        self._reset_game()

    def _use_table_for(self, controller):
        name = controller.spec.name
        if name != self.ui.game and self.tables is not None:
            self.ui = self.tables.table(name)

    def hud_hidden(self) -> bool:
        """True while a layer that hides the game's HUD (the start menu) is open."""
        return any(getattr(m, "hides_hud", False) for m in self.modals)

    @property
    def target(self):
        """The :class:`game.render.present.FrameTarget` of the table at rest (``samples``: its MSAA)."""
        return self.frames_out.still

    def set_msaa(self, samples: int) -> None:
        """Draw the table with ``samples`` multisampling from the next frame on (0: off)."""
        self.frames_out.set_samples(samples)

    def show_toast(self, text: str, seconds: float = 4.0) -> None:
        """A one-line notice at the bottom of the window for ``seconds``."""
        self.toast = (str(text), self.clock + seconds)

    def toggle_fullscreen(self) -> None:
        full = not self.window.fullscreen
        self.window.set_fullscreen(full)
        if self.on_fullscreen is not None:
            self.on_fullscreen(full)

    def screenshot_path(self) -> str:
        """A new file name for a P screenshot, in ``screenshots/`` of the data folder."""
        import os

        from game.settings import data_dir
        folder = os.path.join(data_dir(), "screenshots")
        os.makedirs(folder, exist_ok=True)
        stamp = time.strftime("%Y-%m-%d_%H-%M-%S")
        name = self.ui.game or "table"
        path = os.path.join(folder, f"{name}-{stamp}.png")
        n = 2
        while os.path.exists(path):
            path = os.path.join(folder, f"{name}-{stamp}-{n}.png")
            n += 1
        return path

    # --- game and seat ---------------------------------------------------------------
    def _reset_game(self):
        self.shown_seat = self._desired_seat()
        self.last_human = self.shown_seat if self.ctl.is_human(self.shown_seat) else None
        self.curtain = None
        if len(self.ctl.humans) > 1 and self.last_human is not None and self.ui.curtain_before(self.last_human):
            self.curtain = self.last_human
        if len(self.ctl.humans) > 1 and not self.ui.hidden_information:
            from game.i18n import tr
            self.show_toast(tr("menu.no_curtain"), 6.0)  # once a game: hot-seat without a curtain
        self.view = self.ctl.view_for(self.shown_seat)
        self.scene = self.ui.scene_from_view(self.view)
        self.scene_version += 1  # never a number the renderer has seen (see __init__)
        self.camera = OrbitCamera(self.home_pose(self.shown_seat))
        self.frames_out.forget()
        self.anim, self.anim_t = None, 0.0
        self.bot_since = None
        self.log_scroll, self.log_hover = 0, None
        self._log_for = None
        self.hover_region = None
        self.hover_pick = None
        self._clear_input()
        self._rebuild_log()

    def home_pose(self, seat):
        """The seat's camera, framed so the board sits in the space the HUD leaves free
        (the log on the right, the hand at the bottom)."""
        from dataclasses import replace
        cam = OrbitCamera(replace(seat_pose(self.ui.seat_side(seat)), distance=getattr(self.ui, "camera_distance", 13.0)))
        right, forward = self.ui.frame_offset(self.window.width, self.window.height)
        cam.pan(right, forward)
        return cam.goal

    FLIP_SECONDS = 0.5

    def flip_progress(self, slot):
        """0..1 while the shown seat's card in ``slot`` (0 or 1) is being flipped face up, else None."""
        flip = getattr(self, "flip", None)
        if flip is None or flip[0] != slot:
            return None
        u = (self.clock - flip[1]) * max(self.speed, 1.0) / self.FLIP_SECONDS
        if u >= 1.0:
            self.flip = None
            return None
        return round(max(u, 0.0), 2)

    def look_at(self, point):
        """Ease the camera's target onto a table point (x, y, z or None: keep the height), the
        follow-the-action option."""
        from dataclasses import replace

        x, y = point[0], point[1]
        g = self.camera.goal
        self.camera.snap(replace(g, target=(x, y, g.target[2])).clamped())

    def watch(self, seat):
        """Show the table as ``seat`` sees it (None: the spectator) from now on, whoever decides;
        ``watch(AUTO)`` goes back to following the human seats.  Replays use it."""
        self.watch_seat = seat
        self._sync_seat()

    def _desired_seat(self):
        if self.watch_seat is not AUTO:
            return self.watch_seat
        humans = self.ctl.humans
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        return self.ctl.human_to_decide()

    def _sync_seat(self):
        """Show the seat that should be shown now; raise the curtain before a new human's view."""
        want = self._desired_seat()
        if want == self.shown_seat:
            return
        if (want is not None and len(self.ctl.humans) > 1 and want != self.last_human
                and self.watch_seat is AUTO and self.ui.curtain_before(want)):
            self.curtain = want
        if want is not None:
            self.last_human = want
        self.shown_seat = want
        self.view = self.ctl.view_for(want)
        self.scene = self.ui.scene_from_view(self.view)
        self.scene_version += 1
        self.camera.snap(self.home_pose(want))
        self._clear_input()
        self._rebuild_log()

    # --- input state ----------------------------------------------------------------------
    def _clear_input(self):
        self.imap = None
        self.imap_for = None
        self.actor = "none"  # "none": no piece chosen; DIRECT (None) or a piece's key
        self.target_i = 0
        self.menu = None  # {"actions": [...], "focus": i, "x": .., "y": ..}
        self.focus = 0  # the focused button (choices or plot widget) when no piece is chosen
        self.choice_first = 0
        self.plot_slots = [None] * self.ui.plot_slot_count
        self.message = ""

    def deciding_human(self):
        """The seat whose input the screen takes now (None while playing back or curtained)."""
        if self.anim is not None or self.curtain is not None:
            return None
        seat = self.ctl.human_to_decide()
        return seat if seat == self.shown_seat else None

    def input_map(self):
        seat = self.deciding_human()
        if seat is None:
            return None
        stamp = (len(self.ctl.steps), seat)
        if self.imap_for != stamp:
            self._clear_input()
            self.imap = build_input_map(self.ctl.legal_for(seat), self.view, self.ui.target_of)
            self.imap_for = stamp
        return self.imap

    def submit(self, action):
        seat = self.deciding_human()
        if seat is None:
            return
        try:
            step = self.ctl.submit(seat, action)
        except IllegalActionError as exc:
            self.message = str(exc)
            return
        self._played(step)

    # --- stepping -----------------------------------------------------------------------------
    def show_step(self, step, notify=True):
        """Show an applied step (animated where the game animates it); ``notify=False`` keeps it from
        the ``on_step`` hooks (autosave, captions), as a replay does for steps already recorded."""
        if notify:
            self._played(step)
            return
        hooks, self.on_step = self.on_step, []
        try:
            self._played(step)
        finally:
            self.on_step = hooks

    def _played(self, step):
        old = self.view
        new = self.ctl.view_for(self.shown_seat)
        events = self.ctl.spec.redact_events(list(step.events), self.shown_seat)
        for e in events:
            if e.kind == "reveal" and e.get("seat") == self.shown_seat and e.get("slot"):
                self.flip = (int(e.get("slot")) - 1, self.clock)
        self.view = new
        self._clear_input()
        self._rebuild_log()
        for cb in self.on_step:
            cb(step)
        anim = self.ui.animation(old, new, events, speed=self.speed)
        if anim is not None:
            self.anim = anim
            self.anim_t = 0.0
            if self.follow:
                point = self.ui.focus_point(events)
                if point is not None:
                    self.look_at(point)
        else:
            self.scene = self.ui.scene_from_view(new)
            self.scene_version += 1
            self._sync_seat()
            who = self.ctl.deciding()
            if self.ctl.is_human(who):  # never drawn, not even for one frame
                self._answer_the_only_answer(who)

    def advance(self):
        """Play chance and bot decisions when the screen is free for them."""
        if self.anim is not None or self.curtain is not None:
            return
        if any(m.pauses for m in self.modals):
            return
        self._sync_seat()
        if self.curtain is not None:
            return
        who = self.ctl.deciding()
        if who == TERMINAL:
            return
        if self.ctl.is_human(who):
            self._answer_the_only_answer(who)
            return
        if self.paused and not self.step_once:
            return
        if who == CHANCE:
            self.step_once = False
            self._played(self.ctl.apply_chance())
            return
        if self.ctl.start_thinking() and self.bot_since is None:
            self.bot_since = self.clock
        if self.wait_for_bots:
            self.ctl.wait_thinking()
        if self.ctl.bot_ready() and self.clock - self.bot_since >= self.delay / max(self.speed, 0.01):
            self.bot_since = None
            self.step_once = False
            self._played(self.ctl.finish_thinking())

    def _answer_the_only_answer(self, seat):
        """A question with one possible answer is not put to the person: the screen gives it.

        Only once that seat is shown and its curtain (hot-seat) has been passed, so the others see
        exactly what they would see if the seat had had a real choice: the curtain that would come
        for it still comes (TW-4.4, TW-6.10: whether a seat plotted its Interrupt stays hidden).
        The decision goes through the core as any other; records and saves are unchanged."""
        if not self.answer_alone or self.watch_seat is not AUTO or self.deciding_human() != seat:
            return
        legal = self.ctl.legal_for(seat)
        answers_alone = getattr(self.ui, "answers_alone", None)
        if len(legal) == 1 and (answers_alone is None or answers_alone(legal[0])):
            self.submit(legal[0])
            self._hurry_past(seat)

    def _hurry_past(self, seat):
        """After the screen answered for ``seat`` in hot-seat: what follows up to the next decision
        (the step's own animation, chance draws) is played at once, so no frame of ``seat``'s board
        is drawn between its curtain and the next one.  A seat with a real choice is seen deciding;
        one with a single answer is not seen at all, and the next curtain comes straight after its
        own (TW-10: nothing in what the others see tells them which it was).  A bot's decision
        still plays on the board as ever (someone must see it)."""
        if len(self.ctl.humans) < 2 or not self.ui.curtain_before(seat):
            return
        for _ in range(256):
            if self.anim is not None:
                self.anim = None
                self.scene = self.ui.scene_from_view(self.view)
                self.scene_version += 1
                self._sync_seat()
            if self.curtain is not None or self.ctl.deciding() != CHANCE:
                return  # the next curtain, or a person's or a bot's decision
            self._played(self.ctl.apply_chance())

    def lift_curtain(self):
        """The person behind the curtain is ready: show their view; a question with one answer
        for them is answered at once (never drawn)."""
        self.curtain = None
        who = self.ctl.deciding()
        if self.ctl.is_human(who):
            self._answer_the_only_answer(who)

    def update(self, dt):
        self.clock += dt
        dt = min(dt, 0.1)
        top = self.top_modal()
        keyboard_camera = top is None or (not top.blocking and top.keyboard_camera)
        shift = self.keys[key.LSHIFT] or self.keys[key.RSHIFT]
        if shift and keyboard_camera:
            orbit = (self.keys[key.LEFT] - self.keys[key.RIGHT]) * OrbitCamera.KEY_ORBIT_DEG_PER_S * dt
            tilt = (self.keys[key.UP] - self.keys[key.DOWN]) * OrbitCamera.KEY_ORBIT_DEG_PER_S * 0.6 * dt
            if orbit or tilt:
                self.camera.orbit(orbit, tilt)
        fwd = (self.keys[key.W] - self.keys[key.S]) * OrbitCamera.PAN_PER_S * dt
        right = (self.keys[key.D] - self.keys[key.A]) * OrbitCamera.PAN_PER_S * dt
        if (fwd or right) and keyboard_camera and not (self.keys[key.LCTRL] or self.keys[key.RCTRL]):
            self.camera.pan(right, fwd)
        self.camera.update(dt)
        if self.anim is not None and not (self.paused and not self.step_once):
            self.anim_t += dt
            self.scene = self.anim.scene_at(self.anim_t)
            self.scene_version += 1
            if self.anim.done(self.anim_t):
                self.anim = None
                self.step_once = False
                self.scene = self.ui.scene_from_view(self.view)
                self.scene_version += 1
                self._sync_seat()
        for m in list(self.modals):
            m.update(self, dt)
        self.advance()
        self._update_hover()

    def _update_hover(self):
        if self.mouse_px is None:
            return
        x, y = self.mouse_px
        r = self.canvas.hit(x, y) if self.canvas is not None else None
        self.hover_region = r
        self.hover_pick = None if r is not None or self.curtain else self._pick(x, y)
        self.log_hover = r.key[1] if r is not None and r.key[0] == "log" else None

    # --- picking ------------------------------------------------------------------------------
    def _pixel_ratio(self):
        fw, fh = self.window.get_framebuffer_size()
        return (fw / max(self.window.width, 1), fh / max(self.window.height, 1))

    def table_viewport(self):
        """The table's viewport (x, y, w, h) in framebuffer pixels: the window less the HUD frame."""
        fw, fh = self.window.get_framebuffer_size()
        rx, ry = self._pixel_ratio()
        if self.curtain is not None or not self.hud_enabled or self.hud_hidden():
            return (0, 0, fw, fh)
        left, bottom, right, top = self.ui.frame_margins(self.window.width, self.window.height, self)
        x, y = int(left * rx), int(bottom * ry)
        return (x, y, max(1, fw - x - int(right * rx)), max(1, fh - y - int(top * ry)))

    def _pick(self, x, y):
        rx, ry = self._pixel_ratio()
        vx, vy, vw, vh = self.table_viewport()
        px, py = x * rx - vx, y * ry - vy
        if vw <= 0 or vh <= 0 or not (0 <= px <= vw and 0 <= py <= vh):
            return None
        return self.ui.pick(self.camera.pose, px, py, vw, vh, self.scene)

    def screen_point(self, world):
        """Window coordinates of a world point for the current camera (None if behind it)."""
        return self.screen_points([world])[0]

    def screen_points(self, worlds):
        """Window coordinates of world points (None for those behind the camera), in one go."""
        import numpy as np
        vx, vy, fw, fh = self.table_viewport()
        key_ = (self.camera.pose, fw, fh)
        if getattr(self, "_vp_for", None) != key_:
            self._vp = self.camera.pose.view_projection(fw, fh)
            self._vp_for = key_
        rx, ry = self._pixel_ratio()
        pts = np.ones((len(worlds), 4))
        pts[:, :3] = np.asarray(worlds, dtype=float)
        clip = pts @ self._vp.T
        out = []
        for c in clip:
            if c[3] <= 1e-6:
                out.append(None)
                continue
            out.append(((vx + (c[0] / c[3] + 1) * 0.5 * fw) / rx, (vy + (c[1] / c[3] + 1) * 0.5 * fh) / ry))
        return out

    # --- mouse ------------------------------------------------------------------------------------
    def on_mouse_motion(self, x, y, dx, dy):
        self.mouse_px = (x, y)
        self._to_modal("on_mouse_motion", x, y, dx, dy)

    def on_mouse_drag(self, x, y, dx, dy, buttons, modifiers):
        self.mouse_px = (x, y)
        if self._to_modal("on_mouse_drag", x, y, dx, dy, buttons, modifiers):
            return
        if self.curtain is not None or getattr(self, "dragging", None) is not None:
            return
        if buttons & mouse.LEFT:
            self.camera.drag_orbit(dx, dy)
        elif buttons & (mouse.RIGHT | mouse.MIDDLE):
            self.camera.drag_pan(dx, dy, self.window.height)

    def on_mouse_scroll(self, x, y, scroll_x, scroll_y):
        if self._to_modal("on_mouse_scroll", x, y, scroll_x, scroll_y):
            return
        r = self.canvas.hit(x, y) if self.canvas is not None else None
        if r is not None and r.key[0] in ("log", "log-panel"):
            self.log_scroll = max(0, self.log_scroll + int(scroll_y * 3))
            return
        if r is not None and r.key[0] in ("choice", "choice-up", "choice-down"):
            self.choice_first = max(0, self.choice_first - int(scroll_y))
            return
        self.camera.zoom(scroll_y)

    def on_mouse_press(self, x, y, button, modifiers):
        self.mouse_px = (x, y)
        if self._to_modal("on_mouse_press", x, y, button, modifiers):
            return
        if self.curtain is not None:
            self.lift_curtain()
            return
        r = self.canvas.hit(x, y) if self.canvas is not None else None
        if button == mouse.RIGHT:
            self.back()
            return
        if button != mouse.LEFT:
            return
        if r is not None:
            if r.key[0] == "card":
                self.dragging = r.key  # acted on at release: a click, or a drop on a slot
                return
            self.click_region(r.key)
            return
        if self.menu is not None:
            self.menu = None
            return
        pk = self._pick(x, y)
        if pk is not None:
            self.click_board(pk)

    def on_mouse_release(self, x, y, button, modifiers):
        if self._to_modal("on_mouse_release", x, y, button, modifiers):
            self.dragging = None
            return
        drag, self.dragging = getattr(self, "dragging", None), None
        if drag is None or button != mouse.LEFT:
            return
        r = self.canvas.hit(x, y) if self.canvas is not None else None
        if r is not None and r.key[0] == "slot":
            self.ui.drop(self, drag, r.key[1])
        elif r is not None and r.key == drag:
            self.click_region(drag)

    def click_region(self, k):
        kind = k[0]
        if kind == "menu" and self.menu is not None:
            self.submit(self.menu["actions"][k[1]])
        elif kind == "choice":
            imap = self.input_map()
            if imap is not None and k[1] < len(imap.buttons):
                self.submit(imap.buttons[k[1]])
        elif kind == "choice-up":
            self.choice_first = max(0, self.choice_first - 3)
        elif kind == "choice-down":
            self.choice_first += 3
        elif kind == "new-game":
            self.start_new_game()
        elif kind == "quit":
            self.quit_game()
        else:
            self.ui.click(self, k)

    def click_board(self, pk):
        imap = self.input_map()
        if imap is None:
            return
        # a target of the chosen piece wins; else choose the piece clicked; else a direct cell
        if self.actor != "none" and pk.cell in imap.board.get(self.actor, {}):
            self.choose_target(self.actor, pk.cell)
            return
        key_ = self.ui.actor_at(pk)
        if key_ is not None and key_ in imap.board:
            self.select_actor(key_)
            return
        if pk.cell in imap.board.get(DIRECT, {}):
            self.choose_target(DIRECT, pk.cell)

    def select_actor(self, actor):
        self.actor = actor
        self.target_i = 0
        self.menu = None

    def choose_target(self, actor, cell, at=None):
        acts = self.imap.actions_at(actor, cell)
        if actor is not DIRECT:  # what the seat itself may do there too (a remote dig under a soldier)
            acts += [a for a in self.imap.actions_at(DIRECT, cell) if a not in acts]
        if len(acts) == 1:
            self.submit(acts[0])
        elif acts:
            x, y = at or self.mouse_px or (self.window.width / 2, self.window.height / 2)
            self.menu = {"actions": acts, "focus": 0, "x": x + 12, "y": y - 12, "cell": cell}

    def back(self):
        """Backspace / right click: close the menu, else clear the piece, else the widget's undo."""
        if self.menu is not None:
            self.menu = None
        elif self.actor != "none":
            self.actor = "none"
        else:
            self.ui.back(self)

    # --- keys --------------------------------------------------------------------------------------
    def on_key_press(self, symbol, modifiers):
        if symbol == key.Q and modifiers & key.MOD_CTRL:
            self.quit()
            return pyglet.event.EVENT_HANDLED
        if symbol == key.C and modifiers & key.MOD_CTRL:
            self.quit()
            return pyglet.event.EVENT_HANDLED
        if symbol == key.F11:
            self.toggle_fullscreen()
            return pyglet.event.EVENT_HANDLED
        if self._to_modal("on_key_press", symbol, modifiers):
            return pyglet.event.EVENT_HANDLED
        if symbol == key.ESCAPE and self.menu is None and self.actor == "none" and self.on_escape is not None:
            self.on_escape()
            return pyglet.event.EVENT_HANDLED
        if self.curtain is not None:
            self.lift_curtain()
            return pyglet.event.EVENT_HANDLED
        if self.ctl.is_over() and self.anim is None:
            if symbol == key.N:
                self.start_new_game()
                return pyglet.event.EVENT_HANDLED
            if symbol == key.Q:
                self.quit_game()
                return pyglet.event.EVENT_HANDLED
        shift = modifiers & key.MOD_SHIFT
        if symbol in (key.LEFT, key.RIGHT, key.UP, key.DOWN) and shift:
            return pyglet.event.EVENT_HANDLED  # camera orbit (update)
        delta = {key.LEFT: -1, key.UP: -1, key.RIGHT: 1, key.DOWN: 1}.get(symbol)
        imap = self.input_map()
        if symbol == key.TAB and imap is not None:
            actors = imap.actors()
            if actors:
                cur = actors.index(self.actor) if self.actor in actors else -1
                step = -1 if shift else 1
                nxt = cur + step
                if nxt >= len(actors) or nxt < 0:
                    self.select_actor("none")
                else:
                    self.select_actor(actors[nxt])
                self.menu = None
            else:  # no pieces (plotting, a list of choices): Tab walks the focus like the arrows
                self.ui.move_focus(self, -1 if shift else 1, symbol)
        elif delta is not None and imap is not None:
            if self.menu is not None:
                self.menu["focus"] = (self.menu["focus"] + delta) % len(self.menu["actions"])
            elif self.actor != "none":
                n = len(imap.targets(self.actor))
                if n:
                    self.target_i = (self.target_i + delta) % n
            else:
                self.ui.move_focus(self, delta, symbol)
        elif symbol in (key.ENTER, key.RETURN, key.NUM_ENTER) and imap is not None:
            if self.menu is not None:
                self.submit(self.menu["actions"][self.menu["focus"]])
            elif self.actor != "none":
                cells = imap.targets(self.actor)
                if cells:
                    cell = cells[self.target_i % len(cells)]
                    at = self.ui.cell_screen_point(self, cell)
                    self.choose_target(self.actor, cell, at)
            else:
                self.ui.activate_focus(self)
        elif symbol == key.BACKSPACE:
            self.back()
        elif symbol == key.ESCAPE:
            if self.menu is not None or self.actor != "none":
                self.menu = None
                self.actor = "none"
            return pyglet.event.EVENT_HANDLED  # never closes the window by accident
        elif symbol == key.SPACE:
            self.paused = not self.paused
        elif symbol == key.PERIOD:
            self.paused = True
            self.step_once = True
        elif symbol == key.BRACKETRIGHT:
            self.speed = min(16.0, self.speed * 2)
        elif symbol == key.BRACKETLEFT:
            self.speed = max(0.125, self.speed / 2)
        elif symbol == key.F:
            self.follow = not self.follow
        elif symbol in (key.PAGEUP, key.PAGEDOWN):
            self.log_scroll = max(0, self.log_scroll + (8 if symbol == key.PAGEUP else -8))
        elif symbol == key.G:
            self.show_forecast = not self.show_forecast
        elif symbol == key.L:
            self.show_log = not self.show_log
        elif symbol in (key.H, key.F1, key.QUESTION, key.SLASH):
            self.show_help = not self.show_help
        elif symbol in CAMERA_KEYS[:len(self.ui.seat_keys)]:
            self.camera.snap_seat(self.ui.seat_keys[CAMERA_KEYS.index(symbol)])
        elif symbol == key.T:
            self.camera.snap_top(self.ui.seat_keys)
        elif symbol == key.R:
            self.camera.snap(self.home_pose(self.shown_seat))
        elif symbol in (key.PLUS, key.EQUAL, key.NUM_ADD):
            self.camera.zoom(1)
        elif symbol in (key.MINUS, key.NUM_SUBTRACT):
            self.camera.zoom(-1)
        elif symbol == key.P:
            self._shot = self.screenshot_path()
            self.capture = self._shot
        else:
            self.ui.key(self, symbol, modifiers)
        return pyglet.event.EVENT_HANDLED

    def on_text(self, text):
        self._to_modal("on_text", text)

    def on_text_motion(self, motion):
        self._to_modal("on_text_motion", motion)

    def on_close(self):
        self.quit_requested = True

    def quit(self):
        self.quit_requested = True
        self.window.close()

    def quit_game(self):
        """Quit on the result panel: back to the app's menu when it set ``on_game_over_quit``."""
        if self.on_game_over_quit is not None:
            self.on_game_over_quit()
        else:
            self.quit()

    def start_new_game(self):
        if self.new_game is None:
            return
        ctl = self.new_game()
        self._use_table_for(ctl)
        self.ctl = ctl
        self._reset_game()

    # --- log ---------------------------------------------------------------------------------------
    def _rebuild_log(self):
        self.log_model = self.ui.log_model(self.ctl, self.shown_seat)

    # --- drawing -------------------------------------------------------------------------------------
    def on_resize(self, width, height):
        return None

    def overlay(self):
        return self.ui.overlays(self)

    def _hud_key(self):
        """Everything the HUD's picture depends on; an unchanged key reuses the last canvas."""
        hov = self.hover_region.key if self.hover_region is not None else None
        pk = self.hover_pick
        menu = (id(self.menu["actions"]), self.menu["focus"]) if self.menu is not None else None
        return (self.window.width, self.window.height, self.camera.pose, id(self.view), self.ui.look_name(self.scene),
                len(self.ctl.steps), self.ctl.thinking, self.anim is None, self.curtain, self.shown_seat,
                hov, (pk.cell, self.ui.actor_at(pk), getattr(pk, "key", None)) if pk is not None else None, menu, self.actor, self.target_i,
                self.focus, self.choice_first, tuple(self.plot_slots), self.message, self.log_scroll,
                self.log_hover, self.paused, self.speed, self.follow, self.show_log, self.imap_for,
                self.flip_progress(0), self.flip_progress(1), self.show_help,
                int(self.clock * 3) if self.ctl.thinking else 0, tuple(m.hud_key() for m in self.modals),
                self.look_version, self._toast_text(), language())

    def _toast_text(self):
        if self.toast is None:
            return None
        if self.clock > self.toast[1]:
            self.toast = None
            return None
        return self.toast[0]

    def paint(self) -> HudCanvas:
        key_ = self._hud_key()
        if key_ == getattr(self, "_painted_key", None) and self.canvas is not None:
            return self.canvas
        self._painted_key = key_
        w, h = self.window.width, self.window.height
        scale = hud_scale(w, h)
        cv = HudCanvas(w, h, scale)
        if self.hud_hidden():
            pass  # the start menu shows the table alone
        elif self.curtain is not None:
            widgets.paint_curtain(cv, self.ui.seat_label(self.curtain), self.ui.seat_rgb(self.curtain))
        else:
            self.ui.paint(self, cv)
        for m in self.modals:
            m.paint(self, cv)
        toast = self._toast_text()
        if toast:
            cv.layer = 9
            s = cv.scale
            tw = text_width(toast, 11 * s) + 30 * s
            cv.panel((w - tw) / 2, 16 * s, tw, 32 * s, color=(26, 22, 18, 240), edge=(255, 214, 120, 255))
            cv.text(toast, w / 2, 32 * s, 11, (246, 240, 226, 255), anchor_x="center", anchor_y="center")
        return cv

    def on_draw(self):
        fw, fh = self.window.get_framebuffer_size()
        if fw <= 0 or fh <= 0 or self.window.width <= 0 or self.window.height <= 0:
            return
        screen = self.ctx.detect_framebuffer()
        self.canvas = self.paint() if self.hud_enabled else HudCanvas(self.window.width, self.window.height)
        clock = self.fixed_clock if self.fixed_clock is not None else self.clock
        vx, vy, vw, vh = self.table_viewport()
        if self.curtain is None:
            pose = self.camera.pose
            at_rest = self.draw_at_rest or self.capture is not None
            target, fbo, w, h = self.frames_out.choose(pose, vw, vh, screen, at_rest=at_rest)
            self.renderer.render(self.scene, pose, fbo, w, h, clock, overlay_vertices=self.overlay(),
                                 static_key=None if self.single_frames else self.scene_version,
                                 samples=target.samples)
            if self.hud_enabled:
                self._present_at(target, screen, (vx, vy, vw, vh))
                self.ctx.error  # noqa: B018 - pyglet checks glGetError after its calls: start clean
                frame = [it for it in self.canvas.items if it[0] == FRAME]
                self.frame_layer.draw(frame, screen, fw, fh, (vx, vy, vw, vh))
            else:
                target.present(screen, fw, fh)
        else:
            screen.use()
            self.ctx.clear(0.05, 0.05, 0.04)
        self.ctx.error  # noqa: B018 - pyglet checks glGetError after its calls: start it clean
        floating = [it for it in self.canvas.items if it[0] != FRAME]
        screen.use()
        self.ctx.viewport = (0, 0, fw, fh)
        self.ctx.disable(self.ctx.DEPTH_TEST | self.ctx.CULL_FACE)
        self.ctx.enable(self.ctx.BLEND)
        self.ctx.blend_func = self.ctx.SRC_ALPHA, self.ctx.ONE_MINUS_SRC_ALPHA
        self.hud.draw(floating)
        self.frames += 1
        if self.capture:
            paths, self.capture = self.capture, None
            pixels = self.read_pixels()
            for path in ([paths] if isinstance(paths, str) else paths):
                write_png(path, pixels)
                if path == getattr(self, "_shot", None):
                    self._shot = None
                    from game.i18n import tr
                    self.show_toast(tr("menu.screenshot_saved", path=path), 6.0)
        # a moderngl call's error (reading the pixels of a capture leaves GL_INVALID_OPERATION on
        # Mesa) must not surface in pyglet's next checked call (deleting a dropped font's textures)
        self.ctx.error  # noqa: B018

    def _present_at(self, target, screen, rect):
        """``FrameTarget.present`` into the table's viewport instead of the whole window."""
        ctx = self.ctx
        if target.resolve is not None:
            ctx.copy_framebuffer(target.resolve, target.fbo)
        screen.use()
        ctx.viewport = rect
        ctx.disable(ctx.DEPTH_TEST | ctx.CULL_FACE | ctx.BLEND)
        target.texture.use(0)
        target.prog["u_image"].value = 0
        target.vao.render(ctx.TRIANGLES, vertices=3)

    def read_pixels(self):
        """The window's back buffer as (H, W, 3) uint8, top row first."""
        import numpy as np
        fw, fh = self.window.get_framebuffer_size()
        screen = self.ctx.detect_framebuffer()
        data = screen.read(viewport=(0, 0, fw, fh), components=3, alignment=1)
        return np.frombuffer(data, np.uint8).reshape(fh, fw, 3)[::-1].copy()


def make_game_window(width=1280, height=720, caption="Trench War", visible=True):
    from game.ui.window import make_window
    return make_window(width, height, caption, visible=visible)


#: Environment variable naming a fixed frame time in seconds (the test suite sets it): ``run_screen``
#: then advances the screen's clock by exactly that much per frame.
FRAME_DT_ENV = "TRENCH_WAR_FRAME_DT"


def frame_dt_from_env():
    """The fixed frame time ``$TRENCH_WAR_FRAME_DT`` names (seconds), or None for the wall clock."""
    import os
    text = os.environ.get(FRAME_DT_ENV, "").strip()
    if not text:
        return None
    try:
        dt = float(text)
    except ValueError:
        raise ValueError(f"{FRAME_DT_ENV}={text!r}: expected a frame time in seconds, e.g. 0.0167") from None
    if not 0.0 < dt <= 1.0:
        raise ValueError(f"{FRAME_DT_ENV}={text!r}: the frame time must be above 0 and at most 1 second")
    return dt


def run_screen(screen, frames=None, on_frame=None, dt=None):
    """Run the pyglet loop for a screen; Ctrl-C in the terminal closes it quietly.

    ``dt`` (default: ``$TRENCH_WAR_FRAME_DT``, else None) drives the frame clock explicitly: every
    frame handles the window's input, advances the screen by exactly ``dt`` seconds (waiting for a
    thinking bot), calls ``on_frame`` and draws, so a script of synthesised input sees the same frames
    on a fast machine and on a loaded one.  None runs pyglet's own loop on the wall clock.

    Ctrl-C only sets a flag that the next tick reads: a KeyboardInterrupt raised at an arbitrary point
    (say inside pyglet while it builds a vertex buffer) would leave half-made GL objects that complain
    on the way out."""
    if dt is None:
        dt = frame_dt_from_env()
    if dt is not None:
        return _run_fixed(screen, float(dt), frames, on_frame)
    interrupted = []

    def tick(_dt):
        if interrupted:
            screen.quit()
            return
        if on_frame is not None:
            on_frame(screen)
        if frames is not None and screen.frames >= frames:
            screen.quit()

    pyglet.clock.schedule_interval(screen.update, 1 / 60.0)
    pyglet.clock.schedule_interval(tick, 1 / 60.0)
    previous = _on_sigint(lambda *_: interrupted.append(True))
    try:
        pyglet.app.run(1 / 60.0)
    except KeyboardInterrupt:  # raised before the handler was in place, or by a second handler
        try:
            screen.window.close()
        except Exception:  # noqa: BLE001 - closing a window that is half gone
            pass
    finally:
        _on_sigint(previous)
        pyglet.clock.unschedule(screen.update)
        pyglet.clock.unschedule(tick)
    return screen


def _run_fixed(screen, dt, frames, on_frame):
    """``run_screen`` on a fixed frame clock: input, ``update(dt)``, ``on_frame``, draw, flip."""
    from pyglet.window import Window
    interrupted = []
    window = screen.window
    screen.wait_for_bots = True
    queued = Window._enable_event_queue
    Window._enable_event_queue = False  # as pyglet's own loop does: a dispatched event runs at once
    window.dispatch_pending_events()
    previous = _on_sigint(lambda *_: interrupted.append(True))
    try:
        while not screen.quit_requested and not window.has_exit:
            pyglet.clock.tick()  # what others scheduled (the app's restart after a result)
            window.dispatch_events()
            if screen.quit_requested or window.has_exit:
                break
            screen.update(dt)
            if interrupted:
                screen.quit()
                break
            if on_frame is not None:
                on_frame(screen)
            if frames is not None and screen.frames >= frames:
                screen.quit()
            if screen.quit_requested or window.has_exit:
                break
            window.switch_to()
            window.dispatch_event("on_draw")
            window.flip()
    except KeyboardInterrupt:
        pass
    finally:
        _on_sigint(previous)
        screen.wait_for_bots = False
        Window._enable_event_queue = queued
        try:
            if not window.has_exit or window.context is not None:
                window.close()
        except Exception:  # noqa: BLE001 - closing a window that is half gone
            pass
    return screen


def _on_sigint(handler):
    """Install ``handler`` for SIGINT (main thread only); returns the one it replaces (or None)."""
    import signal
    import threading
    if handler is None or threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGINT, handler)
