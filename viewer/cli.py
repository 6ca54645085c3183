"""The `tickscope` command (interfaces.md). `trace` runs headless and never imports pyglet, moderngl or imgui."""

from __future__ import annotations

import argparse
import json
import os
import sys
from importlib import metadata
from pathlib import Path
from typing import NoReturn

from engine.analysis import commands as analysis_commands

SCENES_DIR = Path(__file__).resolve().parent.parent / "scenes"
DEFAULT_SCENE = SCENES_DIR / "tnt_flat_ground.toml"


class _Parser(argparse.ArgumentParser):
    """Bad arguments: one line on stderr and status 2 (interfaces.md)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"tickscope: {message} (see 'tickscope --help')\n")


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="tickscope", description="Tick-exact Minecraft entity motion: simulate, trace, view.")
    p.add_argument("--version", action="version", version=f"tickscope {metadata.version('tickscope')}")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)
    v = sub.add_parser("view", help="open the viewer on a scene")
    v.add_argument("scene")
    v.add_argument("--history-budget", help="memory for rewind history, e.g. 512M or 4G (default 2G)")
    t = sub.add_parser("trace", help="run N ticks headless and print JSON lines")
    t.add_argument("scene")
    t.add_argument("--ticks", type=int, required=True)
    t.add_argument("--stages", action="store_true", help="include each entity's stage records")
    t.add_argument("--entity", type=int, help="only this entity id")
    t.add_argument("--allow-unmapped", action="store_true", help="a schematic loads without what 1.16.5 lacks")
    r = sub.add_parser("render", help="render the state after tick T to a PNG, or ticks A..B to a video, offscreen")
    r.add_argument("scene")
    when = r.add_mutually_exclusive_group(required=True)
    when.add_argument("--tick", type=int, help="one frame: the state after tick T, to FILE.png")
    when.add_argument("--ticks", help="A..B: one frame per tick, to FILE.mp4, FILE.gif or DIR/ (numbered PNGs)")
    r.add_argument("--out", required=True)
    r.add_argument("--fps", type=float, default=20.0, help="frames per second of a video or GIF (default 20)")
    r.add_argument("--entity", type=int, help="the camera follows this entity")
    r.add_argument("--caption", action="store_true", help="write the scene's name and the tick on each frame")
    r.add_argument("--legend", action="store_true", help="list the colours drawn on each frame")
    r.add_argument("--size", default="1280x720", help="WxH")
    r.add_argument("--camera", help="camera preset or parameters")
    r.add_argument("--overlays", help="comma-separated trace roles to draw")
    x = sub.add_parser("export", help="write a scene or schematic as .litematic, .nbt, .schem or .toml")
    x.add_argument("scene")
    x.add_argument("--out", required=True)
    x.add_argument("--tick", type=int, default=0, help="run this many ticks first")
    x.add_argument("--allow-unmapped", action="store_true", help="a schematic loads without what 1.16.5 lacks")
    analysis_commands.add_parsers(sub)
    return p


def _fail(message: str) -> int:
    from engine.tick.scene_checks import one_line
    print(f"tickscope: {one_line(message)}", file=sys.stderr)
    return 2


def trace_lines(scene: str, ticks: int, stages: bool, entity: int | None, allow_unmapped: bool = False):
    """Yield the JSON-line objects of `tickscope trace` (line 0 = the state before any tick)."""
    from engine.tick.scene import load_scene
    sim = load_scene(scene, allow_unmapped)
    sim.trace_enabled = stages

    def line(record) -> dict:
        entities = []
        for e in (sim.reported_entities() if record else sim.entities):
            if entity is not None and e.id != entity:
                continue
            d = e.trace_line()
            if stages:
                d["stages"] = [s.to_json() for s in record.stages_of(e.id)] if record else []
            entities.append(d)
        return {"tick": sim.tick_count, "entities": entities, "events": record.events if record else []}

    yield line(None)
    for _ in range(ticks):
        yield line(sim.tick())


def cmd_trace(args: argparse.Namespace) -> int:
    from engine.tick.limits import SimulationLimit
    from engine.tick.scene import SceneError
    if args.ticks < 0:
        return _fail(f"--ticks must be >= 0, got {args.ticks}")
    if sys.stderr.isatty():   # a terminal hears why the first run waits; piped, stderr stays empty on success
        from engine import jit
        jit.on_cold_cache.append(lambda: print("tickscope: compiling the engine's kernels, once (they are cached "
                                               "for later runs)", file=sys.stderr))
    try:
        lines = trace_lines(args.scene, args.ticks, args.stages, args.entity, args.allow_unmapped)
        out = sys.stdout
        for obj in lines:
            out.write(json.dumps(obj) + "\n")
    except SceneError as err:
        return _fail(str(err))
    except NotImplementedError as err:   # a mechanic the engine does not simulate yet, named in the message
        return _fail(f"not simulated: {err}")
    except SimulationLimit as err:       # where vanilla itself would stall (engine/tick/limits.py)
        return _fail(str(err))
    except BrokenPipeError:
        return 0
    return 0


def _size(text: str) -> tuple[int, int] | None:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        return None
    return (w, h) if w > 0 and h > 0 else None


def cmd_render(args: argparse.Namespace) -> int:
    size = _size(args.size)
    if size is None:
        return _fail(f"--size must be WxH with positive integers, got {args.size!r}")
    if args.tick is not None and args.tick < 0:
        return _fail(f"--tick must be >= 0, got {args.tick}")
    from engine.tick.limits import SimulationLimit
    from engine.tick.scene import SceneError
    from viewer.render import RenderError, render_to_png
    try:
        if args.ticks is not None:
            from viewer.video import parse_ticks, render_video
            render_video(args.scene, parse_ticks(args.ticks), args.out, size, args.camera, args.overlays, args.fps,
                         args.entity, args.caption, args.legend)
        else:
            render_to_png(args.scene, args.tick, args.out, size, args.camera, args.overlays)
    except (SceneError, RenderError, SimulationLimit) as err:
        return _fail(str(err))
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from engine.schematics import SchematicError, export
    from engine.tick.limits import SimulationLimit
    from engine.tick.scene import SceneError, load_scene
    from engine.tick.scene_writer import SceneWriteError
    if args.tick < 0:
        return _fail(f"--tick must be >= 0, got {args.tick}")
    try:
        sim = load_scene(args.scene, args.allow_unmapped)
        for _ in range(args.tick):
            sim.tick()
        export(sim, args.out)
    except (SceneError, SchematicError, SceneWriteError, SimulationLimit) as err:
        return _fail(str(err))
    except OSError as err:
        return _fail(f"{args.out}: cannot write: {err.strerror}")
    return 0


def cmd_view(scene: str | None, history_budget: str | None = None) -> int:
    if history_budget is not None:
        from viewer.history import BUDGET_ENV, parse_budget
        if parse_budget(history_budget) is None:
            return _fail(f"--history-budget must be a size of at least 1M such as 512M or 4G, got {history_budget!r}")
        os.environ[BUDGET_ENV] = history_budget
    from viewer.launch import open_viewer
    return open_viewer(scene)


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "trace":
        return cmd_trace(args)
    if args.command == "render":
        return cmd_render(args)
    if args.command == "export":
        return cmd_export(args)
    if args.command == "view":
        return cmd_view(args.scene, args.history_budget)
    if args.command in analysis_commands.COMMANDS:
        return analysis_commands.run(args, _fail)
    return cmd_view(str(DEFAULT_SCENE))


if __name__ == "__main__":
    sys.exit(main())
