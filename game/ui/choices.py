"""How a person reaches each legal action: the input map (pure, game-agnostic).

Every legal action lands in exactly one place:

* on the board: ``board[actor][cell]`` (click the actor, then the cell); actor ``None``
  means the cell is clicked directly (a seat's placement, a soldier not yet on the board);
* ``buttons``: the prompt's list of choices (reveal, pass, camp, a consolation, ...);
* ``plot``: the hand-and-slots widget, for card-plotting decisions.

Several actions on one (actor, cell) open a small menu.  A game supplies
``target_of(action, view) -> ("board", actor, cell) | ("plot", cards) | ("button",)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

DIRECT = None  # the "actor" of cells clicked without choosing a piece first


@dataclass
class InputMap:
    board: dict = field(default_factory=dict)     # actor -> {cell: [actions]}
    buttons: list = field(default_factory=list)   # [action]
    plots: dict = field(default_factory=dict)     # cards tuple -> action

    def actors(self) -> list:
        """Actors in Tab order: pieces by name, then the direct cells (``None``) if any."""
        named = sorted(a for a in self.board if a is not None)
        return named + ([DIRECT] if DIRECT in self.board else [])

    def targets(self, actor) -> list:
        return sorted(self.board.get(actor, {}))

    def actions_at(self, actor, cell) -> list:
        return list(self.board.get(actor, {}).get(cell, ()))

    def route(self, action):
        """Where ``action`` is: ("board", actor, cell) / ("button", index) / ("plot", cards)."""
        for cards, a in self.plots.items():
            if a == action:
                return ("plot", cards)
        if action in self.buttons:
            return ("button", self.buttons.index(action))
        for actor, cells in self.board.items():
            for cell, acts in cells.items():
                if action in acts:
                    return ("board", actor, cell)
        return None

    def __len__(self):
        return (len(self.buttons) + len(self.plots)
                + sum(len(v) for cells in self.board.values() for v in cells.values()))


def build_input_map(actions, view, target_of) -> InputMap:
    """Sort ``actions`` into the board, the buttons and the plotting widget."""
    m = InputMap()
    for a in actions:
        where = target_of(a, view)
        if where[0] == "board":
            _, actor, cell = where
            m.board.setdefault(actor, {}).setdefault(cell, []).append(a)
        elif where[0] == "plot":
            m.plots[tuple(where[1])] = a
        else:
            m.buttons.append(a)
    return m
