"""A recorded game laid out for scrubbing: every step's events, the round each point falls in,
and the full state cached every few steps, so that jumping to any point replays only a handful
of actions (the replay bar, ``game.ui.replay``).

Game-agnostic: the game enters through its ``GameSpec``; only the controller built here holds a
full state, and the screen reads views of it as for any game.
"""

from __future__ import annotations

from game.core.errors import GameError, IllegalActionError
from game.core.gamerecord import RecordError
from game.core.protocol import CHANCE, TERMINAL
from game.core.registry import get_game
from game.ui.controller import GameController, Step

#: A full state is kept after every this many actions (a jump replays fewer than this many).
SNAPSHOT_EVERY = 16


class ReplayController(GameController):
    """A controller on a recorded game: every seat is watched, none plays.  No bot thinks and no
    chance is drawn; the only way on is :meth:`play_next`, which applies the record's next action
    (so the log shows it as if it had been played at this table)."""

    def __init__(self, spec, state, steps, actions, start_text, record=None):
        super().__init__(spec, state, ())
        self.steps = list(steps)
        self.recorded = actions  #: every action of the record, parsed
        self.start_text = start_text
        self.record = record
        self.autosave = False  # a replay is never autosaved over the player's game
        if record is not None:  # how the game was created, as a record says (game.ui.saves reads these)
            self.seed, self.settings, self.variants = record.seed, tuple(record.settings), tuple(record.variants)

    frozen = False  #: after the bar closed with nothing to replace it: nobody decides any more

    def deciding(self):
        return TERMINAL if self.frozen else super().deciding()

    def bot_to_decide(self):
        return None

    def start_thinking(self) -> bool:
        return False

    def submit(self, seat, action):
        raise IllegalActionError("a replay plays only its recorded actions")

    def apply_chance(self):
        raise IllegalActionError("a replay plays only its recorded actions")

    def can_step(self) -> bool:
        return len(self.steps) < len(self.recorded)

    def play_next(self) -> Step:
        """Apply the record's next action; returns its step."""
        action = self.recorded[len(self.steps)]
        who = self.deciding()
        return self._apply(None if who == CHANCE else who, action)


class Timeline:
    """One record, replayed once: ``steps[i]`` is the i-th action with its full events,
    ``rounds[k]`` the (public) round number after ``k`` actions (None for a game without rounds),
    and a state snapshot every :data:`SNAPSHOT_EVERY` actions."""

    def __init__(self, record, every: int = SNAPSHOT_EVERY):
        self.record = record
        self.spec = get_game(record.game)
        self.every = max(1, every)
        state = record.new_state()
        self.start_text = self.spec.format_position(state)
        self.actions, self.steps, self.rounds, self.snapshots = [], [], [], {}
        self._note(state)
        for number, text in enumerate(record.actions, 1):
            try:
                action = self.spec.parse_actions(text)[0]
                who = state.current_player()
                events = tuple(state.apply(action) or ())
            except GameError as exc:
                raise RecordError(f"action {number} ({text!r}) cannot be replayed: {exc}") from None
            self.actions.append(action)
            self.steps.append(Step(number - 1, None if who == CHANCE else who, action, events))
            self._note(state)
        self.seats = tuple(self.spec.seats(state))

    def _note(self, state):
        k = len(self.steps)
        # the round is read from the spectator's view: public, whoever is watched
        self.rounds.append(getattr(self.spec.view(state, None), "round", None))
        if k % self.every == 0:
            self.snapshots[k] = state.clone()

    def __len__(self) -> int:
        return len(self.steps)

    def state_at(self, k: int):
        """A fresh full state after the first ``k`` actions (from the nearest snapshot)."""
        k = max(0, min(k, len(self.steps)))
        base = k - k % self.every
        state = self.snapshots[base].clone()
        for action in self.actions[base:k]:
            state.apply(action)
        return state

    def controller_at(self, k: int) -> ReplayController:
        """A controller after the first ``k`` actions, whose log holds those ``k`` steps."""
        k = max(0, min(k, len(self.steps)))
        return ReplayController(self.spec, self.state_at(k), self.steps[:k], self.actions, self.start_text,
                                self.record)

    def round_starts(self) -> list:
        """``[(k, round), ...]``: the first point of each round after the first one seen."""
        out, last = [], None
        for k, rnd in enumerate(self.rounds):
            if rnd is not None and rnd != last:
                if last is not None:
                    out.append((k, rnd))
                last = rnd
        return out

    def next_round(self, k: int) -> int:
        """The first point of the next round after ``k`` (the end when none)."""
        return next((at for at, _ in self.round_starts() if at > k), len(self.steps))

    def previous_round(self, k: int) -> int:
        """The start of the round ``k`` is in, or of the one before when ``k`` is its start."""
        return next((at for at, _ in reversed(self.round_starts()) if at < k), 0)
