"""The front-end protocol: everything the shell asks of a game's table.

The shell (``game/ui`` and ``game/render``) runs the window and its frame loop, the modal layers,
menus, saves, replays, settings, the event mode, the privacy curtain, the log panel, choice lists,
plot slots, HUD widgets, the camera, picking rays, the animation clock, the renderer, offscreen
pictures and screenshots.  It knows no game.  Everything a game shows or asks is answered by that
game's *table*: an instance of a subclass of :class:`TableFrontEnd` in the game's own front-end
package ``game/tables/<package>/`` (Trench War's: ``game.tables.trench``).  A table reads only a
seat's view (or the spectator's, ``None``), the legal actions the controller lends the deciding
human, and redacted events: never the full state.

How a table is found
--------------------
``game/tables/__init__.py`` lists every game on the table as plain data (:class:`GameInfo`: name,
title and description keys, player counts) and maps the playable ones to the module path of their
table, a string imported only when that game is chosen: the start menu imports no game.  The app
(``game/app.py``, above the shell) hands that catalog (a :class:`TableCatalog`) to the shell:
``screen.tables``; the shell asks ``tables.table(name)`` when a game of that name comes on the
table (New game, Load, Continue, a replay, the event mode's next game).  A table module exposes
``make_table() -> TableFrontEnd``.

The groups of the protocol
--------------------------
*Identity and words* -- :meth:`~TableFrontEnd.seat_name`, ``seat_label``, ``seat_rgb``, ``words``
(an action in the current language), ``log_model`` (the log panel: sentences from one seat's
redacted events, in both languages through the catalogs), ``end_lines`` (the game-over panel:
who won and why, every score), ``progress_words`` (a save's progress in the game's own terms),
``rules_pages`` (the Rules screen), ``captions`` (event mode: spectator events only).

*The scene* -- ``scene_from_view(view)`` builds the table's own scene object, opaque to the shell
but for one attribute: ``scene.draw_kit``, a :class:`game.render.kit.DrawKit` (meshes as
:class:`~game.render.kit.MeshSpec`, instance rows, lighting looks) through which the renderer draws
it.  ``animation(old_view, new_view, events, speed)`` returns an object with ``scene_at(t)`` and
``done(t)``, or None (show the new view at once); ``overlays(screen)`` the highlight triangles
(rows ``x, y, z, r, g, b, a, u`` for ``shaders/overlay.glsl``); ``pick(pose, px, py, w, h, scene)``
what lies under a viewport pixel (an object with ``.cell``: a board target or None);
``look_name(scene)`` the lighting look the HUD names.

*The camera* -- the shell's :class:`game.render.camera.OrbitCamera` has presets from the four sides
of the table (S, W, N, E) and a top view; ``seat_side(seat)`` says from which side a seat looks (a
side letter, or an azimuth in degrees for a seat between them: three round a table), ``seat_keys``
which sides (or azimuths) the number keys 1.. snap to, ``frame_offset`` / ``frame_margins`` how
the HUD frames the table, ``focus_point(events)`` where the follow camera eases to.

*Input* -- ``target_of(action, view)`` sorts each legal action into the board (click a piece, then
a target: ``("board", actor, target)``), the choice list (``("button",)``) or the plot slots
(``("plot", choices)``), see :mod:`game.ui.choices`; the screen builds the input map, handles Tab,
arrows, Enter, Backspace, right click and pop-up menus.  ``actor_at(pick)`` names the piece
picked; ``target_world_points(screen, target)`` and ``actor_world_points(screen, actor)`` world
points on a target or a piece (the keyboard's pop-up menu opens there, the autoplay driver clicks
there).  HUD widget hooks: ``paint`` (the game's HUD
onto a :class:`game.render.hud.HudCanvas`, with its click regions), ``click``, ``drop``, ``back``,
``key``, ``move_focus``, ``activate_focus``.  The shell handles the regions ``("menu", i)``,
``("choice", i)``, ``("choice-up",)``, ``("choice-down",)``, ``("new-game",)``, ``("quit",)``,
``("log", i)``; every other region's click goes to the table.

*Previews and telegraphing* -- a table shows outcomes in ``overlays`` (lit targets, paths, cells at
risk) and in ``paint`` (outcome lines), from what the shell says is hovered or focused:
``screen.hover_pick``, ``screen.hover_region``, ``screen.actor``, ``screen.target_i``,
``screen.menu``, ``screen.focus``.

*Hidden information* -- ``hidden_information`` (False for a game of perfect information: hot-seat
needs no privacy curtain, and the screen says so once) and ``curtain_before(seat)``.  A curtain
must never depend on a secret: the shell raises it by who decides next, never by what they hold,
and the table may only refine it by public facts.

*Simultaneous secret decisions* (Trench War's plotted cards, Smoke Blood Steel's command cards, Two
Mists' Scout pointing) -- actions that ``target_of`` routes to ``("plot", choices)`` (``choices`` a
tuple, one entry per slot) go to the plot slots.  The shell keeps ``screen.plot_slots`` (a list,
``None`` for an empty slot; ``plot_slot_count`` long) and the complete choices ->
action map (``screen.input_map().plots``); the table paints its hand and the slots with the HUD
regions ``("card", kind)``, ``("slot", i)`` and ``("confirm",)`` (the autoplay driver clicks those),
and fills the slots in ``click`` / ``drop``.  Each human plots behind the curtain of hot-seat; the
rules core keeps the choices secret until its reveal.

*Autoplay* (``tools/ui_autoplay.py``) -- the shell's driver (``game.ui.autoplay.Driver``) performs a
random legal action through the routes above with synthesised clicks and keys; a table adds only
``target_world_points``, ``actor_world_points`` and ``phase_name(view)`` (the driver writes a PNG
whenever it changes).

*The demo player* is a bot: its weights are the rules package's (``GameSpec.extras["demo_weight"]``,
``game.ui.seats.DemoBot``), not the table's.  *Benchmarks*: ``bench_scene(i, moving, relight)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.render.kit import DrawKit, MeshSpec  # noqa: F401 - re-exported: the whole protocol in one place


@dataclass(frozen=True)
class GameInfo:
    """One game on the table as the start menu shows it: names only, nothing imported.

    ``title_key`` / ``blurb_key`` are catalog keys of the game's name and one-line description
    (``game.i18n.tr``); ``players`` its player counts; ``playable`` is False while its table is not
    registered yet (the New game dialog lists it as not yet playable)."""

    name: str
    title_key: str
    blurb_key: str
    players: tuple
    default_players: int = 2
    playable: bool = True


class TableCatalog(Protocol):
    """What the shell may ask about the games on the table (``game.tables.CATALOG``)."""

    def games(self) -> list:
        """Every game as :class:`GameInfo`, in menu order (playable or not)."""

    def info(self, game: str) -> GameInfo:
        """The entry of ``game``; ``GameError`` naming the games when unknown."""

    def table(self, game: str) -> "TableFrontEnd":
        """A new table for ``game`` (imports that game's table and rules now); ``GameError`` when
        the game has no table yet."""


class TableFrontEnd:
    """Base class of a game's table; the defaults are what a simple game wants.

    Subclasses set :attr:`game` and override what their game needs.  The screen calls every
    method from the UI thread, with views only; none may block.
    """

    #: the ``--game`` name this table plays (``game.core.registry``)
    game: str = ""
    #: False for a game of perfect information: hot-seat passes without a privacy curtain.
    hidden_information: bool = True
    #: how many plot slots the hand widget has (``screen.plot_slots``)
    plot_slot_count: int = 2
    #: table sides (S, W, N, E; or azimuths in degrees) the number keys 1.. snap the camera to
    seat_keys: tuple = ("S", "W", "N", "E")
    #: how far the seat's home camera stands from the table's centre (a wider table stands further)
    camera_distance: float = 13.0

    # --- identity and words -------------------------------------------------------------------------
    def seat_name(self, seat) -> str:
        """A seat's name in the current language (None: the spectator)."""
        return "-" if seat is None else str(seat)

    def seat_label(self, seat) -> str:
        """The seat as the curtain and the HUD name it (with a mark that does not rely on colour)."""
        return self.seat_name(seat)

    def seat_rgb(self, seat) -> tuple:
        """A seat's colour, 0-255 RGBA."""
        return (200, 200, 200, 255)

    def words(self, action, view=None) -> str:
        """An action in words for a choice list or a pop-up menu (the current language)."""
        return str(action)

    def log_model(self, ctl, seat) -> dict:
        """The log panel of ``seat``: ``{"groups": [(title, [(entry_id, text)])], "cells": {entry_id:
        (targets,)}, "tally": anything the table's HUD reads}``, only from ``ctl.events_for(seat)``."""
        rows, n = [], 0
        for _idx, e in ctl.events_for(seat):
            if e.text:
                rows.append((n, e.text))
                n += 1
        return {"groups": [("", rows)] if rows else [], "cells": {}, "tally": None}

    def end_lines(self, screen) -> list:
        """The game-over panel's lines: who won, why, and every seat's score."""
        r = screen.ctl.result() or {}
        return [", ".join(self.seat_name(w) for w in r.get("winners", ())), str(r.get("reason", ""))]

    def progress_words(self, view) -> str:
        """Where a match stands in the game's own terms, for the Load list ("round 3, turn 2")."""
        return ""

    def rules_pages(self, ruleset) -> list:
        """The Rules screen's pages: ``[(tab title, [block, ...])]``, numbers from ``ruleset``."""
        return []

    def captions(self, spectator_events) -> list:
        """Short sentences of a step's key moments for the event mode (spectator events only)."""
        return []

    def event_hint(self, screen):
        """The event mode's hint for a visitor's quick game: ``(catalog key, ((name, value), ...))``
        of what to do now, or None."""
        return None

    # --- the scene ----------------------------------------------------------------------------------
    def scene_from_view(self, view):
        """The table's scene for one view; it must carry ``draw_kit`` (``game.render.kit.DrawKit``)."""
        raise NotImplementedError

    def animates(self, events) -> bool:
        """True when these (redacted) events are worth an animation."""
        return False

    def animation(self, old_view, new_view, events, speed: float = 1.0):
        """An object with ``scene_at(t)`` and ``done(t)`` playing ``events`` from ``old_view`` to
        ``new_view``, or None to show ``new_view`` at once."""
        return None

    def overlays(self, screen):
        """Overlay triangles (float32 rows ``x, y, z, r, g, b, a, u``) for this frame, or None."""
        return None

    def pick(self, pose, px: float, py: float, width: int, height: int, scene):
        """What lies under viewport pixel (px, py): an object with ``.cell`` (a board target or
        None) for ``actor_at`` and the input map; None for nothing."""
        return None

    def look_name(self, scene) -> str:
        """The lighting look the scene is drawn in (part of the HUD's picture)."""
        return "day"

    # --- the camera ---------------------------------------------------------------------------------
    def seat_side(self, seat) -> str:
        """The side of the table (S, W, N, E) a seat looks from (None, the spectator: S), or the
        camera azimuth in degrees (``game.render.camera.side_azimuth``) of a seat between them."""
        return seat if seat in ("S", "W", "N", "E") else "S"

    def focus_point(self, events):
        """A world point (x, y, z) the follow camera eases to for these events, or None."""
        return None

    def frame_offset(self, width, height):
        """Camera pan (right, forward) in table units that frames the table beside the HUD."""
        return (0.0, 0.0)

    def frame_margins(self, width, height, screen):
        """(left, bottom, right, top) window pixels the HUD frame takes round the table."""
        return (0, 0, 0, 0)

    # --- input --------------------------------------------------------------------------------------
    def target_of(self, action, view):
        """Where a person reaches ``action``: ``("board", actor, target)``, ``("plot", choices)`` or
        ``("button",)`` (``game.ui.choices``)."""
        return ("button",)

    def actor_at(self, pick):
        """The piece key (an actor of the input map) of a pick, or None."""
        return None

    def target_world_points(self, screen, target) -> list:
        """World points on a board target, best first."""
        return []

    def actor_world_points(self, screen, actor) -> list:
        """World points on a piece (an actor of the input map), best first (the autoplay driver
        clicks the first one that picks back to it)."""
        return []

    def cell_screen_point(self, screen, target):
        """The window point of a board target (the keyboard's pop-up menu opens there)."""
        for world in self.target_world_points(screen, target):
            p = screen.screen_point(world)
            if p is not None:
                return p
        return None

    def paint(self, screen, cv) -> None:
        """Paint the game's HUD onto ``cv`` (``game.render.hud.HudCanvas``) with its click regions."""

    def click(self, screen, key) -> None:
        """One of the table's own HUD regions was clicked."""

    def drop(self, screen, card_key, slot) -> None:
        """A card (region ``("card", kind)``) dragged onto plot slot ``slot``."""
        self.click(screen, card_key)

    def back(self, screen) -> None:
        """Backspace with nothing chosen: undo the widget's last step (a plotted card)."""

    def key(self, screen, symbol, modifiers) -> None:
        """A key the shell does not use."""

    def move_focus(self, screen, delta, symbol) -> None:
        """Arrows with no piece chosen: move ``screen.focus`` through the table's widgets."""

    def activate_focus(self, screen) -> None:
        """Enter with no piece chosen: activate the focused widget."""

    # --- hidden information -------------------------------------------------------------------------
    def curtain_before(self, seat) -> bool:
        """In hot-seat, whether a privacy curtain comes before human ``seat`` takes the screen.
        Only public facts may decide it (who decides), never what ``seat`` holds."""
        return self.hidden_information

    # --- autoplay and the demo player ---------------------------------------------------------------
    def phase_name(self, view) -> str:
        """A short file-name-safe name of where the game stands (``r3-plot``); the autoplay tool
        writes a PNG each time it changes."""
        return "play"

    def bench_scene(self, i: int, moving: bool = False, relight: bool = False):
        """Frame ``i`` of a busy scene for the renderer benchmark (``tools/bench.py``,
        ``game.render.bench.measure_frame_ms``): ``moving`` pieces move every frame, ``relight``
        the lighting look changes every frame."""
        raise NotImplementedError
