"""Redstone of 1.14-1.15.2 (engine/redstone, docs/versions.md row `redstone`), compared class by class with 1.16:
the bundled redstone scenes change the same blocks in 1.15.2, 1.14.4 and 1.14 as in 1.16 where the code agrees,
and each difference the engine models has its scene and a mutant (the flag turned to the neighbour's): 1.15.2's wire
(`wire_lines_1_15`), detector rail box (`detector_rail_box_float`), piston head (`piston_head_any_base`) and
exploded TNT (`tnt_exploded_float_centre_1_15`); 1.14.4's comparator (`comparator_power_at_sides_1_14`), pulse
priority (`gate_pulse_off_high_1_14`), primed TNT (`tnt_prime_float_centre_1_14`) and piston vacating
(`piston_vacate_each_1_14`)."""

from __future__ import annotations

import pytest

from engine.core.versions import parse_version
from engine.tick.scene import SceneError
from engine.world import blocks
from tests.conftest import SCENES_DIR, scene_toml
from tests.engine.test_version_redstone import _run

OLD = ("1.15.2", "1.14.4", "1.14")
# bundled scenes whose blocks change in the older releases as in 1.16
SAME_AS_1_16 = ("redstone_repeater_clock.toml", "redstone_bud_tnt_line.toml", "redstone_piston_quasi_connectivity.toml",
                "redstone_wire_diagonal_update_1_19.toml", "redstone_flying_machine.toml")
Change = tuple[int, tuple[int, ...], str, str]


def _scene(name: str) -> str:
    return (SCENES_DIR / name).read_text()


def changes_of(text: str, version: str, ticks: int = 2) -> list[Change]:
    return _run(text, version, ticks)[1]


def _at(changes: list[Change], pos: tuple[int, int, int]) -> list[tuple[int, str]]:
    return [(tick, to) for tick, at, _, to in changes if at == pos]


@pytest.fixture(scope="module")
def bundled() -> dict[tuple[str, str], list[Change]]:
    """The block changes of the bundled scenes in 40 ticks at 1.16 and the older releases."""
    names = (*SAME_AS_1_16, "redstone_dispenser_cannon.toml")
    return {(name, version): _run(_scene(name), version, 40)[1] for name in names for version in ("1.16", *OLD)}


@pytest.mark.parametrize("name", SAME_AS_1_16)
def test_the_bundled_scenes_change_their_blocks_as_in_1_16(bundled: dict, name: str) -> None:
    reference = bundled[(name, "1.16")]
    assert reference
    for version in OLD:
        assert bundled[(name, version)] == reference, version


def test_the_dispenser_cannon_s_last_wire_loses_its_east_side_up_to_1_15_2(bundled: dict) -> None:
    """The dispenser at the end of the wire turns triggered with flags 4, a shape update: up to 1.15.2 the wire's east
    side is recomputed alone (none: a dispenser is solid and no emitter); from 1.16 a wire connected on one side
    only extends to the opposite side, so its state stays. Every other change is 1.16's, in the same ticks, the
    wire's later power changes keeping its east side none."""
    reference = bundled[("redstone_dispenser_cannon.toml", "1.16")]
    extra = (1, (3, 1, 0), "minecraft:redstone_wire[east=side,north=none,power=13,south=none,west=side]",
             "minecraft:redstone_wire[east=none,north=none,power=13,south=none,west=side]")

    def as_1_16(change: Change) -> Change:
        tick, pos, old, new = change
        return (tick, pos, *(s.replace("east=none", "east=side") if pos == (3, 1, 0) else s for s in (old, new)))
    for version in OLD:
        changes = bundled[("redstone_dispenser_cannon.toml", version)]
        assert extra in changes and [as_1_16(c) for c in changes if c != extra] == reference, version
    assert extra not in reference


# --- 1.15.2 against 1.16 -------------------------------------------------------------------------------------------

def test_a_wire_corner_powers_no_side_up_to_1_15_2() -> None:
    """The scene's comment: from 1.16 the corner powers the TNT its south side connects down to (primed in tick 1);
    up to 1.15.2 it powers no side and the TNT stays; the mutant (1.15.2 with 1.16's wire) primes it."""
    text = _scene("redstone_wire_corner_1_15_2.toml")
    new, changes = _run(text, "1.16", 2)
    assert new.entity_by_id(2) is not None and _at(changes, (1, 2, 1)) == [(1, "minecraft:air")]
    for version in OLD:
        old, changes = _run(text, version, 2)
        assert old.entity_by_id(2) is None and old.world.get_block_state(1, 2, 1).block == "tnt", version
        assert _at(changes, (1, 2, 0))[-1][1].startswith("minecraft:redstone_wire[east=none,north=none,power=15")
    mutant, _ = _run(text, "1.15.2", 2, wire_lines_1_15=False)
    assert mutant.entity_by_id(2) is not None


@pytest.mark.parametrize(("wire", "primed"), [
    ("minecraft:redstone_wire[east=none,north=none,power=0,south=none,west=none]", {"1.15.2": True, "1.16": False}),
    ("minecraft:redstone_wire[east=side,north=side,power=0,south=side,west=side]", {"1.15.2": True, "1.16": True})])
def test_a_wire_with_no_lines_powers_its_four_sides_up_to_1_15_2(wire: str, primed: dict[str, bool]) -> None:
    """A wire on a stone that a lever on its side powers strongly, a TNT beside the wire: nothing the wire could
    connect to, so up to 1.15.2 it powers all four sides whatever its state (the TNT primes in tick 1); from 1.16
    its placement state decides: a dot (a used cross) powers no side, a cross every side."""
    text = scene_toml(blocks=[{"from": [-2, 0, -2], "to": [2, 0, 2], "block": "minecraft:stone"},
                              {"at": [0, 1, 0], "block": "minecraft:stone"},
                              {"at": [1, 1, 0], "block": "minecraft:lever[face=wall,facing=east,powered=false]"},
                              {"at": [0, 2, 0], "block": wire},
                              {"at": [0, 2, 1], "block": "minecraft:tnt[unstable=false]"}],
                      actions=[{"tick": 1, "do": "use", "at": [1, 1, 0]}])
    for version, expected in primed.items():
        sim, _ = _run(text, version, 1)
        assert (sim.entity_by_id(1) is not None) is expected, version


def test_a_use_of_wire_does_nothing_up_to_1_15_2() -> None:
    """RedstoneWireBlock has no onUse up to 1.15.2: a cross used stays a cross; from 1.16 it becomes a dot (no
    neighbour to connect to), and the mutant (1.15.2 with 1.16's wire) does so too."""
    cross = "minecraft:redstone_wire[east=side,north=side,power=0,south=side,west=side]"
    text = scene_toml(blocks=[{"from": [-1, 0, -1], "to": [1, 0, 1], "block": "minecraft:stone"},
                              {"at": [0, 1, 0], "block": cross}],
                      actions=[{"tick": 1, "do": "use", "at": [0, 1, 0]}])
    dot = "minecraft:redstone_wire[east=none,north=none,power=0,south=none,west=none]"
    assert _run(text, "1.16", 1)[1] == [(1, (0, 1, 0), cross, dot)]
    for version in OLD:
        assert _run(text, version, 1)[1] == [], version
    assert _run(text, "1.15.2", 1, wire_lines_1_15=False)[1] == [(1, (0, 1, 0), cross, dot)]


def test_a_cart_a_hair_into_the_detector_box_powers_the_rail_from_1_16_only() -> None:
    """The scene's comment: the cart's east side at 0.2000000015 passes the double 0.2 (1.16: the rail turns on and
    primes the TNT) but not the float 0.20000000298023224 (up to 1.15.2)."""
    text = _scene("redstone_detector_rail_box_1_15_2.toml")
    new, changes = _run(text, "1.16", 2)
    assert _at(changes, (0, 1, 0)) == [(1, "minecraft:detector_rail[powered=true,shape=north_south]")]
    assert new.entity_by_id(2) is not None
    for version in OLD:
        old, changes = _run(text, version, 2)
        assert changes == [] and old.entity_by_id(2) is None, version
    assert _run(text, "1.15.2", 2, detector_rail_box_float=False)[1] == changes_of(text, "1.16")


def test_a_head_on_a_piston_of_the_other_type_passes_updates_on_up_to_1_15_2() -> None:
    """The scene's comment: the unpowered sticky piston under a plain head retracts in tick 1 (a moving piston
    there, the head gone) up to 1.15.2; from 1.16 only the stone set beside the head changes."""
    text = _scene("redstone_piston_head_mismatch_1_15_2.toml")
    stone = [(1, (1, 2, 0), "minecraft:air", "minecraft:stone")]
    assert changes_of(text, "1.16", 4) == stone
    for version in OLD:
        changes = changes_of(text, version, 4)
        assert _at(changes, (0, 1, 0)) == [(1, "minecraft:moving_piston[facing=up,type=sticky]"),
                                           (3, "minecraft:sticky_piston[extended=false,facing=up]")], version
        assert _at(changes, (0, 2, 0)) == [(1, "minecraft:air")]
    assert _run(text, "1.15.2", 4, piston_head_any_base=False)[1] == stone


@pytest.mark.parametrize(("name", "flag", "old", "new"), [
    ("tnt_far_chain_1_15_2.toml", "tnt_exploded_float_centre_1_15", ("1.15.2", "1.14.4"), "1.16"),
    ("redstone_tnt_far_prime_1_14_4.toml", "tnt_prime_float_centre_1_14", ("1.14.4", "1.14"), "1.15")])
def test_a_tnt_block_primed_beyond_2_23_spawns_at_its_float_centre_in_older_releases(
        name: str, flag: str, old: tuple[str, ...], new: str) -> None:
    """The scenes' comments: x = 8388609 + 0.5 in double, 8388610.0 in float (ties to even); the primed entity's
    X after its first tick keeps that half block (a drift along its spawn angle aside, the same in both)."""
    text = _scene(name)
    x_new = _run(text, new, 1)[0].entity_by_id(2).pos.x
    for version in old:
        assert _run(text, version, 1)[0].entity_by_id(2).pos.x - x_new == 0.5, version
    assert _run(text, old[0], 1, **{flag: False})[0].entity_by_id(2).pos.x == x_new


# --- 1.14.4 against 1.15 -------------------------------------------------------------------------------------------

def test_a_subtracting_comparator_with_equal_sides_stays_powered_up_to_1_14_4() -> None:
    """The scene's comment: 1.15 turns it unpowered in tick 7, 1.14.4 (and 1.14) keep it powered."""
    text = _scene("redstone_comparator_subtract_sides_1_14_4.toml")
    on = (3, "minecraft:comparator[facing=west,mode=subtract,powered=true]")
    off = (7, "minecraft:comparator[facing=west,mode=subtract,powered=false]")
    assert _at(changes_of(text, "1.15", 9), (1, 1, 0)) == [on, off]
    for version in ("1.14.4", "1.14"):
        assert _at(changes_of(text, version, 9), (1, 1, 0)) == [on], version
    assert _at(_run(text, "1.14.4", 9, comparator_power_at_sides_1_14=False)[1], (1, 1, 0)) == [on, off]


def test_a_pulse_s_closing_tick_runs_after_a_comparator_s_up_to_1_14_4() -> None:
    """The scene's comment: in tick 5 the comparator reads the repeater still on (1.14.4, 1.14: powered, and the
    repeater across its output locked, both undone in tick 7) or already off (1.15: it never changes)."""
    text = _scene("redstone_gate_pulse_priority_1_14_4.toml")
    new = changes_of(text, "1.15", 9)
    assert _at(new, (1, 1, 0)) == [] and _at(new, (2, 1, 0)) == []
    for version in ("1.14.4", "1.14"):
        old = changes_of(text, version, 9)
        assert [t for t, _ in _at(old, (1, 1, 0))] == [5, 7] and [t for t, _ in _at(old, (2, 1, 0))] == [5, 7]
        assert old.index((5, (0, 1, 0), "minecraft:repeater[delay=1,facing=west,locked=false,powered=true]",
                          "minecraft:repeater[delay=1,facing=west,locked=false,powered=false]")) > \
            old.index((5, (1, 1, 0), "minecraft:comparator[facing=west,mode=compare,powered=false]",
                       "minecraft:comparator[facing=west,mode=compare,powered=true]"))
    assert _run(text, "1.14.4", 9, gate_pulse_off_high_1_14=False)[1] == new


def test_the_cells_a_piston_leaves_are_updated_one_by_one_up_to_1_14_4() -> None:
    """The scene's comment: the wire's west side turns to none right after the redstone block's cell is air, before
    the stone's above the slime block (1.14.4, 1.14), or after every cell is air (1.15); the same changes else."""
    text = _scene("redstone_piston_vacate_cells_1_14_4.toml")
    wire = (1, (3, 2, 1), "minecraft:redstone_wire[east=none,north=none,power=15,south=none,west=side]",
            "minecraft:redstone_wire[east=none,north=none,power=15,south=none,west=none]")
    stone = (1, (2, 3, 0), "minecraft:stone", "minecraft:air")
    new = changes_of(text, "1.15", 3)
    assert new.index(wire) > new.index(stone)
    for version in ("1.14.4", "1.14"):
        old = changes_of(text, version, 3)
        assert old.index(wire) < old.index(stone) and sorted(old) == sorted(new), version
    assert _run(text, "1.14.4", 3, piston_vacate_each_1_14=False)[1] == new


@pytest.mark.parametrize(("block", "first"), [("minecraft:target", "1.16"), ("minecraft:soul_torch", "1.16"),
                                              ("minecraft:polished_blackstone_button", "1.16"),
                                              ("minecraft:honey_block", "1.15")])
def test_a_block_a_release_lacks_stops_its_scene_in_one_line(block: str, first: str) -> None:
    """The block tables of 1.14-1.15.2 (their releases' blocks): a block added later is refused at load, where a
    scene places it or sets it in an action, and loads from its first release."""
    text = scene_toml(blocks=[{"at": [0, 1, 0], "block": "minecraft:stone"}],
                      actions=[{"tick": 1, "do": "set_block", "at": [1, 1, 0], "block": block}])
    for version in OLD:
        if parse_version(version) < parse_version(first):
            with pytest.raises(SceneError) as err:
                _run(text, version, 1)
            assert "\n" not in str(err.value) and f"no block of {version} has that name" in str(err.value)
    assert _run(text, first, 1)[1] == [(1, (1, 1, 0), "minecraft:air", str(blocks.parse_block_state(block)))]
