"""`tickscope solve` (interfaces.md): search integers (TNT counts, fuses, ticks) and reals (positions, Motion) for
the runs whose measured PATHs come closest to targets.

Each run is simulated until its measured thrown projectiles fly free with nothing left to meet; from there the
closed forms (spec 02, engine.analysis.formulas) give the state at tick N (engine.analysis.runs). The search is
global, then local: a coarse grid over the whole box (GRID_RUNS runs at most, spread evenly over the varied PATHs),
then from each grid point better than its grid neighbours (the best MULTI_STARTS of those separate basins: a lob
and a flat throw reach the same block) a damped Gauss–Newton on the residuals with finite-difference slopes,
integers rounded, then a compass search on the reals (where landings are discrete Newton's slopes vanish) and a
±1 neighbourhood descent on the integers. An entity `count` is not gridded: it is held at
its low end, since a run costs in proportion to it (2,000 TNT: seconds) and a pile's push grows with it, so the
local search from the small piles finds its answer in a few cheap runs. Closest = least Euclidean distance to the
targets, over every run made."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from engine.analysis.arguments import bounds, number
from engine.analysis.paths import Path, PathError, parse_measure, parse_path, read_scene_value
from engine.analysis.runs import check_measures, run_variant
from engine.analysis.sweep import read_scene_doc

MAX_RUNS = 300
GRID_RUNS = 48          # the coarse grid's runs at most (per gridded PATH: the GRID_RUNS-th root, at least 2)
MULTI_STARTS = 4        # local searches started from the best grid points that are better than their neighbours
NEWTON_STEPS = 30
REAL_STEP = 1e-3        # finite-difference step, as a fraction of the range (above the sine table's steps)
CONVERGED = 1e-9        # distance to the targets counted as hit
COMPASS_STEP = 1e-6     # the compass search's last step, as a fraction of the range


@dataclass(frozen=True)
class Range:
    path: Path
    lo: float
    hi: float
    integer: bool

    def clip(self, v: float) -> float:
        v = min(max(v, self.lo), self.hi)
        return int(round(v)) if self.integer else v

    @property
    def gridded(self) -> bool:
        """Covered by the coarse grid (every PATH but an entity count, see the module's note)."""
        return not (self.integer and self.path.table == "entities" and self.path.key == "count")

    def grid(self, points: int) -> list[float]:
        """`points` values spread evenly from LO to HI (integers: rounded, repeats dropped); LO alone if not
        gridded."""
        if not self.gridded or self.lo == self.hi:
            return [self.clip(self.lo)]
        return list(dict.fromkeys(self.clip(float(v)) for v in np.linspace(self.lo, self.hi, points)))


def parse_range(spec: str, doc: dict[str, Any]) -> Range:
    """`PATH=LO:HI` (reals) or `PATH=LO:HI:int` (integers; also when the scene value is an integer); the bounds
    are checked by engine.analysis.arguments."""
    name, sep, rng = spec.partition("=")
    parts = rng.split(":")
    if not sep or len(parts) not in (2, 3) or (len(parts) == 3 and parts[2] != "int"):
        raise PathError(f"--vary {spec!r}: expected PATH=LO:HI or PATH=LO:HI:int")
    path = parse_path(name)
    current = read_scene_value(doc, path)
    if isinstance(current, bool) or not isinstance(current, (int, float)):
        raise PathError(f"--vary {name}: the scene value {current!r} is not a number")
    lo, hi = bounds(parts[0], parts[1], f"--vary {name}")   # finite: the grid and the slopes stay numbers
    integer = len(parts) == 3 or isinstance(current, int)
    if integer and (lo != int(lo) or hi != int(hi)):
        raise PathError(f"--vary {name}: an integer range needs integer bounds, got {lo}:{hi}")
    return Range(path, lo, hi, integer)


def parse_target(spec: str) -> tuple[Path, float]:
    name, sep, value = spec.partition("=")
    if not sep:
        raise PathError(f"--target {spec!r}: expected PATH=VALUE")
    return parse_measure(name), float(number(value, f"--target {name} VALUE"))


class _Search:
    def __init__(self, doc: dict[str, Any], source: str, ticks: int, ranges: list[Range],
                 targets: list[tuple[Path, float]], max_runs: int) -> None:
        self.doc, self.source, self.ticks, self.ranges = doc, source, ticks, ranges
        self.measures = [p for p, _ in targets]
        self.goal = np.array([v for _, v in targets])
        self.max_runs = max_runs
        self.cache: dict[tuple, tuple[np.ndarray, float]] = {}
        self.grid_points = 1

    def run(self, x: tuple) -> tuple[np.ndarray, float]:
        """(measured values, distance to the targets) of one run; cached."""
        if x not in self.cache:
            values = np.array(run_variant(self.doc, self.source, self.ticks,
                                          [(r.path, v) for r, v in zip(self.ranges, x, strict=True)],
                                          self.measures, coast=True))
            dist = float(np.linalg.norm(values - self.goal))
            self.cache[x] = (values, dist if math.isfinite(dist) else math.inf)
        return self.cache[x]

    def point(self, v: np.ndarray) -> tuple:
        return tuple(r.clip(float(a)) for r, a in zip(self.ranges, v, strict=True))

    def spent(self) -> bool:
        return len(self.cache) >= self.max_runs

    def newton(self, x: tuple) -> tuple:
        """Damped Gauss–Newton from x; returns the best point reached."""
        for _ in range(NEWTON_STEPS):
            values, dist = self.run(x)
            if dist <= CONVERGED or self.spent():
                break
            jac = np.zeros((len(values), len(x)))
            for j, r in enumerate(self.ranges):
                h = 1.0 if r.integer else max(REAL_STEP * (r.hi - r.lo), 1e-12)
                if x[j] + h > r.hi:
                    h = -h
                probe = list(x)
                probe[j] = r.clip(x[j] + h)
                if probe[j] == x[j]:
                    continue
                jac[:, j] = (self.run(tuple(probe))[0] - values) / (probe[j] - x[j])
            if not np.all(np.isfinite(jac)):
                break
            step = np.linalg.lstsq(jac, self.goal - values, rcond=None)[0]
            for damp in (1.0, 0.5, 0.25, 0.125):
                cand = self.point(np.array(x, dtype=float) + damp * step)
                if cand != x and self.run(cand)[1] < dist:
                    x = cand
                    break
            else:
                break
        return x

    def compass(self, x: tuple, spacing: float) -> tuple:
        """Moves of ± a step on each real PATH (a share `spacing` of its range) while one improves, the step
        halved when none does, down to COMPASS_STEP: Newton stalls where landings are discrete (a pearl's hit tick)
        and its slopes vanish."""
        reals = [j for j, r in enumerate(self.ranges) if not r.integer and r.lo != r.hi]
        share = spacing
        while reals and share >= COMPASS_STEP and self.run(x)[1] > CONVERGED and not self.spent():
            moved = False
            for j in reals:
                r = self.ranges[j]
                for d in (-1, 1):
                    cand = list(x)
                    cand[j] = r.clip(x[j] + d * share * (r.hi - r.lo))
                    if tuple(cand) != x and self.run(tuple(cand))[1] < self.run(x)[1]:
                        x, moved = tuple(cand), True
            if not moved:
                share /= 2
        return x

    def grid_starts(self) -> list[tuple]:
        """The coarse grid run, then its points better than every grid neighbour (one per basin), best first."""
        gridded = sum(r.gridded and r.lo != r.hi for r in self.ranges)
        points = self.grid_points = max(2, int(GRID_RUNS ** (1.0 / gridded))) if gridded else 1
        axes = [r.grid(points) for r in self.ranges]
        shape = tuple(len(a) for a in axes)
        dist = np.empty(shape)
        for idx in np.ndindex(shape):
            dist[idx] = self.run(tuple(a[i] for a, i in zip(axes, idx, strict=True)))[1]
        starts = []
        for idx in np.ndindex(shape):
            steps = [tuple(i + d if k == j else i for k, i in enumerate(idx)) for j in range(len(idx)) for d in (-1, 1)]
            if all(dist[idx] <= dist[n] for n in steps if all(0 <= i < m for i, m in zip(n, shape, strict=True))):
                starts.append((dist[idx], tuple(a[i] for a, i in zip(axes, idx, strict=True))))
        return [x for _, x in sorted(starts)[:MULTI_STARTS]]

    def descend_integers(self, x: tuple) -> tuple:
        """±1 moves on the integer PATHs while one improves."""
        improved = True
        while improved and not self.spent():
            improved = False
            for j, r in enumerate(self.ranges):
                if not r.integer:
                    continue
                for d in (-1, 1):
                    cand = list(x)
                    cand[j] = r.clip(x[j] + d)
                    if tuple(cand) != x and self.run(tuple(cand))[1] < self.run(x)[1]:
                        x, improved = tuple(cand), True
        return x


def solve(scene: str, ticks: int, vary: list[str], target: list[str], top: int = 1,
          max_runs: int = MAX_RUNS) -> tuple[list[str], list[list[Any]]]:
    """(CSV header, the `top` best runs): varied values, measured values, distance to the targets."""
    doc = read_scene_doc(scene)
    ranges = [parse_range(v, doc) for v in vary]
    targets = [parse_target(t) for t in target]
    check_measures(doc, scene, [p for p, _ in targets])
    search = _Search(doc, scene, ticks, ranges, targets, max_runs)
    # a run measured at an infinity gives inf - inf: its distance counts as inf and Newton stops at a slope that is
    # not finite (_Search), so numpy's warnings would only say so on stderr
    with np.errstate(over="ignore", invalid="ignore"):
        for start in search.grid_starts():
            x = search.compass(search.newton(start), 0.5 / max(search.grid_points - 1, 1))
            search.descend_integers(search.newton(x))
    best = sorted(search.cache.items(), key=lambda kv: kv[1][1])[:top]
    header = [r.path.text for r in ranges] + [p.text for p, _ in targets] + ["distance"]
    return header, [list(x) + [float(v) for v in values] + [dist] for x, (values, dist) in best]
