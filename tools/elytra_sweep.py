"""Fig. 6.3.2 of the thesis (spec 09 L20): a gliding player's final horizontal speed against its pitch.

For each pitch a scene with one gliding player high above everything runs for `--ticks` game ticks from rest
(72,000 in the thesis; a few thousand already settle a downward look); one CSV row per pitch:
pitch (degrees, positive looks down), horizontal speed and vertical Motion (m/gt) after the last tick.

    python3 tools/elytra_sweep.py --from -30 --to 90 --step 5 --ticks 72000 > fig_6_3_2.csv
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def glide(pitch: float, ticks: int) -> tuple[float, float]:
    """(horizontal speed, Y Motion) of a player gliding from rest at `pitch` after `ticks` ticks."""
    from engine.tick.scene import load_scene_text
    sim = load_scene_text(f"""
[[entities]]
type = "minecraft:player"
id = 1
pos = [0.5, 10000000.0, 0.5]
pitch = {float(pitch)}
equipment = {{ chest = "minecraft:elytra" }}
fall_flying = true
""", "elytra sweep")
    p = sim.entity_by_id(1)
    for _ in range(ticks):
        sim.tick()
    return math.hypot(p.motion.x, p.motion.z), p.motion.y


def sweep(first: float, last: float, step: float, ticks: int) -> list[tuple[float, float, float]]:
    rows = []
    n = int(round((last - first) / step))
    for i in range(n + 1):
        pitch = first + i * step
        rows.append((pitch, *glide(pitch, ticks)))
    return rows


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--from", dest="first", type=float, default=-30.0)
    ap.add_argument("--to", dest="last", type=float, default=90.0)
    ap.add_argument("--step", type=float, default=5.0)
    ap.add_argument("--ticks", type=int, default=72_000)
    args = ap.parse_args(argv)
    print("pitch,horizontal_speed,motion_y")
    for pitch, h, y in sweep(args.first, args.last, args.step, args.ticks):
        print(f"{pitch!r},{h!r},{y!r}")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
