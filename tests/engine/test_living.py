"""Living entities as test subjects (spec 05 §2.4, §3; spec 04 §8): armor stands and NoAI mobs, their sizes, the
ordinary ground/air case of `travel`, and the piston scenes M2 and M3 of spec 09.

Expected values are derived here from the rules and vanilla's literals, not copied from a run.
"""

from __future__ import annotations

import numpy as np
import pytest

from engine.geometry.box import Box
from engine.java.javanum import f32
from engine.tick.scene import load_scene
from tests.conftest import SCENES_DIR, build_scene

FLOOR = {"from": [-3, 0, -3], "to": [3, 0, 3], "block": "minecraft:stone"}


def f32_mul(a: float, b: float) -> float:
    """A float product, as Java computes `a * b` with two floats."""
    return float(np.float32(a) * np.float32(b))


G = 0.08                  # LivingEntity.travel: double d = 0.08
DRAG_Y = f32(0.98)        # y * (double)0.98F
AIR = f32(0.91)           # 0.91F in the air
GROUND = f32_mul(f32(0.6), f32(0.91))   # stone slipperiness 0.6F × 0.91F


def test_sizes_come_from_the_entity_data() -> None:
    """minecraft-data pc/1.16.2 entities.json (float literals of EntityType): elder guardian 1.9975 × 1.9975,
    wither skeleton 0.7 × 2.4, armor stand 0.5 × 1.975; a Marker armor stand's box is 0 × 0 at its position."""
    sim = build_scene(entities=[
        {"type": "elder_guardian", "pos": [0.5, 5.0, 0.5]},
        {"type": "wither_skeleton", "pos": [0.5, 5.0, 0.5]},
        {"type": "armor_stand", "pos": [0.5, 5.0, 0.5]},
        {"type": "armor_stand", "pos": [0.5, 5.0, 0.5], "marker": True},
        {"type": "guardian", "pos": [0.5, 5.0, 0.5]}])
    sizes = [(e.width, e.height) for e in sim.entities]
    assert sizes == [(f32(1.9975), f32(1.9975)), (f32(0.7), f32(2.4)), (0.5, f32(1.975)), (0.0, 0.0),
                     (f32(0.85), f32(0.85))]
    marker = sim.entity_by_id(4)
    assert marker.box == Box(0.5, 5.0, 0.5, 0.5, 5.0, 0.5) and marker.no_clip


def test_armor_stand_falling_from_rest_follows_the_living_gravity_and_drag() -> None:
    """Spec 05 §2.4 (order MGD without input): Y ← (Y − 0.08)·0.98F after the move, X ← X·0.91F in the air."""
    sim = build_scene(blocks=[FLOOR], entities=[{"type": "armor_stand", "pos": [0.5, 20.0, 0.5],
                                                 "motion": [0.1, 0.0, 0.0]}])
    stand = sim.entity_by_id(1)
    x, y, vx, vy = 0.5, 20.0, 0.1, 0.0
    for _ in range(8):
        sim.tick()
        x, y = x + vx, y + vy
        vx, vy = vx * AIR, (vy - G) * DRAG_Y
        assert stand.pos.x == pytest.approx(x, abs=1e-12) and stand.pos.y == pytest.approx(y, abs=1e-12)
        assert (stand.motion.x, stand.motion.y) == (vx, vy)    # Motion exactly, in vanilla's float/double mix
    assert stand.motion.y == pytest.approx(-0.5850090015087522, abs=1e-15)


def test_ground_drag_is_chosen_before_the_move_and_small_motion_is_zeroed() -> None:
    """Spec 05 §2.4 step 2: j·0.91F from on_ground before the move. An armor stand on stone with Y Motion 0 uses
    the ground factor, its move (dy = 0) takes it off the ground, so the next tick uses 0.91F; once it lands again
    every tick uses 0.6F·0.91F. Spec 05 §3 step 3: X below 0.003 becomes 0 before the next travel."""
    sim = build_scene(blocks=[FLOOR], entities=[{"type": "armor_stand", "pos": [0.5, 1.0, 0.5],
                                                 "motion": [0.1, 0.0, 0.0], "on_ground": True}])
    stand = sim.entity_by_id(1)
    factors = [GROUND, AIR, GROUND, GROUND, GROUND, GROUND, GROUND]
    vx = 0.1
    for factor in factors:
        sim.tick()
        vx *= factor
        assert stand.motion.x == vx
    assert abs(vx) < 0.003
    sim.tick()
    assert stand.motion.x == 0.0 and stand.on_ground and stand.motion.y == -G * DRAG_Y


def test_no_gravity_armor_stand_is_no_clip_and_stays_while_its_motion_fades() -> None:
    """ArmorStandEntity.canClip is false with NoGravity: noClip, no travel; tickMovement multiplies the Motion of
    an entity that cannot move voluntarily by 0.98 (a double) every tick."""
    sim = build_scene(entities=[{"type": "armor_stand", "pos": [0.5, 5.0, 0.5], "no_gravity": True,
                                 "motion": [0.1, 0.2, 0.0]}])
    stand = sim.entity_by_id(1)
    assert stand.no_clip
    vx, vy = 0.1, 0.2
    for _ in range(10):
        sim.tick()
        vx, vy = vx * 0.98, vy * 0.98
        assert stand.pos.y == 5.0 and stand.pos.x == 0.5
        assert (stand.motion.x, stand.motion.y) == (vx, vy)


def test_climbing_clamps_the_fall_to_0_15() -> None:
    """Spec 05 §2.4 step 4: in a vine column Y Motion is raised to at least -0.15F before the move."""
    sim = build_scene(blocks=[{"from": [0, 1, 0], "to": [0, 30, 0], "block": "minecraft:vine[north=true]"},
                              {"from": [0, 1, -1], "to": [0, 30, -1], "block": "minecraft:stone"}],
                      entities=[{"type": "armor_stand", "pos": [0.5, 25.0, 0.5]}])
    stand = sim.entity_by_id(1)
    for _ in range(6):
        sim.tick()
    y = stand.pos.y
    sim.tick()
    assert stand.pos.y == y - f32(0.15)
    assert stand.motion.y == (-f32(0.15) - G) * DRAG_Y


def test_water_case_sinks_with_the_0_8_drag_and_the_fluid_gravity() -> None:
    """Spec 05 §2.1 steps 8-9 (AMBIGUITY-L2): in still deep water, Y × 0.8F, then − d/16 = 0.005 each tick."""
    sim = build_scene(blocks=[{"from": [-1, 1, -1], "to": [1, 4, 1], "block": "minecraft:water"}],
                      entities=[{"type": "armor_stand", "pos": [0.5, 2.0, 0.5]}])
    stand = sim.entity_by_id(1)
    sim.tick()   # the first tick: not yet touching water (the base tick sees it from now on)
    y = stand.motion.y
    sim.tick()
    assert stand.touching_water
    expected = y * f32(0.8) - 0.08 / 16.0
    assert stand.motion.y == expected
    sim.tick()
    assert stand.motion.y == expected * f32(0.8) - 0.08 / 16.0


def test_lava_case_halves_motion_and_adds_a_quarter_gravity() -> None:
    """Spec 05 §2.2 step 4-5 (deep lava: eye above 0.4 m of lava): all axes × 0.5, then − d/4 = 0.02."""
    sim = build_scene(blocks=[{"from": [-1, 1, -1], "to": [1, 6, 1], "block": "minecraft:lava"}],
                      entities=[{"type": "armor_stand", "pos": [0.5, 3.0, 0.5]}])
    stand = sim.entity_by_id(1)
    sim.tick()
    sim.tick()
    y = stand.motion.y
    sim.tick()
    assert stand.is_in_lava() and stand.motion.y == y * 0.5 - 0.08 / 4.0


def test_no_ai_mob_stays_in_the_air_and_its_motion_fades() -> None:
    """MobEntity with NoAI: canMoveVoluntarily and isLogicalSideForUpdatingMovement are false, so travel does
    nothing; Motion × 0.98, zeroed below 0.003."""
    sim = build_scene(entities=[{"type": "wither_skeleton", "pos": [0.5, 10.0, 0.5], "no_ai": True,
                                 "motion": [0.0, -0.004, 0.0]}])
    skeleton = sim.entity_by_id(1)
    sim.tick()
    assert skeleton.motion.y == -0.004 * 0.98 and skeleton.pos.y == 10.0
    for _ in range(15):
        sim.tick()
    assert skeleton.motion.y == 0.0 and skeleton.pos.y == 10.0


def test_guardian_on_ground_out_of_water_flops() -> None:
    """GuardianEntity.tickMovement, with or without AI: +0.5 Y and ±0.4F X/Z from its Random, off the ground."""
    sim = build_scene(blocks=[FLOOR], entities=[{"type": "guardian", "pos": [0.5, 1.0, 0.5], "no_ai": True,
                                                 "on_ground": True}])
    guardian = sim.entity_by_id(1)
    sim.tick()
    m = guardian.motion
    assert m.y == 0.5 * 0.98 and 0.0 < abs(m.x) <= f32(0.4) * 0.98 and not guardian.on_ground
    assert guardian.pos.y == 1.0


def piston_flags() -> list:
    sim = load_scene(SCENES_DIR / "armor_stand_piston_flags.toml")
    for _ in range(3):
        sim.tick()
    return [sim.entity_by_id(i) for i in (1, 2, 3)]


def test_pistons_push_a_plain_armor_stand_carry_a_no_clip_one_into_glass_and_ignore_a_marker() -> None:
    """Scene armor_stand_piston_flags (spec 04 §8.2, spec 03 §2 step 1, ArmorStandEntity.getPistonBehavior):
    0.26 then 0.5 east for the plain and the NoGravity stand (the latter ends inside the glass at x = 1); the
    marker, whose point lies inside the stone's first sweep (0 < 0.3 < 0.5, 1 < 1.5 < 2), does not move."""
    plain, no_clip, marker = piston_flags()
    pushed = 0.5 + (0.5 - 0.25 + 0.01) + 0.5
    assert plain.pos.x == pytest.approx(pushed, abs=1e-12) and plain.on_ground
    assert no_clip.pos.x == plain.pos.x and no_clip.box.max_x > 1.0 and no_clip.pos.y == 1.0
    assert (marker.pos.x, marker.pos.y, marker.pos.z) == (0.3, 1.5, 4.5)


def m2_expected() -> tuple[float, float]:
    """The guardian's bottom after the two runs of the upper row (spec 04 §8.2): each push is the part of its box
    in the slab the row newly sweeps, + 0.01; the lower row's B36 moves the same way with progress < 1 and is no
    obstacle (§8.6)."""
    top = 9.0 + f32(1.9975)
    first = min(top - 10.5, 0.5) + 0.01        # the upper row's bottom goes 11 → 10.5
    second = min(top - first - 10.0, 0.5) + 0.01   # ... and 10.5 → 10
    return 9.0 - first, 9.0 - first - second


def test_m2_elder_guardian_is_driven_through_the_lower_slime_row_and_launched_down() -> None:
    """Spec 09 M2, scene piston_guardian_slime: after the two block-entity runs the guardian is 0.0075 below the
    lower row's starting cell (bottom 8 − 0.0075), overlapping the row's final cell, with Y Motion −1 (the slime
    launch); NoAI, it then stays while its Motion fades by 0.98 a tick."""
    sim = load_scene(SCENES_DIR / "piston_guardian_slime.toml")
    guardian = sim.entity_by_id(1)
    after_first, after_second = m2_expected()
    sim.tick()
    assert guardian.box.min_y == after_first and guardian.motion.y == -1.0
    sim.tick()
    assert guardian.box.min_y == after_second and guardian.motion.y == -1.0
    assert after_second == pytest.approx(8.0 - 0.0075, abs=1e-6)
    sim.tick()
    assert sim.world.get_block_state(0, 7, 0).block == "slime_block"
    assert guardian.box.min_y == after_second and guardian.motion.y == -0.98


def test_m2_with_ai_the_guardian_falls_through_the_row_it_overlaps() -> None:
    """The same scene with AI (no input): in tick 3's travel the row's final B36, which the box already overlaps,
    is no obstacle, so the launched guardian moves the full −1 and goes on falling (gravity 0.08, drag 0.98F)."""
    sim = load_scene(SCENES_DIR / "piston_guardian_slime.toml")
    guardian = sim.entity_by_id(1)
    guardian.no_ai = False
    sim.tick()
    sim.tick()
    bottom = guardian.box.min_y
    sim.tick()
    assert guardian.box.min_y == bottom - 1.0 < 7.0
    assert guardian.motion.y == (-1.0 - G) * DRAG_Y


def test_m3_section_bug_hides_the_skeleton_on_the_chest_at_y_31_but_not_one_block_higher() -> None:
    """Spec 09 M3, scene piston_section_bug_wither_skeleton: the B36 at y = 34 queries sections of y 32..37 only
    (section 2); the skeleton at y = 31.875 is in section 1 and is not pushed although the stone passes through
    its head. The same set-up one block higher (skeleton in section 2) is pushed 0.36 and 0.5 east."""
    sim = load_scene(SCENES_DIR / "piston_section_bug_wither_skeleton.toml")
    hidden, found = sim.entity_by_id(1), sim.entity_by_id(2)
    assert sim.world.chunk_key(hidden)[1] == 1 and sim.world.chunk_key(found)[1] == 2
    sim.tick()
    stone = Box(-0.5, 34.0, 0.0, 0.5, 35.0, 1.0)          # the stone's B36 at progress 0.5
    assert hidden.box.intersects(stone) and hidden.pos.x == 0.5
    half_width = f32(0.7) / 2.0
    first = 0.5 - (0.5 - half_width) + 0.01
    assert found.pos.x == pytest.approx(0.5 + first, abs=1e-12)
    sim.tick()
    assert hidden.pos.x == 0.5
    assert found.pos.x == pytest.approx(0.5 + first + 0.5, abs=1e-12)


def test_snapshot_restore_replays_the_guardian_scene_exactly() -> None:
    """Rewind (style T2) with living entities."""
    sim = load_scene(SCENES_DIR / "piston_guardian_slime.toml")
    sim.tick()
    snap = sim.snapshot()

    def run() -> list:
        out = []
        for _ in range(3):
            sim.tick()
            g = sim.entity_by_id(1)
            out.append((g.pos, g.motion, g.on_ground))
        return out
    first = run()
    sim.restore(snap)
    assert run() == first
