"""Redstone of 1.13.2 (engine/redstone, docs/versions.md row `redstone`), compared class by class with 1.14: the
bundled redstone scenes change the same blocks in 1.13.2 as in 1.14 where the code agrees, and each difference the
engine models has its scene and a mutant (the flag turned to 1.14's): the wire's stepped power
(`wire_power_steps_1_13`), the torch burnout's draws (`torch_burnout_draws_1_13`) and `Block.isNormalCube` and
`isTopSolid` (`normal_cube_1_13`). 1.11-1.12.1 and 1.13-1.13.1 stop in one line, and so do the redstone blocks
1.13.2's block table lacks."""

from __future__ import annotations

import pytest

from engine.tick.scene import SceneError
from tests.conftest import SCENES_DIR, scene_toml
from tests.engine.test_version_redstone import _run, _without_armor_stands

# bundled scenes whose blocks change in 1.13.2 as in 1.14
SAME_AS_1_14 = ("redstone_bud_tnt_line.toml", "redstone_piston_quasi_connectivity.toml",
                "redstone_flying_machine.toml", "redstone_gate_pulse_priority_1_14_4.toml",
                "redstone_comparator_subtract_sides_1_14_4.toml", "redstone_piston_head_mismatch_1_15_2.toml",
                "redstone_wire_corner_1_15_2.toml", "redstone_wire_diagonal_update_1_19.toml")
# bundled scenes whose wires turn off: their blocks change as in 1.14 with 1.14's wire power only
WIRES_TURNING_OFF = ("redstone_repeater_clock.toml", "redstone_dispenser_cannon.toml",
                     "redstone_piston_vacate_cells_1_14_4.toml")
Change = tuple[int, tuple[int, ...], str, str]


def _scene(name: str) -> str:
    return (SCENES_DIR / name).read_text()


def _powers(changes: list[Change], tick: int, pos: tuple[int, int, int]) -> list[int]:
    """The power levels the wire at `pos` takes in `tick`, in order."""
    return [int(to.split("power=")[1].split(",")[0]) for t, at, _, to in changes if t == tick and at == pos]


@pytest.mark.parametrize("name", SAME_AS_1_14)
def test_the_bundled_scenes_change_their_blocks_as_in_1_14(name: str) -> None:
    reference = _run(_scene(name), "1.14", 40)[1]
    assert reference
    assert _run(_scene(name), "1.13.2", 40)[1] == reference


@pytest.mark.parametrize("name", WIRES_TURNING_OFF)
def test_the_bundled_scenes_whose_wires_turn_off_differ_by_the_wire_s_power_alone(name: str) -> None:
    reference = _run(_scene(name), "1.14", 40)[1]
    changes = _run(_scene(name), "1.13.2", 40)[1]
    assert len(changes) > len(reference)
    assert _run(_scene(name), "1.13.2", 40, wire_power_steps_1_13=False)[1] == reference


def test_a_wire_line_steps_down_one_level_per_update_in_1_13_2() -> None:
    """The scene's comment: switched off in tick 3, the first wire passes 15 -> 14 -> ... -> 0 in 1.13.2 and
    15 -> 13 -> 11 -> ... -> 1 -> 0 from 1.14 (and in the mutant); the line ends dark in both, the TNT primed in
    tick 1."""
    text = _scene("redstone_wire_steps_1_13_2.toml")
    stepped = list(range(14, -1, -1))
    jumped = [13, 11, 9, 7, 5, 3, 1, 0]
    old_sim, old = _run(text, "1.13.2", 4)
    new_sim, new = _run(text, "1.14", 4)
    assert _powers(old, 3, (1, 1, 0)) == stepped and _powers(new, 3, (1, 1, 0)) == jumped
    assert (len(old), len(new)) == (73, 42)
    for sim in (old_sim, new_sim):
        assert sim.entity_by_id(2) is not None
        assert all(int(sim.world.get_block_state(x, 1, 0).get("power")) == 0 for x in range(1, 6))
    mutant = _run(text, "1.13.2", 4, wire_power_steps_1_13=False)[1]
    assert _powers(mutant, 3, (1, 1, 0)) == jumped and len(mutant) == 42


def test_a_torch_burning_out_draws_from_the_world_random_in_1_13_2() -> None:
    """The scene's comment: the torch burns out in tick 31 in both releases; the TNT block the explosion of tick 35
    primes (entity 3) draws its fuse 17 draws later in 1.13.2: 10 ticks left in tick 36, so it is gone in tick 46;
    1.14's (no burnout draws; its angle's nextDouble from the world Random before the fuse) has 14 and the
    mutant's, drawing nothing at the burnout, 25. Its angle is Math.random()'s in 1.13.2, so the burnout's draws do
    not move it: only the fuse shows them."""
    text = _scene("redstone_torch_burnout_1_13_2.toml")
    unlit = "minecraft:redstone_wall_torch[facing=east,lit=false]"
    old_sim, old = _run(text, "1.13.2", 36)
    new_sim, new = _run(text, "1.14", 36)
    mutant_sim = _run(text, "1.13.2", 36, torch_burnout_draws_1_13=False)[0]
    for changes in (old, new):
        torch = [(t, to) for t, at, _, to in changes if at == (1, 1, 0)]
        assert len(torch) == 15 and torch[-1] == (31, unlit)
    fuses = [sim.entity_by_id(3).fuse for sim in (old_sim, new_sim, mutant_sim)]
    assert fuses == [10, 14, 25]
    assert old_sim.entity_by_id(3).pos == mutant_sim.entity_by_id(3).pos    # the angle: not the world Random's
    assert _run(text, "1.13.2", 46)[0].entity_by_id(3) is None
    assert _run(text, "1.14", 46)[0].entity_by_id(3) is not None


def test_wire_on_a_tnt_breaks_and_a_shulker_box_conducts_nothing_in_1_13_2() -> None:
    """The scene's comment: from 1.14 both TNT prime (entities 2 and 3, ticks 1 and 3); in 1.13.2 the wire on the
    TNT breaks when the lever updates it and the shulker box passes no power, so neither primes; the mutant primes
    both."""
    text = _scene("redstone_wire_on_tnt_1_13_2.toml")
    wire = "minecraft:redstone_wire[east=side,north=none,power=0,south=none,west=none]"
    old_sim, old = _run(text, "1.13.2", 5)
    assert (1, (0, 2, 0), wire, "minecraft:air") in old
    assert old_sim.entity_by_id(2) is None and old_sim.world.get_block_state(0, 1, 0).block == "tnt"
    assert old_sim.world.get_block_state(0, 1, 5).block == "tnt"
    for sim, changes in (_run(text, "1.14", 5), _run(text, "1.13.2", 5, normal_cube_1_13=False)):
        assert (1, (0, 1, 0), "minecraft:tnt[unstable=false]", "minecraft:air") in changes
        assert (3, (0, 1, 5), "minecraft:tnt[unstable=false]", "minecraft:air") in changes
        assert sim.entity_by_id(2) is not None and sim.entity_by_id(3) is not None


@pytest.mark.parametrize(("version", "why"), [("1.13", "1.13-1.13.1 not compared"),
                                              ("1.13.1", "1.13-1.13.1 not compared"),
                                              ("1.12.1", "1.11-1.12.1 not compared"),
                                              ("1.11", "1.11-1.12.1 not compared")])
def test_redstone_of_1_11_to_1_12_1_and_1_13_to_1_13_1_stops_in_one_line(version: str, why: str) -> None:
    """The wire scene without its armor stand (living entities stop earlier in 1.11-1.12.1 and 1.13-1.13.1)."""
    with pytest.raises(NotImplementedError) as err:
        _run(_without_armor_stands(_scene("redstone_wire_steps_1_13_2.toml")), version, 2)
    line = str(err.value)
    assert "\n" not in line and line.startswith("redstone components") and f"of version {version}" in line
    assert why in line


@pytest.mark.parametrize("block", ["minecraft:target", "minecraft:lightning_rod", "minecraft:honey_block",
                                   "minecraft:lectern"])
def test_a_redstone_block_1_13_2_lacks_stops_its_scene_in_one_line(block: str) -> None:
    """1.13.2's block table has no target block, lightning rod, honey block or lectern: a scene setting one stops
    at load in one line."""
    text = scene_toml(blocks=[{"at": [0, 1, 0], "block": "minecraft:stone"}],
                      actions=[{"tick": 1, "do": "set_block", "at": [1, 1, 0], "block": block}])
    with pytest.raises(SceneError) as err:
        _run(text, "1.13.2", 1)
    assert "\n" not in str(err.value) and "no block of 1.13.2 has that name" in str(err.value)
