"""Benchmark (issues 4, 21): stacked TNT exploding in one tick, each explosion acting on every TNT still there.

Run: python3 -m tests.bench.bench_explosion (from the repository root; not collected by pytest). Target (issue 21):
the exploding tick of 1,000 TNT stacked at one point ≤ 25,000 of prismarine-physics' idle player ticks, measured in
the same run just before and after each case (tests/bench/bench_living.py; their mean), and 3,000 ≤ 10× 1,000.
Cases: 1,000 and 3,000 TNT at one point in the air; 1,000 on an obsidian floor (every explosion at one centre, rays
near blocks); the thesis's 320-TNT stack cannon (scenes/tnt_stack_320.toml, the explosion tick). Each case is timed
on a fresh scene, best of REPEATS, wall and CPU time (the machine is shared: CPU time is the steadier), with the
wall time split into the explosion's three parts; each asserts that every TNT of the stack exploded in that tick and
none is left. The shortcuts these runs take are checked bit for bit against the plain algorithm (entity by entity,
every ray cast; every ray walked one by one) in tests/engine/test_explosion.py and
tests/engine/test_compiled_equality.py. Results: docs/performance.md.
"""

from __future__ import annotations

import os
import platform
import time
from collections.abc import Callable

from engine import jit
from engine.entities.tnt import Tnt
from engine.geometry.box import Vec3
from engine.influences import explosion
from engine.tick.scene import load_scene, load_scene_text
from engine.tick.simulation import Simulation
from tests.bench.bench_living import prismarine_us
from tests.conftest import SCENES_DIR as SCENES

REPEATS = 3
PARTS = ("collect_blocks", "damage_entities", "affect_world")


def stack(n: int, floor: bool) -> Simulation:
    """n TNT at (0.5, 100, 0.5), fuse 1, on an obsidian floor or in the air."""
    blocks = '[[blocks]]\nfrom = [-10, 99, -10]\nto = [10, 99, 10]\nblock = "minecraft:obsidian"\n' if floor else ""
    sim = load_scene_text(blocks, "bench")
    for _ in range(n):
        tnt = sim.create(Tnt, Vec3(0.5, 100.0, 0.5))
        tnt.fuse = 1
        sim.add_entity(tnt)
    return sim


def cannon_320() -> Simulation:
    """The 320-TNT stack cannon two ticks in: its next tick is the explosions'."""
    sim = load_scene(SCENES / "tnt_stack_320.toml")
    sim.tick()
    sim.tick()
    return sim


def stopwatch(fn: Callable, name: str, spent: dict[str, float]) -> Callable:
    """`fn`, adding its run time to spent[name]."""
    def run(*args):
        t0 = time.perf_counter()
        try:
            return fn(*args)
        finally:
            spent[name] += time.perf_counter() - t0
    return run


def timed(build: Callable[[], Simulation], vectorize: bool, stacked: int) -> tuple[float, float, dict[str, float], int]:
    """Best of REPEATS: (tick seconds, its CPU seconds, wall seconds per explosion part, explosions in the tick).
    With `stacked`, asserts that the tick exploded that many TNT and left none."""
    best: tuple[float, float, dict[str, float], int] = (float("inf"), 0.0, {}, 0)
    for _ in range(REPEATS):
        sim = build()
        sim.vectorize = vectorize
        spent = dict.fromkeys(PARTS, 0.0)
        originals = {name: getattr(explosion, name) for name in PARTS}
        for name in PARTS:
            setattr(explosion, name, stopwatch(originals[name], name, spent))
        try:
            t0, c0 = time.perf_counter(), time.process_time()
            record = sim.tick()
            elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
        finally:
            for name, fn in originals.items():
                setattr(explosion, name, fn)
        if stacked:
            assert len(record.events) == stacked and not sim.entities, (len(record.events), len(sim.entities))
        if elapsed < best[0]:
            best = (elapsed, cpu, spent, len(record.events))
    return best


def peer_idle() -> float | None:
    """prismarine-physics' idle player tick in seconds, measured now (None where it is not installed)."""
    peer = prismarine_us()
    return peer["idle_on_ground"]["us_per_tick"] * 1e-6 if peer else None


def main() -> None:
    jit.bind_kernels()
    stack(64, False).tick()    # the kernels loaded (or compiled) before any timing
    print(f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}, "
          f"load {os.getloadavg()[0]:.2f}, JIT {'on' if jit.compiled() else 'off'}")
    cases = (("1,000 TNT in the air", lambda: stack(1000, False), 1000),
             ("3,000 TNT in the air", lambda: stack(3000, False), 3000),
             ("1,000 TNT on obsidian", lambda: stack(1000, True), 1000),
             ("320-TNT stack cannon", cannon_320, 0))
    for label, build, stacked in cases:
        for vectorize in (True, False):
            before = peer_idle()          # the peer measured beside each case (the machine's load changes)
            elapsed, cpu, spent, explosions = timed(build, vectorize, stacked)
            after = peer_idle()
            parts = "  ".join(f"{name} {spent[name]:6.3f} s" for name in PARTS)
            idle = (before + after) / 2 if before and after else None
            peers = (f"{elapsed / idle:9,.0f} peer ticks (prismarine idle tick {before * 1e6:.2f} / "
                     f"{after * 1e6:.2f} µs before / after)") if idle else "prismarine not found"
            print(f"{label:22s} vectorize={vectorize!s:5s} {elapsed:7.3f} s/tick (CPU {cpu:7.3f} s) {peers}, "
                  f"{explosions} explosions, {elapsed / explosions * 1e3:6.3f} ms each   [{parts}]")
    print(f"load {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
