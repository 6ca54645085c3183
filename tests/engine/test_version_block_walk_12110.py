"""1.21.10's block walk (`Entity.checkInsideBlocks` with its step budget, `BlockGetter.forEachBlockIntersectedBetween`
from the box's furthest corner, the bubble column's `intersects`, the piston's unscaled move; 1.21.11 the same)
against 1.21.8's: `scenes/block_walk_1_21_10.toml` run in 1.21.8, 1.21.10, 1.21.11 and 1.21.10 with each flag off
(`block_walk_step_budget`, `piston_move_unstuck`) or with every step taken as long (a mutant of the bubble column's
rule); 1.21.9 refused; the scene compiled (items and TNT in their loops, handed to the object path near a block
with an effect), on the object path and traced alike, and a loop without the walk's hand-back caught; the walk's
pieces on their own."""

from __future__ import annotations

import dataclasses

import pytest

from engine.entities import item, tnt_kernel
from engine.geometry.box import Box, Vec3
from engine.motion import block_effects
from engine.motion.inside_blocks import blocks_intersected_between_1_21_10, cells_in_direction
from engine.tick.scene import load_scene_text
from tests.conftest import SCENES_DIR
from tests.engine.test_compiled_equality import run_lines
from tests.engine.test_version_block_effects import assert_runs_alike_three_ways

WALK = (SCENES_DIR / "block_walk_1_21_10.toml").read_text()
RUNS = {"1.21.8": ("1.21.8", {}), "1.21.10": ("1.21.10", {}), "1.21.11": ("1.21.11", {}),
        "no budget": ("1.21.10", {"block_walk_step_budget": False}),
        "scaled push": ("1.21.10", {"piston_move_unstuck": False}), "all long": ("1.21.10", {})}
TICKS = 3


def _history(version: str, flags: dict[str, bool]) -> list[dict[int, tuple[Vec3, Vec3]]]:
    sim = load_scene_text(WALK.replace('version = "1.21.10"', f'version = "{version}"'))
    sim.features = sim.world.features = dataclasses.replace(sim.features, **flags)
    out = []
    for _ in range(TICKS):
        sim.tick()
        out.append({e.id: (e.pos, e.motion) for e in sim.world.entities.values() if not e.removed})
    return out


@pytest.fixture(scope="module")
def walk() -> dict[str, list[dict[int, tuple[Vec3, Vec3]]]]:
    out = {}
    for name, (version, flags) in RUNS.items():
        with pytest.MonkeyPatch.context() as mp:
            if name == "all long":      # the mutant: every step long, so the column acts wherever it is walked
                mp.setattr(block_effects, "WALK_LONG_MOVE_SQUARED", -1.0)
            out[name] = _history(version, flags)
    return out


def _track(runs: list[dict[int, tuple[Vec3, Vec3]]], entity_id: int) -> list[tuple[Vec3, Vec3]]:
    return [tick[entity_id] for tick in runs]


def test_1_21_11_is_1_21_10(walk) -> None:
    assert walk["1.21.11"] == walk["1.21.10"]


def test_an_item_leaving_a_cobweb_s_cell_is_slowed_from_1_21_10(walk) -> None:
    """Item 1 rises 0.2 out of a cobweb's cell: the cells of its box at the start are walked at step 0 in 1.21.10,
    so the cobweb zeroes its Motion and scales its next move; 1.21.8 walks the box at the end only."""
    new, old = _track(walk["1.21.10"], 1), _track(walk["1.21.8"], 1)
    assert new[0] == old[0] and old[1][1].y > 0.0
    assert new[1][1] == Vec3(0.0, 0.0, 0.0) and new[1][0].y - new[0][0].y < (old[1][0].y - old[0][0].y) * 0.1
    assert _track(walk["no budget"], 1) == old


def test_the_axis_order_is_the_wanted_movement_s_from_1_21_10(walk) -> None:
    """Item 2 wants (1.1, 0, 1.2) and is stopped by a wall after 1.05 on Z: 1.21.8 orders its steps by the moved
    delta (X first, |1.1| >= |1.05|) and misses the cobweb at the corner (10, 5, 1); 1.21.10 by the wanted
    movement (Z first, |1.1| < |1.2|), through the cobweb, which stops the next move."""
    new, old = _track(walk["1.21.10"], 2), _track(walk["1.21.8"], 2)
    assert new[0][0] == old[0][0] == Vec3(11.6, 5.2, 1.875)
    assert new[1][1] == Vec3(0.0, 0.0, 0.0) and old[1][1].x > 1.0
    assert _track(walk["no budget"], 2) == old


def test_a_movement_s_walk_ends_with_its_budget_from_1_21_10(walk) -> None:
    """Items 3 and 4 fall 25 blocks in a tick: the corner's walk counts one step a cell, and 1.21.10's budget of
    16 ends it before the 16th cell below (item 3's cobweb: missed), not before the 15th (item 4's: caught);
    1.21.8's walk, capped at 17 cells, meets both."""
    new, old = walk["1.21.10"], walk["1.21.8"]
    assert _track(new, 3)[1][1].y < -20.0 and _track(new, 4)[1][1] == Vec3(0.0, 0.0, 0.0)
    assert _track(old, 3)[1][1] == _track(old, 4)[1][1] == Vec3(0.0, 0.0, 0.0)
    assert _track(walk["no budget"], 3) == _track(old, 3)


def test_a_long_step_out_of_a_bubble_column_is_pushed_from_1_21_10(walk) -> None:
    """TNT 5 is shot 1.47 east out of a bubble column's cell under air: 1.21.10 walks the cell it left (step 0)
    and the step is long, so the column's surface push lifts it (+0.1, × 0.98 drag); 1.21.8 never walks it."""
    new, old = _track(walk["1.21.10"], 5), _track(walk["1.21.8"], 5)
    assert old[0][1].y == 0.0 and new[0][1].y == pytest.approx(0.1 * 0.98, abs=1e-12)
    assert _track(walk["no budget"], 5) == old


def test_a_short_step_out_of_a_bubble_column_is_not_pushed(walk) -> None:
    """TNT 7 drifts 0.6 out of a column's cell: walked at step 0 in 1.21.10, but the column acts only on a long
    step or a box in its cell, so it is not pushed, as in 1.21.8; with every step taken as long it is."""
    assert _track(walk["1.21.10"], 7) == _track(walk["1.21.8"], 7)
    assert _track(walk["1.21.10"], 7)[0][1].y == 0.0 < _track(walk["all long"], 7)[0][1].y


def test_a_piston_s_push_is_not_slowed_by_a_cobweb_from_1_21_10(walk) -> None:
    """TNT 6 hangs in a cobweb in front of a piston: 1.21.8 scales the push by the cobweb's multiplier (0.25 on X),
    1.21.10 moves it the whole push (clearing the multiplier)."""
    new, old = _track(walk["1.21.10"], 6), _track(walk["1.21.8"], 6)
    assert new[0][0].x - 41.5 == pytest.approx(4 * (old[0][0].x - 41.5), abs=1e-6)
    assert _track(walk["scaled push"], 6) == old


def test_1_21_9_stops_in_one_line_near_a_block_with_an_effect() -> None:
    sim = load_scene_text(WALK.replace('version = "1.21.10"', 'version = "1.21.9"'))
    with pytest.raises(NotImplementedError) as err:
        sim.tick()
    line = str(err.value)
    assert line.startswith("checkBlockCollision in the tick (spec 03 §6.2) of version 1.21.9 at entity ") and \
        "\n" not in line and "block_walk_step_budget" in line


def test_1_21_11_s_walk_runs_compiled_as_on_the_object_path() -> None:
    """The item and TNT loops serve 1.21.10-1.21.11 as 1.21.8, handing an entity whose path comes near a block with
    an effect to the object path: the scene, TNT shot through cobwebs and on fire run compiled, on the object path
    and traced alike."""
    assert_runs_alike_three_ways(WALK.replace('version = "1.21.10"', 'version = "1.21.11"'), "1.21.11", 6)


def test_an_item_loop_blind_to_the_walk_is_caught(monkeypatch) -> None:
    """The item loop run as if the release checked only the box at the end of the move (1.21.1's step, no
    tick-time check) takes the items leaving a cobweb's cell or passing one at the corner of their walk: the
    compiled run then differs from the object path."""
    text = WALK.replace('version = "1.21.10"', 'version = "1.21.11"')
    bits = tnt_kernel.version_bits
    monkeypatch.setattr(item, "version_bits", lambda f: bits(f) & ~tnt_kernel.V_TICK_BLOCKS)
    assert run_lines(load_scene_text(text), 3, "compiled") != run_lines(load_scene_text(text), 3, "object")


def test_the_cells_between_corners_start_where_the_movement_leaves() -> None:
    """`BlockPos.betweenCornersInDirection`: from the corner the movement leaves, Y outermost, then X and Z, Z
    innermost where |x| >= |z|, X innermost where |x| < |z|."""
    assert list(cells_in_direction(0, 0, 0, 1, 0, 1, Vec3(1.0, 0.0, 0.5))) == [(0, 0, 0), (0, 0, 1), (1, 0, 0),
                                                                            (1, 0, 1)]
    assert list(cells_in_direction(1, 0, 1, 0, 0, 0, Vec3(-0.5, 0.0, -1.0))) == [(1, 0, 1), (0, 0, 1), (1, 0, 0),
                                                                              (0, 0, 0)]


def test_the_walk_gives_the_start_box_then_the_crossed_cells_then_the_end_box() -> None:
    """A box swept 2.5 east: the cells of the box where it was (step 0), each cell its corner enters at its count,
    the box's own cells last; a move shorter than 1.0E-5F: the box's cells at 0."""
    box = Box(2.7, 0.2, 0.2, 3.1, 0.4, 0.4)
    assert list(blocks_intersected_between_1_21_10(Vec3(0.2, 0.2, 0.2), Vec3(2.7, 0.2, 0.2), box)) == [
        ((0, 0, 0), 0), ((1, 0, 0), 1), ((2, 0, 0), 2), ((3, 0, 0), 3)]
    assert list(blocks_intersected_between_1_21_10(Vec3(2.7, 0.2, 0.2), Vec3(2.7, 0.2, 0.2), box)) == [
        ((2, 0, 0), 0), ((3, 0, 0), 0)]
