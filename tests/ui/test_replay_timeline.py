"""The replay's timeline (game/ui/replay_timeline.py), without a window: a record laid out for
scrubbing must give, at every point, exactly the core's ``GameRecord.state_at(k)``, a controller whose
log holds exactly the first k steps, and nothing that moves on by itself.  Also the records the
window tests use (a seeded bot game through the registry spec)."""

from __future__ import annotations

import pytest

from game.core.errors import IllegalActionError
from game.core.gamerecord import GameRecord, RecordError
from game.core.protocol import CHANCE, TERMINAL
from game.core.registry import get_game
from game.ui.replay_bench import bot_record
from game.ui.replay_timeline import Timeline

SPEC = get_game("trench-war")


def twin_record(record: GameRecord, seat: str = "N") -> tuple[GameRecord, int]:
    """A record that differs from ``record`` only in ``seat``'s secret (its weapon assignment, the
    ``arm`` action, reversed), cut where the other seats' views would first tell the two apart (or
    where an action stops being legal); returns it and that count of actions."""
    index = next(i for i, a in enumerate(record.actions) if a.startswith(f"{seat} arm "))
    words = record.actions[index].split()
    changed = " ".join(words[:2] + words[2:][::-1])
    assert changed != record.actions[index]
    actions = record.actions[:index] + (changed,) + record.actions[index + 1:]
    a, b = record.new_state(), record.new_state()
    others = [s for s in SPEC.seats(a) if s != seat] + [None]
    count = 0
    for mine, theirs in zip(record.actions, actions):
        try:
            a_next, b_next = a.clone(), b.clone()
            a_next.apply(mine)
            b_next.apply(theirs)
        except IllegalActionError:
            break
        if any(SPEC.format_view(SPEC.view(a_next, o)) != SPEC.format_view(SPEC.view(b_next, o)) for o in others):
            break
        a, b, count = a_next, b_next, count + 1
    twin = GameRecord(record.game, record.players, record.seed, record.settings, record.variants, record.seats,
                      actions[:count])
    return twin, count


@pytest.fixture(scope="module")
def record():
    return bot_record(2, 1)


def test_every_point_is_the_records_state(record):
    tl = Timeline(record, every=7)
    assert len(tl) == len(record.actions) > 100
    for k in (0, 1, 6, 7, 8, 50, len(record.actions)):
        assert SPEC.format_position(tl.state_at(k)) == SPEC.format_position(record.state_at(k)), k
    state = record.new_state()  # every other point: the record's actions applied one by one
    for k in range(len(record.actions) + 1):
        if k:
            state.apply(record.actions[k - 1])
        assert SPEC.format_position(tl.state_at(k)) == SPEC.format_position(state), k


def test_a_controller_at_k_holds_the_first_k_steps_and_their_events(record):
    tl = Timeline(record)
    full = tl.controller_at(len(record.actions))
    for k in (0, 1, 17, 60, len(record.actions)):
        ctl = tl.controller_at(k)
        assert len(ctl.steps) == k
        assert [str(st.action) for st in ctl.steps] == list(record.actions[:k])
        assert ctl.steps == full.steps[:k]
        assert SPEC.format_position(ctl.state) == SPEC.format_position(record.state_at(k))
        # the log each seat reads is the redacted events of exactly those steps
        for seat in (None, "S", "N"):
            assert ctl.events_for(seat) == full.events_for(seat)[:len(ctl.events_for(seat))]


def test_stepping_on_from_k_equals_jumping_to_k_plus_one(record):
    tl = Timeline(record)
    ctl = tl.controller_at(40)
    step = ctl.play_next()
    assert str(step.action) == record.actions[40]
    assert SPEC.format_position(ctl.state) == SPEC.format_position(record.state_at(41))
    assert ctl.steps == tl.controller_at(41).steps


def test_a_replay_controller_plays_nobody():
    """No seat is a person or a bot: nothing thinks, no chance is drawn, no decision is taken."""
    record = bot_record(2, 1)
    tl = Timeline(record)
    k = next(i for i in range(len(record.actions)) if record.state_at(i).current_player() == CHANCE)
    ctl = tl.controller_at(k)
    assert ctl.humans == () and ctl.bot_to_decide() is None and not ctl.start_thinking()
    with pytest.raises(IllegalActionError, match="recorded actions"):
        ctl.apply_chance()
    ctl = tl.controller_at(k + 1)
    seat = ctl.deciding()
    assert ctl.legal_for(seat) == []
    with pytest.raises(IllegalActionError):
        ctl.submit(seat, ctl.state.legal_actions()[0])
    assert ctl.autosave is False
    ctl.frozen = True  # the bar closed and nothing replaced the game: nobody decides, nothing advances
    assert ctl.deciding() == TERMINAL and ctl.legal_for(seat) == []


def test_rounds_are_public_and_round_keys_land_on_round_starts(record):
    tl = Timeline(record)
    starts = tl.round_starts()
    assert len(starts) >= 5
    state = record.new_state()
    rounds = [SPEC.view(state, None).round]
    for action in record.actions:
        state.apply(action)
        rounds.append(SPEC.view(state, None).round)
    assert starts == [(k, r) for k, r in enumerate(rounds) if k and r != rounds[k - 1]]
    first, second = starts[0][0], starts[1][0]
    assert tl.next_round(0) == first and tl.next_round(first) == second
    assert tl.previous_round(second) == first and tl.previous_round(second + 1) == second
    assert tl.previous_round(first) == 0 and tl.next_round(len(tl)) == len(tl)


def test_a_record_that_cannot_be_replayed_names_the_action(record):
    bad = GameRecord(record.game, record.players, record.seed, actions=record.actions[:3] + ("S1 fly z9",))
    with pytest.raises(RecordError, match=r"action 4 \('S1 fly z9'\) cannot be replayed"):
        Timeline(bad)


def test_the_twin_record_differs_only_in_a_secret(record):
    twin, count = twin_record(record)
    assert count >= 20
    diff = [i for i, (a, b) in enumerate(zip(record.actions, twin.actions)) if a != b]
    assert len(diff) == 1 and twin.actions[diff[0]].startswith("N arm ")
    assert SPEC.format_view(SPEC.view(record.state_at(count), "N")) != \
        SPEC.format_view(SPEC.view(twin.state_at(count), "N"))
    assert SPEC.format_view(SPEC.view(record.state_at(count), "S")) == \
        SPEC.format_view(SPEC.view(twin.state_at(count), "S"))
