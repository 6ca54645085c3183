"""Launch benchmark (issue 23 item 8): for every bundled scene (`scenes/*.toml`) and every schematic in
`../shared/data/schematics/`, the time from starting `tickscope view FILE` to its first frame and to the frame that
shows the whole world meshed, as a table. Run: `python3 tests/bench/bench_launch.py [--launches N] [FILE ...]`.

Each launch is a new interpreter that runs `tickscope view` itself (`viewer.cli.main`: the scene loading in a forked
child, the kernels' warm-up started, the window opened through `run_viewer` with its layout and recent files in a
throw-away config folder), headless (EGL). The first frame is the one drawn from the loading child's summary before
the engine is imported (viewer/first_frame.py), where the tree launched has it; "meshed" is the first frame of the
whole window with every section meshed. Only the first frame and the end of meshing are reported from inside, by
wrapping `ViewerApp.draw_frame` once `viewer.launch` imports the viewer (the moment `tickscope view` does), so the
order of imports is the command's; with them, how long the window waited for the loading child's summary (the first
frame is bound by the child where that is more than a few milliseconds) and the child's CPU time from its fork to
sending the summary (steadier than the wait on a machine others share). A schematic 1.16.5 cannot hold in full
opens with `--allow-unmapped`, as the command tells its user to. As on a user's machine from the second launch on,
Python's bytecode cache is in place: one launch before the measured ones writes it (even where
PYTHONDONTWRITEBYTECODE is set). Results and the load average they were taken at: docs/performance.md, "Launch of
every scene".
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

ROOT = Path(__file__).resolve().parents[2]
LAUNCHES = 3
TIMEOUT_S = 60.0
TARGET_S = 1.0
FIRST, MESHED, SUMMARY = "first frame", "meshed", "summary"

# The child: `tickscope view FILE`, with `display_problem` (called between starting the load and importing the
# viewer) wrapped to wrap the first frames, and the wait for the loading child's summary timed.
CHILD = """
import os, sys, time
sys.path.insert(0, {root!r})
import viewer.launch as launch
import viewer.first_frame as first_frame_module
check = launch.display_problem
summary = launch.Loading.first_frame
start_loading = launch.start_loading
waited, forked, asked, meshing = [], [], [], []
def first_frame(self):
    asked.append(time.process_time() - forked[0])
    start = time.perf_counter()
    try:
        return summary(self)
    finally:
        waited.append(time.perf_counter() - start)
launch.Loading.first_frame = first_frame
def start(*args):
    forked.append(time.process_time())
    return start_loading(*args)
launch.start_loading = start
meshed = first_frame_module._meshed
def mesh(*args):
    meshing.append(time.process_time())
    return meshed(*args)
first_frame_module._meshed = mesh
write = launch._write_message
parent = os.getpid()
def write_message(pipe, data):
    if os.getpid() != parent and not getattr(write_message, "sent", False):   # the loading child's summary
        write_message.sent = True   # its CPU since the fork: at the summary sent, at its meshing started
        print({summary_line!r}, time.process_time(), meshing[0] if meshing else "nan", flush=True)
    write(pipe, data)
launch._write_message = write_message
def display_problem():
    import viewer.app as app
    draw = app.ViewerApp.draw_frame
    def draw_frame(self):
        draw(self)
        if not getattr(self, "_bench_drawn", False):
            self._bench_drawn = True
            self.ctx.finish()
            print({first!r}, time.process_time(), waited[0] if waited else 0.0, asked[0] if asked else "nan",
                  flush=True)
        if not self._meshing:
            self.ctx.finish()
            print({meshed!r}, flush=True)
            os._exit(0)
    app.ViewerApp.draw_frame = draw_frame
    return check()
launch.display_problem = display_problem
from viewer.cli import main
sys.argv = ["tickscope", "view", *{args!r}]
sys.exit(main())
"""


def files(names: list[str]) -> list[Path]:
    """The files named, or every bundled scene and shared schematic."""
    if names:
        return [Path(n).resolve() for n in names]
    schematics = ROOT.parent / "shared" / "data" / "schematics"
    if not schematics.is_dir():   # a worktree lives one level deeper
        schematics = ROOT.parents[1] / "shared" / "data" / "schematics"
    found = sorted((ROOT / "scenes").glob("*.toml"))
    return found + sorted(p for p in schematics.glob("*") if p.suffix in (".litematic", ".schem", ".schematic",
                                                                          ".nbt"))


def view_args(path: Path) -> list[str]:
    """`tickscope view`'s arguments for `path`: `--allow-unmapped` where the schematic needs it."""
    if path.suffix == ".toml":
        return [str(path)]
    sys.path.insert(0, str(ROOT))
    from engine import SceneError, load_scene
    try:
        load_scene(str(path))
    except SceneError:
        return [str(path), "--allow-unmapped"]
    return [str(path)]


def launch_once(args: list[str], config: str, root: Path = ROOT) -> tuple[float, ...]:
    """Seconds from starting the process to its first frame and to the whole world meshed, the CPU seconds of the
    viewer's process (all its threads, not the loading child) at its first frame (steadier than wall time on a
    machine others share), the seconds it waited for the loading child's summary, the loading child's CPU seconds
    from its fork to sending the summary and to starting the summary's meshing (nan where the tree launched sends
    none), and the window's CPU seconds from the fork to asking for the summary. On two free cores the window waits
    about the child's CPU to its summary less the window's to asking (from its meshing start where the child stops
    meshing when asked)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYGLET_HEADLESS="1", XDG_CONFIG_HOME=config)
    code = CHILD.format(root=str(root), first=FIRST, meshed=MESHED, summary_line=SUMMARY, args=args)
    start = time.perf_counter()
    with subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, env=env, text=True,
                          cwd=root) as process:
        try:
            said = process.stdout.readline().split()
            child = before_meshing = float("nan")
            if said[:1] == [SUMMARY]:
                child, before_meshing = float(said[1]), float(said[2])
                said = process.stdout.readline().split()
            if " ".join(said[:2]) != FIRST:
                raise RuntimeError(f"{args[0]}: the viewer did not draw its first frame")
            first = time.perf_counter() - start
            if process.stdout.readline().strip() != MESHED:
                raise RuntimeError(f"{args[0]}: the viewer did not finish meshing")
            return (first, time.perf_counter() - start, float(said[2]), float(said[3]), child, before_meshing,
                    float(said[4]))
        finally:
            process.kill()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", help="scenes or schematics (default: every bundled one)")
    parser.add_argument("--launches", type=int, default=LAUNCHES, help="measured launches per file (median)")
    parser.add_argument("--tree", type=Path, default=ROOT,
                        help="the checkout whose viewer is launched (another one: a baseline; default this one)")
    args = parser.parse_args()
    chosen = files(args.files)
    rows = []
    with tempfile.TemporaryDirectory() as config:
        launch_once(view_args(chosen[0]), config, args.tree)   # writes the bytecode cache
        for path in chosen:
            command = view_args(path)
            times = [launch_once(command, config, args.tree) for _ in range(args.launches)]
            first = statistics.median(t[0] for t in times)
            meshed = statistics.median(t[1] for t in times)
            cpu = statistics.median(t[2] for t in times)
            waited = statistics.median(t[3] for t in times)
            child, before, ask = (statistics.median(t[i] for t in times) for i in (4, 5, 6))
            rows.append((path.name, first, meshed, cpu, waited, child, before, ask))
            print(f"{path.name:45s} {first:6.2f} s {meshed:6.2f} s {cpu:6.2f} s {waited:6.3f} s {child:6.3f} s "
                  f"{before:6.3f} s {ask:6.3f} s", file=sys.stderr, flush=True)
    print(f"load average at the end: {', '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"median of {args.launches} launches each")
    print("| file | first frame | whole world meshed | CPU at the first frame | waited for the summary "
          "| child's CPU to its summary (to its meshing) | window's CPU from the fork to asking |")
    print("|---|---|---|---|---|---|---|")
    for name, first, meshed, cpu, waited, child, before, ask in rows:
        mark = "" if first <= TARGET_S else " (over 1 s)"
        print(f"| {name} | {first:.2f} s{mark} | {meshed:.2f} s | {cpu:.2f} s | {waited:.3f} s "
              f"| {child:.3f} s ({before:.3f} s) | {ask:.3f} s |")
    slow = [name for name, first, *_ in rows if first > TARGET_S]
    print(f"{len(rows) - len(slow)} of {len(rows)} within {TARGET_S:.1f} s to the first frame")
    return 0


if __name__ == "__main__":
    sys.exit(main())
