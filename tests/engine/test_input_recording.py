"""`PlayerEntity.set_held_input`, what the viewer's Drive mode records with: a range set over a loaded scene's
`[[inputs]]` cuts them around it, merges with an equal range before it, optionally discards later ticks, leaves
snapshots taken before it untouched, and the run follows it exactly as if the scene had said so."""

from __future__ import annotations

import pytest

from engine.living.player_input import InputRange, PlayerInput
from tests.conftest import build_scene
from tests.scene_parts import east_road, held, player_on_floor

FORWARD = PlayerInput(forward=True)
JUMP = PlayerInput(forward=True, jump=True)


def scene(*ranges: dict):
    """A player (id 1) on a road east, facing east, holding the `[[inputs]]` `ranges`."""
    return build_scene(blocks=[east_road()], entities=[player_on_floor(yaw=-90.0)], inputs=ranges)


def test_a_range_is_cut_around_and_merged_with_an_equal_one_before() -> None:
    sim = scene(held(1, 1, 10, forward=True), held(1, 20, 30, back=True, use="minecraft:snowball"))
    p = sim.entity_by_id(1)
    p.set_held_input(4, 5, JUMP)
    p.set_held_input(6, 6, FORWARD)                      # merged with nothing: 4..5 holds jump
    p.set_held_input(25, 26, FORWARD)
    assert p.inputs.ranges == [
        InputRange(1, 3, FORWARD), InputRange(4, 5, JUMP), InputRange(6, 10, FORWARD),
        InputRange(20, 24, PlayerInput(back=True, use="minecraft:snowball")), InputRange(25, 26, FORWARD),
        InputRange(27, 30, PlayerInput(back=True)),       # the item is used in the range's first tick only
    ]
    p.set_held_input(11, 11, FORWARD, discard_later=True)
    assert p.inputs.ranges[-1] == InputRange(6, 11, FORWARD) and len(p.inputs.ranges) == 3


def test_the_run_follows_a_set_range_as_if_the_scene_held_it_and_snapshots_keep_theirs() -> None:
    set_later = scene(held(1, 1, 20, forward=True))
    snap = set_later.snapshot()
    player = set_later.entity_by_id(1)
    player.set_held_input(5, 8, JUMP, discard_later=True)
    declared = scene(held(1, 1, 4, forward=True), held(1, 5, 8, forward=True, jump=True))
    for _ in range(20):
        set_later.tick()
        declared.tick()
        assert set_later.entity_by_id(1).trace_line() == declared.entity_by_id(1).trace_line()
    set_later.restore(snap)
    assert set_later.entity_by_id(1).inputs.ranges == [InputRange(1, 20, FORWARD)]


@pytest.mark.parametrize(("first", "last"), [(0, 3), (5, 4)])
def test_a_range_outside_the_ticks_is_refused(first: int, last: int) -> None:
    with pytest.raises(ValueError, match="expected 1 <= from <= to"):
        scene().entity_by_id(1).set_held_input(first, last, FORWARD)
