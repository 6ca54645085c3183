"""`tickscope sweep` (interfaces.md): every combination of the varied values, one CSV row per run, runs spread
over local processes, or over a Dask cluster when a scheduler address is given; a tqdm progress bar on stderr."""

from __future__ import annotations

import csv
import itertools
import os
import tomllib
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path as FilePath
from typing import Any, TextIO

from tqdm import tqdm

from engine.analysis.paths import Path, PathError, parse_measure, parse_path, read_scene_value
from engine.analysis.runs import check_measures, run_variant
from engine.tick.scene import SceneError

RUNS_PER_TASK = 25


@dataclass(frozen=True)
class Vary:
    path: Path
    values: list[Any]


def read_scene_doc(scene: str) -> dict[str, Any]:
    """A scene file parsed to its TOML document (SceneError on a missing file or bad TOML)."""
    try:
        return tomllib.loads(FilePath(scene).read_text(encoding="utf-8"))
    except OSError as err:
        raise SceneError(f"{scene}: cannot read: {err.strerror}") from None
    except tomllib.TOMLDecodeError as err:
        raise SceneError(f"{scene}: not valid TOML: {err}") from None


def parse_number(text: str, what: str) -> int | float:
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        raise PathError(f"{what}: {text!r} is not a number") from None


def parse_vary(spec: str, doc: dict[str, Any]) -> Vary:
    """`PATH=LO:HI:COUNT`: COUNT evenly spaced values from LO to HI inclusive; integers where the scene value is
    an integer (then the spacing must be whole)."""
    name, sep, rng = spec.partition("=")
    parts = rng.split(":")
    if not sep or len(parts) != 3:
        raise PathError(f"--vary {spec!r}: expected PATH=LO:HI:COUNT")
    path = parse_path(name)
    current = read_scene_value(doc, path)
    lo, hi = parse_number(parts[0], f"--vary {name} LO"), parse_number(parts[1], f"--vary {name} HI")
    count = parse_number(parts[2], f"--vary {name} COUNT")
    if not isinstance(count, int) or count < 1:
        raise PathError(f"--vary {name}: COUNT must be a positive integer, got {parts[2]!r}")
    if lo > hi:
        raise PathError(f"--vary {name}: LO {lo} is greater than HI {hi}")
    if isinstance(current, bool) or not isinstance(current, (int, float)):
        raise PathError(f"--vary {name}: the scene value {current!r} is not a number")
    values = [lo + (hi - lo) * i / (count - 1) for i in range(count)] if count > 1 else [lo]
    if isinstance(current, int):
        if any(v != int(v) for v in values):
            raise PathError(f"--vary {name}: {current!r} is an integer; {lo}:{hi}:{count} gives fractions")
        values = [int(v) for v in values]
    else:
        values = [float(v) for v in values]
    return Vary(path, values)


def combinations(varies: list[Vary]) -> list[tuple[Any, ...]]:
    """Every combination, the last PATH varying fastest."""
    return list(itertools.product(*(v.values for v in varies)))


def _run_task(doc: dict[str, Any], source: str, ticks: int, paths: list[Path], rows: list[tuple[Any, ...]],
              measures: list[Path]) -> list[list[float]]:
    """A batch of runs in one worker; a SceneError or PathError travels back to the caller."""
    return [run_variant(doc, source, ticks, list(zip(paths, row, strict=True)), measures) for row in rows]


def _tasks(rows: list[tuple[Any, ...]], per_task: int) -> Iterator[tuple[int, list[tuple[Any, ...]]]]:
    for start in range(0, len(rows), per_task):
        yield start, rows[start:start + per_task]


def run_sweep(scene: str, ticks: int, vary: list[str], measure: list[str], workers: int | None = None,
              scheduler: str | None = None, progress: bool = True) -> tuple[list[str], list[list[Any]]]:
    """(CSV header, rows) of every combination. SceneError/PathError for bad input (one line)."""
    doc = read_scene_doc(scene)
    varies = [parse_vary(v, doc) for v in vary]
    measures = [parse_measure(m) for m in measure]
    check_measures(doc, scene, measures)
    rows = combinations(varies)
    paths = [v.path for v in varies]
    results: list[list[float] | None] = [None] * len(rows)
    submit = _dask_submitter(scheduler) if scheduler else None
    with tqdm(total=len(rows), unit="run", disable=None if progress else True) as bar:   # None: on a terminal
        def store(start: int, values: list[list[float]]) -> None:
            results[start:start + len(values)] = values
            bar.update(len(values))

        n_workers = workers or os.cpu_count() or 1
        if submit is not None:
            submit(_run_task, [(doc, scene, ticks, paths, chunk, measures) for _, chunk in
                               _tasks(rows, RUNS_PER_TASK)], [s for s, _ in _tasks(rows, RUNS_PER_TASK)], store)
        elif n_workers == 1:
            for start, chunk in _tasks(rows, RUNS_PER_TASK):
                store(start, _run_task(doc, scene, ticks, paths, chunk, measures))
        else:
            per_task = max(1, min(RUNS_PER_TASK, len(rows) // (4 * n_workers) or 1))
            with ProcessPoolExecutor(n_workers) as pool:
                futures = {pool.submit(_run_task, doc, scene, ticks, paths, chunk, measures): start
                           for start, chunk in _tasks(rows, per_task)}
                for fut in as_completed(futures):
                    store(futures[fut], fut.result())
    header = [v.path.text for v in varies] + [m.text for m in measures]
    return header, [list(row) + list(res or []) for row, res in zip(rows, results, strict=True)]


def _dask_submitter(address: str) -> Callable:
    """Runs the tasks on the Dask cluster at `address` (distributed.Client), storing results as they finish."""
    from distributed import Client
    from distributed import as_completed as dask_completed

    def submit(fn: Callable, task_args: list[tuple], starts: list[int], store: Callable) -> None:
        try:
            client = Client(address, timeout="10s")
        except (OSError, TimeoutError) as err:
            raise PathError(f"--scheduler {address}: cannot connect ({err})") from None
        with client:
            futures = [client.submit(fn, *args, pure=False) for args in task_args]
            index = {f.key: s for f, s in zip(futures, starts, strict=True)}
            for fut in dask_completed(futures):
                store(index[fut.key], fut.result())
    return submit


def write_csv(out: TextIO, header: list[str], rows: list[list[Any]]) -> None:
    """Floats as Python repr (shortest round trip), like the trace."""
    w = csv.writer(out, lineterminator="\n")
    w.writerow(header)
    for row in rows:
        w.writerow([repr(v) if isinstance(v, float) else v for v in row])
