"""Benchmark (issue 14 item 5): rewind history in bounded memory.

1,000 TNT resting on stone (fuse 30,000, so none explodes) with tracing on, TICKS ticks of history stepped one by
one as the viewer plays; then jumps to random ticks. Reports the history's own estimate (`History.memory()`), the
process's peak RSS, and the time to jump (wall and CPU: the CPU time is what a shared machine's load does
not inflate) (mean and worst): the state alone (tracing off: a keyframe restored) and
with the jumped-to tick's trace record re-derived (tracing on: that tick re-simulated traced). A 100-entity scene
is measured the same way as the peer. Goals: ≤ 2 GB, ≤ 0.5 s per jump (≤ 50 ms for 100 entities).

Run: python3 tests/bench/bench_history.py [TICKS] [--budget BYTES]   (not collected by pytest; default 10,000)
"""

from __future__ import annotations

import argparse
import platform
import random
import resource
import time

from engine.tick.scene import load_scene_text
from viewer.history import History, budget_from_env

JUMPS = 20


def scene(n: int) -> str:
    side = int(n**0.5 + 0.999)
    head = f'[[blocks]]\nfrom = [0, 0, 0]\nto = [{2 * side}, 0, {2 * side}]\nblock = "minecraft:stone"\n'
    rows = [f'[[entities]]\ntype = "tnt"\npos = [{(i % side) * 2 + 0.5}, 1.0, {(i // side) * 2 + 0.5}]\n'
            f'fuse = 30000\non_ground = true\n' for i in range(n)]
    return head + "".join(rows)


def run(n: int, ticks: int, budget: int) -> dict[str, float]:
    sim = load_scene_text(scene(n), f"{n} TNT")
    sim.trace_enabled = True
    history = History(sim, budget)
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(ticks):
        history.step()
    build, build_cpu = time.perf_counter() - t0, time.process_time() - c0
    out = {"entities": n, "ticks": ticks, "step_ms": 1e3 * build / ticks, "step_cpu_ms": 1e3 * build_cpu / ticks,
           "history_mb": history.memory() / 1e6,
           "keyframe_interval": history.interval}
    rng = random.Random(1)
    for traced, label in ((False, "jump"), (True, "jump_with_record")):
        sim.trace_enabled = traced
        times, cpu = [], []
        for _ in range(JUMPS):
            target = rng.randrange(0, ticks + 1)
            t, c = time.perf_counter(), time.process_time()
            history.go_to(target)
            times.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
            assert sim.tick_count == target and (sim.last_record is not None or not traced or target == 0)
        out[f"{label}_mean_ms"] = 1e3 * sum(times) / len(times)
        out[f"{label}_max_ms"] = 1e3 * max(times)
        out[f"{label}_cpu_mean_ms"] = 1e3 * sum(cpu) / len(cpu)
        out[f"{label}_cpu_max_ms"] = 1e3 * max(cpu)
    out["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("ticks", nargs="?", type=int, default=10_000)
    p.add_argument("--budget", type=int, default=budget_from_env())
    p.add_argument("--entities", type=int, nargs="+", default=[100, 1000])
    args = p.parse_args()
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, "
          f"budget {args.budget / 1e9:.2f} GB")
    for n in args.entities:
        print(run(n, args.ticks, args.budget), flush=True)


if __name__ == "__main__":
    main()
