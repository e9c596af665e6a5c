"""The game controller: the only part of the UI that holds the full state and calls ``apply``.

It knows who sits where (people or bots), runs bots in a worker thread so the
window never freezes, records every applied action (chance included) in the
notation, and keeps the whole event history so that the screen can show any one
seat's redacted log.  Everything the screen draws comes from ``view_for(seat)``
and ``events_for(seat)``.  Game-agnostic: the game enters through its
``GameSpec`` (``game.core.registry``).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from game.core.errors import IllegalActionError
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

    def __init__(self, spec, state, seat_kinds, players=None):
        self.spec = spec
        self.state = state
        self.seats = tuple(spec.seats(state))
        self.kinds = dict(zip(self.seats, seat_kinds))
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
        if getattr(bot, "needs_state", False):
            snapshot = self.state.clone()

            def work():
                box["action"] = bot.choose_state(snapshot)
        else:
            view = self.view_for(seat)
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
