"""Benchmark (issue 4): stacked TNT exploding in one tick, each explosion acting on every TNT still there.

Run: python3 tests/bench/bench_explosion.py   (not collected by pytest). Target: 1,000 TNT ≤ 2 s (product goal
0.5 s). Cases: 1,000 TNT at one point in the air; 1,000 on an obsidian floor (every explosion at one centre,
rays near blocks); the thesis's 320-TNT stack cannon (scenes/tnt_stack_320.toml, the explosion tick). Each case
is timed on a fresh scene, best of REPEATS, with the time split into the explosion's three parts. The shortcuts
these runs take are checked bit for bit against the plain algorithm (entity by entity, every ray cast; every ray
walked one by one) in tests/engine/test_explosion.py. Results: docs/performance.md.
"""

from __future__ import annotations

import platform
import time
from collections.abc import Callable

from engine.entities.tnt import Tnt
from engine.geometry.box import Vec3
from engine.influences import explosion
from engine.tick.scene import load_scene, load_scene_text
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR as SCENES

N = 1_000
REPEATS = 3
PARTS = ("collect_blocks", "damage_entities", "affect_world")


def stack(floor: bool) -> Simulation:
    """N TNT at (0.5, 100, 0.5), fuse 1, on an obsidian floor or in the air."""
    blocks = '[[blocks]]\nfrom = [-10, 99, -10]\nto = [10, 99, 10]\nblock = "minecraft:obsidian"\n' if floor else ""
    sim = load_scene_text(blocks, "bench")
    for _ in range(N):
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


def timed(build: Callable[[], Simulation], vectorize: bool) -> tuple[float, dict[str, float], int]:
    """Best of REPEATS: (tick seconds, seconds per explosion part, explosions in the tick)."""
    best: tuple[float, dict[str, float], int] = (float("inf"), {}, 0)
    for _ in range(REPEATS):
        sim = build()
        sim.vectorize = vectorize
        spent = dict.fromkeys(PARTS, 0.0)
        originals = {name: getattr(explosion, name) for name in PARTS}
        for name in PARTS:
            setattr(explosion, name, stopwatch(originals[name], name, spent))
        try:
            t0 = time.perf_counter()
            record = sim.tick()
            elapsed = time.perf_counter() - t0
        finally:
            for name, fn in originals.items():
                setattr(explosion, name, fn)
        if elapsed < best[0]:
            best = (elapsed, spent, len(record.events))
    return best


def main() -> None:
    print(f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}")
    cases = (("1,000 TNT in the air", lambda: stack(False)), ("1,000 TNT on obsidian", lambda: stack(True)),
             ("320-TNT stack cannon", cannon_320))
    for label, build in cases:
        for vectorize in (True, False):
            elapsed, spent, explosions = timed(build, vectorize)
            parts = "  ".join(f"{name} {spent[name]:6.3f} s" for name in PARTS)
            print(f"{label:24s} vectorize={vectorize!s:5s} {elapsed:7.3f} s/tick, {explosions} explosions, "
                  f"{elapsed / explosions * 1e3:6.2f} ms each   [{parts}]")


if __name__ == "__main__":
    main()
