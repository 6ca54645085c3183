"""1.21.5, read in a decompilation of the released client (Mojang names; docs/versions.md, "1.21.5 source"):
`Entity.fallDistance` is already a double there (`fall_distance_double`: `Entity.checkFallDamage` adds the float drop
in double when not touching water, before the landing; `baseTick` halves it in lava in double), as in 1.21.7 and
1.21.8; 1.21.4 keeps a float. `AbstractMinecart` and `MinecartTNT` of 1.21.5 are 1.21.8's, so its minecarts run as
1.21.7's (1.21.4's cart but for that flag). 1.21.6 lies between two releases with the same code and runs as both;
the boats of 1.21.5 and 1.21.6 lie between the 25w03a snapshot of 1.21.5 and 1.21.7 (both read: the same
AbstractBoat), so they draw 1.21.7's bubble-column splash (`boat_splash_above_bubble_column`, not simulated: one
line). Living entities: 1.21.7's
`LivingEntity.aiStep` (`apply_input_before_ai`), `calculateFallDamage` (`fall_damage_floor`) and `travelFallFlying`
are read in the 25w05a snapshot of 1.21.5, its `MoveControl.tick` (`move_control_jump_ends_in_liquid`) in 25w02a:
1.21.5 and 1.21.6 lie between those and 1.21.7 and run its mobs. Players: the 25w05a snapshot's `Player`
(`getDesiredPose`, `canFallAtLeast`) and `LocalPlayer` (`modifyInput`, the sprint rules but the back key) and 1.21.5's
`KeyboardInput` are 1.21.7's; the 25w20a snapshot of 1.21.6 has 1.21.7's whole `LocalPlayer`, so 1.21.6 runs its
players (1.21.5's back-key test not found: refused). Each scene is compared with 1.21.4 and with the release whose
flag is switched off (a mutant)."""

from __future__ import annotations

import dataclasses

import pytest

from engine.tick.scene import load_scene_text
from tests.conftest import SCENES_DIR, scene_toml
from tests.engine.test_version_fall_distance import FALLING, LAVA, SUMS_DOUBLE, SUMS_FLOAT, WATER, _stage_after
from tests.engine.test_version_living_1218 import ZOMBIE_POOL, ZOMBIE_WALK, _landing, _ticked
from tests.engine.test_version_player_1218 import RUNS
from tests.engine.test_version_player_1218 import _ticked as _player_ticked
from tests.engine.test_version_vehicles import _DRIFT, _boat, _explosions, _run


def _fall_distances(text: str, version: str, ticks: int, **flags: bool) -> tuple[list[float], list]:
    """The fall distance of entity 1 after each tick, and the tick records (flags: the release's flags changed)."""
    sim = load_scene_text(f'[scene]\nversion = "{version}"\n' + text, "<1.21.5>")
    sim.features = dataclasses.replace(sim.features, **flags)
    sim.trace_enabled = True
    got, records = [], []
    for _ in range(ticks):
        records.append(sim.tick())
        got.append(sim.entity_by_id(1).fall_distance)
    return got, records


@pytest.mark.parametrize("version", ["1.21.5", "1.21.6"])
def test_a_falling_item_sums_its_drops_in_double_from_1_21_5(version: str) -> None:
    assert _fall_distances(FALLING, version, 5)[0] == SUMS_DOUBLE
    assert _fall_distances(FALLING, "1.21.4", 5)[0] == SUMS_FLOAT
    assert _fall_distances(FALLING, version, 5, fall_distance_double=False)[0] == SUMS_FLOAT


def test_lava_halves_the_fall_distance_in_double_in_1_21_5() -> None:
    """A fire-immune item resting in lava with a fall distance of 0.1: 0.05 in double, (float)(0.1 x 0.5F) as a
    float (1.21.4, and 1.21.5 without the flag)."""
    assert _fall_distances(LAVA, "1.21.5", 2)[0][1] == 0.05
    assert _fall_distances(LAVA, "1.21.4", 2)[0][1] == 0.05000000074505806
    assert _fall_distances(LAVA, "1.21.5", 2, fall_distance_double=False)[0][1] == 0.05000000074505806


def test_an_item_moving_down_into_water_adds_no_drop_in_1_21_5() -> None:
    """`Entity.checkFallDamage` of 1.21.5 adds the drop only when not touching water (1.21.4: the float drop, reset
    by the fluid check after the move)."""
    for flag, expected in ((True, 0.0), (False, 0.55731600522995)):
        _, records = _fall_distances(WATER, "1.21.5", 3, fall_distance_double=flag)
        assert _stage_after(records[2], "fall") == expected
    _, records = _fall_distances(WATER, "1.21.4", 3)
    assert _stage_after(records[2], "fall") == 0.55731600522995


@pytest.mark.parametrize("version", ["1.21.5", "1.21.6"])
def test_a_tnt_minecart_dropped_10_blocks_explodes_as_in_1_21_7(version: str) -> None:
    """`MinecartTNT.causeFallDamage` of 1.21.5 takes (fallDistance / 10.0)^2 in double from a fall distance that holds
    the landing tick's drop: the power of 1.21.7, above 1.21.4's; 1.21.5 without the flag explodes as 1.21.4."""
    fall = (SCENES_DIR / "tnt_minecart_fall_1_21_8.toml").read_text()
    (_, old_power), = _explosions(fall, "1.21.4", 40)
    (_, power), = _explosions(fall, version, 40)
    assert _explosions(fall, version, 40) == _explosions(fall, "1.21.7", 40) and power > old_power
    assert _explosions(fall, version, 40, flip="fall_distance_double") == _explosions(fall, "1.21.4", 40)


# a boat on the surface of a bubble column (soul sand below): 1.21.4 draws its splash, 1.21.5-1.21.6 stop in one line
_BUBBLES = scene_toml(blocks=[{"from": [-2, 0, -2], "to": [2, 0, 2], "block": "minecraft:soul_sand"},
                              {"from": [-2, 1, -2], "to": [2, 2, 2], "block": "minecraft:bubble_column[drag=false]"}],
                      entities=[_boat([0.5, 2.5, 0.5], id=1)])


@pytest.mark.parametrize("version", ["1.21.5", "1.21.6"])
def test_a_boat_of_1_21_5_drifts_as_1_21_7_and_stops_beside_a_bubble_column(version: str) -> None:
    drift = [_run(_DRIFT, v, 30).entity_by_id(1) for v in ("1.21.4", version)]
    assert (drift[0].pos, drift[0].motion) == (drift[1].pos, drift[1].motion)
    assert _run(_BUBBLES, "1.21.4", 2).entity_by_id(1) is not None
    with pytest.raises(NotImplementedError) as err:      # the column's onEntityCollision stops it first
        _run(_BUBBLES, version, 2)
    assert "\n" not in str(err.value) and f"of version {version}" in str(err.value)


@pytest.mark.parametrize("version", ["1.21.5", "1.21.6"])
def test_a_zombie_of_1_21_5_walks_and_swims_up_as_in_1_21_8(version: str) -> None:
    """scenes/zombie_move_to.toml: the AI's input travels undamped (ahead of 1.21.4); the zombie in a pool jumping
    at a point above leaves JUMPING in the water and rises (1.21.4 stays JUMPING); 1.21.5 without each flag runs as
    1.21.4."""
    old, new = _ticked(ZOMBIE_WALK, "1.21.4", 12), _ticked(ZOMBIE_WALK, version, 12)
    assert new == _ticked(ZOMBIE_WALK, "1.21.8", 12) and new[-1][0].x > old[-1][0].x
    assert _ticked(ZOMBIE_WALK, version, 12, apply_input_before_ai=False) == old
    pool = _ticked(ZOMBIE_POOL, version, 11)
    assert pool == _ticked(ZOMBIE_POOL, "1.21.8", 11) != _ticked(ZOMBIE_POOL, "1.21.4", 11)
    mutant = _ticked(ZOMBIE_POOL, version, 11, move_control_jump_ends_in_liquid=False)
    assert mutant == _ticked(ZOMBIE_POOL, "1.21.8", 11, move_control_jump_ends_in_liquid=False) != pool


def test_a_fall_of_3_5_does_not_hurt_in_1_21_5() -> None:
    """`calculateFallDamage` floors (fall + 1.0E-6 - 3) from 1.21.5: a 3.5-block drop lands unhurt; 1.21.4's
    ceiling deals 1, as 1.21.5 without the flag."""
    assert _landing("1.21.5") == 20.0 and _landing("1.21.4") == 19.0
    assert _landing("1.21.5", fall_damage_floor=False) == 19.0


@pytest.mark.parametrize("case", sorted(RUNS))
def test_a_player_of_1_21_6_moves_as_in_1_21_7(case: str) -> None:
    """The scenes of tests/engine/test_version_player_1218.py (the move vector, the stop cut, the sprint rules, the
    sneaking probe, the glide ended on vines, the swimming glider's pose): 1.21.6 runs each as 1.21.7, not as
    1.21.4."""
    text, ticks, _ = RUNS[case]
    new = _player_ticked(text, "1.21.6", ticks)
    assert new == _player_ticked(text, "1.21.7", ticks) != _player_ticked(text, "1.21.4", ticks)


def test_a_diagonal_walk_of_1_21_6_without_the_move_vector_ends_elsewhere() -> None:
    text, ticks, _ = RUNS["diagonal"]
    mutant = _player_ticked(text, "1.21.6", ticks, (("player_move_vector", False),))
    assert mutant[-1][0] != _player_ticked(text, "1.21.6", ticks)[-1][0]
