"""1.12.2's and 1.13.2's arrow ticks (engine/entities/arrow_1_12.py, `arrow_tick_1_12`, `arrow_tick_1_13`), 1.13.2's
trident (`trident_bounce_float`) and
fireball rays (engine/entities/fireball.py, `fireball_ray_1_12`, `fireball_box_collision`) and llama spit
(engine/entities/llama_spit.py, `llama_spit_tick_1_12`; docs/versions.md,
"1.12.2 sources", "1.13.2 sources").

The scenes are run once per module; the bounce compares 1.12.2 with the same scene run by the engine's 1.14 arrow
tick (the flag flipped in 1.12.2: the neighbour release 1.13.2 refuses arrows), so a switch that did nothing would
fail. The 1.13.2 stone scene runs in 1.13.2, in 1.13.2 without `arrow_tick_1_13` and in 1.12.2; the arrow leaving its
target's box in 1.13.2, in 1.13.2 without `ray_trace_voxel_shapes` and in 1.12.2; the trident bouncing off a TNT in
1.13.2, in 1.13.2 without `trident_bounce_float` and in 1.14.
"""
from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine.core.versions import features_for
from engine.entities.arrow import Arrow, Trident
from engine.entities.fireball import Fireball, SmallFireball
from engine.entities.llama_spit import LlamaSpit
from engine.geometry.box import Vec3
from engine.java.javanum import f32
from engine.tick.scene import load_scene_text
from tests.conftest import SCENES_DIR, scene_toml

FENCE = (SCENES_DIR / "arrow_fence_1_12_2.toml").read_text()
TNT = (SCENES_DIR / "arrow_tnt_1_12_2.toml").read_text()
STONE = (SCENES_DIR / "arrow_stone_1_13_2.toml").read_text()
INSIDE = (SCENES_DIR / "arrow_inside_target_1_13_2.toml").read_text()
TRIDENT = (SCENES_DIR / "trident_tnt_1_13_2.toml").read_text()
ZOMBIE = (SCENES_DIR / "trident_zombie_1_13_2.toml").read_text()
CORNER = (SCENES_DIR / "fireball_fence_corner_1_12_2.toml").read_text()
WALL = (SCENES_DIR / "fireball_wall_1_15_2.toml").read_text()
SPIT = (SCENES_DIR / "llama_spit_1_12_2.toml").read_text()


def _states(text: str, ticks: int, old_tick: bool = True, traced: bool = False, **flags: bool) -> list[Any]:
    """The arrow or fireball (entity 1) after each tick: (position, Motion, in ground, tile), None once removed."""
    sim = load_scene_text(text, "<1.12.2 arrow>")
    sim.trace_enabled = traced
    if not old_tick:
        sim.features = dataclasses.replace(sim.features, arrow_tick_1_12=False)
    sim.features = dataclasses.replace(sim.features, **flags)
    out = []
    for _ in range(ticks):
        sim.tick()
        e = sim.world.entities.get(1)
        out.append(None if e is None or e.removed else (e.pos, e.motion, getattr(e, "in_ground", None),
                                                        getattr(e, "tile", None)))
    return out


@pytest.fixture(scope="module")
def fence() -> dict[str, list[Any]]:
    return {"1.12.2": _states(FENCE, 10), "traced": _states(FENCE, 10, traced=True)}


@pytest.fixture(scope="module")
def tnt() -> dict[str, list[Any]]:
    return {"1.12.2": _states(TNT, 5), "1.14 tick": _states(TNT, 5, old_tick=False)}


@pytest.fixture(scope="module")
def stone() -> dict[str, list[Any]]:
    return {"1.13.2": _states(STONE, 10), "traced": _states(STONE, 10, traced=True),
            "mutant": _states(STONE, 10, arrow_tick_1_13=False),
            "1.12.2": _states(STONE.replace('"1.13.2"', '"1.12.2"'), 10)}


def test_a_1_12_2_arrow_passes_over_a_fence_s_collision_box_on_its_bounding_box(fence) -> None:
    old = fence["1.12.2"]
    assert not any(s[2] for s in old[:7]) and old[6][0].x > 7.0           # over the fence (x 3) to x 7.29


def test_a_1_12_2_arrow_sticks_in_stone_backed_off_and_stays(fence) -> None:
    pos, motion, in_ground, tile = fence["1.12.2"][7]
    assert in_ground and tile == (8, 61, 0)
    # backed off 0.05 from the hit (x 8), then moved by the float motion to the hit: 0.05 short of it
    assert abs(pos.x - 7.95) < 1e-7 and pos.y == 61.2 and pos.z == 0.5
    assert motion.x / f32(0.99) == f32(motion.x / f32(0.99))               # (double)(float)(hit − pos) × 0.99F
    assert fence["1.12.2"][8:] == [fence["1.12.2"][7]] * 2                 # stuck: the same block in the tile


def test_traced_runs_match_plain_runs(fence) -> None:
    assert fence["traced"] == fence["1.12.2"]


def test_a_1_12_2_arrow_bounces_off_an_unhurt_target_by_the_float_minus_0_1(tnt) -> None:
    old, new = tnt["1.12.2"], tnt["1.14 tick"]
    assert old[:2] == new[:2]                                              # the same flight up to the hit
    assert old[2] is not None and old[2][1].x < 0.0 and not old[2][2]      # bounced back west, kept
    assert old[2][1].x != new[2][1].x                                      # × −0.1F against 1.14's × −0.1
    assert old[4][0].x < old[2][0].x


def test_a_1_13_2_arrow_sticks_in_stone_by_the_voxel_ray_and_its_own_back_off(stone) -> None:
    new, mutant, old = stone["1.13.2"], stone["mutant"], stone["1.12.2"]
    assert not any(s[2] for s in new[:8]) and new[:8] == old[:8] == mutant[:8]        # the same flight
    pos, motion, in_ground, tile = new[8]
    assert in_ground and tile == (8, 62, 0) and new[9] == new[8]                        # stuck, stays
    assert mutant[8][1] == motion and mutant[8][0] != pos                               # only the back-off differs
    assert abs(mutant[8][0].x - pos.x) < 1e-9
    # 1.13.2's VoxelShape.rayTrace hits 1/1000 along the ray's piece in the stone: farther in than 1.12.2's face
    assert old[8][2] and pos.x - old[8][0].x > 1e-4


def test_a_1_13_2_arrow_leaving_its_target_s_box_passes_where_1_12_2_s_bounces() -> None:
    """1.13.2's AxisAlignedBB.rayTrace takes the faces the ray enters, 1.12.2's calculateIntercept any it crosses;
    the mutant is 1.13.2 on 1.12.2's rays (no block here: only the entity test differs)."""
    new, old = _states(INSIDE, 3), _states(INSIDE.replace('"1.13.2"', '"1.12.2"'), 3)
    mutant = _states(INSIDE, 3, ray_trace_voxel_shapes=False)
    assert all(s[1].x > 0.97 for s in new) and new[2][0].x > 6.5            # passes through, flies on east
    assert old[0][1].x < 0.0 and old[2][0].x < 3.8                          # bounced back west off the TNT
    assert mutant == old


def test_traced_1_13_2_runs_match_plain_runs(stone) -> None:
    assert stone["traced"] == stone["1.13.2"]


@pytest.fixture(scope="module")
def trident() -> dict[str, list[Any]]:
    return {"1.13.2": _states(TRIDENT, 12), "traced": _states(TRIDENT, 12, traced=True),
            "mutant": _states(TRIDENT, 3, trident_bounce_float=False),
            "1.14": _states(TRIDENT.replace('"1.13.2"', '"1.14"'), 3)}


def test_a_1_13_2_trident_bounces_off_a_tnt_by_the_widened_floats(trident) -> None:
    """EntityTrident's entity hit multiplies by (double)-0.01F and (double)-0.1F; 1.14's by the doubles (the mutant
    is 1.13.2 with 1.14's bounce: 1.14's run)."""
    new, mutant, neighbour = trident["1.13.2"], trident["mutant"], trident["1.14"]
    assert new[:2] == mutant[:2] == neighbour[:2]                           # the same flight up to the hit
    assert new[2][1] == Vec3(-0.009702990063530127, -0.04985249073438749, -0.00048514950317650647)
    assert new[2][0] == Vec3(2.4801990095669852, 60.64914900021796, 0.5990099504783493)
    assert mutant[2][1] == Vec3(-0.009702990280408861, -0.049852490736585556, -0.00048514951402044317)
    assert mutant == neighbour


def test_a_1_13_2_trident_that_dealt_damage_falls_through_a_tnt(trident) -> None:
    """After its hit the trident finds no entity: it falls through the second TNT's grown box (y 57.7-59.3) in
    ticks 10-12, its Motion only dragged and pulled down."""
    new = trident["1.13.2"]
    assert all(s is not None and not s[2] for s in new)
    assert new[11][0].y < 58.5 and new[11][1] == Vec3(-0.008863849543672182, -0.4779548994722901,
                                                       -0.0004431924771836092)
    assert all(b[1].y < a[1].y for a, b in zip(new[2:], new[3:], strict=False))


def test_traced_1_13_2_trident_runs_match_plain_runs(trident) -> None:
    assert trident["traced"] == trident["1.13.2"]


def _hit(text: str, **flags: bool) -> tuple[Any, ...]:
    """After tick 1 of the trident-and-zombie scene: the projectile's Motion (None once removed), the zombie's
    position, Motion and health."""
    sim = load_scene_text(text, "<zombie hit>")
    sim.features = dataclasses.replace(sim.features, **flags)
    sim.tick()
    p, z = sim.entity_by_id(1), sim.entity_by_id(2)
    return None if p is None else p.motion, z.pos, z.motion, z.health


def test_a_1_13_2_trident_hurts_a_zombie_whose_knockback_caps_y_at_the_float_0_4() -> None:
    """The trident deals 8 and bounces by the widened floats; the zombie, hit before its own tick with Motion 0 on
    the ground, is knocked back to Y = 0.4F (knockBack caps at 0.4000000059604645D, 1.14 at the double 0.4), then
    moves and falls. The mutant is 1.13.2 with 1.14's cap; a 1.12.2 arrow's knockback caps as 1.13.2's."""
    new, neighbour = _hit(ZOMBIE), _hit(ZOMBIE.replace('"1.13.2"', '"1.14"'))
    mutant = _hit(ZOMBIE, knockback_clamp_float=False)
    assert new[3] == neighbour[3] == 12.0
    assert new[1] == Vec3(0.9000000059604645, 1.4000000059604645, 0.5)
    assert new[2] == Vec3(0.2184000286221508, 0.3136000119447709, 0.0)
    assert mutant[1:] == neighbour[1:] and mutant[2].y == 0.3136000061035156
    assert new[0] == mutant[0] == Vec3(-0.009899999874085186, -0.0, -0.0) != neighbour[0]
    arrow = _hit(ZOMBIE.replace('"minecraft:trident"', '"minecraft:arrow"').replace('"1.13.2"', '"1.12.2"'))
    assert arrow[0] is None and arrow[1:3] == new[1:3] and arrow[3] == 18.0


def test_tridents_are_refused_in_1_12_2_and_arrows_in_1_13_1() -> None:
    """A trident added to a 1.12.2 world through the engine's API (a scene or an edit is refused at load) stops
    at its tick in one line, as do the cells not simulated."""
    tnt_block = STONE.replace('"minecraft:stone"', '"minecraft:tnt"')
    for text, version, words in ((TNT, "1.12.2", "tridents are entities of 1.13"),
                                 (tnt_block, "1.13.2", "BlockTNT.onEntityCollision"),
                                 (tnt_block.replace('"minecraft:arrow"', '"minecraft:trident"'), "1.13.2",
                                  "BlockTNT.onEntityCollision"),
                                 (TNT.replace('"1.12.2"', '"1.13.1"'), "1.13.1", "EntityArrow.tick")):
        sim = load_scene_text(text, "<case>")
        if words.startswith("tridents"):
            sim.add_entity(sim.create(Trident, Vec3(0.5, 5.0, 0.5)))
        with pytest.raises(NotImplementedError) as err:
            for _ in range(9):
                sim.tick()
        line = str(err.value)
        assert "\n" not in line and f"of version {version}" in line and words in line


def test_the_compiled_loops_leave_1_12_2_and_1_13_2_to_the_object_path() -> None:
    sim = load_scene_text(scene_toml(entities=[]), "<empty>")
    for kind in (Arrow, Trident, Fireball, SmallFireball, LlamaSpit):
        assert not kind.batch.decides(sim.world, features_for("1.12.2"))
        assert not kind.batch.decides(sim.world, features_for("1.13.2"))
        assert kind.batch.decides(sim.world, features_for("1.16.5"))               # the neighbour it serves


@pytest.fixture(scope="module")
def corner() -> dict[str, list[Any]]:
    return {"1.12.2": _states(CORNER, 4), "traced": _states(CORNER, 4, traced=True),
            "mutant": _states(CORNER, 4, fireball_ray_1_12=False),
            "1.14": _states(CORNER.replace('"1.12.2"', '"1.14"'), 4)}


def test_a_1_12_2_small_fireball_hits_a_fence_s_bounding_box_where_1_14_falls_through_its_corner(corner) -> None:
    old, new, mutant = corner["1.12.2"], corner["1.14"], corner["mutant"]
    assert old[0] == new[0] and old[0] is not None                          # the same first tick, clear above
    assert old[1:] == [None] * 3                                            # the ray met the bounding box's top
    assert None not in new and new[3][0].y < 60.0 and mutant == new         # through the open corner, as 1.14


def test_traced_1_12_2_fireball_runs_match_plain_runs(corner) -> None:
    assert corner["traced"] == corner["1.12.2"]


def test_a_1_12_2_fireball_flies_on_where_1_13_2_s_box_test_stops_it() -> None:
    old, new = (_states(WALL.replace('"1.15.2"', f'"{v}"'), 4) for v in ("1.12.2", "1.13.2"))
    mutant = _states(WALL.replace('"1.15.2"', '"1.12.2"'), 4, fireball_box_collision=True)
    assert old[0] == new[0] == mutant[0]
    assert None not in old and old[3][0].x > 2.5                             # along the wall, its box in it
    assert new[1:] == mutant[1:] == [None] * 3                               # hit where it is: exploded


def test_1_13_2_fireballs_stop_at_the_world_border_in_one_line() -> None:
    text = WALL.replace('version = "1.15.2"', 'version = "1.13.2"\nborder = { center = [0.0, 0.0], size = 4.0 }')
    sim = load_scene_text(text, "<border>")
    with pytest.raises(NotImplementedError) as err:
        sim.tick()
    line = str(err.value)
    assert "\n" not in line and "of version 1.13.2" in line and "isCollisionBoxesEmpty" in line


def _alive(text: str, ticks: int, **flags: bool) -> list[tuple[int, ...]]:
    """The ids in the world after each tick."""
    sim = load_scene_text(text, "<llama spit>")
    sim.features = dataclasses.replace(sim.features, **flags)
    out = []
    for _ in range(ticks):
        sim.tick()
        out.append(tuple(sorted(k for k, e in sim.world.entities.items() if not e.removed)))
    return out


def test_1_12_2_and_1_13_2_llama_spit_goes_on_any_hit_and_in_a_box_without_air_below_its_top() -> None:
    old, mid = _alive(SPIT, 3), _alive(SPIT.replace('"1.12.2"', '"1.13.2"'), 3)
    new, mutant = _alive(SPIT.replace('"1.12.2"', '"1.14"'), 3), _alive(SPIT, 3, llama_spit_tick_1_12=False)
    assert old == mid == [(1, 3), (1, 3), (3,)]             # spit 2 gone at once, spit 1 on the TNT in tick 3
    assert new == mutant == [(1, 2, 3)] * 3                 # 1.14: through the TNT, the air above spit 2 counted


@pytest.mark.parametrize(("release", "entry", "key"), [
    ("1.12.2", {"type": "minecraft:trident", "pos": [0.5, 5.0, 0.5]}, "entities[0].type"),
    ("1.11", {"type": "phantom", "pos": [0.5, 5.0, 0.5]}, "entities[0].type"),
    ("1.12.2", {"type": "minecraft:player", "pos": [0.5, 1.0, 0.5], "id": 1}, "inputs[0].use")])
def test_a_trident_or_phantom_before_1_13_is_refused_at_load_in_one_line(release: str, entry: dict, key: str) -> None:
    """Tridents and phantoms came with 1.13: a scene of an older release that places one, or a player throwing a
    trident, fails at load with one line naming the key (a 1.13.2 scene loads them)."""
    inputs = [{"entity": 1, "from": 1, "to": 1, "use": "minecraft:trident"}] if key.startswith("inputs") else []
    for version, fails in ((release, True), ("1.13.2", False)):
        text = scene_toml(scene={"version": version}, entities=[entry], inputs=inputs)
        if not fails:
            load_scene_text(text, "t.toml")
            continue
        with pytest.raises(ValueError) as err:
            load_scene_text(text, "t.toml")
        line = str(err.value)
        assert "\n" not in line and f"t.toml: {key}: " in line and "does not exist before 1.13" in line, line
