"""Play a whole game in the real window through synthesised input events only.

For each human decision the driver draws a random legal action and performs it with
the mouse clicks and key presses a player would use: it finds screen points with the
same picking the player's clicks use (``GameScreen._pick``) and the HUD's own click
regions, and passes each privacy curtain with a key press.  It never applies an
action itself: if the input does not produce exactly the drawn action, it fails.
"""

from __future__ import annotations

import os

from pyglet.window import key, mouse

from game.core.rng import Rng
from game.ui.choices import DIRECT


class AutoplayError(RuntimeError):
    """The synthesised input did not do what was intended."""


class Driver:
    """Feeds one input event per frame; ``tick(screen)`` is called by the pyglet loop."""

    def __init__(self, screen, seed=0, out=None, mouse_share=0.7, max_decisions=5000, stop_at_end=True,
                 burst=1):
        self.screen = screen
        self.rng = Rng(seed)
        self.out = out
        self.mouse_share = mouse_share
        self.max_decisions = max_decisions
        self.stop_at_end = stop_at_end
        self.burst = burst  # input events per frame (the HUD is repainted before each)
        self.plan = []
        self.goal = None  # (seat, action, steps before)
        self.decisions = 0
        self.curtains = 0
        self.verbs = {}  # decisions made, by verb
        self.menus = 0  # decisions that went through a pop-up menu
        self.routes = {"mouse": 0, "keys": 0}
        self.error = None
        self.done = False
        self.shots = 0
        self._phase = None
        self._drawn = 0
        screen.on_step.append(self._on_step)

    # --- events ---------------------------------------------------------------------
    def click(self, x, y, button=mouse.LEFT):
        w = self.screen.window
        w.dispatch_event("on_mouse_motion", x, y, 0, 0)
        w.dispatch_event("on_mouse_press", x, y, button, 0)
        w.dispatch_event("on_mouse_release", x, y, button, 0)

    def press(self, symbol, modifiers=0):
        w = self.screen.window
        w.dispatch_event("on_key_press", symbol, modifiers)
        w.dispatch_event("on_key_release", symbol, modifiers)

    # --- records ----------------------------------------------------------------------
    def _on_step(self, step):
        v = self.screen.ctl.view_for(None)
        phase = self.screen.ui.phase_name(v)
        if self.out is not None and phase != self._phase:
            self.shots += 1
            path = os.path.join(self.out, f"{self.shots:03d}-{phase}.png")
            queued = self.screen.capture
            self.screen.capture = ([queued] if isinstance(queued, str) else list(queued or ())) + [path]
        self._phase = phase

    def write(self):
        if self.out is None:
            return
        ctl = self.screen.ctl
        with open(os.path.join(self.out, "start.pos"), "w") as f:
            f.write(ctl.start_text)
        with open(os.path.join(self.out, "actions.txt"), "w") as f:
            f.write(ctl.actions_text())
        with open(os.path.join(self.out, "final.pos"), "w") as f:
            f.write(ctl.spec.format_position(ctl.state))

    # --- the loop -------------------------------------------------------------------------
    def tick(self, screen):
        if self.done:
            return
        try:
            for i in range(self.burst):
                if self.burst > 1:
                    screen.canvas = screen.paint()  # what the screen shows after the last event
                if not self._tick(screen) or self.done:
                    break
        except Exception as exc:  # noqa: BLE001 - reported by the tool, the window closes
            self.error = exc
            self.finish()

    def finish(self):
        self.done = True
        try:
            if self.screen.capture:
                self.screen.on_draw()  # the last phase change's picture (game over)
            self.write()
        finally:
            self.screen.quit()

    def _tick(self, screen):
        """One input event (or a new plan); False when there is nothing to do this frame."""
        if screen.canvas is None or (self.burst == 1 and screen.frames <= self._drawn):
            return False  # the last input is not drawn yet: its regions would be stale
        self._drawn = screen.frames
        if screen.curtain is not None:
            self.curtains += 1
            self.press(key.ENTER)
            return True
        if self.plan:
            self.plan.pop(0)()
            if not self.plan:
                self._check()
            return True
        if screen.ctl.is_over():
            if screen.anim is None and self.stop_at_end:
                self.finish()
            return False
        seat = screen.deciding_human()
        if seat is None:
            return False
        if self.decisions >= self.max_decisions:
            raise AutoplayError(f"gave up after {self.decisions} decisions")
        legal = screen.ctl.legal_for(seat)
        action = legal[self.rng.below(len(legal))]
        self.goal = (seat, action, len(screen.ctl.steps))
        self.verbs[action.verb] = self.verbs.get(action.verb, 0) + 1
        self.decisions += 1
        use_mouse = self.rng.below(1000) < self.mouse_share * 1000
        self.routes["mouse" if use_mouse else "keys"] += 1
        self.plan = self._plan(screen, action, use_mouse)
        return True

    def _check(self):
        seat, action, before = self.goal
        steps = self.screen.ctl.steps
        if len(steps) <= before or steps[before].action != action or steps[before].seat != seat:
            got = steps[before].action if len(steps) > before else "nothing"
            raise AutoplayError(f"input for {action!r} ({seat}) applied {got!r} "
                                f"(message: {self.screen.message!r})")
        self.goal = None

    # --- plans: each step is a callable run on its own frame ---------------------------------
    def _plan(self, screen, action, use_mouse):
        imap = screen.input_map()
        route = imap.route(action)
        if route is None:
            raise AutoplayError(f"{action} is legal but not reachable on screen")
        if route[0] == "plot":
            return self._plot_plan(route[1], use_mouse)
        if route[0] == "button":
            return self._button_plan(route[1], use_mouse)
        _, actor, cell = route
        return self._board_plan(actor, cell, action, use_mouse)

    def _region_click(self, k):
        r = self.screen.canvas.find(k)
        if r is None:
            raise AutoplayError(f"no region {k!r} on screen")
        self.click(*r.center)

    def _focus_to(self, item):
        """Key presses that move the widget focus onto ``item``."""
        s = self.screen
        items = s.ui.focus_items(s)
        if item not in items:
            raise AutoplayError(f"{item!r} not focusable")
        want = items.index(item)
        n = len(items)
        for _ in range((want - s.focus) % n):
            self.press(key.RIGHT)
        if s.focus % n != want:
            raise AutoplayError(f"focus did not reach {item!r}")

    def _plot_plan(self, cards, use_mouse):
        s = self.screen
        steps = []
        if s.actor != "none":
            steps.append(lambda: self.press(key.BACKSPACE))
        for c in cards:
            if use_mouse:
                steps.append(lambda c=c: self._region_click(("card", c)))
            else:
                steps.append(lambda c=c: (self._focus_to(("card", c)), self.press(key.ENTER)))
        if use_mouse:
            steps.append(lambda: self._region_click(("confirm",)))
        else:
            steps.append(lambda: (self._focus_to(("confirm",)), self.press(key.ENTER)))
        return steps

    def _button_plan(self, index, use_mouse):
        def by_mouse():
            s = self.screen
            if s.canvas.find(("choice", index)) is None:
                self._focus_to(("choice", index))  # scrolls the list to it
                return "retry"
            self._region_click(("choice", index))

        def by_keys():
            self._focus_to(("choice", index))
            self.press(key.ENTER)

        if not use_mouse:
            return [by_keys]

        def first():
            if by_mouse() == "retry":
                self.plan.insert(0, lambda: self._region_click(("choice", index)))
        return [first]

    # board: choose the actor, then the cell, then the menu entry
    def _board_plan(self, actor, cell, action, use_mouse):
        steps = []

        def select():
            s = self.screen
            if actor is DIRECT:
                if s.actor != "none" and not use_mouse:
                    pass
                if use_mouse:
                    if s.actor != "none":
                        self.press(key.BACKSPACE)
                    return
                self._tab_to(actor)
                return
            if s.actor == actor:
                return
            pt = self._actor_point(actor) if use_mouse else None
            if pt is None:
                self._tab_to(actor)
            else:
                self.click(*pt)
            if s.actor != actor:
                raise AutoplayError(f"could not choose {actor}")

        def target():
            s = self.screen
            pt = self._cell_point(cell, actor) if use_mouse else None
            if pt is None:
                if s.actor != actor:
                    self._tab_to(actor)
                cells = s.imap.targets(actor)
                want = cells.index(cell)
                for _ in range((want - s.target_i) % len(cells)):
                    self.press(key.RIGHT)
                self.press(key.ENTER)
            else:
                self.click(*pt)

        def menu():
            s = self.screen
            if s.menu is None:
                return  # one action there: already applied
            acts = s.menu["actions"]
            i = acts.index(action)
            self.menus += 1
            if use_mouse:
                self._region_click(("menu", i))
            else:
                for _ in range((i - s.menu["focus"]) % len(acts)):
                    self.press(key.DOWN)
                self.press(key.ENTER)

        steps += [select, target, menu]
        return steps

    def _tab_to(self, actor):
        s = self.screen
        actors = s.imap.actors()
        for _ in range(len(actors) + 2):
            if s.actor == actor:
                return
            self.press(key.TAB)
        if s.actor != actor:
            raise AutoplayError(f"Tab never reached {actor}")

    def _free(self, x, y):
        s = self.screen
        return 2 <= x <= s.window.width - 2 and 2 <= y <= s.window.height - 2 and s.canvas.hit(x, y) is None

    def _actor_point(self, actor):
        """A free window point that picks back to the piece ``actor`` (the table's points on it)."""
        s = self.screen
        for world in s.ui.actor_world_points(s, actor):
            p = s.screen_point(world)
            if p is None or not self._free(*p):
                continue
            pk = s._pick(*p)
            if pk is not None and s.ui.actor_at(pk) == actor:
                return p
        return None

    def _cell_point(self, cell, actor):
        """A free window point that picks back to board target ``cell`` (and, for a direct target,
        not to a piece that could act: that click would choose the piece)."""
        s = self.screen
        imap = s.imap
        for world in s.ui.target_world_points(s, cell):
            p = s.screen_point(world)
            if p is None or not self._free(*p):
                continue
            pk = s._pick(*p)
            if pk is None or pk.cell != cell:
                continue
            if actor is DIRECT and s.ui.actor_at(pk) is not None and s.ui.actor_at(pk) in imap.board:
                continue  # that click would choose the piece standing there
            return p
        return None
