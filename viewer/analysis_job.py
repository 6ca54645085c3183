"""The window's long work as background jobs (the Analysis panel's sweep, solve, version diff and ghost run; the
Release menu's run in another release, `viewer.release_switch`): each runs in a child process (forked on Linux: it
starts at once, with the engine already imported; spawned elsewhere), which sends its progress and then its result,
or its error as one line, through a pipe. The window keeps drawing: the child holds no lock of this process, and
the status line shows the job's progress bar and a Cancel button, which ends the child. Results are those of the
CLI's commands (`tickscope sweep|solve|diff`), which call the same functions."""

from __future__ import annotations

import math
import pickle
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

FORKS = sys.platform == "linux"   # a child forked, with this process's memory; elsewhere spawned (the work pickled)
Progress = Callable[[float], None]   # a job's work tells its progress, 0 to 1
Work = Callable[[Progress], Any]


class AnalysisJob:
    """`work` (a picklable function of a progress callback) run in a child process; `poll` each frame."""

    def __init__(self, name: str, work: Work, measured: bool = True, unpicklable: bool = False) -> None:
        """`name` labels the progress bar; `measured`: the work tells its progress (else the bar only moves);
        `unpicklable`: the work holds what does not pickle (the window's edits, closures), so it needs a forked child
        and, where none can be forked, runs here at once (the window waits)."""
        import multiprocessing  # imported on first use: start-up time (36 ms)
        self.name, self.measured = name, measured
        self.fraction = 0.0
        self.started = time.perf_counter()
        self._end: tuple[str, Any] | None = None
        self.process: Any = None
        if unpicklable and not FORKS:
            self._end = _outcome(work, self._told)
            return
        context = multiprocessing.get_context("fork" if FORKS else "spawn")
        self._answers, answer = context.Pipe(duplex=False)
        self.process = context.Process(target=_child, args=(answer, work), daemon=True)
        self.process.start()
        answer.close()   # the child's end: the pipe reports the child's death as end of file

    def _told(self, fraction: float) -> None:
        self.fraction = fraction

    def progress(self) -> float:
        """The progress bar's value: 0 to 1, or an animated negative value (ImGui's 'running, amount unknown')."""
        return self.fraction if self.measured else -(time.perf_counter() - self.started)

    def label(self) -> str:
        if self.measured:
            return f"{self.name}: {self.fraction:.0%}"
        return f"{self.name}: {time.perf_counter() - self.started:.0f} s"

    def cancel(self) -> None:
        """End the child now; the next `poll` says 'cancelled'."""
        if self._end is None:   # (a job run here has ended already)
            self._end = ("cancelled", None)
            self.process.terminate()
            self.process.join()
            self._answers.close()

    def poll(self) -> tuple[str, Any] | None:
        """None while the work runs; then ('done', result), ('error', one line) or ('cancelled', None)."""
        while self._end is None and self._answers.poll():
            try:
                kind, value = self._answers.recv()
            except (EOFError, OSError):   # the child died without answering (killed from outside)
                kind, value = "error", f"{self.name}: the background process ended (exit status " \
                                       f"{self.process.exitcode})"
            if kind == "progress":
                self.fraction = value
            else:
                self._end = (kind, value)
                self.process.join()
                self._answers.close()
        return self._end


def _child(answer: Any, work: Work) -> None:
    """In the child: run the work, telling its progress; answer with its result or its error (one line)."""
    from engine import one_line
    told = [0.0]

    def progress(fraction: float) -> None:   # each hundredth once: a long sweep's rows never fill the pipe
        if fraction >= told[0] + 0.01 or fraction >= 1.0:
            told[0] = fraction
            answer.send(("progress", fraction))
    end = _outcome(work, progress)
    try:
        answer.send(end)
    except (pickle.PicklingError, TypeError, AttributeError) as err:   # pickled before any byte is sent
        answer.send(("error", one_line(f"the result does not pickle: {type(err).__name__}: {err}")))
    answer.close()


def _outcome(work: Work, progress: Progress) -> tuple[str, Any]:
    """('done', what the work returns) or ('error', why it failed, in one line)."""
    from engine import ArgumentError, PathError, SceneError, SimulationLimit, one_line
    try:
        return "done", work(progress)
    except (SceneError, PathError, SimulationLimit, ArgumentError) as err:   # as the CLI says them
        return "error", one_line(str(err))
    except NotImplementedError as err:
        return "error", one_line(f"not simulated: {err}")
    except Exception as err:   # anything else: still one line in the Errors panel, never a dead window
        return "error", one_line(f"{type(err).__name__}: {err}")


def sweep_rows(scene: str, ticks: int, vary: list[str], measure: list[str],
               progress: Progress) -> tuple[list[str], list[list[Any]]]:
    """`tickscope sweep` in one process: (CSV header, rows), progress told by rows done."""
    from engine import sweep
    header, rows = sweep(scene, ticks, vary, measure, 1, None, False)
    runs = math.prod(int(v.rpartition(":")[2]) for v in vary)   # COUNT of each PATH=LO:HI:COUNT (checked)
    done: list[list[Any]] = []
    for row in rows:
        done.append(row)
        progress(len(done) / runs)
    return header, done


def solve_rows(scene: str, ticks: int, vary: list[str], target: list[str], top: int,
               progress: Progress) -> tuple[list[str], list[list[Any]]]:
    """`tickscope solve`: (CSV header, the `top` best runs); its search tells no progress."""
    from engine import solve
    return solve(scene, ticks, vary, target, top)


def difference(scene: str, version_a: str, version_b: str, ticks: int, progress: Progress) -> dict[str, Any]:
    """`tickscope diff`: the first difference, progress told by ticks compared."""
    from engine import first_difference
    return first_difference(scene, version_a, version_b, ticks, lambda tick, last: progress(tick / max(last, 1)))


def ghost(scene: str, version_a: str, version_b: str, ticks: int, progress: Progress) -> Any:
    """The scene run in a second version beside its own (`engine.run_ghost`), progress told by ticks run."""
    from engine import run_ghost
    return run_ghost(scene, version_a, version_b, ticks, lambda tick, last: progress(tick / max(last, 1)))


def start(name: str, work: Callable[..., Any], *args: Any, measured: bool = True) -> AnalysisJob:
    """`work(*args, progress)` as a job."""
    return AnalysisJob(name, partial(work, *args), measured)


def running_jobs(app: Any) -> list[AnalysisJob]:
    """The Analysis panel's jobs running in `app` (none before the panel is first drawn)."""
    st = app.__dict__.get("analysis_state")
    return st.jobs() if st is not None else []
