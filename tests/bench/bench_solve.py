"""Benchmark (issue 13): `tickscope solve` on the pearl cannon for a target 1,000 blocks away.

Run: python3 tests/bench/bench_solve.py   (not collected by pytest). Bar: under 1 s, as standalone pearl
calculators answer. Reports the first solve in a fresh process (cold: explosion tables and imports warm up) and
the best of later ones, and as the peer the same search with coasting off (every tick simulated).
"""

from __future__ import annotations

import os
import time

import engine.analysis.solve as solve_module
from engine.analysis.runs import run_variant

ARGS = ("scenes/pearl_cannon.toml", 100, ["entities[100].count=1:2000"], ["entities[1].pos[0]=1002.5"])


def timed() -> tuple[float, list]:
    t = time.perf_counter()
    _, rows = solve_module.solve(*ARGS)
    return time.perf_counter() - t, rows


def main() -> None:
    print(f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")
    cold, rows = timed()
    warm = min(timed()[0] for _ in range(3))
    print(f"best run {rows[0]}; cold {cold:.3f} s, warm {warm:.3f} s")
    solve_module.run_variant = lambda *a, coast=False: run_variant(*a, coast=False)
    plain = min(timed()[0] for _ in range(2))
    print(f"without coasting: {plain:.3f} s; coasting is {plain / warm:.1f}x faster")


if __name__ == "__main__":
    main()
