"""Benchmark (issue 13): `tickscope sweep` over 10,000 variants of the pearl cannon scene, local processes.

Run: python3 tests/bench/bench_sweep.py [RUNS] [WORKERS]   (not collected by pytest). Varies the pile size
(1..100 TNT) and the pearl's Z (100 values), 5 ticks each, measures the pearl's position; reports runs per second
with all local processes, and the same sweep in one process as the peer (ratio = the speed-up of the processes).
"""

from __future__ import annotations

import math
import os
import platform
import sys
import time

from engine.analysis.sweep import run_sweep

SCENE = "scenes/pearl_cannon.toml"


def sweep(runs: int, workers: int) -> float:
    side = int(math.isqrt(runs))
    vary = [f"entities[100].count=1:{side}:{side}", f"entities[1].pos[2]=0.5:1.5:{runs // side}"]
    t = time.perf_counter()
    _, rows = run_sweep(SCENE, 5, vary, ["entities[1].pos[0]", "entities[1].pos[2]"], workers, progress=False)
    elapsed = time.perf_counter() - t
    assert len(rows) == side * (runs // side)
    return len(rows) / elapsed


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else os.cpu_count() or 1
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")
    parallel = sweep(runs, workers)
    print(f"{runs} runs, {workers} processes: {parallel:.1f} runs/s")
    serial = sweep(runs // 10, 1)
    print(f"{runs // 10} runs, 1 process: {serial:.1f} runs/s; ratio {parallel / serial:.2f}x")


if __name__ == "__main__":
    main()
