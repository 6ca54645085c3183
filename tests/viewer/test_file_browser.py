"""File › Open and Save as without a system dialog: the built-in browser lists the folder's subfolders and scene
files, narrows them to the name typed, and opens or saves the path typed (Enter) or picked; Escape cancels."""

from __future__ import annotations

from pathlib import Path

import pytest
from imgui_bundle import imgui
from pyglet.window import key
from ui_driver import click, press, send

from engine.tick.scene import load_scene
from viewer.editing import remove_block
from viewer.files import Browser
from viewer.panels.file_browser import BROWSER_ID

OTHER = """[scene]
name = "Another scene"

[[entities]]
type = "minecraft:tnt"
pos = [0.5, 5.0, 0.5]
"""


def _browser_window():
    for title in ("Open a scene", "Save the scene as"):
        window = imgui.internal.find_window_by_name(title + BROWSER_ID)
        if window is not None and window.active:
            return window
    return None


def _shortcut(app, symbol: int, modifiers: int) -> None:
    """Press a shortcut and let go of its modifiers (ImGui keeps the modifiers of the last key event)."""
    press(app, symbol, modifiers)
    press(app, key.LCTRL)
    app.draw_frame()


def _type(app, text: str) -> None:
    send(app, "on_text", text)
    app.draw_frame()


def test_ctrl_o_opens_the_path_typed(open_app, flat_scene: Path, tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    other = tmp_path / "sub" / "another.toml"
    other.write_text(OTHER, encoding="utf-8")
    app = open_app(flat_scene)
    _shortcut(app, key.O, key.MOD_CTRL)
    assert _browser_window() is not None and app.dialog.browser.folder == flat_scene.parent.resolve()
    folders, files = app.dialog.browser.entries()
    assert "sub" in folders and files == ["scene.toml"]
    _type(app, "sub/ano")
    browser = app.dialog.browser
    assert browser.listed() == (other.parent, "ano") and browser.entries() == ([], ["another.toml"])
    _type(app, "ther.toml")
    press(app, key.ENTER)
    app.draw_frame()
    assert app.scene_path == other and app.sim.name == "Another scene" and _browser_window() is None


def test_a_file_is_picked_with_a_click_and_escape_cancels(open_app, flat_scene: Path, tmp_path: Path) -> None:
    app = open_app(flat_scene)
    _shortcut(app, key.O, key.MOD_CTRL)
    window = _browser_window()
    entries = imgui.internal.find_window_by_name(f"{window.name}/##entries_{window.get_id('##entries'):08X}")
    assert entries is not None
    row = entries.dc.cursor_start_pos
    folders, files = app.dialog.browser.entries()
    height = imgui.get_text_line_height_with_spacing()
    y = row.y + (len(folders) + files.index("scene.toml")) * height + height / 2
    click(app, row.x + 20, y)
    assert app.dialog.browser.text == "scene.toml"
    press(app, key.ESCAPE)
    app.draw_frame()
    assert app.dialog.browser is None and _browser_window() is None and app.scene_path == flat_scene


def test_save_as_writes_the_name_typed_with_toml_added(open_app, flat_scene: Path, tmp_path: Path) -> None:
    app = open_app(flat_scene)
    app.state.pending_edits.append(remove_block((0, 0, 0)))
    app.draw_frame()
    _shortcut(app, key.S, key.MOD_CTRL | key.MOD_SHIFT)
    browser = app.dialog.browser
    assert browser.save and browser.text == "scene.toml"
    for _ in browser.text:
        press(app, key.BACKSPACE)
    _type(app, "copy")
    press(app, key.ENTER)
    app.draw_frame()
    target = flat_scene.parent / "copy.toml"
    assert app.scene_path == target and load_scene(str(target)).world.get_block_state(0, 0, 0).is_air


@pytest.mark.parametrize("typed, error", [("", "type a file name"), ("missing.toml", "no such file")])
def test_open_refuses_what_is_not_a_file(tmp_path: Path, typed: str, error: str) -> None:
    browser = Browser("open", False, tmp_path)
    browser.text = typed
    browser.accept()
    assert browser.answer is None and error in browser.error


def test_a_folder_still_to_be_made_stays_in_the_path(tmp_path: Path) -> None:
    """Save as into ~/tickscope-scenes before it exists: the browser lists the folder that does, the path field
    holds the rest, and the answer is the file proposed (its folder is made when it is written)."""
    browser = Browser("export_gif", True, tmp_path / "new" / "deeper" / "run.gif", ".gif")
    assert browser.folder == tmp_path and browser.text == "new/deeper/run.gif"
    browser.text = "new/deeper/run"
    browser.accept()
    assert browser.answer == str(tmp_path / "new" / "deeper" / "run.gif")


def test_the_folder_is_read_once_and_again_when_it_changes_or_on_refresh(tmp_path: Path, monkeypatch) -> None:
    """The browser draws its list every frame: the folder is listed once, then again only when a file appears in
    it (its modification time) or Refresh is pressed; the name typed still narrows the list each time."""
    (tmp_path / "a.toml").write_text(OTHER, encoding="utf-8")
    reads: list[Path] = []
    iterdir = Path.iterdir
    monkeypatch.setattr(Path, "iterdir", lambda self: reads.append(self) or iterdir(self))
    browser = Browser("open", False, tmp_path)
    for _ in range(5):
        assert browser.entries() == ([], ["a.toml"])
    assert reads == [tmp_path]
    (tmp_path / "b.toml").write_text(OTHER, encoding="utf-8")
    assert browser.entries() == ([], ["a.toml", "b.toml"]) and len(reads) == 2
    browser.text = "b"
    assert browser.entries() == ([], ["b.toml"]) and len(reads) == 2
    browser.refresh()
    assert browser.entries() == ([], ["b.toml"]) and len(reads) == 3


def test_open_offers_allow_unmapped_for_a_schematic_and_the_errors_panel_counts_what_was_left_out(
        open_app, flat_scene: Path) -> None:
    """tree.litematic (1.20.2) holds copper ore: opened plainly it is refused, naming allow_unmapped; with the
    browser's checkbox ticked it opens, and the Errors panel says what was left out, with counts. A reload keeps
    the choice."""
    from tests.conftest import shared_file
    tree = shared_file("schematics", "tree.litematic")
    app = open_app(flat_scene)
    for allow in (False, True):
        _shortcut(app, key.O, key.MOD_CTRL)
        browser = app.dialog.browser
        browser.text = str(tree)
        browser.allow_unmapped = allow
        browser.accept()
        for _ in range(2):
            app.draw_frame()
    first, second = app.state.errors
    assert "allow_unmapped" in first and app.scene_path == tree and app.allow_unmapped
    assert second == "tree.litematic: 6 blocks and entities with no 1.16.5 equivalent left out: minecraft:copper_ore ×6"
    app.state.commands.append("reload")
    app.draw_frame()
    assert app.state.errors[2:] == [second]


def test_the_allow_unmapped_box_is_drawn_only_when_opening_a_schematic(open_app, flat_scene: Path,
                                                                         monkeypatch) -> None:
    boxes: list[str] = []
    checkbox = imgui.checkbox
    monkeypatch.setattr(imgui, "checkbox", lambda label, value: boxes.append(label) or checkbox(label, value))
    app = open_app(flat_scene)
    _shortcut(app, key.O, key.MOD_CTRL)
    _type(app, "house.toml")
    assert app.dialog.browser.text == "house.toml" and not any("--allow-unmapped" in b for b in boxes)
    for _ in "toml":
        press(app, key.BACKSPACE)
    _type(app, "litematic")
    assert app.dialog.browser.text == "house.litematic" and any("--allow-unmapped" in b for b in boxes)


def test_saving_into_a_folder_still_to_be_made_is_no_error(tmp_path: Path) -> None:
    """Save as starts in ~/tickscope-scenes, which the first save makes: listing it is empty, not an error; an
    Open typed into a missing folder says so."""
    missing = tmp_path / "tickscope-scenes"
    saving = Browser("save", True, missing)
    assert saving.entries() == ([], []) and saving.error == ""
    opening = Browser("open", False, tmp_path)
    opening.text = "tickscope-scenes/"
    assert opening.entries() == ([], []) and "no such folder" in opening.error


@pytest.mark.parametrize("frames", [0, 1])
def test_enter_pressed_as_the_dialog_opens_saves(open_app, flat_scene: Path, frames: int) -> None:
    """Enter pressed in the first frames after Save as opened (as the path field takes the keyboard, and the frame
    after: a quarter of a second when frames are slow under load): the dialog saves, as Enter later does (it was
    lost)."""
    app = open_app(flat_scene)
    app.state.pending_edits.append(remove_block((0, 0, 0)))
    app.draw_frame()
    send(app, "on_key_press", key.S, key.MOD_CTRL | key.MOD_SHIFT)
    send(app, "on_key_release", key.S, key.MOD_CTRL | key.MOD_SHIFT)
    while _browser_window() is None:
        app.draw_frame()
    for _ in range(frames):
        app.draw_frame()
    send(app, "on_key_press", key.ENTER, 0)
    send(app, "on_key_release", key.ENTER, 0)
    app.draw_frame()
    assert _browser_window() is None and load_scene(str(flat_scene)).world.get_block_state(0, 0, 0).is_air
