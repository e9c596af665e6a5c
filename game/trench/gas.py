"""TW-8 gas (completed in Rules core II).  Hooks the rest of the core calls."""

from __future__ import annotations


def expose_arrival(state, sid: str, cell: int, events: list) -> None:
    """A soldier entered ``cell``: gas resting there exposes it (TW-8)."""
    for token in state.gas:
        if token.cell == cell:
            from .casualties import kill
            s = state.soldier(sid)
            if s.mask_on:
                state.update(sid, mask_on=False, gas_check=1)
            else:
                kill(state, sid, token.owner, "gas", events)
            return


def terrain_changed(state, cell: int, events: list) -> None:
    """The terrain at ``cell`` changed; gas resting beside it may move again (TW-8)."""


def linger(state, events: list) -> None:
    """TW-4.2: every gas token on the board moves with the new wind."""


def end_of_turn(state, seat: str, events: list) -> None:
    """TW-8: a masked soldier exposed to gas must be out of it by the end of its owner's next turn."""
