"""Saving the scene from the window (docs/viewer.md, "Files"): what is written, where, and how.

What: the scene's start with the edits as data. Edits made at the first tick are folded into the start; a block
placed or removed at a later tick T becomes a `set_block` / `remove_block` action at tick T + 1 in the
scheduled-ticks phase (the first thing that tick does, so the reloaded run is the window's run); the inputs
recorded by driving are the players' `[[inputs]]`. An entity edited, added or removed at a later tick has no
action in the scene format: the file then starts at the tick of the last such edit, and the status line says so.

Where: never over a bundled scene (the package's `scenes/`) or a file that cannot be written: Save becomes
Save as, proposing the user's scenes folder (`user_scenes_dir`).

How: a TOML file keeps its comments and layout (tomlkit) where its tables are unchanged; only the tables whose
content changed are written anew. A file with tables the writer expands (`[[spawns]]`, `[[schematics]]`) is
written anew under its opening comment.
"""

from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from viewer.history import hold_inputs

if TYPE_CHECKING:
    from engine import ScheduledAction

BUNDLED_SCENES = Path(__file__).resolve().parent.parent / "scenes"
EDIT_PHASE = "scheduled_ticks"   # a block edit's action runs first in its tick (engine.tick.simulation.PHASES)


def user_scenes_dir() -> Path:
    """Where Save as proposes to write: ~/tickscope-scenes."""
    return Path.home() / "tickscope-scenes"


def needs_save_as(path: Path | None) -> bool:
    """Whether Save must ask for another file: none yet, a schematic or a world folder (saved as a new scene), a
    bundled scene, or a file (or folder) that cannot be written."""
    from engine import is_schematic
    if path is None or is_schematic(path) or path.is_dir() or never_overwritten(path):
        return True
    resolved = path.resolve()
    return not resolved.exists() and not os.access(resolved.parent, os.W_OK)


def never_overwritten(path: Path) -> bool:
    """Whether `path` is a bundled scene or a file that cannot be written: Save never writes over it."""
    resolved = path.resolve()
    return resolved.is_relative_to(BUNDLED_SCENES) or (resolved.exists() and not os.access(resolved, os.W_OK))


def save_as_start(path: Path | None) -> Path:
    """The file Save as proposes: beside a file the user can write, else in the user's scenes folder."""
    if path is None:
        return user_scenes_dir() / "scene.toml"
    proposed = path.with_suffix(".toml")
    return user_scenes_dir() / proposed.name if needs_save_as(proposed) else proposed


def in_force(changes: list[Any], lapsed: bool = False) -> list[Any]:
    """The edits that make the state shown: an edit made at an earlier tick than an edit before it branched the
    history there, so that one (and any later) is no longer in the run; a change of the scheduled actions keeps
    the later edits (the run from its tick applies them again: `Playback.replay_after`). Inputs recorded by driving
    and changes of the scheduled actions are left out (they change no tick's state: the branch's input schedules
    and the simulation's actions hold them), and so are edits that no longer apply on this run (`Change.lapsed`)
    unless `lapsed` (the re-run tries them again)."""
    kept: list[Any] = []
    for change in changes:
        if change.before is None:   # the recovered autosave: the start itself
            continue
        if change.actions is None:
            kept = [c for c in kept if c.tick <= change.tick]
        kept.append(change)
    return [c for c in kept if not c.inputs_only and c.actions is None and (lapsed or not c.lapsed)]


def saved_plan(app: Any) -> tuple[Any, str | None]:
    """The simulation to write (a copy: the window's state is untouched) and, where the file cannot start at the
    scene's first tick, why."""
    first = app.history.first_tick
    changes = in_force(app.undo.done)
    at_start = [c for c in changes if c.tick == first]
    later = [c for c in changes if c.tick > first]
    scratch = copy.copy(app.sim)
    notice = None
    entity_edits = [c for c in later if c.action is None]
    if entity_edits:
        tick = entity_edits[-1].tick
        scratch.restore(entity_edits[-1].after)
        later = [c for c in later if c.tick > tick]
        notice = (f"saved from tick {tick}: {entity_edits[-1].label} was edited at tick {tick}, and no scene "
                  "action holds an entity edit, so the file starts there")
    elif at_start:
        scratch.restore(at_start[-1].after)
    else:
        scratch.restore(app.history.snapshots[first])
    scratch.actions = _with_edits(app.sim.actions, later)
    hold_inputs(scratch, app.history.input_schedules)
    return scratch, notice


def saved_state(app: Any) -> Any:
    """The simulation File › Save hands the scene writer (`saved_plan`)."""
    return saved_plan(app)[0]


def _with_edits(actions: list[ScheduledAction], changes: list[Any]) -> list[ScheduledAction]:
    """The scene's actions with each block edit made at the end of tick T as an action at tick T + 1, before the
    scene's own actions of that tick and phase (the edit came first)."""
    from engine import ScheduledAction
    out = list(actions)
    scene_own = {id(a) for a in actions}
    for change in changes:
        edit = ScheduledAction(change.tick + 1, EDIT_PHASE, change.action["do"],
                               {k: v for k, v in change.action.items() if k != "do"})
        at = next((i for i, a in enumerate(out) if id(a) in scene_own and (a.tick, a.phase) == (edit.tick, edit.phase)),
                  len(out))
        out.insert(at, edit)
    return out


def scene_text(sim: Any, original: Path | None) -> str:
    """The TOML of `sim` (`engine.tick.scene_writer`); where `original` is a scene file the user wrote whose
    tables the writer also writes, that file's text with only the tables whose content changed written anew."""
    from engine import scene_document, scene_toml
    document = scene_document(sim)
    kept = _original_document(original)
    if kept is None:
        return _leading_comment(original) + scene_toml(document)
    import tomlkit
    text, before = kept
    merged = tomlkit.parse(text)
    for key in [k for k in merged if k not in document]:
        del merged[key]
    for key, value in document.items():
        if before.get(key) != value:
            merged[key] = value
    return tomlkit.dumps(merged)


def _leading_comment(original: Path | None) -> str:
    """The comment lines that open the TOML file `original` (its description), kept where the rest is rewritten."""
    if original is None or original.suffix != ".toml":
        return ""
    try:
        lines = original.read_text(encoding="utf-8").splitlines(keepends=True)
    except OSError:
        return ""
    head = []
    for line in lines:
        if not line.lstrip().startswith("#"):
            break
        head.append(line)
    return "".join(head) + ("\n" if head else "")


def _original_document(original: Path | None) -> tuple[str, dict[str, Any]] | None:
    """The text of `original` and the writer's document of the scene it loads, where its comments and layout can
    be kept: a TOML scene (not a bundled one: those are never written) all of whose tables the writer writes
    (a `[[spawns]]` or `[[schematics]]` table becomes entities and blocks, so such a file is written anew)."""
    if original is None or original.suffix != ".toml" or not original.is_file():
        return None
    import tomlkit

    from engine import SceneError, SceneWriteError, load_scene, scene_document
    try:
        text = original.read_text(encoding="utf-8")
        keys = set(tomlkit.parse(text))
        before = scene_document(load_scene(str(original)))
    except (OSError, ValueError, SceneError, SceneWriteError, tomlkit.exceptions.TOMLKitError):
        return None
    return (text, before) if keys <= set(before) else None
