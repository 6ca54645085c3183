"""Benchmark (issue 13): `tickscope sweep` over 10,000 variants of the pearl cannon scene, local processes.

Run: python3 tests/bench/bench_sweep.py [RUNS] [WORKERS]   (not collected by pytest). Varies the pile size
(1..10 TNT) and the pearl's Z (RUNS / 10 values), 5 ticks each, measures the pearl's position; reports runs per
second with all local processes, and a tenth of the sweep in one process as the peer (ratio = the processes'
speed-up), with the CPU seconds per run of the serial sweep (independent of the machine's load).
"""

from __future__ import annotations

import os
import platform
import sys
import time

from engine.analysis.sweep import run_sweep

SCENE = "scenes/pearl_cannon.toml"
PILES = 10


def sweep(runs: int, workers: int) -> float:
    vary = [f"entities[100].count=1:{PILES}:{PILES}", f"entities[1].pos[2]=0.5:1.5:{runs // PILES}"]
    t, cpu = time.perf_counter(), time.process_time()
    _, rows = run_sweep(SCENE, 5, vary, ["entities[1].pos[0]", "entities[1].pos[2]"], workers, progress=False)
    elapsed = time.perf_counter() - t
    if workers == 1:
        print(f"  {(time.process_time() - cpu) / len(rows) * 1000:.1f} ms CPU per run")
    assert len(rows) == PILES * (runs // PILES)
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
