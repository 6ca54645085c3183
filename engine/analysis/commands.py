"""`tickscope sweep|solve|diff` (interfaces.md, "More commands"): argument parsers and runners. The CLI module
registers these parsers and hands the parsed arguments here; bad input is one line and status 2."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

from engine.analysis import arguments

COMMANDS = ("sweep", "solve", "diff")


def add_parsers(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("sweep", help="run every combination of varied scene values and print CSV")
    s.add_argument("scene")
    s.add_argument("--ticks", type=arguments.ticks, required=True)
    s.add_argument("--vary", action="append", default=[], metavar="PATH=LO:HI:COUNT")
    s.add_argument("--measure", action="append", default=[], metavar="PATH")
    s.add_argument("--out", help="CSV file (default: standard output)")
    s.add_argument("--workers", type=arguments.workers, help="local processes (default: one per CPU)")
    s.add_argument("--scheduler", type=arguments.scheduler, help="Dask scheduler address, e.g. tcp://10.0.0.5:8786")
    v = sub.add_parser("solve", help="search varied scene values for the runs closest to targets")
    v.add_argument("scene")
    v.add_argument("--ticks", type=arguments.ticks, required=True)
    v.add_argument("--vary", action="append", default=[], metavar="PATH=LO:HI[:int]")
    v.add_argument("--target", action="append", default=[], metavar="PATH=VALUE")
    v.add_argument("--top", type=arguments.positive, default=1, help="how many of the best runs to print")
    d = sub.add_parser("diff", help="run a scene in two versions; print where they first differ")
    d.add_argument("scene")
    d.add_argument("--versions", required=True, metavar="A,B")
    d.add_argument("--ticks", type=arguments.ticks, required=True)


def run(args: argparse.Namespace, fail: Callable[[str], int]) -> int:
    from engine.analysis.paths import PathError
    from engine.core.limits import SimulationLimit
    from engine.tick.scene import SceneError
    try:
        if args.command == "sweep":
            return _sweep(args, fail)
        if args.command == "solve":
            return _solve(args, fail)
        return _diff(args, fail)
    except (SceneError, PathError, SimulationLimit, arguments.ArgumentError) as err:
        return fail(str(err))
    except NotImplementedError as err:
        return fail(f"not simulated: {err}")
    except BrokenPipeError:   # the reader of the rows stopped (`| head`), as `trace` allows
        return 0


def _sweep(args: argparse.Namespace, fail: Callable[[str], int]) -> int:
    from engine.analysis.sweep import sweep, write_csv
    from engine.core.atomic_file import replaced_atomically
    if not args.vary or not args.measure:
        return fail("sweep needs at least one --vary PATH=LO:HI:COUNT and one --measure PATH")
    out = arguments.output_file(args.out) if args.out else None
    header, rows = sweep(args.scene, args.ticks, args.vary, args.measure, args.workers, args.scheduler)
    if out is None:
        write_csv(sys.stdout, header, rows)
        return 0
    try:   # rows written as the runs finish; the file replaces an older one only once complete
        with replaced_atomically(out) as tmp, open(tmp, "w", newline="", encoding="utf-8") as f:
            write_csv(f, header, rows)
    except OSError as err:
        return fail(f"{args.out}: cannot write: {err.strerror}")
    return 0


def _solve(args: argparse.Namespace, fail: Callable[[str], int]) -> int:
    from engine.analysis.solve import solve
    from engine.analysis.sweep import write_csv
    if not args.vary or not args.target:
        return fail("solve needs at least one --vary PATH=LO:HI[:int] and one --target PATH=VALUE")
    header, rows = solve(args.scene, args.ticks, args.vary, args.target, args.top)
    write_csv(sys.stdout, header, rows)
    return 0


def _diff(args: argparse.Namespace, fail: Callable[[str], int]) -> int:
    from engine.analysis.diff import first_difference
    versions = [v.strip() for v in args.versions.split(",")]
    if len(versions) != 2 or not all(versions):
        return fail(f"--versions must be two versions A,B, got {args.versions!r}")
    print(json.dumps(first_difference(args.scene, versions[0], versions[1], args.ticks)))
    return 0
