"""NaN, ±inf and huge Motion in scenes behave like Java doubles and never hang (issue 2, item 11)."""

from __future__ import annotations

import math
import time

from engine.tick.scene import load_scene_text

FLOOR = '[[blocks]]\nfrom = [-3, 0, -3]\nto = [3, 0, 3]\nblock = "minecraft:stone"\n'


def tnt(motion: str, no_gravity: bool = False, y: float = 1.0):
    sim = load_scene_text(f'{FLOOR}[[entities]]\ntype = "tnt"\npos = [0.5, {y}, 0.5]\nmotion = {motion}\n'
                          f'no_gravity = {str(no_gravity).lower()}\nfuse = 100\n', "nonfinite")
    return sim, sim.entity_by_id(1)


def test_nan_motion_blocks_the_move_and_is_zeroed_like_java() -> None:
    """NaN in X: the adjusted movement's squared length is NaN, not > 1e-7, so nothing moves; NaN != NaN marks a
    horizontal collision and step 9 zeroes X Motion (Java compares doubles the same way)."""
    sim, e = tnt("[nan, 0.2, 0.0]")
    start = e.pos
    sim.tick()
    assert e.pos == start and e.horizontal_collision and e.motion.x == 0.0
    assert e.motion.y == (0.2 - 0.04) * 0.98


def test_infinite_motion_is_stopped_by_the_world_border() -> None:
    """+inf along X alone: the cell sweep's layer bound overflows like a Java int, so no cell is checked, and the
    world border (29,999,984) is what stops the box; X Motion is zeroed by the collision."""
    sim, e = tnt("[inf, 0.0, 0.0]", no_gravity=True, y=5.0)
    t0 = time.perf_counter()
    sim.tick()
    assert time.perf_counter() - t0 < 2.0
    assert e.box.max_x == 29999984.0 and e.horizontal_collision and e.motion.x == 0.0


def test_infinite_motion_without_a_border_reaches_infinity() -> None:
    """With a border beyond reach (the entity outside it), +inf moves the box to x = inf; inf − inf is NaN, so
    the 1e-5 comparison reports a horizontal collision while inf == inf keeps the Motion."""
    sim = load_scene_text('[scene]\nborder = { center = [1000.0, 0.0], size = 2.0 }\n[[entities]]\ntype = "tnt"\n'
                          'pos = [0.5, 5.0, 0.5]\nmotion = [inf, 0.0, 0.0]\nno_gravity = true\nfuse = 100\n', "inf")
    e = sim.entity_by_id(1)
    sim.tick()
    assert e.pos.x == math.inf and e.horizontal_collision and e.motion.x == math.inf


def test_infinite_oblique_and_huge_motion_finish_quickly() -> None:
    """-inf with other components (the general path) and 1e9 m/gt: a few ticks in well under a second each."""
    for motion in ("[-inf, 0.3, 0.1]", "[1e9, 0.0, 0.0]", "[1e9, -1e9, 3e8]", "[0.0, -1e9, 0.0]"):
        sim, e = tnt(motion, y=3.0)
        t0 = time.perf_counter()
        for _ in range(3):
            sim.tick()
        assert time.perf_counter() - t0 < 3.0, motion
    assert e.pos.y == 1.0 and e.on_ground                   # 1e9 m/gt straight down still lands on the floor
