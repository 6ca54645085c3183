"""Benchmark (issues 9, 21): 1,000 minecarts on rails, µs per cart-tick, compiled and on the object path, against
prismarine-physics' walking player tick measured in the same run.

Run: python3 -m tests.bench.bench_minecarts [--version 1.21.3] [--compiled-only]   (from the repository root; not
collected by pytest), in the release `--version` names (1.16.5 by default). The carts ride
40 parallel straight tracks (25 each, 3 cells apart along the track, starting at 0.3 m/gt), so each tick snaps,
moves and slows every cart on its rail, turns its yaw and looks for carts to push. The compiled loop
(engine.entities.minecart_kernel) hands a cart back to the object path where it reads something the loop does not
decide; the hand-backs are counted and shown. At the end every cart must be alive, on its rail and still moving
along it.

It also times figure E12 (spec 09 §4, also a test): 300 carts stacked on the ground, one nudged, until a cart's
horizontal Motion overflows to infinity (the thesis: in less than 1 s = 20 gt). Those carts are off rails: the
object path.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import time

from engine import jit
from engine.core.versions import DEFAULT_VERSION
from engine.tick.scene import load_scene_text
from engine.tick.simulation import Simulation
from tests.bench.bench_living import prismarine_us

N = 1_000
TRACKS = 40
TICKS = 20          # measured ticks, after the first (a cart's first tick takes the object path)


def carts_scene(version: str = DEFAULT_VERSION) -> str:
    length = N // TRACKS * 3 + 40
    text = (f'[scene]\nversion = "{version}"\n'
            f'[[blocks]]\nfrom = [0, 0, 0]\nto = [{TRACKS * 2}, 0, {length}]\nblock = "minecraft:stone"\n'
            + "".join(f'[[blocks]]\nfrom = [{2 * t}, 1, 0]\nto = [{2 * t}, 1, {length}]\n'
                      f'block = "minecraft:rail"\n' for t in range(TRACKS)))
    for i in range(N):
        text += (f'[[entities]]\ntype = "minecraft:minecart"\npos = [{(i % TRACKS) * 2 + 0.5}, 1.0625, '
                 f'{(i // TRACKS) * 3 + 0.5}]\nmotion = [0.0, 0.0, 0.3]\n')
    return text


def carts_case(text: str, compiled: bool) -> tuple[float, float, str]:
    """(wall µs, CPU µs) per cart-tick over TICKS ticks after the first, and the path taken (hand-backs counted)."""
    sim = load_scene_text(text, "bench minecarts")
    sim.vectorize = compiled
    sim.tick()
    k0, o0 = sim.kernel_ticks, sim.object_ticks
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(TICKS):
        sim.tick()
    wall, cpu = (time.perf_counter() - t0) / TICKS / N * 1e6, (time.process_time() - c0) / TICKS / N * 1e6
    ents = sim.entities
    assert len(ents) == N and all(e.rail_shape == "north_south" and not e.removed and e.motion.z > 0.05
                                  and e.pos.y == 1.0625 for e in ents), "every cart alive, on its rail, moving"
    done, handed = sim.kernel_ticks - k0, sim.object_ticks - o0
    path = (f"compiled ({handed} of {done + handed} cart-ticks handed back)" if compiled else "object path")
    return wall, cpu, path


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


def first_ticks() -> float:
    """Seconds of the first two ticks of one cart on a rail in this process (the loop loaded from numba's cache,
    or compiled where the cache is cold; the cart's ticks themselves take well under a millisecond)."""
    sim: Simulation = load_scene_text(carts_scene().split('[[entities]]')[0]
                                      + '[[entities]]\ntype = "minecraft:minecart"\npos = [0.5, 1.0625, 0.5]\n'
                                        'motion = [0.0, 0.0, 0.3]\n', "warm")
    t0 = time.perf_counter()
    sim.tick()
    sim.tick()
    assert sim.kernel_ticks == 1
    return time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description="1,000 minecarts on rails against prismarine-physics' walk")
    parser.add_argument("--version", default=DEFAULT_VERSION, help="the release the carts run in")
    parser.add_argument("--compiled-only", action="store_true", help="leave out the object path and figure E12")
    args = parser.parse_args()
    print(f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}, "
          f"load {os.getloadavg()[0]:.2f}, JIT {'on' if jit.jit_enabled() else 'off'}, version {args.version}")
    jit.bind_kernels()
    print(f"the first two ticks of one cart (the loop loaded or compiled) {first_ticks():.2f} s")
    text = carts_scene(args.version)
    peer = prismarine_us()
    walk = peer["walk"]["us_per_tick"] if peer else None
    print(f"{'case':34s} {'µs/cart-tick wall':>18s} {'CPU':>8s} {'peer walk µs':>13s} {'ratio':>8s}  path")
    for compiled in (True,) if args.compiled_only else (True, False):
        wall, cpu, path = carts_case(text, compiled)
        ratio = f"{wall / walk:7.2f}×" if walk else "      —"
        print(f"{'1,000 minecarts on rails':34s} {wall:18.2f} {cpu:8.2f} {walk or float('nan'):13.2f} {ratio}  {path}")
    if peer is not None:
        print(f"prismarine: node {peer['node']}")
    if args.compiled_only:
        return
    tick, far = figure_e12()
    print(f"E12: 300 stacked carts overflow to infinity in tick {tick} ({tick / 20:.2f} s), farthest cart {far:.2f} m")
    print(f"load at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
