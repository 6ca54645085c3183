"""1.21.7's block walk (`Entity.applyEffectsFromBlocks`, engine/motion/block_effects.py and inside_blocks.py; 1.21.8
the same) against 1.21.4's single swept check: `scenes/block_effects_walk_1_21_8.toml` run in 1.21.4, 1.21.7,
1.21.8 and 1.21.8 with each of its flags off (`apply_effects_from_blocks`, `bubble_column_above_no_collision`),
the row loops against the object path in 1.21.8, and the walk's pieces on their own."""

from __future__ import annotations

import dataclasses

import pytest

from engine.entities.entity import Entity
from engine.geometry.box import Box, Vec3
from engine.motion.inside_blocks import (
    EXTINGUISH,
    FIRE_IGNITE,
    LAVA_IGNITE,
    Movement,
    StepBasedCollector,
    add_movement_this_tick,
    axis_step_order,
    axis_steps,
    blocks_intersected_between,
)
from engine.tick.scene import load_scene_text
from tests.conftest import SCENES_DIR
from tests.engine.test_version_block_effects import assert_runs_alike_three_ways

WALK = (SCENES_DIR / "block_effects_walk_1_21_8.toml").read_text()
RUNS = {"1.21.4": ("1.21.4", {}), "1.21.7": ("1.21.7", {}), "1.21.8": ("1.21.8", {}),
        "no walk": ("1.21.8", {"apply_effects_from_blocks": False}),
        "no surface rule": ("1.21.8", {"bubble_column_above_no_collision": False})}
TICKS = 3


def _history(version: str, flags: dict[str, bool]) -> list[dict[int, tuple]]:
    sim = load_scene_text(WALK.replace('version = "1.21.8"', f'version = "{version}"'))
    sim.features = sim.world.features = dataclasses.replace(sim.features, **flags)
    out = []
    for _ in range(TICKS):
        sim.tick()
        out.append({e.id: (e.pos, e.motion, e.fire_ticks, getattr(e, "health", None))
                    for e in sim.world.entities.values() if not e.removed})
    return out


@pytest.fixture(scope="module")
def walk() -> dict[str, list[dict[int, tuple]]]:
    return {name: _history(version, flags) for name, (version, flags) in RUNS.items()}


def test_1_21_7_is_1_21_8(walk) -> None:
    assert walk["1.21.7"] == walk["1.21.8"]


def test_an_item_passing_a_cobweb_at_the_corner_of_its_move_is_slowed_from_1_21_7(walk) -> None:
    """Item 1 moves (0.7, -0.7, 0), shorter than 0.99999: 1.21.4 visits its box's cells at the end only; 1.21.8
    walks down first, its box at the corner in the cobweb's cell, so the second move is a quarter of the Motion
    and the Motion is zeroed. Without the flag 1.21.8 runs as 1.21.4."""
    new, old = walk["1.21.8"], walk["1.21.4"]
    assert new[1][1][1] == Vec3(0.0, 0.0, 0.0) and old[1][1][1] != Vec3(0.0, 0.0, 0.0)
    assert new[0][1][0] == old[0][1][0]              # the first move is the same in both
    step_new, step_old = new[1][1][0].x - new[0][1][0].x, old[1][1][0].x - old[0][1][0].x
    assert step_new == pytest.approx(step_old * 0.25, abs=1e-12)
    assert [t[1] for t in walk["no walk"]] == [t[1] for t in old]


def test_lava_passed_in_one_tick_ignites_and_hurts_from_1_21_7(walk) -> None:
    """Item 2 is shot through a lava source in one tick: 1.21.8's walk meets the lava's fluid box (15 s of fire, 4
    damage, then the fire's 1 in the next base tick: gone); in 1.21.4 lava acts only in the base tick, where the
    item is never in lava."""
    new, old = walk["1.21.8"], walk["1.21.4"]
    assert new[0][2][2:] == (15 * 20, 1) and old[0][2][2:] == (-1, 5)
    assert 2 not in new[1] and 2 in old[-1]
    assert [t[2] for t in walk["no walk"]] == [t[2] for t in old]


def test_water_passed_in_one_tick_puts_out_a_burning_item_from_1_21_7(walk) -> None:
    """Item 3 (fire ticks 100) is shot through a water source: 1.21.8 puts it out (EXTINGUISH); 1.21.4 only puts
    out an entity touching water at its base tick, so it burns on."""
    new, old = walk["1.21.8"], walk["1.21.4"]
    assert new[0][3][2] <= 0 < old[0][3][2] and old[-1][3][2] > 0
    assert [t[3] for t in walk["no walk"]] == [t[3] for t in old]


def test_a_torch_above_a_bubble_column_makes_its_surface_from_1_21_7(walk) -> None:
    """Item 4 rises in a bubble column under a torch: 1.21.8's surface rule (no collision shape, no fluid above)
    pushes +0.1, 1.21.4's (air above) the inner +0.06; the first tick's Motions differ by that 0.04, times the
    item's drag 0.98 after the move."""
    new, old = walk["1.21.8"], walk["1.21.4"]
    assert new[0][4][1].y - old[0][4][1].y == pytest.approx((0.1 - 0.06) * 0.98, abs=1e-9)
    assert [t[4] for t in walk["no surface rule"]] == [t[4] for t in old]
    assert [t[4] for t in walk["no walk"]] == [t[4] for t in new]   # the walk alone does not change it


def test_a_tnt_is_caught_by_the_cobweb_below_its_start_from_1_21_7(walk) -> None:
    """TNT 5 moves (0, -2.5, 2.5): 1.21.4 sweeps its box along the diagonal, past the cobweb below its start;
    1.21.8 walks down, then south, and the cobweb stops its next move."""
    new, old = walk["1.21.8"], walk["1.21.4"]
    assert new[1][5][1] == Vec3(0.0, 0.0, 0.0) and old[1][5][1] != Vec3(0.0, 0.0, 0.0)
    assert [t[5] for t in walk["no walk"]] == [t[5] for t in old]


def test_1_21_8_s_walk_runs_compiled_as_on_the_object_path() -> None:
    """The item, TNT and falling-block loops serve 1.21.8, handing an entity near a block with an effect to the
    object path (XP orbs, boats and minecarts: their loops' own tests): the bundled scene, TNT
    shot through cobwebs and on fire run compiled, on the object path and traced alike."""
    assert_runs_alike_three_ways(WALK, "1.21.8", 8)


def test_an_axis_independent_movement_steps_y_first_then_the_longer_horizontal_axis_last() -> None:
    a, b = Vec3(0.5, 5.0, 0.5), Vec3(1.0, 4.0, 2.5)
    order = axis_step_order(b.add(-a.x, -a.y, -a.z))
    assert order == (1, 2, 0)
    assert axis_steps(a, b, order) == [(a, Vec3(0.5, 4.0, 0.5)), (Vec3(0.5, 4.0, 0.5), Vec3(0.5, 4.0, 2.5)),
                                       (Vec3(0.5, 4.0, 2.5), Vec3(1.0, 4.0, 2.5))]
    assert [t for _, t in axis_steps(a, Vec3(3.0, 5.0, 0.5), order)] == [Vec3(3.0, 5.0, 0.5)]   # still axes: no step


def test_the_101st_movement_merges_the_first_two() -> None:
    e = Entity(1, Vec3(0.0, 0.0, 0.0))
    points = [Vec3(float(k), 0.0, 0.0) for k in range(102)]
    for k in range(101):
        add_movement_this_tick(e, Movement(points[k], points[k + 1], Vec3(1.0, 0.0, 0.0)))
    assert len(e.movements) == 100 and e.movements[0] == Movement(points[0], points[2], None)
    assert e.movements[-1] == Movement(points[100], points[101], Vec3(1.0, 0.0, 0.0))


def test_the_swept_cells_count_their_steps_and_the_box_s_come_last() -> None:
    """A box swept 2.5 along X from x 0.2: the min corner's walk meets cells 1, 2 (steps 1, 2; its starting cell
    is not tested), then the box's own cells not met yet come at step 3; a short move gives the box's cells at 0."""
    box = Box(2.7, 0.2, 0.2, 2.9, 0.4, 0.4)
    cells = blocks_intersected_between(Vec3(0.2, 0.2, 0.2), Vec3(2.7, 0.2, 0.2), box)
    assert cells == [((1, 0, 0), 1), ((2, 0, 0), 2)]
    box = Box(2.7, 0.2, 0.2, 3.1, 0.4, 0.4)
    assert blocks_intersected_between(Vec3(0.2, 0.2, 0.2), Vec3(2.7, 0.2, 0.2), box)[-1] == ((3, 0, 0), 3)
    assert blocks_intersected_between(Vec3(2.6, 0.2, 0.2), Vec3(2.7, 0.2, 0.2), box) == [((2, 0, 0), 0),
                                                                                          ((3, 0, 0), 0)]


def test_the_collector_applies_a_step_s_effects_in_type_order_once_each() -> None:
    """`StepBasedCollector`: within a step EXTINGUISH after the ignitions however they came, each type once with
    its after-actions in their order; a later step's after the earlier's; nothing runs for a removed entity."""
    log: list[str] = []
    c = StepBasedCollector({t: (lambda _e, t=t: log.append(f"effect {t}")) for t in (FIRE_IGNITE, LAVA_IGNITE,
                                                                                        EXTINGUISH)})
    c.advance_step(0)
    c.apply(EXTINGUISH)
    c.apply(FIRE_IGNITE)
    c.run_after(FIRE_IGNITE, lambda _e: log.append("hurt 1"))
    c.apply(FIRE_IGNITE)
    c.run_after(FIRE_IGNITE, lambda _e: log.append("hurt 2"))
    c.advance_step(1)
    c.apply(LAVA_IGNITE)
    e = Entity(1, Vec3(0.0, 0.0, 0.0))
    c.apply_and_clear(e)
    assert log == [f"effect {FIRE_IGNITE}", "hurt 1", "hurt 2", f"effect {EXTINGUISH}", f"effect {LAVA_IGNITE}"]
    c.apply(FIRE_IGNITE)
    e.removed = True
    c.apply_and_clear(e)
    assert len(log) == 5
