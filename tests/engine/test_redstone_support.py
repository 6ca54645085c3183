"""What wire and gates stand on, release by release (`engine/world/sides_shape.py`, docs/versions.md, the `redstone`
row): the collision shape without leaves up to 1.15.2, the sides shape from 1.16 (`sides_shape`), mud's from 1.19,
an open shulker box's from 1.19.3 (`shulker_box_sides_shape`), a chorus flower's from 1.20.2
(`chorus_flower_sides_shape`); a gate's floor needs only a rim (a hopper's). Each scene's levers update the wire or
repeater in tick 1; one that stays primes the TNT in front of it, one that breaks turns to air. Falling water reads
the same sides beside it (`FlowableFluid.isFlowBlocked`)."""

from __future__ import annotations

import dataclasses
import math

import pytest

from engine.core.versions import FEATURES
from engine.influences.piston_block_entity import BY_NAME
from engine.tick.scene import load_scene_text
from engine.tick.simulation import Simulation
from engine.world.blocks import parse_block_state
from engine.world.sides_shape import CHORUS_FLOWER_SIDES, is_face_full_square
from tests.conftest import SCENES_DIR
from tests.engine.test_versions import _with_version

WIRE_SCENE = (SCENES_DIR / "redstone_support_wire_1_16.toml").read_text()
REPEATER_SCENE = (SCENES_DIR / "redstone_support_repeater_1_16.toml").read_text()
MUD_SCENE = (SCENES_DIR / "redstone_support_mud_1_19.toml").read_text()
CHORUS_SCENE = (SCENES_DIR / "redstone_support_chorus_flower_1_20_2.toml").read_text()
SHULKER_SCENE = (SCENES_DIR / "redstone_support_shulker_box_1_19_3.toml").read_text()
FLUID_SCENE = (SCENES_DIR / "fluid_falling_beside_soul_sand_1_16.toml").read_text()


def _run(text: str, version: str, ticks: int, **flags: bool) -> tuple[Simulation, list[tuple[int, tuple, str]]]:
    """The scene at `version` after `ticks` ticks and the cells that turned to air: (tick, pos, the block it was);
    `flags` set version flags against the release (a mutant)."""
    sim = load_scene_text(_with_version(text, version), "<redstone support>")
    sim.features = dataclasses.replace(sim.features, **flags)
    cleared = []
    for _ in range(ticks):
        record = sim.tick()
        cleared += [(record.tick, tuple(e["pos"]), e["from"].split("[")[0]) for e in record.events
                    if e["kind"] == "block_changed" and e["to"] == "minecraft:air"]
    return sim, cleared


def _primed(sim: Simulation) -> list[tuple[int, int]]:
    """The primed TNT (not the armor stand, nor in 1.16–1.16.5 a broken block's item), by id: the column (x, z)
    each is in."""
    return [(math.floor(e.pos.x), math.floor(e.pos.z)) for e in sorted(sim.entities, key=lambda e: e.id)
            if e.TYPE == TNT]


WIRE = "minecraft:redstone_wire"
REPEATER = "minecraft:repeater"
TNT = "minecraft:tnt"


@pytest.mark.parametrize("version", ["1.14", "1.15.2"])
def test_up_to_1_15_2_wire_breaks_off_leaves_soul_sand_and_full_snow(version: str) -> None:
    """The scene's comment: the collision shape decides and leaves never hold: all three wires break in tick 1."""
    sim, cleared = _run(WIRE_SCENE, version, 3)
    assert cleared == [(1, (0, 2, 0), WIRE), (1, (0, 2, 3), WIRE), (1, (0, 2, 6), WIRE)]
    assert _primed(sim) == []


@pytest.mark.parametrize("version", ["1.16", "1.19.2", "1.21.3", "1.21.11"])
def test_from_1_16_wire_stays_on_soul_sand_and_full_snow_not_on_leaves(version: str) -> None:
    """From 1.16 the sides shape: leaves' empty (the wire breaks), soul sand's a full cube and 8 layers' their full
    outline (both wires stay and prime their TNT in tick 1, soul sand's first)."""
    sim, cleared = _run(WIRE_SCENE, version, 3)
    assert cleared == [(1, (0, 2, 0), WIRE), (1, (1, 2, 3), TNT), (1, (1, 2, 6), TNT)]
    assert _primed(sim) == [(1, 3), (1, 6)]


def test_the_sides_shape_mutant_breaks_the_wire_on_soul_sand_in_1_16() -> None:
    """1.16 with `sides_shape` off reads 1.15.2's collision shape: all three wires break."""
    sim, cleared = _run(WIRE_SCENE, "1.16", 3, sides_shape=False)
    assert [pos for _, pos, _ in cleared] == [(0, 2, 0), (0, 2, 3), (0, 2, 6)] and _primed(sim) == []
    assert FEATURES["sides_shape"][1:] == ((1, 16, 0), None)


@pytest.mark.parametrize("version,soul_sand", [("1.14", False), ("1.15.2", False), ("1.16", True),
                                                ("1.20.2", True), ("1.21.3", True)])
def test_a_repeater_stands_on_a_hopper_s_rim_in_every_release_and_on_soul_sand_from_1_16(version: str,
                                                                                       soul_sand: bool) -> None:
    """The scene's comment: the repeaters on the hopper and the top slab stay, turn on in tick 3 and prime their
    TNT; the one on leaves breaks in tick 1; the one on soul sand breaks up to 1.15.2 and stays from 1.16."""
    sim, cleared = _run(REPEATER_SCENE, version, 5)
    expected = [(1, (0, 2, 6), REPEATER), (3, (1, 2, 0), TNT), (3, (1, 2, 3), TNT)]
    expected += [(3, (1, 2, 9), TNT)] if soul_sand else [(1, (0, 2, 9), REPEATER)]
    assert sorted(cleared) == sorted(expected)
    assert len(_primed(sim)) == 3 if soul_sand else 2


def test_wire_and_a_repeater_stay_on_mud() -> None:
    """The scene's comment: mud's sides shape is a full cube (1.19): the wire primes its TNT in tick 1, the repeater
    its own in tick 3; read from the 14/16 collision shape (`sides_shape` off) both break in tick 1."""
    for version in ("1.19", "1.21.3"):
        sim, cleared = _run(MUD_SCENE, version, 5)
        assert cleared == [(1, (1, 2, 0), TNT), (3, (1, 2, 3), TNT)], version
        assert _primed(sim) == [(1, 0), (1, 3)]
    sim, cleared = _run(MUD_SCENE, "1.19", 5, sides_shape=False)
    assert cleared == [(1, (0, 2, 0), WIRE), (1, (0, 2, 3), REPEATER)] and _primed(sim) == []


def test_wire_breaks_off_a_chorus_flower_from_1_20_2() -> None:
    """The scene's comment: up to 1.20.1 the wire stays on the flower's full collision cube and primes the TNT; from
    1.20.2 the flower's sides shape is inset: the wire breaks. The mutant (the flag off in 1.20.2) keeps it."""
    for version in ("1.16", "1.20.1"):
        sim, cleared = _run(CHORUS_SCENE, version, 3)
        assert cleared == [(1, (1, 2, 0), TNT)] and len(_primed(sim)) == 1, version
    for version in ("1.20.2", "1.21.3"):
        sim, cleared = _run(CHORUS_SCENE, version, 3)
        assert cleared == [(1, (0, 2, 0), WIRE)] and _primed(sim) == [], version
    sim, cleared = _run(CHORUS_SCENE, "1.20.2", 3, chorus_flower_sides_shape=False)
    assert cleared == [(1, (1, 2, 0), TNT)]
    assert not is_face_full_square(CHORUS_FLOWER_SIDES, BY_NAME["up"].axis, 1)


def test_wire_breaks_off_an_open_shulker_box_from_1_19_3() -> None:
    """The scene's comment: the box opens in tick 1, the lever turns on in tick 3. Up to 1.19.2 the lid's stretched
    collision cube has a full top and the wire primes the TNT; from 1.19.3 an open box offers its base slab alone and
    the wire breaks. The mutant (the flag off in 1.19.3) keeps it. (From 1.20.2 the game breaks it at the opening
    already, by the box's shape updates, which the engine does not send: docs/versions.md, the `redstone` row.)"""
    sim, cleared = _run(SHULKER_SCENE, "1.19.2", 5)
    assert cleared == [(3, (1, 2, 0), TNT)] and len(_primed(sim)) == 1
    for version in ("1.19.3", "1.20.1"):
        sim, cleared = _run(SHULKER_SCENE, version, 5)
        assert cleared == [(3, (0, 2, 0), WIRE)] and _primed(sim) == [], version
    sim, cleared = _run(SHULKER_SCENE, "1.19.3", 5, shulker_box_sides_shape=False)
    assert cleared == [(3, (1, 2, 0), TNT)]


def test_a_shut_shulker_box_holds_wire_in_every_release() -> None:
    """Without the opening the box is a full cube in every release: the wire stays and primes the TNT."""
    shut = SHULKER_SCENE.replace('do = "shulker_open"\nat = [0, 1, 0]', 'do = "use"\nat = [-1, 2, 0]')
    for version in ("1.19.2", "1.19.3"):
        sim, cleared = _run(shut, version, 5)
        assert (1, (1, 2, 0), TNT) in cleared, version


def test_1_13_2_keeps_its_own_rule() -> None:
    """1.13.2 (`normal_cube_1_13`) tests `isTopSolid`: a material that blocks light and a full cube, so leaves hold
    no wire and soul sand and 8 snow layers (14/16 tall) none either; a hopper holds a repeater (its own
    override)."""
    sim, cleared = _run(WIRE_SCENE, "1.13.2", 3)
    assert [pos for _, pos, _ in cleared] == [(0, 2, 0), (0, 2, 3), (0, 2, 6)]
    sim, cleared = _run(REPEATER_SCENE, "1.13.2", 5)
    assert (3, (1, 2, 0), TNT) in cleared and (1, (0, 2, 9), REPEATER) in cleared


def test_falling_water_flows_down_beside_soul_sand_and_full_snow_from_1_16() -> None:
    """The scene's comment: up to 1.15.2 (and 1.16 with `sides_shape` off) the two TNT rest with a zero Motion; from
    1.16 each water's flow is (0, -1, 0) and the TNT's Motion Y ends each tick at -0.014 (its push)."""
    for version, flags, pushed in (("1.15.2", {}, False), ("1.16", {}, True), ("1.16", {"sides_shape": False}, False),
                                   ("1.21.3", {}, True)):
        sim, _ = _run(FLUID_SCENE, version, 3, **flags)
        for entity_id in (1, 2):
            tnt = sim.entity_by_id(entity_id)
            assert tnt.pos.y == 1.0 and (tnt.motion.x, tnt.motion.z) == (0.0, 0.0), version
            assert tnt.motion.y == (-0.014 if pushed else 0.0), (version, flags)


def test_the_face_tests_on_block_shapes() -> None:
    """`isFaceFullSquare` and the rim test on collision shapes: a hopper's and a cauldron's tops are rims, not full
    squares; a top slab's top is both, its bottom neither; stairs' back is full."""
    from engine.world.sides_shape import _covers_rim
    up, down, north = (BY_NAME[d] for d in ("up", "down", "north"))
    for text, full, rim in (("hopper", False, True), ("cauldron", False, True), ("stone", True, True),
                            ("smooth_stone_slab[type=top]", True, True), ("oak_fence", False, False),
                            ("soul_sand", False, False)):
        shape = parse_block_state(text, "1.16.5").collision_shape
        assert is_face_full_square(shape, up.axis, up.sign) == full, text
        assert _covers_rim(shape, up.axis, up.sign) == rim, text
    slab = parse_block_state("smooth_stone_slab[type=top]", "1.16.5").collision_shape
    assert not is_face_full_square(slab, down.axis, down.sign)
    stairs = parse_block_state("oak_stairs[facing=north,half=bottom]", "1.16.5").collision_shape
    assert is_face_full_square(stairs, north.axis, north.sign)
