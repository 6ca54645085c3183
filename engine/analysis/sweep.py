"""`tickscope sweep` (interfaces.md): every combination of the varied values, one CSV row per run, written in order
as the runs finish (memory does not grow with the sweep), runs spread over local processes, or over a Dask
cluster when a scheduler address is given; a tqdm progress bar on stderr when it is a terminal."""

from __future__ import annotations

import csv
import itertools
import os
import tomllib
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path as FilePath
from typing import Any, TextIO

from tqdm import tqdm

from engine.analysis.arguments import MAX_SWEEP_RUNS, ArgumentError, bounds, sweep_runs, whole
from engine.analysis.paths import Path, PathError, parse_measure, parse_path, read_scene_value
from engine.analysis.runs import check_measures, run_variant
from engine.schematics import is_schematic
from engine.tick.scene import SceneError, schematic_doc

RUNS_PER_TASK = 25
TASKS_AHEAD = 4          # tasks in flight per local worker: the pool stays busy, rows wait for their turn
DASK_TASKS_AHEAD = 256   # tasks in flight on a Dask cluster


@dataclass(frozen=True)
class Vary:
    """`PATH=LO:HI:COUNT`: COUNT evenly spaced values from LO to HI inclusive (integers where `integer`)."""

    path: Path
    lo: int | float
    hi: int | float
    count: int
    integer: bool

    def values(self) -> list[Any]:
        if self.count == 1:
            return [self.lo]
        if self.integer:   # exact: the spacing is whole (parse_vary)
            step = (self.hi - self.lo) // (self.count - 1)
            return [self.lo + step * i for i in range(self.count)]
        return [float(self.lo + (self.hi - self.lo) * i / (self.count - 1)) for i in range(self.count)]


def read_scene_doc(scene: str) -> dict[str, Any]:
    """A scene file parsed to its TOML document, or a schematic's scene (SceneError on a missing file, text that is
    not UTF-8 or bad TOML)."""
    if is_schematic(FilePath(scene)):
        return schematic_doc(FilePath(scene))
    try:
        return tomllib.loads(FilePath(scene).read_text(encoding="utf-8"))
    except OSError as err:
        raise SceneError(f"{scene}: cannot read: {err.strerror}") from None
    except UnicodeDecodeError as err:
        raise SceneError(f"{scene}: not UTF-8 text (byte {err.start}: {err.reason})") from None
    except tomllib.TOMLDecodeError as err:
        raise SceneError(f"{scene}: not valid TOML: {err}") from None


def parse_vary(spec: str, doc: dict[str, Any]) -> Vary:
    """`PATH=LO:HI:COUNT`: COUNT evenly spaced values from LO to HI inclusive; integers where the scene value is
    an integer (then the spacing must be whole). Numbers are checked by engine.analysis.arguments."""
    name, sep, rng = spec.partition("=")
    parts = rng.split(":")
    if not sep or len(parts) != 3:
        raise PathError(f"--vary {spec!r}: expected PATH=LO:HI:COUNT")
    path = parse_path(name)
    current = read_scene_value(doc, path)
    lo, hi = bounds(parts[0], parts[1], f"--vary {name}")
    count = whole(parts[2], f"--vary {name} COUNT", 1, MAX_SWEEP_RUNS)
    if isinstance(current, bool) or not isinstance(current, (int, float)):
        raise PathError(f"--vary {name}: the scene value {current!r} is not a number")
    if not isinstance(current, int):
        return Vary(path, float(lo), float(hi), count, False)
    if lo != int(lo) or hi != int(hi) or (count > 1 and (int(hi) - int(lo)) % (count - 1)):
        raise PathError(f"--vary {name}: {current!r} is an integer; {lo}:{hi}:{count} gives fractions")
    return Vary(path, int(lo), int(hi), count, True)


def _run_task(doc: dict[str, Any], source: str, ticks: int, paths: list[Path], measures: list[Path],
              rows: list[tuple[Any, ...]]) -> list[list[float]]:
    """A batch of runs in one worker; a SceneError or PathError travels back to the caller."""
    return [run_variant(doc, source, ticks, list(zip(paths, row, strict=True)), measures) for row in rows]


def _batches(rows: Iterable[tuple[Any, ...]], per_task: int) -> Iterator[list[tuple[Any, ...]]]:
    rows = iter(rows)
    while batch := list(itertools.islice(rows, per_task)):
        yield batch


def _in_order(submit: Callable[[list], Any], batches: Iterable[list], ahead: int) -> Iterator[tuple[list, Any]]:
    """(batch, its results) in the batches' order, with at most `ahead` batches submitted and unanswered; `submit`
    returns a future (concurrent.futures or Dask)."""
    pending: deque = deque()
    for batch in batches:
        pending.append((batch, submit(batch)))
        if len(pending) >= ahead:
            first, future = pending.popleft()
            yield first, future.result()
    while pending:
        first, future = pending.popleft()
        yield first, future.result()


def sweep(scene: str, ticks: int, vary: list[str], measure: list[str], workers: int | None = None,
          scheduler: str | None = None, progress: bool = True) -> tuple[list[str], Iterator[list[Any]]]:
    """(CSV header, the rows of every combination, made as they are read). The arguments are checked here, before
    any run: SceneError/PathError/ArgumentError for bad input (one line); a run's own error comes with its row."""
    doc = read_scene_doc(scene)
    varies = [parse_vary(v, doc) for v in vary]
    runs = sweep_runs([v.count for v in varies])
    measures = [parse_measure(m) for m in measure]
    check_measures(doc, scene, measures)
    header = [v.path.text for v in varies] + [m.text for m in measures]
    task = partial(_run_task, doc, scene, ticks, [v.path for v in varies], measures)
    client = _dask_client(scheduler) if scheduler else None   # connected now: an error comes before any row
    return header, _rows(task, varies, runs, workers or os.cpu_count() or 1, client, progress)


def _rows(task: Callable[[list], list[list[float]]], varies: list[Vary], runs: int, workers: int,
          client: Any, progress: bool) -> Iterator[list[Any]]:
    """Every combination (the last PATH varying fastest) with its measured values, in order."""
    combinations = itertools.product(*(v.values() for v in varies))
    with tqdm(total=runs, unit="run", disable=None if progress else True) as bar:   # None: on a terminal
        if client is not None:
            results = _on_dask(client, task, _batches(combinations, RUNS_PER_TASK))
        elif workers == 1:
            results = ((batch, task(batch)) for batch in _batches(combinations, RUNS_PER_TASK))
        else:
            per_task = max(1, min(RUNS_PER_TASK, runs // (TASKS_AHEAD * workers)))
            results = _on_processes(workers, task, _batches(combinations, per_task))
        for batch, values in results:
            bar.update(len(batch))
            for row, measured in zip(batch, values, strict=True):
                yield list(row) + list(measured)


def _on_processes(workers: int, task: Callable, batches: Iterator[list]) -> Iterator[tuple[list, Any]]:
    pool = ProcessPoolExecutor(workers)
    try:
        yield from _in_order(partial(pool.submit, task), batches, TASKS_AHEAD * workers)
    finally:
        pool.shutdown(cancel_futures=True)


def _dask_client(address: str) -> Any:
    """A distributed.Client of the Dask scheduler at `address` (its shape checked by arguments.scheduler)."""
    from distributed import Client
    try:
        return Client(address, timeout="10s")
    except (OSError, TimeoutError) as err:
        raise ArgumentError(f"--scheduler {address}: cannot connect ({err})") from None


def _on_dask(client: Any, task: Callable, batches: Iterator[list]) -> Iterator[tuple[list, Any]]:
    """The batches run on the Dask cluster of `client`, which is closed at the end."""
    with client:
        yield from _in_order(lambda batch: client.submit(task, batch, pure=False), batches, DASK_TASKS_AHEAD)


def run_sweep(scene: str, ticks: int, vary: list[str], measure: list[str], workers: int | None = None,
              scheduler: str | None = None, progress: bool = True) -> tuple[list[str], list[list[Any]]]:
    """(CSV header, rows) of every combination, all made before it returns (the viewer's sweep plot)."""
    header, rows = sweep(scene, ticks, vary, measure, workers, scheduler, progress)
    return header, list(rows)


def write_csv(out: TextIO, header: list[str], rows: Iterable[list[Any]], flush: bool = True) -> None:
    """Floats as Python repr (shortest round trip), like the trace; each row as it comes (with `flush`, written
    through at once: a sweep's rows arrive one by one). The header waits for the first row: a scene whose first
    run stops on a refused mechanic prints only that one line."""
    w = csv.writer(out, lineterminator="\n")
    rows = iter(rows)
    first = next(rows, None)
    w.writerow(header)
    for row in rows if first is None else itertools.chain([first], rows):
        w.writerow([repr(v) if isinstance(v, float) else v for v in row])
        if flush:
            out.flush()
