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

A release that refuses the scene (when loading it, or in a tick run up to the one shown, the last edited one and at
least the first, where most refused mechanics stop a run) is one line in the Errors panel, and the release shown
runs on as it was.
"""

from __future__ import annotations

import copy
from typing import Any

from viewer.history import hold_inputs
from viewer.panels.errors import describe
from viewer.saving import in_force


def switch_release(app: Any, release: str) -> bool:
    """Show the open scene in `release` (see the module); False where the release refuses it (the reason in the
    Errors panel, the release shown kept)."""
    from engine import load_scene, one_line
    old, shown, unsaved, bookmarks = app.sim.version, app.sim.tick_count, app.undo.unsaved, list(app.sim.bookmarks)
    if release == old:
        return True
    kept = [c for c in in_force(app.undo.done, lapsed=True) if c.edit is not None]
    from_file = _file_is_start(app)
    try:
        sim = load_scene(app.scene_path, app.allow_unmapped, version=release) if from_file else \
            _in_memory(app, release, kept)
        _try_run(sim, kept, max([shown, 1, *(c.tick for c in kept)]))
    except Exception as exc:  # a loader bug must not take the window down either
        app.state.report(one_line(f"{release} not opened, {old} runs on: {_reason(exc)}"))
        return False
    app.adopt(sim, str(app.scene_path) if app.scene_path is not None else None, sim.tick_count)
    app.opened_release = release   # a reload (F5, the file changed on disk) keeps it, as it keeps --version's
    app.sim.bookmarks[:] = bookmarks   # those of the file stay the saved ones (the unsaved mark)
    for change in kept:
        app.undo.push(change)
    app.replay_after(app.history.first_tick - 1)
    app.run_to(shown)
    if not from_file:   # the start is the window's: the file holds the edits where they were saved
        app.undo.mark_recovered() if unsaved else app.undo.mark_saved()
    app.autosave()
    app.state.tell(f"now in {release}: run again from tick {app.history.first_tick} to tick {shown}")
    return True


def _file_is_start(app: Any) -> bool:
    """Whether the scene file holds the run's start, before every edit in force: nothing saved or recovered since it
    was opened, the file unchanged on disk, and no change of the scheduled actions or a driven player's inputs (those
    are not made again: they are written with the start)."""
    return app.scene_path is not None and app.undo.file_is_start and not app.watch.rewritten() and \
        not any(c.actions is not None or c.inputs_only for c in app.undo.done)


def _reason(exc: Exception) -> str:
    """Why the release did not open, as the command line says it."""
    from engine import SceneError, SceneWriteError
    if isinstance(exc, SceneError | SceneWriteError):
        return str(exc)
    if isinstance(exc, NotImplementedError):   # a mechanic the release refuses, named in the message
        return f"not simulated: {exc}"
    return describe(exc)


def _in_memory(app: Any, release: str, kept: list[Any]) -> Any:
    """The scene in memory at its first tick, before the edits `kept` (the first one's state before it, where it
    was made there), loaded in `release`."""
    from engine import load_in_version, scene_document
    first = app.history.first_tick
    start = copy.copy(app.sim)   # the window's simulation is left as it is
    start.restore(kept[0].before if kept and kept[0].tick == first else app.history.snapshots[first])
    start.actions = list(app.sim.actions)
    hold_inputs(start, app.history.input_schedules)
    source = str(app.scene_path) if app.scene_path is not None else "the scene"
    return load_in_version(scene_document(start), source, release)


def _try_run(sim: Any, kept: list[Any], ticks: int) -> None:
    """Run `sim` to tick `ticks`, untraced, making each edit of `kept` at its tick (one that does not apply is left
    out, as it lapses in the window's run), then put it back at its start: a refusal on the way raises here."""
    start, traced = sim.snapshot(), sim.trace_enabled
    sim.trace_enabled = False
    edits = list(kept)
    try:
        while True:
            while edits and edits[0].tick == sim.tick_count:
                before = sim.snapshot()
                try:
                    edits.pop(0).edit.change(sim)
                except (ValueError, KeyError, NotImplementedError):   # as `editing.apply_edit` catches
                    sim.restore(before)
                sim.mark_edited()
            if sim.tick_count >= ticks:
                return
            sim.tick()
    finally:
        sim.trace_enabled = traced
        sim.restore(start)
        sim.mark_edited()
