"""The open scene run in another release (the menu bar's Release menu, issue 26 item 5): the scene is loaded again
in the release chosen, as `tickscope view SCENE --version RELEASE` loads it, and the history starts again from its
first tick; the tick shown stays shown (the new release runs up to it), and so does the camera.

What is loaded: the file itself (a schematic or world folder read into that release's block names, a scene's
`[[spawns]]` made by that release) where it holds the run's start; else (the scene saved or recovered since it was
opened, the file changed on disk, the scheduled actions or a driven player's inputs edited) the start in memory,
before the edits in force, with the actions and inputs as they are now, written by the scene writer (as Save and the
autosave write it: spawns as the entities they made) and loaded with its `version` replaced
(`engine.analysis.diff.load_in_version`). Either way the edits in force are then made again, each at its tick, on
the new run (`Playback.replay_after`), so none is lost and each can still be undone; one that no longer applies
there lapses as after any change of the run (it stays on the stack, and the Errors panel says so). The redo list,
which holds states of the old run, is cleared; the bookmarks are kept. As with `--version`, the release chosen is
not an edit: the title's unsaved mark stays for the edits only; Save writes `version = "RELEASE"`, and a reload
(F5, the file changed on disk) keeps the release.

The new run is made in a background job (`viewer.analysis_job`, a forked child: the edits are closures, which do not
pickle): the load, the history from the first tick with the edits made again, up to the tick shown. The window
keeps drawing and runs the release shown meanwhile, with the job's progress bar and Cancel in the status line. The
child sends the run back without trace records (a record may hold the compiled loop's stages, replayed on demand,
which do not pickle): keyframes keep none anyway, and the window runs again the ticks whose records it shows (the
tick shown, and those of the edits, whose snapshots undo restores). Choosing another release while a run is made
cancels it; the edits changed meanwhile (an edit, undo or redo, a save), the run is made again from them; another
scene opened (or this one reloaded) cancels it.

A release that refuses the scene (when loading it, or in a tick run up to the one shown, the last edited one and at
least the first, where most refused mechanics stop a run) is one line in the Errors panel, and the release shown
runs on as it was.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from viewer.analysis_job import AnalysisJob, Progress
from viewer.history import History, hold_inputs, record_free, with_record
from viewer.panels.errors import describe
from viewer.playback import Playback
from viewer.saving import in_force
from viewer.state import ViewerState
from viewer.timeline import EventLog
from viewer.undo import UndoStack


@dataclass
class NewRun:
    """The run made in the new release, sent back by the job's child, without trace records: the simulation at the
    tick shown, its history and events, and each edit kept as that run left it."""

    sim: Any
    history: History
    events: EventLog
    changes: list[tuple[Any, Any, bool]]   # each kept edit's (before, after, lapsed), record-free, in stack order
    reports: list[str]                     # the edits that lapsed there, as the Errors panel says it


class ReleaseSwitch(AnalysisJob):
    """The open scene being run in `release` (a job: the status line shows it; `take_over` shows its run)."""

    def __init__(self, app: Any, release: str) -> None:
        """What the run is made of is read from `app` now: the tick shown, the edits in force, where the start is
        loaded from (the start in memory written here: a scene that cannot be written raises here)."""
        from engine import load_in_version, load_scene
        self.release, self.old, self.shown = release, app.sim.version, app.sim.tick_count
        self.kept = [c for c in in_force(app.undo.done, lapsed=True) if c.edit is not None]
        self.from_file = _file_is_start(app)
        self.made_of = made_of(app)
        if self.from_file:
            load = partial(load_scene, app.scene_path, app.allow_unmapped, version=release)
        else:
            source = str(app.scene_path) if app.scene_path is not None else "the scene"
            load = partial(load_in_version, _start_document(app, self.kept), source, release)
        super().__init__(f"switching to {release}", partial(new_run, load, self.kept, self.shown), unpicklable=True)


def switch_release(app: Any, release: str) -> None:
    """Start running the open scene in `release` (see the module); a run being made for another release is
    cancelled, and choosing the release shown only cancels it."""
    running = app.release_job
    if running is not None and running.release == release:   # being made already
        return
    if running is not None:
        running.cancel()
        app.release_job = None
        app.state.tell(f"{running.release} cancelled, {running.old} runs on")
    if release == app.sim.version:
        return
    try:
        app.release_job = ReleaseSwitch(app, release)
    except Exception as exc:  # the start in memory not written (SceneWriteError), or a bug: one line all the same
        app.state.report(_not_opened(release, app.sim.version, _reason(exc)))


def made_of(app: Any) -> tuple[Any, ...]:
    """What a run in another release is made of, in the window: the scene's undo stack (new with each scene opened
    or reloaded), the edits applied (an edit, undo or redo counts) and whether the file still holds the start."""
    return app.undo, app._edits, app.undo.file_is_start


def take_over(app: Any) -> None:
    """Each frame while a run is made: when it is ready, the window shows it (or says why not). Another scene opened
    meanwhile cancels it; the edits changed, it is made again from the window's."""
    switch = app.release_job
    if made_of(app)[0] is not switch.made_of[0]:
        switch.cancel()
        app.release_job = None
        app.state.tell(f"{switch.release} not opened: a scene was opened meanwhile")
        return
    end = switch.poll()
    if end is None:
        return
    app.release_job = None
    kind, value = end
    if kind == "cancelled":
        app.state.tell(f"{switch.release} cancelled, {switch.old} runs on")
    elif kind == "error":
        app.state.report(_not_opened(switch.release, switch.old, value))
    elif made_of(app) != switch.made_of:
        switch_release(app, switch.release)
        app.state.tell(f"the edits changed while {switch.release} ran: running it again")
    else:
        _show(app, switch, value)


def _show(app: Any, switch: ReleaseSwitch, run: NewRun) -> None:
    """The window on the new run: the history the child made, the edits on the undo stack with their ticks' records
    (run again here), the bookmarks and the saved mark as they were."""
    unsaved, bookmarks = app.undo.unsaved, list(app.sim.bookmarks)
    app.adopt(run.sim, str(app.scene_path) if app.scene_path is not None else None, run.sim.tick_count,
              history=run.history, events=run.events)
    app.opened_release = switch.release  # a reload (F5, the file changed on disk) keeps it, as it keeps --version's
    app.sim.bookmarks[:] = bookmarks     # those of the file stay the saved ones (the unsaved mark)
    for change, (before, after, lapsed) in zip(switch.kept, run.changes, strict=True):
        record = app.history.go_to_with_record(change.tick)
        app.undo.push(replace(change, before=with_record(before, record), after=with_record(after, record),
                              lapsed=lapsed))
    app.history.go_to_with_record(switch.shown)
    for line in run.reports:
        app.state.report(line)
    if not switch.from_file:   # the start is the window's: the file holds the edits where they were saved
        app.undo.mark_recovered() if unsaved else app.undo.mark_saved()
    app.autosave()
    app.state.tell(f"now in {switch.release}: run again from tick {app.history.first_tick} to tick {switch.shown}")


def new_run(load: Callable[[], Any], kept: list[Any], shown: int, progress: Progress) -> NewRun:
    """In the job's child: the scene loaded (`load`) and run as the window runs it, with the edits `kept` made again
    at their ticks, up to tick `shown`; a refusal on the way raises. Progress is told by ticks run."""
    sim = load()
    run = _Rerun(sim, kept, progress, max([shown, *(c.tick for c in kept)]))
    run.replay_after(run.history.first_tick - 1)
    run.run_to(shown)
    if run.history.last_tick() < 1:   # most refused mechanics stop a run in its first tick
        _try_tick(sim)
    sim.last_record = None
    changes = [(record_free(c.before), record_free(c.after), c.lapsed) for c in run.undo.done]
    return NewRun(sim, run.history, run.events, changes, run.state.errors)


class _Rerun(Playback):
    """A run made as the window makes its own (`Playback`: the history, the events, the edits made again), in the
    job's child: its errors are collected, its steps told as progress, and nothing is autosaved."""

    def __init__(self, sim: Any, kept: list[Any], progress: Progress, last: int) -> None:
        sim.trace_enabled = True
        self.sim, self.history, self.events = sim, History(sim), EventLog()
        self.undo, self.state = UndoStack(), ViewerState()
        for change in kept:
            self.undo.push(change)
        self._edits = 0
        self._progress, self._first, self._last = progress, self.history.first_tick, last

    def step(self) -> None:
        super().step()
        self._progress((self.sim.tick_count - self._first) / max(self._last - self._first, 1))

    def autosave(self) -> None:
        """Nothing: the window autosaves the run once it shows it."""


def _file_is_start(app: Any) -> bool:
    """Whether the scene file holds the run's start, before every edit in force: nothing saved or recovered since it
    was opened, the file unchanged on disk, and no change of the scheduled actions or a driven player's inputs (those
    are not made again: they are written with the start)."""
    return app.scene_path is not None and app.undo.file_is_start and not app.watch.rewritten() and \
        not any(c.actions is not None or c.inputs_only for c in app.undo.done)


def _not_opened(release: str, old: str, why: str) -> str:
    """The Errors panel's line where `release` does not open."""
    from engine import one_line
    return one_line(f"{release} not opened, {old} runs on: {why}")


def _reason(exc: Exception) -> str:
    """Why the release did not open, as the command line says it."""
    from engine import SceneError, SceneWriteError
    if isinstance(exc, SceneError | SceneWriteError):
        return str(exc)
    return describe(exc)


def _start_document(app: Any, kept: list[Any]) -> dict[str, Any]:
    """The scene in memory at its first tick, before the edits `kept` (the first one's state before it, where it
    was made there), as the scene writer writes it."""
    from engine import scene_document
    first = app.history.first_tick
    start = copy.copy(app.sim)   # the window's simulation is left as it is
    start.restore(kept[0].before if kept and kept[0].tick == first else app.history.snapshots[first])
    start.actions = list(app.sim.actions)
    hold_inputs(start, app.history.input_schedules)
    return scene_document(start)


def _try_tick(sim: Any) -> None:
    """Run the next tick of `sim`, untraced, and put it back: a refusal in it raises here."""
    start, traced = sim.snapshot(), sim.trace_enabled
    sim.trace_enabled = False
    try:
        sim.tick()
    finally:
        sim.trace_enabled = traced
        sim.restore(start)
        sim.mark_edited()
