"""The game controller: the only part of the UI that holds the full state and calls ``apply``.

It knows who sits where (people or bots), runs bots in a worker thread so the
window never freezes, records every applied action (chance included) in the
notation, and keeps the whole event history so that the screen can show any one
seat's redacted log.  Everything the screen draws comes from ``view_for(seat)``
and ``events_for(seat)``.  Game-agnostic: the game enters through its
``GameSpec`` (``game.core.registry``).

A controller made by :func:`new_controller` also knows how its game was created (seed,
ruleset settings and variants as given, seat kinds), so that a game record
(``game.core.gamerecord``, ``game.ui.saves``) can be written from it at any moment;
:func:`controller_from_record` builds one back from a record.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from game.core.errors import GameError, IllegalActionError
from game.core.protocol import CHANCE, TERMINAL


@dataclass(frozen=True)
class Step:
    """One applied decision: its index, actor seat (None for chance), action and full events."""
    index: int
    seat: str | None
    action: object
    events: tuple


class GameController:
    """Holds one game: the state, the seats' players, the record and the event history."""

    def __init__(self, spec, state, seat_kinds, players=None, *, seed=None, settings=(), variants=(),
                 autosave=None):
        """``seed``, ``settings`` and ``variants``: how ``state`` was created by ``spec.new_game`` (None
        when it was not: a game set up from a position cannot be saved as a record).  ``autosave``:
        True or False to choose, None for "when a person sits at the table" (``game.ui.saves``)."""
        self.spec = spec
        self.state = state
        self.seats = tuple(spec.seats(state))
        self.seat_kinds = tuple(seat_kinds)
        self.kinds = dict(zip(self.seats, seat_kinds))
        self.seed = seed
        self.settings = tuple(settings)
        self.variants = tuple(variants)
        self.autosave = autosave
        self.players = dict(players or {})  # seat -> bot object for non-human seats
        for i, seat in enumerate(self.seats):
            kind = self.kinds.get(seat)
            if kind is not None and not kind.human and seat not in self.players:
                from game.ui.seats import make_player
                self.players[seat] = make_player(kind, spec.name, seed=i)
        self.start_text = spec.format_position(state)
        self.steps: list[Step] = []
        self._thinking = None  # (seat, thread, box) while a bot thinks
        self._lock = threading.Lock()

    @property
    def seat_words(self) -> tuple:
        """The seat kinds as words, in seat order (``("human", "easy")``), as a record stores them."""
        return tuple(k.kind for k in self.seat_kinds)

    # --- who decides ------------------------------------------------------------
    def deciding(self) -> str:
        """The seat that decides now, ``CHANCE`` or ``TERMINAL``."""
        return self.state.current_player()

    def is_human(self, seat) -> bool:
        kind = self.kinds.get(seat)
        return kind is not None and kind.human

    @property
    def humans(self) -> tuple:
        return tuple(s for s in self.seats if self.is_human(s))

    def human_to_decide(self):
        """The human seat that decides now, or None."""
        seat = self.deciding()
        return seat if self.is_human(seat) else None

    def is_over(self) -> bool:
        return self.state.is_over()

    def result(self) -> dict | None:
        return self.spec.result(self.state)

    # --- what a seat may see ------------------------------------------------------
    def view_for(self, seat):
        return self.spec.view(self.state, seat)

    def events_for(self, seat) -> list:
        """Every event so far that ``seat`` may see, with the index of its step."""
        out = []
        for st in self.steps:
            for e in self.spec.redact_events(list(st.events), seat):
                out.append((st.index, e))
        return out

    def legal_for(self, seat) -> list:
        """The legal actions of ``seat`` when it is the deciding human (else empty)."""
        if seat is None or self.deciding() != seat or not self.is_human(seat):
            return []
        return list(self.state.legal_actions())

    def reason(self, seat, action_text: str) -> str | None:
        """Why ``action_text`` is not legal for the deciding ``seat`` now (the core's
        message with its rule id), or None if it is legal.  Tried on a copy."""
        if self.deciding() != seat:
            return None
        try:
            action = self.spec.parse_actions(action_text)[0]
            if action in self.state.legal_actions():
                return None
            self.state.clone().apply(action)
        except IllegalActionError as exc:
            return str(exc)
        except Exception as exc:  # noqa: BLE001 - a malformed text is a reason too
            return str(exc)
        return None

    # --- deciding -------------------------------------------------------------------
    def submit(self, seat, action) -> Step:
        """Apply a human's decision after checking it is theirs and legal."""
        if self.deciding() != seat or not self.is_human(seat):
            raise IllegalActionError(f"it is not {seat}'s decision now")
        if action not in self.state.legal_actions():
            raise IllegalActionError(f"{action} is not legal now")
        return self._apply(seat, action)

    def apply_chance(self) -> Step:
        """Apply the chance outcome the state's own generator draws."""
        assert self.deciding() == CHANCE
        return self._apply(None, self.state.sample_chance())

    def _apply(self, seat, action) -> Step:
        with self._lock:
            events = tuple(self.state.apply(action) or ())
            step = Step(len(self.steps), seat, action, events)
            self.steps.append(step)
        return step

    def replay(self, actions) -> None:
        """Set up a position by playing recorded actions (chance included) as if they had been
        decided at this table: they become steps, so the log shows them."""
        for action in actions:
            seat = None if self.deciding() == CHANCE else self.deciding()
            self._apply(seat, action)

    def actions_text(self) -> str:
        return "".join(f"{st.action}\n" for st in self.steps)

    # --- bots -------------------------------------------------------------------------
    def bot_to_decide(self):
        seat = self.deciding()
        if seat in (CHANCE, TERMINAL) or self.is_human(seat):
            return None
        return seat

    def start_thinking(self) -> bool:
        """Start the deciding bot in a worker thread (once); True if one is thinking."""
        seat = self.bot_to_decide()
        if seat is None:
            return False
        if self._thinking is not None:
            return True
        bot = self.players[seat]
        box = {}
        view = self.view_for(seat)  # a bot sees its seat's view only
        legal = list(self.state.legal_actions())

        def work():
            box["action"] = bot.choose(view, legal)

        def guarded():
            try:
                work()
            except Exception as exc:  # noqa: BLE001 - reported to the screen, not lost in a thread
                box["error"] = exc

        thread = threading.Thread(target=guarded, name=f"bot-{seat}", daemon=True)
        self._thinking = (seat, thread, box)
        thread.start()
        return True

    @property
    def thinking(self):
        """The seat whose bot is thinking, or None."""
        return self._thinking[0] if self._thinking else None

    def bot_ready(self) -> bool:
        return self._thinking is not None and not self._thinking[1].is_alive()

    def finish_thinking(self) -> Step | None:
        """Apply the bot's decision once its thread is done (None while it still thinks)."""
        if not self.bot_ready():
            return None
        seat, _thread, box = self._thinking
        self._thinking = None
        action = box.get("action")
        if "error" in box or action not in self.state.legal_actions():
            # a broken bot must not end the evening: say so once and play its first legal action
            import sys
            why = box.get("error", f"illegal choice {action}")
            print(f"trench-war: the bot at {seat} failed ({why}); it plays its first legal action",
                  file=sys.stderr)
            action = self.state.legal_actions()[0]
        return self._apply(seat, action)


def make_controller(spec, seat_kinds, seed, rules):
    """A controller on a new game with these seats and a ruleset already made (bots seeded from the
    game seed)."""
    from game.ui.seats import make_player
    state = spec.new_game(len(seat_kinds), seed, rules)
    seats = spec.seats(state)
    players = {seat: make_player(kind, spec.name, seed=seed * 10 + i)
               for i, (seat, kind) in enumerate(zip(seats, seat_kinds)) if not kind.human}
    return GameController(spec, state, seat_kinds, players)


def new_controller(spec, seat_kinds, seed: int, settings=(), variants=(), *, players=None, autosave=None):
    """A controller on a new game of ``spec`` (``settings``: ``"key=value"`` strings, ``variants``:
    names, both as given), its bots made for the non-human seats and seeded from the game seed.
    ``GameError``/``ValueError`` naming the problem for a ruleset the game refuses."""
    from game.ui.seats import make_player
    rules = spec.make_ruleset(list(settings), list(variants))
    state = spec.new_game(len(seat_kinds), seed, rules)
    bots = {seat: make_player(kind, spec.name, seed=seed * 10 + i)
            for i, (seat, kind) in enumerate(zip(spec.seats(state), seat_kinds)) if not kind.human}
    bots.update(players or {})
    return GameController(spec, state, seat_kinds, bots, seed=seed, settings=settings, variants=variants,
                          autosave=autosave)


def controller_from_record(record, *, autosave=None) -> GameController:
    """A controller on the game of ``record`` (a ``game.core.gamerecord.GameRecord``): a new game
    from its seed, ruleset and seats (bots recreated for the bot seats), then every recorded
    action replayed as a step, so the log shows the whole game.  When the record stores a position
    it must equal the replayed one.  ``RecordError`` naming the problem (the action's number for
    one that cannot be replayed)."""
    from game.core.gamerecord import RecordError
    from game.core.registry import get_game
    from game.ui.seats import SeatError, parse_seats
    try:
        spec = get_game(record.game)
    except GameError as exc:
        raise RecordError(str(exc)) from None
    words = record.seats or ("human",) * record.players
    try:
        kinds = parse_seats(",".join(words), spec.players)
        if len(kinds) != record.players:
            raise SeatError(f"{len(kinds)} seats for {record.players} players")
        ctl = new_controller(spec, kinds, record.seed, record.settings, record.variants, autosave=autosave)
    except (GameError, ValueError) as exc:  # SeatError and RulesetError are ValueErrors
        raise RecordError(f"the game cannot be set up again: {exc}") from None
    for number, text in enumerate(record.actions, 1):
        try:
            actions = spec.parse_actions(text)
            if len(actions) != 1:
                raise GameError(f"{len(actions)} actions on one line")
            if ctl.is_over():
                raise GameError("the game is already over")
            ctl.replay(actions)
        except (GameError, ValueError) as exc:
            raise RecordError(f"action {number} ({text!r}) cannot be replayed: {exc}") from None
    if record.position is not None and spec.format_position(ctl.state) != record.position:
        raise RecordError("the stored position differs from the replayed actions")
    return ctl
