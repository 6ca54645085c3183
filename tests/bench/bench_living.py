"""Benchmark (issue 8): µs per player tick and per mob tick, and prismarine-physics' µs per player tick measured
in the same run on the same machine (the ratio is the figure).

Run: python3 -m tests.bench.bench_living   (from the repository root; not collected by pytest). The player
walks, sprints and sprint-jumps
in circles inside a walled arena like the peer's own benchmark (stone walls and slab rings, a yaw step of 0.05 rad
per tick); mobs are 100 wither skeletons with AI (no goals yet) standing on a floor. The peer runs when its node
modules are at $ORACLE_DIR/node_modules (default ~/.cache/tickscope-oracle) and its driver at
$PRISMARINE_TRACE_JS or ../shared/oracles/prismarine_trace.js.
"""

from __future__ import annotations

import json
import math
import os
import platform
import subprocess
import time
from pathlib import Path

from engine.java.javanum import f32
from engine.tick.scene import load_scene_text

ROOT = Path(__file__).resolve().parents[2]
TICKS = 3000
MOBS = 100


def arena() -> str:
    """A stone floor inside walls: slab rings on two sides, and stone walls three blocks high, which a
    sprint-jumping player cannot clear."""
    rows = ['[[blocks]]\nfrom = [-9, 0, -9]\nto = [9, 0, 9]\nblock = "minecraft:stone"\n']
    for a, b in (([-8, 1, -8], [8, 3, -8]), ([-8, 1, 8], [8, 3, 8])):
        rows.append(f'[[blocks]]\nfrom = {a}\nto = {b}\nblock = "minecraft:stone"\n')
    for a, b in (([-8, 1, -7], [-8, 1, 7]), ([8, 1, -7], [8, 1, 7])):
        rows.append(f'[[blocks]]\nfrom = {a}\nto = {b}\nblock = "minecraft:stone_slab[type=bottom]"\n')
    for a, b in (([-9, 2, -7], [-9, 3, 7]), ([9, 2, -7], [9, 3, 7])):
        rows.append(f'[[blocks]]\nfrom = {a}\nto = {b}\nblock = "minecraft:stone"\n')
    return "".join(rows)


def in_arena(e) -> bool:
    """Alive, on or above the floor, inside the walls."""
    return not e.removed and e.pos.y >= 1.0 and -9.0 < e.pos.x < 9.0 and -9.0 < e.pos.z < 9.0


def player_us(keys: str, counts: bool = False) -> float | tuple[float, int, int]:
    """µs per player tick (the whole server tick of a scene holding one player): the yaw turns 0.05 rad per
    tick, as in the peer's benchmark (set between ticks, as the mouse does). With `counts`, also the player ticks
    the compiled loop did and those it handed to the object path."""
    inputs = f"[[inputs]]\nentity = 1\nfrom = 1\nto = {TICKS}\n{keys}"
    sim = load_scene_text(arena() + '[[entities]]\ntype = "minecraft:player"\nid = 1\npos = [0.5, 1.0, 0.5]\n'
                          'motion = [0.0, -0.0784000015258789, 0.0]\non_ground = true\n' + inputs)
    p = sim.entity_by_id(1)
    step = math.degrees(0.05)
    t0 = time.perf_counter()
    for _ in range(TICKS):
        p.yaw = f32(p.yaw + step)
        sim.tick()
    elapsed = time.perf_counter() - t0
    assert in_arena(p), f"the player left the arena: {p.pos}, removed {p.removed}"
    us = elapsed / TICKS * 1e6
    return (us, sim.kernel_ticks, sim.object_ticks) if counts else us


def mob_us(compiled: bool = True) -> tuple[float, int, int]:
    """µs per mob tick of MOBS wither skeletons standing in the arena (the entity phase compiled or not), and the
    mob ticks the compiled loop did and those it handed to the object path."""
    ents = "".join(f'[[entities]]\ntype = "minecraft:wither_skeleton"\npos = [{-7.5 + (i % 10) * 1.5}, 1.0, '
                   f'{-7.5 + (i // 10) * 1.5}]\n' for i in range(MOBS))
    sim = load_scene_text(arena() + ents)
    sim.vectorize = compiled
    ticks = TICKS // 10
    t0 = time.perf_counter()
    for _ in range(ticks):
        sim.tick()
    elapsed = time.perf_counter() - t0
    assert all(in_arena(e) for e in sim.entities) and len(sim.entities) == MOBS
    return elapsed / ticks / MOBS * 1e6, sim.kernel_ticks, sim.object_ticks


def prismarine_us() -> dict | None:
    modules = Path(os.environ.get("ORACLE_DIR", Path.home() / ".cache" / "tickscope-oracle")) / "node_modules"
    script = Path(os.environ.get("PRISMARINE_TRACE_JS", ROOT.parent.parent / "shared" / "oracles" /
                                 "prismarine_trace.js"))
    if not script.exists():
        script = ROOT.parent / "shared" / "oracles" / "prismarine_trace.js"
    if not modules.exists() or not script.exists():
        return None
    done = subprocess.run(["node", str(script), "--bench", "100000"], capture_output=True, text=True, check=True,
                          env={**os.environ, "ORACLE_NODE_MODULES": str(modules)})
    return json.loads(done.stdout)


def main() -> None:
    print(f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}, "
          f"load {os.getloadavg()[0]:.2f}")
    peer = prismarine_us()
    for label, keys, peer_key in (("idle", "", "idle_on_ground"), ("walk", "forward = true\n", "walk"),
                                  ("sprint-jump", "forward = true\nsprint = true\njump = true\n", "sprint_jump")):
        ours = player_us(keys)
        line = f"player {label:12s} {ours:8.1f} µs/tick"
        if peer is not None:
            theirs = peer[peer_key]["us_per_tick"]
            line += f"   prismarine {theirs:6.2f} µs/tick   ratio {ours / theirs:6.1f}×"
        print(line)
    print(f"mob (wither skeleton, {MOBS} on a floor) {mob_us()[0]:8.1f} µs/mob-tick")
    if peer is not None:
        print(f"prismarine: node {peer['node']}")


if __name__ == "__main__":
    main()
