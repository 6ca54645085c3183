"""Timeline bookmarks in the window (viewer/bookmarks.py, viewer/panels/bookmarks.py): *+ Bookmark* adds one at the
current tick and its note is typed in the list; the title shows them unsaved; Save writes them as the scene's
`[[bookmarks]]` (the file's comments kept) and reopening shows them again; they never branch the run."""

from __future__ import annotations

from pathlib import Path

from imgui_bundle import imgui
from ui_driver import click

from engine.tick.scene import load_scene
from viewer.panels.bookmarks import ADD_LABEL

SCENE = """# A TNT on a stone floor: the comment stays
[scene]
name = "TNT on a floor"

[[blocks]]
from = [-4, 0, -4]
to = [4, 0, 4]
block = "minecraft:stone"

[[entities]]
type = "minecraft:tnt"
pos = [0.5, 1.0, 0.5]
fuse = 80
"""


def test_add_note_save_and_reopen(open_app, write_scene) -> None:
    scene = write_scene(SCENE, "floor.toml")
    app = open_app(scene, size=(1280, 720))
    app.state.rewind_to = 7
    app.draw_frame()
    bookmarks = app.undo.bookmarks
    index = bookmarks.add(app.sim.tick_count)
    bookmarks.set_note(index, 'the "fuse" is half gone')
    app.draw_frame()
    assert app.title().startswith("*") and app.undo.unsaved
    app.state.commands.append("save")
    app.draw_frame()
    assert not app.state.errors and not app.title().startswith("*")
    text = scene.read_text(encoding="utf-8")
    assert text.startswith("# A TNT on a stone floor: the comment stays") and "[[bookmarks]]" in text
    assert [(b.tick, b.note) for b in load_scene(str(scene)).bookmarks] == [(7, 'the "fuse" is half gone')]
    assert app.load(str(scene))    # File › Open of the saved file
    assert [(b.tick, b.note) for b in app.undo.bookmarks.items] == [(7, 'the "fuse" is half gone')]
    assert not app.undo.unsaved and app.sim.tick_count == 0


def test_adding_and_deleting_leaves_nothing_unsaved_and_keeps_the_run(open_app, flat_scene: Path) -> None:
    """A bookmark added then deleted: the title is clean again; the run was never branched (its ticks kept)."""
    app = open_app(flat_scene)
    app.state.rewind_to = 5
    app.draw_frame()
    last = app.history.last_tick()
    i = app.undo.bookmarks.add(3, "x")
    assert app.undo.unsaved and not app.undo.done
    app.undo.bookmarks.delete(i)
    app.draw_frame()
    assert not app.undo.unsaved and app.history.last_tick() == last


def test_the_button_adds_at_the_current_tick_and_takes_the_note(open_app, flat_scene: Path, tmp_path: Path) -> None:
    """Click *+ Bookmark* at tick 4: a bookmark at 4, the list opens and its note field has the keyboard; the
    recovery file holds the bookmark at once (as it holds edits)."""
    app = open_app(flat_scene, size=(1280, 720), recovery_dir=tmp_path / "recovery")
    app.state.rewind_to = 4
    app.draw_frame()
    _click_item(app, ADD_LABEL)
    assert [(b.tick, b.note) for b in app.undo.bookmarks.items] == [(4, "")]
    assert imgui.is_popup_open("Bookmarks##timeline", imgui.PopupFlags_.any_popup_id)
    imgui.get_io().add_input_character(ord("a"))
    app.draw_frame()
    app.draw_frame()
    assert app.undo.bookmarks.items[0].note == "a"
    assert [(b.tick, b.note) for b in load_scene(str(app.recovery.path)).bookmarks] == [(4, "")]


def _click_item(app, label: str) -> None:
    """Click the Timeline's small button `label`: found by laying the row out as the panel does."""
    window = imgui.internal.find_window_by_name("Timeline")
    style = imgui.get_style()
    labels = ["|< Previous event", "Next event >|"]
    x = window.pos.x + style.window_padding.x
    for text in labels:
        x += imgui.calc_text_size(text).x + 2 * style.frame_padding.x + style.item_spacing.x
    x += imgui.get_frame_height() + style.item_inner_spacing.x + imgui.calc_text_size("loop").x + style.item_spacing.x
    x += imgui.calc_text_size(label).x / 2 + style.frame_padding.x
    y = window.pos.y + style.window_padding.y + imgui.get_frame_height() / 2
    click(app, x, y)
