"""Benchmark (issue 13): `tickscope solve` on the pearl cannon for a target 1,000 blocks away.

Run: python3 tests/bench/bench_solve.py   (not collected by pytest). Bar: under 1 s, as standalone pearl
calculators answer. Reports the first solve in a fresh process (cold: explosion tables and imports warm up) and
the best of later ones, and as the peer the same search with coasting off (every tick simulated); then the
global search of a pearl throw to a block (yaw and pitch: a lob and a flat throw), its time and runs.
"""

from __future__ import annotations

import os
import time

import engine.analysis.solve as solve_module
from engine.analysis.runs import run_variant

ARGS = ("scenes/pearl_cannon.toml", 100, ["entities[100].count=1:2000"], ["entities[1].pos[0]=1002.5"])
THROW = ("scenes/pearl_throw_target.toml", 80, ["spawns[0].yaw=-60:60", "spawns[0].pitch=-60:0"],
         ["entities[1].pos[0]=10.5", "entities[1].pos[2]=40.5"])


def timed() -> tuple[float, list]:
    t = time.perf_counter()
    _, rows = solve_module.solve(*ARGS)
    return time.perf_counter() - t, rows


def main() -> None:
    print(f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")
    cold, rows = timed()
    warm = min(timed()[0] for _ in range(3))
    print(f"best run {rows[0]}; cold {cold:.3f} s, warm {warm:.3f} s")
    t = time.perf_counter()
    _, throws = solve_module.solve(*THROW, top=solve_module.MAX_RUNS)
    print(f"pearl throw to a block (global search): {time.perf_counter() - t:.3f} s, {len(throws)} runs, "
          f"best {throws[0]}")
    solve_module.run_variant = lambda *a, coast=False: run_variant(*a, coast=False)
    plain = min(timed()[0] for _ in range(2))
    print(f"without coasting: {plain:.3f} s; coasting is {plain / warm:.1f}x faster")


if __name__ == "__main__":
    main()
