"""Viewer benchmark (issues 3 and 11): frame time of a 100,000-block scene with 2,000 TNT boxes and trace overlays at
1280x720, and the time from launch to the first frame. Run: `PYGLET_HEADLESS=1 python tests/bench/bench_viewer.py`.

The scene is written as TOML and loaded through the public loader, 100,000 blocks either as `floors` (ten
100x100 floors 4 blocks apart, four materials in 8x8 patches, the top one glass: every floor is seen through
the glass, the worst case for fill rate) or as a `solid` 50x40x50 block of the same patches; 2,000 TNT.

Launch: a new interpreter opens the viewer on the scene and reports its first frame; the time runs from starting
the process. As on a user's machine from the second launch on, Python's bytecode cache is in place: one launch
before the measured ones writes it (even where PYTHONDONTWRITEBYTECODE is set, as on the project's build machine).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("PYGLET_HEADLESS", "1")
os.environ.setdefault("PYGLET_DEBUG_GL", "0")  # as `tickscope view` runs (viewer.launch)
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

MATERIALS = ("minecraft:stone", "minecraft:oak_planks", "minecraft:cobblestone", "minecraft:obsidian")
FLOORS = 10
SIDE = 100
PATCH = 8
ENTITIES = 2000
LAUNCHES = 7     # measured after one that writes the bytecode cache; 7, as this machine's speed varies by the second
ROOT = Path(__file__).resolve().parents[2]
FIRST_FRAME = "first frame"


SOLID = (50, 40, 50)


def scene_text(layout: str, distinct: bool = False) -> str:
    parts = ['[scene]\nname = "viewer benchmark"\n']
    if layout == "floors":
        layers, side, height = [4 * floor for floor in range(FLOORS)], (SIDE, SIDE), 1
    else:
        layers, side, height = list(range(0, SOLID[1], PATCH)), (SOLID[0], SOLID[2]), PATCH
    for n, y in enumerate(layers):
        for px in range(0, side[0], PATCH):
            for pz in range(0, side[1], PATCH):
                top = layout == "floors" and n == len(layers) - 1
                block = "minecraft:glass" if top else MATERIALS[(px // PATCH + pz // PATCH + n) % 4]
                y1 = min(y + height, SOLID[1]) - 1
                parts.append(f'[[blocks]]\nfrom = [{px}, {y}, {pz}]\nto = [{min(px + PATCH, side[0]) - 1}, {y1}, '
                             f'{min(pz + PATCH, side[1]) - 1}]\nblock = "{block}"\n')
    for i in range(ENTITIES):
        x, z, y = (i * 37) % SIDE + 0.5, (i * 53) % SIDE + 0.5, 4 * (i % FLOORS) + 41.0
        if distinct:   # every box in its own place (the default repeats 100 places, which stacks boxes)
            x, z, y = (i % 50) * 2 + 0.5, (i // 50) * 2.5 + 0.5, 41.0 + (i % 3)
        parts.append(f'[[entities]]\ntype = "minecraft:tnt"\npos = [{x}, {y}, {z}]\nmotion = [0.02, 0.2, 0.02]\n'
                     f'fuse = 80\n')
    return "\n".join(parts)


def launch_seconds(scene: Path) -> float:
    """From starting a new interpreter to its first frame of `scene` (median of LAUNCHES), in the steps of
    `tickscope view` (`viewer.launch.open_viewer`: the collector paused, the scene loading in a forked child while
    the viewer's modules load, then the viewer on the scene received)."""
    child = (f"import gc; gc.disable()\nimport sys; sys.path.insert(0, {str(ROOT)!r})\n"
             f"from viewer.launch import start_loading\nloading = start_loading({str(scene)!r})\n"
             "from viewer.app import ViewerApp\n"
             f"app = ViewerApp({str(scene)!r}, visible=False, sim=loading(), resume_gc=True)\n"
             f"app.draw_frame(); app.ctx.finish(); print({FIRST_FRAME!r}, flush=True)\n")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    times = []
    for _ in range(LAUNCHES + 1):
        start = time.perf_counter()
        with subprocess.Popen([sys.executable, "-c", child], stdout=subprocess.PIPE, env=env, text=True) as process:
            if process.stdout.readline().strip() != FIRST_FRAME:
                raise RuntimeError("the viewer did not draw its first frame")
            times.append(time.perf_counter() - start)
            process.kill()
    return statistics.median(times[1:])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=60)
    parser.add_argument("--layout", choices=("floors", "solid"), default="floors")
    parser.add_argument("--distinct", action="store_true", help="put every entity box in its own place")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.toml"
        path.write_text(scene_text(args.layout, args.distinct), encoding="utf-8")
        first_frame = launch_seconds(path)
        from viewer.app import ViewerApp
        app = ViewerApp(str(path), visible=False)
        app.draw_frame()
        app.state.rewind_to = 1  # one tick run, and one TNT selected: its trace is drawn
        app.state.selected_entity = 1
        app.draw_frame()
        while app.scene.update_world(app.sim.world):  # finish meshing before timing
            pass
        blocks = sum(int((ids != 0).sum()) for _, ids in app.sim.world.sections())
        times = []
        for _ in range(args.frames):
            app.controls.orbit.rotate(2.0, 0.0)  # the camera moves: nothing can be cached
            t = time.perf_counter()
            app.draw_frame()
            app.ctx.finish()
            times.append(time.perf_counter() - t)
        app.close()
    median = statistics.median(times)
    print(f"{args.layout}: blocks {blocks}, entities {len(app.sim.entities)}, world triangles {app.state.triangles}")
    targets = ("<= 1.0 s", ">= 60 fps") if args.distinct else ("<= 2 s", ">= 30 fps")  # issue 11 / issue 3
    print(f"launch to first frame: {first_frame:.2f} s, median of {LAUNCHES} (target {targets[0]})")
    print(f"frame time at 1280x720: median {median * 1000:.1f} ms = {1 / median:.1f} fps (target {targets[1]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
