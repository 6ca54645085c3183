"""Benchmark (issue 12): a 1,000,000-block schematic opened as a scene, read and placed, in ≤ 5 s with bounded
memory.

Run: python3 tests/bench/bench_schematic.py   (not collected by pytest). The schematic is a 100 × 100 × 100 box of
24 block states in random cells (no runs to exploit), exported by `tickscope export` as .litematic and .schem; a
vanilla-sized structure file (48³ = 110,592 blocks, the structure block's limit) as .nbt. Each file is loaded with
`load_scene` in a fresh process (read, map, place: the scene is ready to tick), best of REPEATS; peak memory is the
process's maximum resident set minus what it held before loading. Peer, in the same run: litemapy (pure Python)
reading the same .litematic without placing it. Results: docs/performance.md.
"""

from __future__ import annotations

import json
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[2]
REPEATS = 3
SIDE = 100
STRUCTURE_SIDE = 48
STATES = ["minecraft:stone", "minecraft:slime_block", "minecraft:honey_block", "minecraft:obsidian",
          "minecraft:oak_planks", "minecraft:glass", "minecraft:soul_sand", "minecraft:cobweb",
          "minecraft:oak_slab[type=top]", "minecraft:oak_stairs[facing=east]", "minecraft:ladder[facing=north]",
          "minecraft:water[level=0]", "minecraft:sand", "minecraft:dispenser[facing=up]", "minecraft:piston",
          "minecraft:sticky_piston[facing=west]", "minecraft:observer", "minecraft:redstone_block",
          "minecraft:note_block", "minecraft:tnt", "minecraft:iron_trapdoor[half=top]", "minecraft:scaffolding",
          "minecraft:bamboo", "minecraft:chain"]

LOAD = """
import json, sys, time
sys.path.insert(0, {repo!r})
from engine.tick.scene import load_scene
def peak_kib():   # VmHWM: this process's peak resident set (ru_maxrss would carry the parent's over exec)
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmHWM"))
base = peak_kib()
t0 = time.perf_counter()
sim = load_scene({path!r})
t = time.perf_counter() - t0
blocks = sum(int((sec != 0).sum()) for _, sec in sim.world.sections())
print(json.dumps({{"s": t, "blocks": blocks, "mib": (peak_kib() - base) / 1024, "base": base / 1024}}))
"""
PEER = """
import json, sys, time
from litemapy import Schematic
t0 = time.perf_counter()
Schematic.load({path!r})
print(json.dumps({{"s": time.perf_counter() - t0}}))
"""


def make(side: int, suffix: str, folder: Path) -> Path:
    """A side³ box of random states at the origin, exported with `tickscope export`."""
    sys.path.insert(0, str(REPO))
    from engine.schematics import export
    from engine.tick.scene import load_scene_text
    from engine.world.blocks import parse_block_state
    ids = np.array([parse_block_state(s).id for s in STATES], dtype=np.uint16)
    grid = ids[np.random.default_rng(12).integers(0, len(ids), size=(side, side, side))]
    sim = load_scene_text('[scene]\nname = "bench"\n', "bench")
    sim.world.place_block_ids(0, 0, 0, grid)
    path = folder / f"bench{suffix}"
    export(sim, path)
    return path


def run(code: str) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO)
    return json.loads(out.stdout)


def best(code: str) -> dict[str, float]:
    runs = [run(code) for _ in range(REPEATS)]
    return min(runs, key=lambda r: r["s"])


def main() -> None:
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, numpy {np.__version__}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for side, suffix in ((SIDE, ".litematic"), (SIDE, ".schem"), (STRUCTURE_SIDE, ".nbt")):
            path = make(side, suffix, folder)
            r = best(LOAD.format(repo=str(REPO), path=str(path)))
            print(f"{suffix:10} {side ** 3:>9,} cells {r['blocks']:>9,} blocks  {path.stat().st_size / 1e6:5.2f} MB  "
                  f"load {r['s']:.2f} s  peak +{r['mib']:.0f} MiB over {r['base']:.0f} MiB after imports")
            if suffix == ".litematic":
                peer = best(PEER.format(path=str(path)))
                print(f"{'':10} litemapy reads the same file (no placing): {peer['s']:.2f} s, "
                      f"{peer['s'] / r['s']:.1f}× ours")


if __name__ == "__main__":
    main()
