"""Block effects by release (engine/motion/block_effects.py): the cells `Entity.checkBlockCollision` visits (box
deflated by 0.001, by 1.0E-7 from 1.19.3), the box `Entity.move` tests for fire before resetting the fire ticks
(contracted by 0.001, by 1.0E-6 from 1.17) and 1.21.2's `Entity.tickBlockCollision` (the swept cells of
`BlockView.collectCollisionsBetween`), run as scenes at the releases on either side."""

from __future__ import annotations

import pytest

from engine.core.versions import features_for
from engine.entities.entity import Entity
from engine.entities.tnt_kernel import version_bits
from engine.geometry.box import Box, Vec3
from engine.motion.block_effects import collect_collisions_between
from engine.tick.scene import load_scene_text
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR, scene_toml
from tests.engine.test_compiled_equality import flag_world, run_lines

# a no-gravity item whose box reaches 0.0005 into a cobweb's cell (x 1.0005), drifting along Z
COBWEB_BAND = scene_toml(blocks=[{"at": [1, 5, 0], "block": "minecraft:cobweb"}],
                         entities=[{"type": "minecraft:item", "pos": [0.8755, 5.2, 0.5], "motion": [0.0, 0.0, 0.01],
                                    "id": 1, "no_gravity": True}])
# a no-gravity item creeping towards a fire's cell (its box 0.0001 short of it at first), its fire ticks at 1
FIRE_BAND = scene_toml(blocks=[{"at": [1, 5, 0], "block": "minecraft:fire"}],
                       entities=[{"type": "minecraft:item", "pos": [0.8751, 5.2, 0.5], "motion": [0.0004, 0.0, 0.0],
                                  "id": 1, "no_gravity": True, "state": {"fire_ticks": 1}}])


def _sim(text: str, version: str) -> Simulation:
    return load_scene_text(f'[scene]\nversion = "{version}"\n' + text, "<block effects case>")


def _item_after_two_ticks(text: str, version: str) -> Entity | None:
    sim = _sim(text, version)
    for _ in range(2):
        sim.tick()
    return sim.entity_by_id(1)


def test_a_box_0_0005_into_a_cobweb_s_cell_is_caught_from_1_19_3() -> None:
    """Deflated by 0.001 the box (max x 1.0005) stays in cell 0 and the cobweb is never visited: the item drifts on
    at 0.01 × 0.98 a tick. Deflated by 1.0E-7 it reaches cell 1: the cobweb sets the movement multiplier
    (0.25, 0.05F, 0.25), so the second move is 0.0098 × 0.25 and the Motion is zeroed."""
    a, b = _item_after_two_ticks(COBWEB_BAND, "1.19.2"), _item_after_two_ticks(COBWEB_BAND, "1.19.3")
    assert a.pos == Vec3(0.8755, 5.2, 0.5198000001907349) and a.motion.z == 0.009604000373840335
    assert b.pos == Vec3(0.8755, 5.2, 0.5124500000476837) and b.motion == Vec3(0.0, 0.0, 0.0)


def _fire_history(version: str, ticks: int) -> list[tuple[int, int] | None]:
    sim = _sim(FIRE_BAND, version)
    out: list[tuple[int, int] | None] = []
    for _ in range(ticks):
        sim.tick()
        e = sim.entity_by_id(1)
        out.append(None if e is None or e.removed else (e.fire_ticks, e.health))
    return out


def test_the_fire_test_s_box_reaches_a_fire_0_0005_away_from_1_17() -> None:
    """Tick 1: the base tick burns the last fire tick (1 → 0); the move leaves the box 0.0005 inside the fire's
    cell, short of checkBlockCollision's 0.001, so no fire collision. 1.16.5's fire test (contract 0.001) misses
    the fire and resets the fire ticks to -1; 1.17's (contract 1.0E-6) touches it and leaves 0. Tick 3 the box
    is 0.001 in: the fire's onEntityCollision adds a fire tick, -1 → 0 sets 8 s of fire (160 ticks, and the burn's
    damage when they are a multiple of 20), 0 → 1 does not; each tick in the fire costs the item 1 of its 5
    health, so the 1.16.5 item is gone a tick sooner (tick 5, against 7)."""
    old, new = _fire_history("1.16.5", 8), _fire_history("1.17", 8)
    assert old == [(-1, 5), (-1, 5), (160, 4), (160, 2), None, None, None, None]
    assert new == [(0, 5), (0, 5), (1, 4), (1, 3), (1, 2), (1, 1), None, None]


# a no-gravity item flying 3 m a tick past a cobweb: its boxes at the tick's start (x 0.375..0.625) and end
# (3.375..3.625) both miss the cobweb's cell (x 2)
SHOT = scene_toml(blocks=[{"at": [2, 5, 0], "block": "minecraft:cobweb"}],
                  entities=[{"type": "minecraft:item", "pos": [0.5, 5.4, 0.5], "motion": [3.0, 0.0, 0.0], "id": 1,
                             "no_gravity": True}])


def test_a_fast_item_is_caught_by_a_cobweb_it_flies_past_from_1_21_2() -> None:
    """1.21.1 checks the box where the move left it: the item flies on at 3 × 0.98ⁿ. 1.21.2's tickBlockCollision
    sweeps the box from the tick's start: the cobweb sets the multiplier (0.25, 0.05F, 0.25), so the second move
    is 2.940000057220459 × 0.25 and the Motion is zeroed."""
    a, b = _item_after_two_ticks(SHOT, "1.21.1"), _item_after_two_ticks(SHOT, "1.21.2")
    assert a.pos == Vec3(6.440000057220459, 5.4, 0.5) and a.motion.x == 2.8812001121521007
    assert b.pos == Vec3(4.235000014305115, 5.4, 0.5) and b.motion == Vec3(0.0, 0.0, 0.0)


def test_the_swept_cells_leave_out_the_starting_cell_and_come_before_the_box_s() -> None:
    """`BlockView.collectCollisionsBetween`: a box of 0.25 whose min corner moved 3 along X from (0.2, 5.4, 0.2):
    the walk starts in the corner's first cell without testing it and adds the cells it enters (x 1, 2, 3), then
    the box's own cells (already there). A move shorter than 0.99999F gives the box's cells only, x fastest, then
    y, then z."""
    box = Box(3.2, 5.4, 0.2, 3.45, 5.65, 0.45)
    assert collect_collisions_between(Vec3(0.325, 5.4, 0.325), Vec3(3.325, 5.4, 0.325), box) == [
        (1, 5, 0), (2, 5, 0), (3, 5, 0)]
    big = Box(0.5, 5.5, 0.5, 1.5, 6.5, 1.5)
    assert collect_collisions_between(Vec3(1.0, 5.5, 1.0), Vec3(1.5, 5.5, 1.0), big) == [
        (0, 5, 0), (1, 5, 0), (0, 6, 0), (1, 6, 0), (0, 5, 1), (1, 5, 1), (0, 6, 1), (1, 6, 1)]


def test_a_tnt_on_slime_steps_alike_in_1_21_1_and_1_21_2() -> None:
    """`onSteppedOn` leaves `Entity.move` for `tickBlockCollision` (after the velocity multiplier, 1 here): a TNT
    landing on slime blocks runs the same in both releases."""
    text = scene_toml(blocks=[{"from": [-2, 0, -2], "to": [2, 0, 2], "block": "minecraft:slime_block"}],
                      entities=[{"type": "tnt", "pos": [0.5, 3.0, 0.5], "motion": [0.05, 0.0, 0.0], "fuse": 80,
                                 "id": 1}])
    runs = []
    for version in ("1.21.1", "1.21.2"):
        sim = _sim(text, version)
        states = []
        for _ in range(20):
            sim.tick()
            e = sim.entity_by_id(1)
            states.append((e.pos, e.motion))
        runs.append(states)
    assert runs[0] == runs[1] and runs[0][-1][1].x < 0.05


def test_the_bundled_swept_cobweb_scene_parts_at_1_21_2() -> None:
    """scenes/cobweb_swept_1_21_2.toml: the fast item flies on past x 12 in 1.21.1 and stays at x 4.235 (caught in
    its second tick) in 1.21.2; the slow one lands in its cobweb in both, at the same place."""
    text = (SCENES_DIR / "cobweb_swept_1_21_2.toml").read_text()
    runs = {}
    for version in ("1.21.1", "1.21.2"):
        sim = load_scene_text(text.replace('version = "1.21.2"', f'version = "{version}"'))
        for _ in range(4):
            sim.tick()
        runs[version] = (sim.entity_by_id(1).pos, sim.entity_by_id(2).pos)
    assert runs["1.21.1"][0].x > 12.0 and runs["1.21.2"][0].x == 4.235000014305115
    assert runs["1.21.1"][1] == runs["1.21.2"][1]


MID_MOVE = (SCENES_DIR / "block_effects_swept_1_21_4.toml").read_text()


def _mid_move_history(version: str) -> list[object]:
    """Each tick's (position, Motion, fire ticks) of the scene's three entities, or the refusal's one line."""
    sim = load_scene_text(MID_MOVE.replace('version = "1.21.4"', f'version = "{version}"'))
    out: list[object] = []
    for _ in range(3):
        try:
            sim.tick()
        except NotImplementedError as err:
            return out + [str(err)]
        out.append([(e.pos, e.motion, e.fire_ticks) for e in map(sim.entity_by_id, (1, 2, 3))])
    return out


@pytest.fixture(scope="module")
def mid_move() -> dict[str, list[object]]:
    return {v: _mid_move_history(v) for v in ("1.21.1", "1.21.3", "1.21.4", "1.21.5")}


def test_1_21_4_meets_the_blocks_along_the_tick_s_path_as_1_21_3(mid_move) -> None:
    """scenes/block_effects_swept_1_21_4.toml: 1.21.4's tickBlockCollision runs the queued checks, which for these
    entities hold only the tick's own (from the tick's start to the position: 1.21.3's single check), each with the
    box at its end (1.21.3: the box now, the same box). 1.21.4 runs as 1.21.3 tick for tick, and parts from
    1.21.1 (no sweep) for each entity: the TNT's second move is 3.43 × the cobweb's 0.25 (x 4.8575, Motion zeroed;
    1.21.1 flies on to 7.43), the falling item is pushed up by the lone bubble column it fell through in its first
    tick (Motion y -3.3712, against 1.21.1's -3.4692), and the item shot over the fire burns from its first tick
    (8 s: 160 fire ticks, 1.21.1 -1)."""
    new, old = mid_move["1.21.4"], mid_move["1.21.1"]
    assert new == mid_move["1.21.3"]
    tnt, falling, shot = new[1]
    assert tnt[0] == Vec3(4.8575, 6.2, 0.5) and tnt[1] == Vec3(0.0, 0.0, 0.0) and old[1][0][0].x == 7.43
    assert new[0][1][1].y == -3.3712 and old[0][1][1].y == -3.4692
    assert new[0][2][2] == 160 and old[0][2][2] == -1
    assert all(new[t][k] != old[t][k] for t, k in ((1, 0), (0, 1), (0, 2)))


def test_1_21_5_on_stops_where_a_block_acts_mid_move(mid_move) -> None:
    """The walks of recorded movements of 1.21.5 and 1.21.7 (read) are not simulated: the TNT's first tick beside
    the cobweb stops in one line naming the mechanic and the release."""
    (line,) = mid_move["1.21.5"]
    assert line.startswith("checkBlockCollision in the tick (spec 03 §6.2) of version 1.21.5 at entity 1")


def test_1_21_4_s_block_walk_runs_compiled_as_on_the_object_path() -> None:
    """The row loops' 1.21.2 block walk (`tick_block_collision`) serves 1.21.4: the bundled scene (TNT and items),
    TNT shot through cobwebs and falling through vines, and TNT on and beside fire run compiled, on the object path
    and traced alike, partly compiled. The row loops (TNT, items, falling blocks, carts) take 1.21.3's flags."""
    assert version_bits(features_for("1.21.4")) == version_bits(features_for("1.21.3"))
    assert_runs_alike_three_ways(MID_MOVE, "1.21.4", 12)


def assert_runs_alike_three_ways(scene: str, version: str, ticks: int) -> None:
    """`scene` and the flag worlds "fast" (TNT shot through cobwebs, falling through vines) and "fire" in
    `version` run compiled (partly), on the object path and traced alike, without a refusal."""
    makes = {"scene": lambda: load_scene_text(scene), "fast": lambda: flag_world("fast", version),
             "fire": lambda: flag_world("fire", version)}
    for name, make in makes.items():
        sim = make()
        lines = run_lines(sim, ticks, "compiled")
        assert lines == run_lines(make(), ticks, "object") == run_lines(make(), ticks, "traced"), name
        assert sim.kernel_ticks > 0 and not lines[-1].startswith("NotImplementedError"), name


# an item dropped onto a lava source from 0.3 above it, and a second one 3 blocks off that touches nothing
LAVA_DROP = scene_toml(blocks=[{"at": [0, 5, 0], "block": "minecraft:lava"}],
                       entities=[{"type": "minecraft:item", "pos": [0.5, 6.3, 0.5], "id": 1},
                                 {"type": "minecraft:item", "pos": [3.5, 6.3, 0.5], "id": 2, "no_gravity": True}])


def _lava_drop(version: str) -> list[object]:
    sim = _sim(LAVA_DROP, version)
    out: list[object] = []
    for _ in range(6):
        try:
            sim.tick()
        except NotImplementedError as err:
            return [*out, str(err)]
        e = sim.entity_by_id(1)
        out.append(None if e is None or e.removed else (e.fire_ticks, e.health))
    return out


def test_lava_stops_where_the_block_walk_is_refused() -> None:
    """1.21.7's lava ignites and hurts in the block walk (`LavaFluid.entityInside`), no longer in the base tick:
    1.21.4 (base tick), 1.21.8 and 1.21.10 (walk) all set the item alight (300 fire ticks) and hurt it once it
    sinks in, while 1.21.6 (walk refused; 1.21.9 stops at its falling item first) stops in one line the tick the
    item nears the lava instead of taking 1.21.4's base-tick lava. The item beside it, near no lava, never stops
    it early."""
    old, new = _lava_drop("1.21.4"), _lava_drop("1.21.8")
    for run in (old, new, _lava_drop("1.21.10")):
        assert any(isinstance(t, tuple) and t[0] >= 280 and t[1] < 5 for t in run), run
        assert not any(isinstance(t, str) for t in run)
    for version in ("1.21.6",):
        *ticks, line = _lava_drop(version)
        assert line.startswith(f"checkBlockCollision in the tick (spec 03 §6.2) of version {version} at entity 1 "
                               "next to lava"), line
        assert ticks == old[:len(ticks)]
