"""The `tickscope` command (interfaces.md). `trace` runs headless and never imports pyglet, moderngl or imgui."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path
from typing import Any, NoReturn

from engine import analysis_commands, arguments

SCENES_DIR = Path(__file__).resolve().parent.parent / "scenes"
DEFAULT_SCENE = SCENES_DIR / "tnt_flat_ground.toml"
UNMAPPED_HELP = "a schematic loads without the blocks and entities its release lacks"
NEGATIVE_NUMBERS = re.compile(r"^-\d+$|^-\d*\.\d+$|^-\d+(,-?\d+)+$")   # -5, -.5, and -20,0,-20 (X,Y,Z)


class _Parser(argparse.ArgumentParser):
    """Bad arguments: one line on stderr and status 2 (interfaces.md). `--from -20,0,-20` reads its value as a
    number would be read (argparse takes a word starting with '-' for an option unless it looks like a number)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = NEGATIVE_NUMBERS

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"tickscope: {message} (see 'tickscope --help')\n")


class _Version(argparse.Action):
    """`--version`: the installed package's version, read only when asked (importlib.metadata costs the launch
    70 ms)."""

    def __call__(self, parser: argparse.ArgumentParser, *args: Any) -> NoReturn:
        from importlib import metadata
        print(f"tickscope {metadata.version('tickscope')}")
        parser.exit()


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="tickscope", description="Tick-exact Minecraft entity motion: simulate, trace, view.")
    p.add_argument("--version", action=_Version, nargs=0, help="show the program's version number and exit")
    p.add_argument("--limit", action="append", default=[], metavar="NAME=N",
                   help="raise an input limit: cells, nbt_bytes, nbt_tags, entities, scene_bytes (README, Limits)")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)
    v = sub.add_parser("view", help="open the viewer on a scene")
    v.add_argument("scene")
    v.add_argument("--history-budget", type=arguments.byte_size,
                   help="memory for rewind history, 1M to 1T, e.g. 512M or 4G (default 2G)")
    v.add_argument("--allow-unmapped", action="store_true", help=UNMAPPED_HELP)
    _add_world_box(v)
    _add_release(v)
    t = sub.add_parser("trace", help="run N ticks headless and print JSON lines")
    t.add_argument("scene")
    t.add_argument("--ticks", type=arguments.ticks, required=True)
    shape = t.add_mutually_exclusive_group()
    shape.add_argument("--stages", action="store_true", help="include each entity's stage records")
    shape.add_argument("--csv", metavar="FIELDS", type=_table_fields,
                       help="a CSV table instead: one row per live entity and tick, these comma-separated fields "
                            "(id, type, pos, motion, fuse, age, fall_distance, on_ground, health, "
                            "horizontal_collision, vertical_collision, box)")
    t.add_argument("--type", type=_table_kind, help="with --csv: only entities of this type (e.g. minecraft:tnt)")
    t.add_argument("--entity", type=arguments.entity_id, help="only this entity id")
    t.add_argument("--allow-unmapped", action="store_true", help=UNMAPPED_HELP)
    _add_world_box(t)
    _add_release(t)
    r = sub.add_parser("render", help="render the state after tick T to an image, or ticks A..B to a video, "
                                      "offscreen")
    r.add_argument("scene")
    when = r.add_mutually_exclusive_group(required=True)
    when.add_argument("--tick", type=arguments.ticks,
                      help="one frame: the state after tick T, to FILE.png, .jpg, .webp or .bmp")
    when.add_argument("--ticks", type=arguments.tick_range,
                      help="A..B: one frame per tick, to FILE.mp4, FILE.gif or DIR/ (numbered PNGs)")
    r.add_argument("--out", required=True)
    r.add_argument("--fps", type=arguments.fps, default=20.0,
                   help="frames per second of a video or GIF, 0.01 to 100 (default 20)")
    r.add_argument("--entity", type=arguments.entity_id, help="the camera follows this entity")
    r.add_argument("--caption", action="store_true", help="write the scene's name and the tick on each frame")
    r.add_argument("--legend", action="store_true", help="list the colours drawn on each frame")
    r.add_argument("--size", type=arguments.frame_size, default="1280x720", help="WxH, each 1 to 8192")
    r.add_argument("--camera", help="camera preset or parameters")
    r.add_argument("--overlays", help="comma-separated layers (entities, trace, labels, gizmo, redstone) and trace "
                                      "roles to draw")
    r.add_argument("--allow-unmapped", action="store_true", help=UNMAPPED_HELP)
    _add_world_box(r)
    _add_release(r)
    x = sub.add_parser("export", help="write a scene or schematic as .litematic, .nbt, .schem, .schematic or .toml")
    x.add_argument("scene")
    x.add_argument("--out", required=True)
    x.add_argument("--tick", type=arguments.ticks, default=0, help="run this many ticks first")
    x.add_argument("--allow-unmapped", action="store_true", help=UNMAPPED_HELP)
    _add_world_box(x)
    _add_release(x)
    vs = sub.add_parser("versions", help="the version table: every release x every mechanic, simulated or refused")
    vs.add_argument("release", nargs="?", help="one release: each mechanic, and what changed where it is refused")
    vs.add_argument("--json", action="store_true", help="every cell as JSON: version, mechanic, simulated, why")
    analysis_commands.add_parsers(sub)
    return p


def _add_world_box(parser: argparse.ArgumentParser) -> None:
    """`SCENE` may be a world folder with the box to load (interfaces.md, "Worlds")."""
    parser.add_argument("--from", dest="box_from", type=arguments.block_pos, metavar="X,Y,Z",
                        help="with a world folder: one corner of the box to load (inclusive, world coordinates)")
    parser.add_argument("--to", dest="box_to", type=arguments.block_pos, metavar="X,Y,Z",
                        help="with a world folder: the opposite corner (inclusive)")
    parser.add_argument("--dimension", default="overworld",
                        help="with a world folder: overworld (default), the_nether or the_end")


def _add_release(parser: argparse.ArgumentParser) -> None:
    """`--version`: the release a schematic or world folder runs in, its blocks read in that release's names."""
    parser.add_argument("--version", dest="release", type=arguments.release, metavar="RELEASE",
                        help="the release a schematic or world folder runs in (default 1.16.5); with a scene file, "
                             "it replaces the scene's version")


def world_box(args: argparse.Namespace) -> tuple | None:
    """The box `--from`..`--to` in `--dimension` (engine.WorldBox's fields), or None when no corner is given."""
    if (args.box_from is None) != (args.box_to is None):
        raise arguments.ArgumentError("--from and --to go together: the two corners of a world folder's box")
    return None if args.box_from is None else (args.box_from, args.box_to, args.dimension)


def _table_fields(text: str) -> tuple[str, ...]:
    from engine import entity_table
    try:
        return entity_table.parse_fields(text)
    except entity_table.FieldError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _table_kind(text: str) -> str:
    from engine import entity_table
    try:
        return entity_table.parse_kind(text)
    except entity_table.FieldError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def cmd_versions(args: argparse.Namespace) -> int:
    from engine import versions
    if args.json:
        print(json.dumps(versions.table(), indent=1))
        return 0
    try:
        print(versions.table_text(args.release), end="")
    except ValueError as err:
        return _fail(str(err))
    return 0


def _fail(message: str) -> int:
    from engine import one_line
    print(f"tickscope: {one_line(message)}", file=sys.stderr)
    return 2


def trace_lines(scene: str, ticks: int, stages: bool, entity: int | None, allow_unmapped: bool = False,
                region: tuple | None = None, release: str | None = None):
    """Yield the JSON-line objects of `tickscope trace` (line 0 = the state before any tick)."""
    from engine import load_scene
    sim = load_scene(scene, allow_unmapped, region, release)
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
        out = {"tick": sim.tick_count, "entities": entities, "events": record.events if record else []}
        if stages:
            out["redstone"] = record.redstone if record else {"scheduled_ticks": [], "neighbor_updates": [],
                                                              "wire_power": []}
        return out

    yield line(None) | ({"notices": sim.notices} if sim.notices else {})
    for _ in range(ticks):
        yield line(sim.tick())


def table_ticks(scene: str, ticks: int, entity: int | None, allow_unmapped: bool = False,
                region: tuple | None = None, release: str | None = None):
    """Yield (tick, {id: engine.logged_state}) of the live entities before any tick and after each (`--csv`)."""
    from engine import load_scene, logged_state
    sim = load_scene(scene, allow_unmapped, region, release)
    for n in range(ticks + 1):
        if n:
            sim.tick()
        yield sim.tick_count, {e.id: logged_state(e) for e in sim.entities if entity is None or e.id == entity}


def cmd_trace(args: argparse.Namespace) -> int:
    from engine import ArgumentError, SceneError, SimulationLimit
    if sys.stderr.isatty():   # a terminal hears why the first run waits; piped, stderr stays empty on success
        from engine import jit
        jit.on_cold_cache.append(lambda: print("tickscope: compiling the engine's kernels, once (they are cached "
                                               "for later runs)", file=sys.stderr))
    try:
        if args.csv:
            from engine import entity_table
            table = entity_table.rows(table_ticks(args.scene, args.ticks, args.entity, args.allow_unmapped,
                                                  world_box(args), args.release),
                                      args.csv, args.type)
            entity_table.write_table(sys.stdout, args.csv, table)
            return 0
        if args.type is not None:
            return _fail("--type needs --csv (the JSON lines take --entity)")
        lines = trace_lines(args.scene, args.ticks, args.stages, args.entity, args.allow_unmapped, world_box(args),
                            args.release)
        out = sys.stdout
        for obj in lines:
            out.write(json.dumps(obj) + "\n")
    except (SceneError, ArgumentError) as err:
        return _fail(str(err))
    except NotImplementedError as err:   # a mechanic the engine does not simulate yet, named in the message
        return _fail(f"not simulated: {err}")
    except SimulationLimit as err:       # where vanilla itself would stall (engine/core/limits.py)
        return _fail(str(err))
    except BrokenPipeError:
        return 0
    return 0


def cmd_render(args: argparse.Namespace) -> int:
    from engine import ArgumentError, SceneError, SimulationLimit
    from viewer.render import RenderError, render_to_png
    try:
        region = world_box(args)
        if args.ticks is not None:
            from viewer.video import render_video
            render_video(args.scene, args.ticks, args.out, args.size, args.camera, args.overlays, args.fps,
                         args.entity, args.caption, args.legend, args.allow_unmapped, progress=True, region=region,
                         release=args.release)
        else:
            render_to_png(args.scene, args.tick, args.out, args.size, args.camera, args.overlays, args.allow_unmapped,
                          region, args.entity, args.caption, args.legend, args.release)
    except (SceneError, RenderError, SimulationLimit, ArgumentError) as err:
        return _fail(str(err))
    except NotImplementedError as err:   # a mechanic the engine does not simulate yet, named in the message
        return _fail(f"not simulated: {err}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from engine import SceneError, SceneWriteError, SchematicError, SimulationLimit, export, load_scene
    try:
        arguments.output_file(args.out)
        sim = load_scene(args.scene, args.allow_unmapped, world_box(args), args.release)
        for _ in range(args.tick):
            sim.tick()
        export(sim, args.out)
    except (SceneError, SchematicError, SceneWriteError, SimulationLimit, arguments.ArgumentError) as err:
        return _fail(str(err))
    except NotImplementedError as err:   # a mechanic the engine does not simulate yet, named in the message
        return _fail(f"not simulated: {err}")
    except OSError as err:
        return _fail(f"{args.out}: cannot write: {err.strerror}")
    return 0


def cmd_view(scene: str | None, history_budget: int | None = None, allow_unmapped: bool = False,
             region: tuple | None = None, release: str | None = None) -> int:
    if history_budget is not None:
        from viewer.history import BUDGET_ENV
        os.environ[BUDGET_ENV] = str(history_budget)
    from viewer.launch import open_viewer
    return open_viewer(scene, allow_unmapped, region, release)


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    from engine import parse_setting, set_limits
    try:
        set_limits(dict(parse_setting(text) for text in args.limit))
    except ValueError as err:
        return _fail(str(err))
    if args.command == "trace":
        return cmd_trace(args)
    if args.command == "render":
        return cmd_render(args)
    if args.command == "export":
        return cmd_export(args)
    if args.command == "view":
        try:
            region = world_box(args)
        except arguments.ArgumentError as err:
            return _fail(str(err))
        return cmd_view(args.scene, args.history_budget, args.allow_unmapped, region, args.release)
    if args.command == "versions":
        return cmd_versions(args)
    if args.command in analysis_commands.COMMANDS:
        return analysis_commands.run(args, _fail)
    return cmd_view(str(DEFAULT_SCENE))


if __name__ == "__main__":
    sys.exit(main())
