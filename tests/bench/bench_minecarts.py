"""Benchmark (issue 9): 1,000 minecarts on rails for one tick, µs per cart, with a peer measured in the same run.

Run: python3 tests/bench/bench_minecarts.py   (not collected by pytest). The carts ride 40 parallel straight
tracks (25 each, 3 cells apart along the track, moving at 0.3 m/gt), so each tick snaps, moves and slows every
cart on a rail and looks for carts to push. The peer is the stage-by-stage TNT tick of tests/bench/bench_tnt.py
(1,000 TNT resting on a stone floor), timed in the same process, so the ratio does not depend on the machine's
load. Reports the least CPU time of several consecutive ticks.

It also times figure E12 (spec 09 §4, also a test): 300 carts stacked on the ground, one nudged,
until a cart's horizontal Motion overflows to infinity (the thesis: in less than 1 s = 20 gt).
"""

from __future__ import annotations

import math
import platform
import time

from engine.entities.minecart import Minecart
from engine.entities.tnt import Tnt
from engine.geometry.box import Vec3
from engine.tick.scene import load_scene_text
from engine.tick.simulation import Simulation

N = 1_000
TRACKS = 40
REPEATS = 7


def build_carts() -> Simulation:
    length = N // TRACKS * 3 + 40
    blocks = (f'[[blocks]]\nfrom = [0, 0, 0]\nto = [{TRACKS * 2}, 0, {length}]\nblock = "minecraft:stone"\n'
              + "".join(f'[[blocks]]\nfrom = [{2 * t}, 1, 0]\nto = [{2 * t}, 1, {length}]\n'
                        f'block = "minecraft:rail"\n' for t in range(TRACKS)))
    sim = load_scene_text(blocks, "bench minecarts")
    for i in range(N):
        x, z = (i % TRACKS) * 2 + 0.5, (i // TRACKS) * 3 + 0.5
        sim.add_entity(sim.create(Minecart, Vec3(x, 1.0625, z), Vec3(0.0, 0.0, 0.3)))
    return sim


def build_tnt() -> Simulation:
    sim = load_scene_text('[[blocks]]\nfrom = [0, 0, 0]\nto = [63, 0, 63]\nblock = "minecraft:stone"\n', "bench tnt")
    for i in range(N):
        tnt = sim.create(Tnt, Vec3((i % 32) * 2 + 0.5, 1.0, (i // 32) * 2 + 0.5))
        tnt.fuse = 10_000
        sim.add_entity(tnt)
    for _ in range(3):
        sim.tick()
    return sim


def best_tick(sim: Simulation) -> float:
    """The least CPU time (`time.process_time`) of consecutive ticks: steadier than wall time on a shared machine."""
    best = float("inf")
    for _ in range(REPEATS):
        t0 = time.process_time()
        sim.tick()
        best = min(best, time.process_time() - t0)
    return best


def figure_e12(carts: int = 300) -> tuple[int, float]:
    """The tick at which some cart's horizontal Motion is no longer finite, and the farthest cart then (m)."""
    stack = '[[entities]]\ntype = "minecart"\npos = [0.5, 1.0, 0.5]\non_ground = true\n' * carts
    stack = stack.replace("on_ground = true\n", "on_ground = true\nmotion = [0.1, 0.0, 0.02]\n", 1)
    sim = load_scene_text('[[blocks]]\nfrom = [-40, 0, -40]\nto = [40, 0, 40]\nblock = "minecraft:stone"\n'
                          + stack, "E12")
    while sim.tick_count < 40:
        sim.tick()
        if not all(math.isfinite(max(abs(e.motion.x), abs(e.motion.z))) for e in sim.entities):
            break
    return sim.tick_count, max(math.hypot(e.pos.x - 0.5, e.pos.z - 0.5) for e in sim.entities)


def main() -> None:
    print(f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}")
    carts = build_carts()
    carts.tick()
    assert all(e.rail_shape == "north_south" for e in carts.entities), "every cart must be on its rail"
    cart = best_tick(carts)
    tnt = best_tick(build_tnt())
    print(f"1,000 minecarts on rails   {cart * 1e3:8.1f} ms/tick   {cart / N * 1e6:7.1f} µs per cart")
    print(f"1,000 TNT on a floor (peer) {tnt * 1e3:8.1f} ms/tick   {tnt / N * 1e6:7.1f} µs per TNT")
    print(f"cart / TNT                 {cart / tnt:8.2f}×")
    tick, far = figure_e12()
    print(f"E12: 300 stacked carts overflow to infinity in tick {tick} ({tick / 20:.2f} s), farthest cart {far:.2f} m")


if __name__ == "__main__":
    main()
