"""TW-9 scoring by side and TW-11 variants: who scores a kill, teams, civilians.

Hidden teams [I]: a chance step before the first player deals two secret sides,
``a`` and ``b``, two seats each (``chance teams sw``: S and W are side a).  Each
player knows only its own side; seeing a soldier (TW-10) shows its side to the
viewer's player; a kill reveals the killer's side to all.  Movement, pushing,
carrying, assaults and base and corpse scoring treat every other seat as an
enemy (a player cannot know its partner); only kills look at the true sides: a
kill of a team-mate scores for the other side (credited to its first seat in
S W N E order).  Team-mates pool their points toward the target, like open
teams; escaping scores nothing.
"""

from __future__ import annotations

from .actions import TEAM_SPLITS, Action
from .model import make_event
from .state import Pending

OPEN_TEAMS = (("S", "W"), ("N", "E"))


# == hidden teams ===================================================================
def team_outcomes(state) -> list:
    return [(Action("chance", "teams", (split,)), 1 / len(TEAM_SPLITS)) for split in TEAM_SPLITS]


def assign_teams(state, split: str, events: list) -> None:
    side_a = split.upper()
    state.teams = {s: ("a" if s in side_a else "b", frozenset({s}), False) for s in state.seats}
    events.append(make_event("teams", "" if state.quiet else "the secret sides are dealt"))
    for s in state.seats:
        events.append(make_event("team", "" if state.quiet else f"{s} is on side {state.teams[s][0]}", seat=s,
                                 team=state.teams[s][0], seen_by=frozenset({s})))


def true_team(state, seat: str) -> str | None:
    entry = state.teams.get(seat) if state.teams else None
    return entry[0] if entry else None


def team_seen(state, viewer: str, seat: str, events: list) -> None:
    """TW-11: vision shows the seen soldier's side to the viewer only."""
    if not state.teams or seat not in state.teams:
        return
    team, known, public = state.teams[seat]
    if public or viewer in known:
        return
    state.teams = {**state.teams, seat: (team, known | {viewer}, public)}
    events.append(make_event("team-seen", "" if state.quiet else
                                          f"{viewer} sees that {seat} is on side {team}", seat=viewer,
                             of=seat, team=team, seen_by=frozenset({viewer})))


def reveal_team(state, seat: str, events: list) -> None:
    """Make ``seat``'s side public (once), with a public ``team-revealed`` event."""
    team, known, public = state.teams[seat]
    if not public:
        state.teams = {**state.teams, seat: (team, known, True)}
        events.append(make_event("team-revealed", "" if state.quiet else
                                                  f"{seat} is on side {team}", seat=seat, team=team))


# == sides and scores ===================================================================
def team_of(state, seat: str) -> tuple:
    """The seats that share points with ``seat`` (open or hidden teams), else just the seat."""
    if state.rules.open_teams:
        for team in OPEN_TEAMS:
            if seat in team:
                return tuple(s for s in team if s in state.seats)
    if state.rules.hidden_teams and state.teams and seat in state.teams:
        mine = state.teams[seat][0]
        return tuple(s for s in state.seats if state.teams[s][0] == mine)
    return (seat,)


def team_score(state, seat: str) -> int:
    """Points that count toward ``seat``'s target (team-mates pool them)."""
    return sum(state.score(s) for s in team_of(state, seat))


def soldier_killed(state, killer: str, victim, events: list) -> None:
    """TW-9: killing an enemy soldier scores; killing an ally scores nothing
    (hidden teams: it scores for the other side)."""
    if killer == "C":
        return
    points = state.rules.kill_points
    if state.rules.hidden_teams and state.teams and killer != victim.seat:
        reveal_team(state, killer, events)
        if true_team(state, killer) == true_team(state, victim.seat):
            other = [s for s in state.seats if true_team(state, s) != true_team(state, killer)]
            if other and points:
                state.points[other[0]] += points
                events.append(make_event("score", "" if state.quiet else
                                                  f"{other[0]} +{points}: {killer} killed its team-mate "
                                                  f"{victim.sid}", seat=other[0], points=points,
                                         why="ally-kill"))
            return
    if state.is_ally(killer, victim.seat):
        return
    state.points[killer] += points
    events.append(make_event("score", "" if state.quiet else f"{killer} +{points} for killing {victim.sid}",
                             seat=killer, points=points, why="kill"))


def civilian_killed(state, killer: str, sid: str, events: list) -> None:
    """TW-11/TW-9: killing a civilian is penalised (guerrillas: not penalised)."""
    if state.rules.guerrillas or killer == "C":
        return
    state.pending = state.pending + (Pending("penalty", killer, (sid,)),)


def village_destroyed(state, seat: str, events: list) -> None:
    """TW-9: destroying the village is penalised (also with guerrillas)."""
    events.append(make_event("village", "" if state.quiet else f"{seat} destroys the village", seat=seat))
    state.pending = state.pending + (Pending("penalty", seat, ("village",)),)


def redact_view(state, v, viewer) -> None:
    """Hide variant secrets from a view: hidden sides the viewer has not learned (TW-11)."""
    if state.teams:
        shown = {}
        for seat, (team, known, public) in state.teams.items():
            if public or (viewer is not None and viewer in known):
                shown[seat] = (team, frozenset({viewer}) & known if viewer else frozenset(), public)
            else:
                shown[seat] = ("?", frozenset(), False)
        v.teams = shown
