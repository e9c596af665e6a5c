"""The program trench-war: the start menu over a demo table, or a game straight from the options.

  trench-war                          the start menu (new game, continue, load, replays, settings)
  trench-war --game NAME ...          another game on the table (--help --game NAME: its options)
  trench-war --seats human,easy       you (South) against the easy bot, no menu first
  trench-war --seats human,human,bot  hot-seat for two, with a privacy curtain, and a demo bot
  trench-war --load FILE              go on with a saved game
  trench-war --event                  the event mode: bot games to watch, a quick game on demand
  trench-war --screenshot OUT.png     the game screen as a PNG, no window (with --load: that game)

In a game: click one of your soldiers, then a lit target (Tab cycles soldiers, arrows choose,
Enter confirms, Backspace goes back); plot cards by clicking them into the two slots.  Esc opens
the menu (resume, save, settings, rules, quit to the start menu); F11 full screen; P saves a
screenshot; H shows how to play.  Space pauses others' moves, . steps, [ and ] change their speed,
F camera follows, G gas forecast, L log, 1-4 / T / R cameras, drag orbits, wheel zooms,
right-drag pans, Ctrl+Q quits.

Settings (language, UI scale, full screen, MSAA, animation speed, bot delay, colour-blind palette)
are kept in a TOML file in the user's config folder; games are saved in the user's data folder.
"""

from __future__ import annotations

import argparse
import sys

SEAT_WORDS = "human, bot (the lively demo player) or a bot level: random, easy, normal, hard"


def _games_lines(chosen) -> list:
    """The games on the table for --help, from ``game.tables`` (names only: nothing imported)."""
    from game.i18n import tr
    from game.tables import CATALOG
    lines = ["games (--game NAME):"]
    for info in CATALOG.games():
        counts = "/".join(str(n) for n in info.players)
        mark = "" if info.playable else "  (not yet playable in the window)"
        here = " *" if info.name == chosen else ""
        lines.append(f"  {info.name:18} {tr(info.title_key)}, {counts} players{mark}{here}")
    return lines + [""]


def _help_epilog(spec) -> str:
    """The games, then the chosen game's variant names and ruleset keys for --help."""
    extras = spec.extras
    lines = _games_lines(spec.name) + [f"{spec.name}: variants (--variant NAME, repeatable):"]
    from game.i18n import tr
    for name in extras.get("variants", ()):
        key = "menu.variant_tip." + name.replace("-", "_")
        tip = tr(key)
        lines.append(f"  {name:14} {tip}" if tip != key else f"  {name}")
    keys = extras.get("ruleset_keys")
    if keys:
        lines += ["", f"{spec.name}: ruleset keys (--set KEY=VALUE, or KEY = VALUE lines in a --ruleset file):",
                  f"  {'key':22} {'default':10} {'allowed':18} meaning"]
        for key, entry in keys.items():
            if isinstance(entry, tuple) and len(entry) == 3:
                default, allowed, meaning = entry
                rng = (f"{allowed[0]}..{allowed[1]}" if isinstance(default, int) and not isinstance(default, bool)
                       else "|".join(str(v).lower() if isinstance(v, bool) else str(v) for v in allowed))
                shown = str(default).lower() if isinstance(default, bool) else str(default)
                lines.append(f"  {key:22} {shown:10} {rng:18} {meaning}")
            else:
                lines.append(f"  {key}")
    elif extras.get("ruleset_help"):
        lines += ["", f"{spec.name}: ruleset keys:", extras["ruleset_help"]]
    lines += ["", "exit status: 0 done, 1 no window could be opened, 2 bad options or a file that cannot be loaded."]
    return "\n".join(lines)


def _seed(text: str) -> int:
    from .core.errors import SeedError
    from .core.rng import parse_seed
    try:
        return parse_seed(text)
    except SeedError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _size(text: str):
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"--size wants WIDTHxHEIGHT, e.g. 1280x720, not {text!r}") from None
    if not (160 <= w <= 16384 and 120 <= h <= 16384):
        raise argparse.ArgumentTypeError(f"--size {text} is out of range (160x120 to 16384x16384)")
    return (w, h)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose epilog (variants and ruleset keys, read from the catalogs) is
    made only when help is shown, not on every launch."""

    def __init__(self, *args, epilog_of=None, **kwargs):
        super().__init__(*args, **kwargs)
        self._epilog_of = epilog_of

    def format_help(self) -> str:
        if self._epilog_of is not None:
            self.epilog, self._epilog_of = self._epilog_of(), None
        return super().format_help()


class ChosenGame:
    """The game the command line names: its name at once, its rules (``spec``, a
    :class:`game.core.registry.GameSpec`) imported when first asked for -- the start menu's first
    frame is drawn before any game's rules are loaded."""

    def __init__(self, name: str):
        from game.core.registry import game_names, get_game
        if name not in game_names():
            get_game(name)  # raises GameError naming the known games
        self.name = name
        self._spec = None

    @property
    def spec(self):
        if self._spec is None:
            from game.core.registry import get_game
            self._spec = get_game(self.name)
        return self._spec


def build_parser(spec=None) -> argparse.ArgumentParser:
    """The command line's parser; ``spec``: the game whose variants and ruleset keys ``--help``
    lists (a ``GameSpec`` or a :class:`ChosenGame`; default Trench War)."""
    if spec is None:
        spec = ChosenGame("trench-war")
    p = _Parser(prog="trench-war", description=__doc__, epilog_of=lambda: _help_epilog(getattr(spec, "spec", spec)),
                formatter_class=argparse.RawDescriptionHelpFormatter)
    from game.tables import CATALOG
    p.add_argument("--game", default=spec.name, choices=CATALOG.names(), metavar="NAME",
                   help=f"the game on the table ({', '.join(CATALOG.names())}; default trench-war); "
                        "--help --game NAME lists its variants and ruleset keys")
    p.add_argument("--lang", choices=("ja", "en"), default=None,
                   help="language of the screens (default: the settings, else the system's language)")
    p.add_argument("--load", default=None, metavar="FILE",
                   help="go on with the game saved in FILE (a file that cannot be loaded: a message and exit status 2)")
    p.add_argument("--event", action="store_true",
                   help="event mode: an attract loop of bot games; any key or click offers a quick game")
    p.add_argument("--screenshot", default=None, metavar="OUT.png",
                   help="render the game screen (table, HUD, log) to OUT.png without a window, then exit")
    p.add_argument("--size", type=_size, default=None, metavar="WxH",
                   help="window or screenshot size in pixels (default 1280x720)")
    g = p.add_argument_group("a game straight away (no start menu)")
    g.add_argument("--seats", default=None, metavar="KINDS",
                   help=f"one entry per seat, South first, comma-separated: {SEAT_WORDS}; default bot,bot")
    g.add_argument("--players", type=int, default=None, metavar="N",
                   help="player count when --seats is not given (all demo bots); the game's counts are listed above")
    g.add_argument("--seed", type=_seed, default=None, help="game seed, a whole number below 2^64 (default: from the clock)")
    g.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="change one ruleset key (repeatable; keys below)")
    g.add_argument("--variant", action="append", default=[], metavar="NAME", help="play a variant (names below)")
    g.add_argument("--ruleset", default=None, metavar="FILE",
                   help="a ruleset file of KEY = VALUE lines (# comments); --set wins over it")
    t = p.add_argument_group("pacing and drawing (default: the saved settings)")
    t.add_argument("--delay", type=float, default=None, help="seconds each bot decision stays before the next")
    t.add_argument("--speed", type=float, default=None, help="animation speed factor")
    t.add_argument("--msaa", type=int, default=None, help="multisampling samples (0 switches it off)")
    p.add_argument("--view", default=None, help=argparse.SUPPRESS)  # kept for old scripts
    p.add_argument("--frames", type=int, default=None, help=argparse.SUPPRESS)  # tests: quit after N frames
    return p


def make_controller(spec, seat_kinds, seed, rules):
    """A controller on a new game with these seats (``game.ui.controller.make_controller``)."""
    from game.ui.controller import make_controller as make
    return make(spec, seat_kinds, seed, rules)


def _fail(message: str, status: int = 2) -> int:
    print(f"trench-war: {message}", file=sys.stderr)
    return status


def _direct(args) -> bool:
    return bool(args.seats or args.players or args.seed is not None or args.set or args.variant or args.ruleset)


def _chosen_game(argv):
    """The ``--game`` of the command line, or None (before the full parser, whose help depends on it)."""
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--game", default=None)
    known, _ = pre.parse_known_args(argv)
    return known.game


def _misfit(spec, args) -> str | None:
    """A one-line reason why an option does not fit ``spec``'s game, naming the game's own choices
    (the ruleset itself names a bad ``--set`` key or value when the game is made)."""
    name = spec.name
    counts = "/".join(str(n) for n in spec.players)
    if args.players is not None and args.players not in spec.players:
        return f"--players {args.players} does not fit {name} (players: {counts})"
    known = list(spec.extras.get("variants", ()))
    for v in args.variant:
        if v not in known:
            return (f"--variant {v} is not a variant of {name} "
                    f"(variants: {', '.join(known) if known else 'none'})")
    return None


def _not_playable(name) -> str:
    from game.tables import CATALOG
    return (f"{name} cannot be played in the window yet (its table is still being built); "
            f"playable: {', '.join(CATALOG.playable())}")


def main(argv=None, *, on_frame=None) -> int:
    """Run the program; ``on_frame(screen)`` is called every frame (tests drive the window with it)."""
    from game.core.errors import GameError
    from game.tables import CATALOG
    game = _chosen_game(argv)
    try:
        chosen = ChosenGame(game or "trench-war")
    except GameError as exc:
        return _fail(str(exc))
    args = build_parser(chosen).parse_args(argv)
    if args.load is None and not CATALOG.info(chosen.name).playable:
        return _fail(_not_playable(chosen.name))
    if args.load is not None or _direct(args) or args.screenshot or args.event:
        try:  # these need the game's rules now; the start menu only after its first frame
            spec = chosen.spec
        except GameError as exc:
            return _fail(str(exc))
        problem = _misfit(spec, args)
        if problem is not None:
            return _fail(problem)
    from game.i18n import language, set_language
    from game.settings import load_settings
    from game.ui.seats import SeatError, parse_seats

    settings = load_settings()  # a damaged file: the defaults and a warning on stderr
    set_language(args.lang or (None if settings.language == "auto" else settings.language))
    size = args.size or (1280, 720)

    ctl = record = None
    if args.load:
        try:
            from game.core.gamerecord import read_record
            from game.ui.saves import load_controller
            record = read_record(args.load)
            if game is not None and record.game != game:
                return _fail(f"{args.load} is a game of {record.game}, not of --game {game}")
            if record.game in CATALOG.names() and not CATALOG.info(record.game).playable:
                return _fail(_not_playable(record.game))
            ctl = load_controller(args.load)
            spec = ctl.spec
        except ImportError as exc:
            return _fail(f"cannot load saved games in this build: {exc}")
        except (GameError, ValueError, OSError) as exc:
            return _fail(str(exc))

    demo_kinds = None
    if ctl is None and _direct(args):
        seed = args.seed
        if seed is None:
            import time
            seed = int(time.time())
        try:
            seats_text = args.seats or ",".join(["bot"] * (args.players or spec.default_players))
            kinds = parse_seats(seats_text, spec.players)
            if args.players is not None and args.seats and args.players != len(kinds):
                raise SeatError(f"--players {args.players} but --seats names {len(kinds)} seats")
            from game.ui.menu_games import new_game_controller, read_ruleset_settings
            rules = (read_ruleset_settings(args.ruleset) if args.ruleset else []) + list(args.set)
            ctl = new_game_controller(spec, kinds, seed, rules, list(args.variant))
        except (GameError, ValueError) as exc:
            return _fail(str(exc))
        print(f"trench-war: {len(kinds)} players ({seats_text}), seed {seed}", file=sys.stderr)
        if not any(k.human for k in kinds):
            demo_kinds = kinds
    if args.screenshot:  # the game the options name (or the save, or the demo position)
        try:
            from game.ui.snapshot import render_screenshot
        except ImportError as exc:
            return _fail(f"screenshots are not available in this build: {exc}")
        try:
            path = render_screenshot(args.screenshot, size=size, record=record, lang=language(), tables=CATALOG,
                                     game=spec.name, ctl=None if record is not None else ctl)
        except (GameError, ValueError, OSError) as exc:
            return _fail(str(exc))
        except Exception as exc:  # noqa: BLE001 - no OpenGL: say it in one line
            from game.render.gl import window_error
            return _fail(str(window_error(exc)), 1)
        print(f"trench-war: wrote {path}", file=sys.stderr)
        return 0

    try:
        return _open(chosen if ctl is None else ctl.spec, settings, args, ctl, size, demo_kinds, on_frame)
    except KeyboardInterrupt:
        return 130


def _open(spec, settings, args, ctl, size, demo_kinds, on_frame=None) -> int:
    """The window on ``ctl``, else the start menu over a demo of ``spec`` (a ``GameSpec``, or a
    :class:`ChosenGame` whose rules load after the menu's first frame)."""
    from game.render.gl import NoGLError, window_error
    try:
        from game.ui.window import make_window
        window = make_window(*size)
    except NoGLError as exc:
        return _fail(str(exc), 1)
    except Exception as exc:  # noqa: BLE001 - pyglet opens the display when imported
        return _fail(str(window_error(exc)), 1)
    from game.ui.menu_shell import Shell
    from game.ui.settings_menu import apply_settings
    shell = Shell(None, spec, settings, lang=args.lang)
    start_menu = not args.event and ctl is None
    if start_menu:  # what the program shows first, before the table and its renderer are built
        from game.ui.first_frame import draw_start_menu_first
        apply_settings(None, settings, lang=args.lang)
        draw_start_menu_first(window, shell)
    from game.core.errors import GameError
    try:
        spec = shell.spec = getattr(spec, "spec", spec)
    except GameError as exc:
        return _fail(str(exc))
    from game.ui.menu_games import new_game_controller
    from game.ui.screen import GameScreen, run_screen
    from game.ui.seats import DEMO, SeatKind
    first = ctl or new_game_controller(spec, [SeatKind(DEMO)] * spec.default_players, 0, autosave=False)
    try:
        from game.tables import CATALOG
        screen = GameScreen(window, first, tables=CATALOG, delay=settings.bot_delay,
                            speed=settings.animation_speed, msaa=settings.msaa)
    except NoGLError as exc:
        return _fail(str(exc), 1)
    apply_settings(screen, settings, lang=args.lang)
    if args.delay is not None:
        screen.delay = args.delay
    if args.speed is not None:
        screen.speed = args.speed
    if args.msaa is not None:
        screen.set_msaa(args.msaa)
    shell.attach(screen)
    screen.shell = shell
    if args.event:
        try:
            from game.ui.event_mode import start_event_mode
        except ImportError as exc:
            return _fail(f"the event mode is not available in this build: {exc}")
        screen.on_escape = None
        start_event_mode(screen, None, settings)
    elif ctl is not None:
        shell.play(ctl)
        if demo_kinds is not None:
            _restart_after_result(screen)
    elif start_menu:
        shell.show_start_menu()
    try:
        run_screen(screen, frames=args.frames, on_frame=on_frame)
    finally:
        shell.stop_lab_runs()
    return 0


def _restart_after_result(screen, rest_s=6.0) -> None:
    """A table of bots only (``--seats bot,bot``) starts a new game a few seconds after each result."""
    import pyglet

    def next_after_end(_dt):
        if screen.ctl.is_over() and screen.anim is None and not screen.modals:
            if getattr(screen, "_over_since", None) is None:
                screen._over_since = screen.clock
            elif screen.clock - screen._over_since > rest_s:
                screen._over_since = None
                screen.start_new_game()
    pyglet.clock.schedule_interval(next_after_end, 0.5)
