"""The shell's user interface, for every game on the table: the game screen and its frame loop,
menus, saves, replays, settings, the event mode, HUD widgets and the front-end protocol
(``game.ui.table``) through which each game's table (``game/tables/<name>``) is asked."""

from game.ui import pyglet_options as _pyglet_options

_pyglet_options.configure()  # before any of the shell's modules loads pyglet's window or GL
