"""TW-9 scoring by side and TW-11 variants: who scores a kill, teams, civilians."""

from __future__ import annotations

from .model import make_event
from .state import Pending

OPEN_TEAMS = (("S", "W"), ("N", "E"))


def team_of(state, seat: str) -> tuple:
    """The seats that share points with ``seat`` (open teams), else just the seat."""
    if state.rules.open_teams:
        for team in OPEN_TEAMS:
            if seat in team:
                return tuple(s for s in team if s in state.seats)
    return (seat,)


def team_score(state, seat: str) -> int:
    """Points that count toward ``seat``'s target (team-mates pool them)."""
    return sum(state.score(s) for s in team_of(state, seat))


def winners_with_team(state, seat: str) -> tuple:
    return team_of(state, seat)


def soldier_killed(state, killer: str, victim, events: list) -> None:
    """TW-9: killing an enemy soldier scores; killing an ally scores nothing."""
    if killer == "C" or state.is_ally(killer, victim.seat):
        return
    points = state.rules.kill_points
    state.points[killer] += points
    events.append(make_event("score", f"{killer} +{points} for killing {victim.sid}",
                             seat=killer, points=points, why="kill"))


def civilian_killed(state, killer: str, sid: str, events: list) -> None:
    """TW-11/TW-9: killing a civilian is penalised (guerrillas: not penalised)."""
    if state.rules.guerrillas or killer == "C":
        return
    state.pending = state.pending + (Pending("penalty", killer, (sid,)),)


def village_destroyed(state, seat: str, events: list) -> None:
    """TW-9: destroying the village is penalised (also with guerrillas)."""
    events.append(make_event("village", f"{seat} destroys the village", seat=seat))
    state.pending = state.pending + (Pending("penalty", seat, ("village",)),)


def redact_view(state, v, viewer) -> None:
    """Hide variant secrets from a view (hidden teams, TW-11); nothing in the base game."""
