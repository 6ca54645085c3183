"""Benchmark (issue 2): 10,000 TNT for one tick — free flight, resting on a floor, tracing off and on.

Run: python3 tests/bench/bench_tnt.py   (not collected by pytest). Targets: free flight ≤ 100 ms per tick,
tracing on ≤ 3× off. Reports µs per entity-tick, best of several repeats.
"""

from __future__ import annotations

import platform
import time

from engine.entities.tnt import Tnt
from engine.geometry.box import Vec3
from engine.tick.scene import load_scene_text
from engine.tick.simulation import Simulation

N = 10_000
REPEATS = 5


def build(floor: bool) -> Simulation:
    blocks = '[[blocks]]\nfrom = [0, 0, 0]\nto = [199, 0, 199]\nblock = "minecraft:stone"\n' if floor else ""
    sim = load_scene_text(blocks, "bench")
    for i in range(N):
        x, z = (i % 100) * 2 + 0.5, (i // 100) * 2 + 0.5
        y = 1.0 if floor else 100.0 + (i % 7)
        tnt = sim.create(Tnt, Vec3(x, y, z), Vec3(0.013, 0.2 if not floor else -0.04, -0.011))
        tnt.fuse = 10_000
        sim.add_entity(tnt)
    if floor:
        for _ in range(20):   # let them settle onto the floor
            sim.tick()
    return sim


def time_tick(sim: Simulation, trace: bool) -> float:
    """Best of consecutive ticks (fuses are long, so every tick does the same work)."""
    sim.trace_enabled = trace
    best = float("inf")
    for _ in range(REPEATS):
        t0 = time.perf_counter()
        sim.tick()
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    print(f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}")
    for label, floor in (("free flight", False), ("resting on a floor", True)):
        sim = build(floor)
        off = time_tick(sim, False)
        on = time_tick(sim, True)
        print(f"{label:20s} tracing off {off * 1e3:8.1f} ms/tick ({off / N * 1e6:5.2f} µs/entity-tick)   "
              f"tracing on {on * 1e3:8.1f} ms/tick ({on / N * 1e6:5.2f} µs/entity-tick, {on / off:4.2f}×)")


if __name__ == "__main__":
    main()
