"""File › Save writes what the user built: the scene's start with the edits as data (edits at the first tick in
the start, blocks edited later as scheduled actions), so the saved file replays the window's run; a file the user
wrote keeps its comments; a bundled or read-only scene is never overwritten (Save becomes Save as, proposing
~/tickscope-scenes)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from pyglet.window import key
from ui_driver import press, run_to

from engine.tick.scene import load_scene
from viewer.editing import entity_fields, remove_block, set_field
from viewer.saving import BUNDLED_SCENES

SCENE = """# A TNT on a stone floor: a comment the user wrote
[scene]
name = "TNT on a floor"   # its name

[[blocks]]                # the floor
from = [-4, 0, -4]
to = [4, 0, 4]
block = "minecraft:stone"

[[entities]]
type = "minecraft:tnt"
pos = [0.5, 1.0, 0.5]
fuse = 80
"""


def _edit(app, edit) -> None:
    app.state.pending_edits.append(edit)
    app.draw_frame()
    assert not app.state.errors, app.state.errors


def _replayed(path: Path, ticks: int) -> list:
    sim = load_scene(str(path))
    for _ in range(ticks):
        sim.tick()
    return [e.trace_line() for e in sim.entities]


def _fuse(app):
    return next(s for s in entity_fields(app.sim.entity_by_id(1)) if s.name == "fuse")


def test_save_keeps_the_start_and_writes_later_block_edits_as_actions(open_app, write_scene) -> None:
    scene = write_scene(SCENE, "floor.toml")
    app = open_app(scene)
    _edit(app, set_field(1, _fuse(app), 30))        # at tick 0: folded into the start
    run_to(app, 3)
    _edit(app, remove_block((0, 0, 0)))             # at tick 3: the TNT falls from tick 4
    run_to(app, 12)
    shown = [e.trace_line() for e in app.sim.entities]
    press(app, key.S, key.MOD_CTRL)
    assert not app.undo.unsaved and app.state.status == f"saved {scene}"
    text = scene.read_text(encoding="utf-8")
    assert text.startswith("# A TNT on a stone floor: a comment the user wrote\n[scene]\nname = \"TNT on a floor\"   "
                           "# its name\n\n[[blocks]]                # the floor\n")
    saved = load_scene(str(scene))
    assert saved.tick_count == 0 and saved.entity_by_id(1).fuse == 30
    assert [(a.tick, a.kind, a.params) for a in saved.actions] == [(4, "remove_block", {"at": [0, 0, 0]})]
    assert _replayed(scene, 12) == shown
    assert app.sim.tick_count == 12   # saving does not move the window


def test_an_entity_edited_later_starts_the_file_at_its_tick_and_says_so(open_app, write_scene) -> None:
    scene = write_scene(SCENE, "floor.toml")
    app = open_app(scene)
    run_to(app, 5)
    _edit(app, set_field(1, _fuse(app), 9))
    run_to(app, 8)
    shown = [e.trace_line() for e in app.sim.entities]
    press(app, key.S, key.MOD_CTRL)
    assert "saved from tick 5" in app.state.status
    assert _replayed(scene, 3) == shown


def test_save_on_a_bundled_scene_becomes_save_as_in_the_user_folder(open_app, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    bundled = BUNDLED_SCENES / "tnt_flat_ground.toml"
    before = bundled.read_bytes()
    app = open_app(bundled)
    started = []
    app.dialog.start = lambda purpose, save, start: started.append((purpose, save, start))
    _edit(app, remove_block((0, 0, 0)))
    press(app, key.S, key.MOD_CTRL)
    assert started == [("save_as", True, str(tmp_path / "tickscope-scenes" / "tnt_flat_ground.toml"))]
    target = tmp_path / "tickscope-scenes" / "tnt_flat_ground.toml"
    app.dialog.poll = lambda: ("save_as", str(target))
    app.draw_frame()
    assert bundled.read_bytes() == before and app.scene_path == target and not app.undo.unsaved
    assert target.read_text(encoding="utf-8").splitlines()[0] == before.decode().splitlines()[0]  # its comment


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes read-only files")
def test_save_on_a_read_only_file_becomes_save_as(open_app, write_scene) -> None:
    scene = write_scene(SCENE, "floor.toml")
    scene.chmod(0o444)
    app = open_app(scene)
    started = []
    app.dialog.start = lambda purpose, save, start: started.append(purpose)
    _edit(app, remove_block((0, 0, 0)))
    press(app, key.S, key.MOD_CTRL)
    assert started == ["save_as"] and scene.read_text(encoding="utf-8") == SCENE


def test_save_as_refuses_a_bundled_file(open_app, write_scene) -> None:
    scene = write_scene(SCENE, "floor.toml")
    app = open_app(scene)
    _edit(app, remove_block((0, 0, 0)))
    bundled = BUNDLED_SCENES / "tnt_flat_ground.toml"
    before = bundled.read_bytes()
    app.dialog.poll = lambda: ("save_as", str(bundled))
    app.draw_frame()
    assert bundled.read_bytes() == before and app.undo.unsaved
    assert "never overwritten" in app.state.errors[-1]


def test_save_and_quit_on_a_bundled_scene_quits_once_saved_as(open_app, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The close prompt's Save and quit on a bundled scene: Save as asks where, and the window quits once the file
    is written (not before, and not when the dialog is cancelled)."""
    monkeypatch.setenv("HOME", str(tmp_path))
    app = open_app(BUNDLED_SCENES / "tnt_flat_ground.toml")
    app.dialog.start = lambda purpose, save, start, suffix=".toml": None
    _edit(app, remove_block((0, 0, 0)))
    app.on_close()
    assert app.state.confirm_close and not app.window.has_exit
    app.state.commands.append("save_and_quit")
    app.draw_frame()
    assert not app.window.has_exit and app.state.quit_after_save
    app.dialog.poll = lambda: ("save_as", "")   # cancelled: stays open, asks again next time
    app.draw_frame()
    assert not app.window.has_exit and not app.state.quit_after_save
    app.state.commands.append("save_and_quit")
    target = tmp_path / "mine.toml"
    app.dialog.poll = lambda: ("save_as", str(target))
    app.draw_frame()
    assert app.window.has_exit and target.is_file() and not app.undo.unsaved
