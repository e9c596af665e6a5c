"""Legal-target cells of a soldier, read from the state's legal action texts (pure)."""

from __future__ import annotations

import re

from game.trench.geometry import NEIGHBOUR, parse_cell

_CELL = re.compile(r"^[a-g][1-7]$")


def legal_targets(actions, soldier) -> set:
    """Cells a soldier's legal actions point at: step/tunnel/turn directions, dashes, named cells."""
    cells = set()
    sid = soldier.sid
    for a in actions:
        tok = str(a).split()
        if len(tok) < 2 or tok[0] != sid:
            continue
        verb, args = tok[1], tok[2:]
        start = soldier.cell
        if verb == "dash" and start is not None:
            # two cells ahead (from a boat, the edge cell counts as the first)
            c = start if soldier.status == "boat" else NEIGHBOUR[start][soldier.facing]
            if c is not None:
                c = NEIGHBOUR[c][soldier.facing]
            if c is not None:
                cells.add(c)
            continue
        for t in args:
            if _CELL.match(t):
                cells.add(parse_cell(t))
            elif t in ("n", "e", "s", "w") and verb in ("step", "tunnel") and start is not None:
                c = start if soldier.status == "boat" else NEIGHBOUR[start][t]
                if c is not None:
                    cells.add(c)
    return cells
