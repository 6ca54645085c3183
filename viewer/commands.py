"""The menu's and shortcuts' commands (`ViewerState.commands`), run by the app between frames: open, reload
(also when the file changes on disk), undo and redo, the release the scene runs in, quit; and the answers of the
native file dialogs."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from viewer.drawing.screenshots import screenshots_dir
from viewer.files import Watch, remember
from viewer.panels.plots import series_csv_rows
from viewer.recovery import Recovery
from viewer.saving import needs_save_as, never_overwritten, save_as_start, saved_plan, scene_text

UNSAVED_OPEN = "the scene has unsaved edits: undo them (Ctrl+Z) before opening another scene"
UNSAVED_RELOAD = "{name} changed on disk; not reloaded because of unsaved edits here (File › Reload discards them)"


def run_commands(app: Any, now: float) -> None:
    """Run the queued commands, a scene chosen from the recent list or a dialog, and a reload when the scene
    file changed on disk (only without unsaved edits, so nothing typed is lost)."""
    state = app.state
    answer = app.dialog.poll()
    if answer is not None and not answer[1]:
        state.quit_after_save = False   # the dialog was cancelled: so is Save and quit
    elif answer is not None:
        if answer[0] == "save_as":
            save_to(app, Path(answer[1]))
        elif answer[0] == "entity_table":
            write_entity_table(app, Path(answer[1]))
        elif answer[0] == "export_to":
            chose_export_path(app, answer[1])
        else:
            state.open_path, state.open_unmapped = answer[1], app.dialog.allow_unmapped
    if state.open_path is not None:
        path, state.open_path = state.open_path, None
        unmapped, state.open_unmapped = state.open_unmapped, False
        if app.undo.unsaved:
            state.report(UNSAVED_OPEN)
        else:
            app.load(path, allow_unmapped=unmapped)
    if app.watch.changed(now):
        if app.undo.unsaved:
            state.report(UNSAVED_RELOAD.format(name=app.scene_path.name))
        else:
            app.load(str(app.scene_path), keep_tick=True)
    commands, state.commands = state.commands, []
    for command in commands:
        COMMANDS[command](app)
    settings = app.export_settings
    if settings is not None and settings.start:
        app.export_settings = None
        start_export(app, Path(settings.path).expanduser(), settings.kind, settings.size, settings.fps)


def _open(app: Any) -> None:
    start = app.scene_path.parent if app.scene_path is not None else Path.cwd()
    app.dialog.start("open", False, str(start))


def _reload(app: Any) -> None:
    if app.scene_path is not None:
        app.load(str(app.scene_path), keep_tick=True)


def _save(app: Any) -> None:
    """Save over the file shown, unless it is a bundled or read-only scene or a schematic: then Save as."""
    if needs_save_as(app.scene_path):
        _save_as(app)
    else:
        save_to(app, app.scene_path)


def _save_as(app: Any) -> None:
    app.dialog.start("save_as", True, str(save_as_start(app.scene_path)))


def _save_and_quit(app: Any) -> None:
    """The close prompt's Save and quit: quit once the scene is saved (after Save as where it asks for a file)."""
    app.state.quit_after_save = True
    _save(app)


def save_to(app: Any, path: Path) -> None:
    """Write the scene with every edit to `path`, atomically (`viewer.saving`); never over a bundled or
    read-only scene."""
    from engine import SceneWriteError, write_atomic  # imported on first use: start-up time

    path = Path(path)
    if never_overwritten(path):
        app.state.report(f"{path}: not saved: a bundled or read-only scene is never overwritten (choose another "
                         "file with File › Save as)")
        app.state.quit_after_save = False
        return
    try:
        sim, notice = saved_plan(app)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, scene_text(sim, app.scene_path).encode("utf-8"))
    except SceneWriteError as exc:
        app.state.report(f"{path}: cannot save: {exc}")
        app.state.quit_after_save = False
        return
    except OSError as exc:
        app.state.report(f"{path}: cannot save: {exc.strerror or exc}")
        app.state.quit_after_save = False
        return
    app.undo.mark_saved()
    app.scene_path = path
    app.watch = Watch(app.scene_path, time.perf_counter())
    app.state.recent = remember(app.state.recent, str(path), app.recent_path)
    app.recovery.discard()
    app.recovery = Recovery(app.recovery_dir, path)
    app.state.tell(f"saved {path}" + (f" ({notice})" if notice else ""), str(path))
    if app.state.quit_after_save:
        app.quit()


def _export_csv(app: Any) -> None:
    """The plotted entities' quantities by tick, to a CSV file beside the screenshots."""
    import csv  # imported on first use: start-up time

    directory = app.screenshot_dir or screenshots_dir()
    path = directory / f"tickscope-plots-tick{app.sim.tick_count}-{time.strftime('%Y%m%d-%H%M%S')}.csv"
    try:
        directory.mkdir(parents=True, exist_ok=True)
        with path.open("w", newline="", encoding="utf-8") as out:
            csv.writer(out).writerows(series_csv_rows(app.plot_series()))
    except OSError as exc:
        app.state.report(f"{path}: cannot write the CSV: {exc.strerror or exc}")
        return
    app.state.last_screenshot = str(path)


def _export_table(app: Any) -> None:
    """The Entity table's rows (or counts) as CSV: the file browser asks where (beside the screenshots by
    default)."""
    from viewer.entity_log import COUNTS_EXPORT_NAME, EXPORT_NAME  # imported on first use: start-up time

    log = app.entity_log()
    first, last = (log.ticks[0], log.ticks[-1]) if log.ticks else (app.sim.tick_count, app.sim.tick_count)
    directory = app.screenshot_dir or screenshots_dir()
    name = (COUNTS_EXPORT_NAME if app.state.table_by_type else EXPORT_NAME).format(first=first, last=last)
    app.dialog.start("entity_table", True, str(directory / name), ".csv")


def write_entity_table(app: Any, path: Path) -> None:
    """Write the Entity table's rows (every field chosen, every row of its range and type), or its counts by type
    per tick, to `path`: a job off the UI thread (`viewer.table_export`), its end in the status line."""
    from viewer.table_export import TableExport  # imported on first use: start-up time

    fields = None if app.state.table_by_type else app.state.table_fields
    app.table_jobs.append(TableExport(app.entity_log(), path, fields).start())


def _export_video(app: Any) -> None:
    """A video of the ticks of the current branch up to the one shown, seen through the current camera: the Export
    window (`viewer.panels.export`) asks the format, size, rate and where (beside the screenshots by default),
    then a job renders it (`viewer.export_job`)."""
    from viewer.panels.export import export_settings  # imported on first use: start-up time

    if app.export_settings is None:
        app.export_settings = export_settings(app, app.screenshot_dir or screenshots_dir())


def chose_export_path(app: Any, path: str) -> None:
    """The file browser's answer to the Export window's Choose...: its output (a folder for PNG frames)."""
    if app.export_settings is not None:
        app.export_settings.path = path + ("/" if app.export_settings.kind == "dir" else "")


def start_export(app: Any, path: Path, kind: str, size: tuple[int, int] | None = None,
                 fps: float | None = None) -> None:
    """The video export job, writing `path` as `kind` ('mp4', 'gif', 'dir') of `size` at `fps` (the 3D view's
    size and 20 frames a second when not given); the status line shows its progress."""
    from viewer.export_job import VideoExport  # imported on first use: start-up time

    app.job = VideoExport(app, path, kind, size, fps)


def _undo(app: Any) -> None:
    change = app.undo.undo()
    if change is not None:
        _return_to(app, change.tick, change.before, change.actions[0] if change.actions else None)


def _redo(app: Any) -> None:
    change = app.undo.redo()
    if change is not None:
        _return_to(app, change.tick, change.after, change.actions[1] if change.actions else None)


def _return_to(app: Any, tick: int, snapshot: Any, actions: list[Any] | None = None) -> None:
    """Go to `tick` and branch the history there with the simulation state `snapshot` (and the scheduled
    `actions`, where the change was theirs)."""
    def back(sim: Any) -> None:
        sim.restore(snapshot)
        if actions is not None:
            sim.actions = list(actions)
    app.run_to(tick)
    app.history.edit(back)
    app.edited()
    app.replay_after(tick)   # the edits in force after it, applied again on the run from there
    app.run_to(tick)


def _switch_release(app: Any) -> None:
    """The Release menu's choice: the open scene run in it (`viewer.release_switch`)."""
    from viewer.release_switch import switch_release  # imported on first use: start-up time
    release, app.state.release_wanted = app.state.release_wanted, None
    if release is not None:
        switch_release(app, release)


def _quit(app: Any) -> None:
    app.on_close()


def _discard(app: Any) -> None:
    """Quit without saving: the edits are given up, their recovery file too."""
    app.state.confirm_close = False
    app.recovery.discard()
    app.quit()


def _recover(app: Any) -> None:
    """Show the recovered scene in place of the file's (unsaved until saved)."""
    from engine import SceneError, load_scene
    path, app.state.recovery_offer = app.state.recovery_offer, None
    try:
        sim = load_scene(path)
    except SceneError as exc:
        app.state.report(str(exc))
        return
    app.adopt(sim, str(app.scene_path), recovered=True)


def _discard_recovery(app: Any) -> None:
    app.state.recovery_offer = None
    app.recovery.discard()


COMMANDS = {"open": _open, "reload": _reload, "save": _save, "save_as": _save_as, "save_and_quit": _save_and_quit,
            "undo": _undo, "redo": _redo, "quit": _quit, "discard": _discard, "export_csv": _export_csv,
            "recover": _recover, "discard_recovery": _discard_recovery, "export_video": _export_video,
            "export_table": _export_table, "autosave": lambda app: app.autosave(),
            "release": _switch_release}
