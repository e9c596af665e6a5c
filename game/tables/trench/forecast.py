"""Where the gas will go: predicted paths for the overlay (TW-4.2, TW-8).

Lingering gas moves at the start of each round with that round's wind, which
is the first open forecast now (the second one follows the round after, with
two players).  Reads only a view: the board, the gas and the open forecasts.
"""

from __future__ import annotations

from game.trench.gas import predict_path

WINDS = ("n", "e", "s", "w")


def coming_winds(view, rounds: int = 2) -> list[str | None]:
    """The winds of the next rounds as far as the open forecasts tell (None: no wind).

    ``same`` repeats the wind before it; an eclipse is skipped (the next card comes up).
    """
    winds, previous = [], view.wind
    for card in view.forecasts:
        if card == "eclipse":
            continue
        wind = previous if card == "same" else card
        winds.append(wind if wind in WINDS else None)
        previous = wind
        if len(winds) == rounds:
            break
    return winds


def predicted_gas_paths(view, rounds: int = 2) -> list[tuple[str, tuple]]:
    """Overlay paths ``("gas-forecast", ((cell, layer), ...))`` for every gas token.

    Each token is followed through the coming winds; where its owner will have
    to choose left or right, both choices are drawn.  A token that stays put
    draws nothing; one that leaves the board ends at the edge.
    """
    winds = coming_winds(view, rounds)
    out: list = []
    for token in view.gas:
        for policy in ("left", "right"):
            path = [(token.cell, token.layer)]
            for wind in winds:
                if wind is None or path[-1] is None:
                    continue
                step = predict_path(view, path[-1], wind, policy)
                path.extend(step[1:])
            cells = tuple(p for p in path if p is not None)
            entry = ("gas-forecast", cells)
            if len(cells) > 1 and entry not in out:
                out.append(entry)
    return out
