"""Benchmark (issue 8 item 8): a tick stepped while driving a player in the viewer, against a plain step.

A headless window on scenes/player_sprint_jump_route.toml; TICKS steps with nothing recorded (the peer), then,
rewound to 0, TICKS steps driving the player with W held (each one records its tick: an edit that snapshots the
simulation twice, branches the history and pins a keyframe). With `--autosave` the recovery file is written at
each edit too, as in `tickscope view`. Reports wall and CPU ms per step and the ratio.

Run: python3 tests/bench/bench_driving.py [TICKS] [--autosave]   (not collected by pytest; default 60)
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

os.environ.setdefault("PYGLET_HEADLESS", "1")

from pyglet.window import key  # noqa: E402

from viewer.app import ViewerApp  # noqa: E402

SCENE = Path(__file__).resolve().parents[2] / "scenes" / "player_sprint_jump_route.toml"


def steps(app: ViewerApp, n: int) -> tuple[float, float]:
    """Wall and CPU ms per tick of `n` steps through the app loop."""
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(n):
        app.state.pending_steps += 1
        app.advance(0.0)
    return (time.perf_counter() - t0) / n * 1e3, (time.process_time() - c0) / n * 1e3


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("ticks", nargs="?", type=int, default=60)
    parser.add_argument("--autosave", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        app = ViewerApp(str(SCENE), size=(640, 400), visible=False,
                        recovery_dir=Path(tmp) if args.autosave else None)
        plain = steps(app, args.ticks)
        app.state.rewind_to = 0
        app.advance(0.0)
        app.state.selected_entity, app.state.driving = 1, True
        app.controls.keys.on_key_press(key.W, 0)
        driven = steps(app, args.ticks)
        app.close()
    print(f"plain step {plain[0]:.2f} ms ({plain[1]:.2f} CPU); driven step {driven[0]:.2f} ms ({driven[1]:.2f} CPU); "
          f"ratio {driven[1] / plain[1]:.1f}x CPU; autosave {args.autosave}")


if __name__ == "__main__":
    main()
