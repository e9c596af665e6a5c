"""Layers over the game screen: menus, dialogs, the replay bar, event-mode captions.

A :class:`Modal` is pushed on a :class:`~game.ui.screen.GameScreen` with ``screen.push_modal(m)``.
The top one sees every key, text and mouse event first; it returns True when it used the event
(a ``blocking`` modal, such as a menu, gets every event and the table underneath none).  Every
modal paints after the game's HUD, bottom to top, onto the same canvas; ``hud_key`` must change
whenever its picture changes (the HUD is repainted only when some key changes).  While any modal
with ``pauses`` is open, bots and chance wait.
"""

from __future__ import annotations


class Modal:
    """Base class: does nothing and lets every event through."""

    #: the table underneath receives no input while this is on top
    blocking = False
    #: bots and chance wait while this is open
    pauses = False
    #: Shift+arrows and WASD still move the camera while this is on top (never under a blocking one)
    keyboard_camera = True

    def hud_key(self):
        """Anything hashable that changes whenever this layer's picture changes."""
        return None

    def paint(self, screen, cv) -> None:
        """Draw onto the HUD canvas ``cv`` (a :class:`game.render.hud.HudCanvas`)."""

    def update(self, screen, dt: float) -> None:
        """Called every frame with the seconds since the last."""

    def on_key_press(self, screen, symbol, modifiers) -> bool:
        return False

    def on_text(self, screen, text) -> bool:
        return False

    def on_text_motion(self, screen, motion) -> bool:
        return False

    def on_mouse_press(self, screen, x, y, button, modifiers) -> bool:
        return False

    def on_mouse_release(self, screen, x, y, button, modifiers) -> bool:
        return False

    def on_mouse_motion(self, screen, x, y, dx, dy) -> bool:
        return False

    def on_mouse_drag(self, screen, x, y, dx, dy, buttons, modifiers) -> bool:
        return False

    def on_mouse_scroll(self, screen, x, y, scroll_x, scroll_y) -> bool:
        return False
