"""The window as a user meets it, headless: the docked layout leaves the 3D view free, the menu bar and keys
run commands (undo, redo, reload), Escape never quits, closing with unsaved edits asks first, the title names
the scene and marks unsaved edits, the timeline runs to the next event and loops, F1 opens the help."""

from __future__ import annotations

import os
import time
from pathlib import Path

import numpy as np
import pytest
from imgui_bundle import imgui
from pyglet.window import key
from ui_driver import click, overlaps, press, send

from tests.conftest import SCENES_DIR as SCENES
from viewer.drawing.pistons import b36_items
from viewer.editing import set_block
from viewer.files import load_recent
from viewer.panels.controls import CONTROLS_TITLE
from viewer.panels.entities import ENTITIES_TITLE
from viewer.panels.help import HELP_TITLE, LEGEND_TITLE
from viewer.panels.ledger import LEDGER_TITLE
from viewer.panels.menu import CLOSE_PROMPT
from viewer.panels.pistons import PISTONS_TITLE
from viewer.panels.plots import PLOTS_TITLE
from viewer.panels.stages import STAGES_TITLE
from viewer.panels.timeline import TIMELINE_TITLE, ruler_step
from viewer.timeline import EXPLOSION_KIND

WIDE = (1280, 720)
FULL_HD = (1920, 1080)
PANELS = (CONTROLS_TITLE, ENTITIES_TITLE, STAGES_TITLE, LEGEND_TITLE, PLOTS_TITLE, LEDGER_TITLE, PISTONS_TITLE,
          TIMELINE_TITLE)


def shown(title: str) -> bool:
    """Whether a docked panel is the visible tab of its node."""
    window = imgui.internal.find_window_by_name(title)
    return window.dock_node.selected_tab_id == window.tab_id


@pytest.mark.parametrize("size", [WIDE, FULL_HD])
def test_every_panel_is_docked_around_a_free_3d_view(open_app, flat_scene: Path, size) -> None:
    """No panel floats over the view; the view keeps more than a third of the window."""
    app = open_app(flat_scene, size)
    rect = app.view_rect
    assert rect.width * rect.height > size[0] * size[1] / 3
    for title in PANELS:
        window = imgui.internal.find_window_by_name(title)
        assert window is not None and window.dock_id != 0, title
        assert not overlaps(window, rect), title


def test_reset_layout_docks_a_moved_panel_back(open_app, flat_scene: Path) -> None:
    app = open_app(flat_scene, WIDE)
    imgui.internal.find_window_by_name(CONTROLS_TITLE)  # noqa: B018 - exists before the undock below
    imgui.set_window_pos(CONTROLS_TITLE, imgui.ImVec2(600, 300))
    imgui.internal.dock_context_queue_undock_window(imgui.get_current_context(),
                                                    imgui.internal.find_window_by_name(CONTROLS_TITLE))
    for _ in range(2):
        app.draw_frame()
    assert imgui.internal.find_window_by_name(CONTROLS_TITLE).dock_id == 0
    app.state.reset_layout = True
    for _ in range(2):
        app.draw_frame()
    assert imgui.internal.find_window_by_name(CONTROLS_TITLE).dock_id != 0


def test_empty_panels_stay_behind_the_plots_tab(open_app, flat_scene: Path) -> None:
    open_app(flat_scene, WIDE)
    assert shown(PLOTS_TITLE) and not shown(PISTONS_TITLE) and not shown(LEDGER_TITLE)


def test_the_pistons_tab_comes_forward_in_a_piston_scene(open_app) -> None:
    app = open_app(SCENES / "slime_launcher.toml", WIDE)
    press(app, key.RIGHT)
    assert next(b36_items(app.sim.last_record), None) is not None
    assert shown(PISTONS_TITLE) and not shown(PLOTS_TITLE)


def test_escape_never_closes_the_window(open_app, flat_scene: Path) -> None:
    app = open_app(flat_scene)
    app.state.show_help = True
    press(app, key.ESCAPE)
    assert not app.window.has_exit and not app.state.show_help


def test_f1_opens_the_help_window(open_app, flat_scene: Path) -> None:
    app = open_app(flat_scene)
    press(app, key.F1)
    window = imgui.internal.find_window_by_name(HELP_TITLE)
    assert app.state.show_help and window is not None and window.active


def place_stone(app, pos=(0, 3, 0)) -> None:
    from engine.world.blocks import parse_block_state
    app.state.pending_edits.append(set_block(pos, parse_block_state("minecraft:stone")))
    app.draw_frame()


def test_ctrl_z_undoes_an_edit_and_ctrl_shift_z_redoes_it(open_app, flat_scene: Path) -> None:
    app = open_app(flat_scene)
    press(app, key.RIGHT)
    place_stone(app)
    assert str(app.sim.world.get_block_state(0, 3, 0)) == "minecraft:stone"
    assert app.title().startswith("*")
    press(app, key.RIGHT)
    press(app, key.Z, key.MOD_CTRL)
    assert app.sim.tick_count == 1 and app.sim.world.get_block_state(0, 3, 0).is_air
    assert not app.title().startswith("*")
    press(app, key.Z, key.MOD_CTRL | key.MOD_SHIFT)
    assert app.sim.tick_count == 1 and str(app.sim.world.get_block_state(0, 3, 0)) == "minecraft:stone"


def test_undo_through_the_edit_menu(open_app, flat_scene: Path) -> None:
    """Click Edit in the menu bar, then its first item (Undo)."""
    app = open_app(flat_scene, WIDE)
    place_stone(app)
    style = imgui.get_style()
    file_width = imgui.calc_text_size("File").x + 2 * style.item_spacing.x
    click(app, style.frame_padding.x + file_width + imgui.calc_text_size("Edit").x / 2, imgui.get_frame_height() / 2)
    menu = imgui.internal.find_window_by_name("Edit###Menu_00")
    assert menu is not None and menu.active
    start = menu.dc.cursor_start_pos
    click(app, start.x + imgui.calc_text_size("Undo").x / 2, start.y + imgui.get_text_line_height() / 2)
    assert app.sim.world.get_block_state(0, 3, 0).is_air


def test_closing_with_unsaved_edits_asks_first(open_app, flat_scene: Path) -> None:
    app = open_app(flat_scene)
    place_stone(app)
    send(app, "on_close")
    assert not app.window.has_exit and app.state.confirm_close
    app.draw_frame()
    prompt = imgui.internal.find_window_by_name(CLOSE_PROMPT)
    assert prompt is not None and prompt.active
    app.state.commands.append("discard")
    app.draw_frame()
    assert app.window.has_exit


def test_closing_without_edits_does_not_ask(open_app, flat_scene: Path) -> None:
    app = open_app(flat_scene)
    press(app, key.Q, key.MOD_CTRL)
    assert app.window.has_exit and not app.state.confirm_close


def test_title_names_the_scene_its_file_and_its_release(open_app, flat_scene: Path, monkeypatch) -> None:
    app = open_app(flat_scene)
    captions: list[str] = []
    monkeypatch.setattr(app.window, "set_caption", captions.append)  # the headless window keeps no caption
    assert app.title() == f"TNT on a stone floor ({flat_scene.name}) in 1.16.5 - Tickscope"
    place_stone(app)
    assert captions == [f"*TNT on a stone floor ({flat_scene.name}) in 1.16.5 - Tickscope"]


def test_ctrl_r_reloads_the_scene_at_the_same_tick(open_app, flat_scene: Path) -> None:
    app = open_app(flat_scene)
    for _ in range(3):
        press(app, key.RIGHT)
    flat_scene.write_text(flat_scene.read_text().replace("TNT on a stone floor", "Renamed"), encoding="utf-8")
    press(app, key.R, key.MOD_CTRL)
    assert app.sim.name == "Renamed" and app.sim.tick_count == 3


def test_a_scene_changed_on_disk_is_reloaded_at_the_same_tick(open_app, flat_scene: Path) -> None:
    app = open_app(flat_scene)
    for _ in range(2):
        press(app, key.RIGHT)
    flat_scene.write_text(flat_scene.read_text().replace("TNT on a stone floor", "Changed"), encoding="utf-8")
    later = time.time() + 5
    os.utime(flat_scene, (later, later))
    time.sleep(0.6)  # the watch looks at most twice a second
    app.draw_frame()
    assert app.sim.name == "Changed" and app.sim.tick_count == 2


def test_next_event_runs_to_the_explosion_and_marks_it(open_app, flat_scene: Path) -> None:
    """The TNT (fuse 80) explodes in tick 80: "next event" runs there; the timeline knows the tick."""
    app = open_app(flat_scene)
    app.state.event_jump = 1
    app.draw_frame()
    assert app.sim.tick_count == 80
    assert EXPLOSION_KIND in app.events.kinds[80]
    press(app, key.LEFT)
    app.state.event_jump = -1
    app.draw_frame()
    assert app.sim.tick_count == 79 or app.events.previous_before(79) == app.sim.tick_count
    app.state.event_jump = 1
    app.draw_frame()
    assert app.sim.tick_count == 80


def test_playing_loops_over_the_loop_range(open_app, flat_scene: Path) -> None:
    app = open_app(flat_scene)
    app.state.loop = (2, 5)
    app.state.playing = True
    app.state.tps = 200.0
    seen = set()
    for _ in range(40):
        app.draw_frame()
        seen.add(app.sim.tick_count)
    assert max(seen) <= 5 + 1 and 2 in seen


def test_ruler_numbers_stay_apart() -> None:
    assert ruler_step(100, 1000, 40) == 5
    assert ruler_step(10, 1000, 40) == 1
    assert ruler_step(10_000, 1000, 40) == 500


def test_shift_f2_saves_the_3d_view_with_its_labels(open_app, flat_scene: Path, tmp_path: Path) -> None:
    """The PNG is the view's rectangle (no panels) and carries the id labels: on and off give other pixels."""
    from PIL import Image
    app = open_app(flat_scene, WIDE)
    shots = []
    for ids in (True, False):
        app.state.show_ids = ids
        app.draw_frame()
        press(app, key.F2, key.MOD_SHIFT)
        shots.append(np.asarray(Image.open(app.state.last_screenshot)))
    rect = app.view_rect
    assert shots[0].shape[:2] == (round(rect.height), round(rect.width))
    assert np.any(shots[0] != shots[1])


def test_ctrl_s_saves_the_edited_scene(open_app, flat_scene: Path) -> None:
    """The saved file loads back with the placed block; the title loses its unsaved mark."""
    from engine.tick.scene import load_scene
    app = open_app(flat_scene)
    place_stone(app)
    press(app, key.S, key.MOD_CTRL)
    assert not app.title().startswith("*") and not app.state.errors
    assert str(load_scene(flat_scene).world.get_block_state(0, 3, 0)) == "minecraft:stone"


def test_save_as_writes_the_file_the_dialog_names(open_app, flat_scene: Path, tmp_path: Path) -> None:
    from engine.tick.scene import load_scene
    app = open_app(flat_scene)
    place_stone(app)
    target = tmp_path / "copy.toml"
    app.dialog.poll = lambda: ("save_as", str(target))  # the user's answer to the native dialog
    app.draw_frame()
    assert app.scene_path == target and "copy.toml" in app.title()
    assert str(load_scene(target).world.get_block_state(0, 3, 0)) == "minecraft:stone"


def test_edits_left_by_a_crash_are_offered_back(open_app, flat_scene: Path, tmp_path: Path) -> None:
    """An edit is autosaved; the window goes away without saving; opening the scene again offers the edit back,
    and recovering it shows the block, unsaved; saving removes the recovery file."""
    from viewer.app import ViewerApp
    recovery = tmp_path / "recovery"
    first = ViewerApp(str(flat_scene), size=(640, 400), visible=False, recovery_dir=recovery)
    first.draw_frame()
    place_stone(first)
    assert len(list(recovery.iterdir())) == 1
    first.close()  # gone without saving or quitting, as after a crash: the recovery file stays
    app = open_app(flat_scene, recovery_dir=recovery)
    assert app.state.recovery_offer is not None
    prompt = imgui.internal.find_window_by_name("Recover unsaved edits")
    assert prompt is not None and prompt.active
    app.state.commands.append("recover")
    app.draw_frame()
    assert str(app.sim.world.get_block_state(0, 3, 0)) == "minecraft:stone" and app.title().startswith("*")
    app.draw_frame()  # the prompt has closed: keys go to the window again
    press(app, key.S, key.MOD_CTRL)
    assert not app.state.errors and not app.title().startswith("*")
    assert not list(recovery.iterdir())


def test_export_video_writes_a_gif_of_the_ticks_so_far(open_app, flat_scene: Path) -> None:
    from PIL import Image
    app = open_app(flat_scene)
    for _ in range(4):
        press(app, key.RIGHT)
    rect = app.view_rect  # the 3D view's size when the command runs
    app.state.commands.append("export_video")
    app.draw_frame()
    app.export_settings.start = True   # the Export window's Export: a GIF of the 3D view's size, beside the screenshots
    app.draw_frame()
    for _ in range(200):   # a job: frames are rendered between the window's frames, the file written aside
        if app.job is None:
            break
        app.draw_frame()
    assert not app.state.errors and app.sim.tick_count == 4 and app.state.status.startswith("saved ")
    with Image.open(app.state.last_screenshot) as gif:
        assert gif.n_frames == 5
        assert gif.size == (round(rect.width) // 2 * 2, round(rect.height) // 2 * 2)


def test_zoom_scales_fonts_and_widgets(open_app, flat_scene: Path) -> None:
    """View › Zoom 150%: the font scale and the widget sizes (ImGui rounds them down) grow by half."""
    app = open_app(flat_scene)
    style = imgui.get_style()
    before = style.font_scale_dpi, style.frame_padding.x, style.window_padding.x
    app.state.zoom = 1.5
    app.draw_frame()
    assert style.font_scale_dpi == pytest.approx(before[0] * 1.5)
    assert style.frame_padding.x == pytest.approx(before[1] * 1.5, abs=1.0)
    assert style.window_padding.x == pytest.approx(before[2] * 1.5, abs=1.0)


def test_open_recent_opens_a_scene_and_remembers_it(open_app, flat_scene: Path, tmp_path: Path) -> None:
    """Open recent hands a path to the app loop; the list (newest first) is kept in the config file."""
    recent = tmp_path / "config" / "recent.json"
    app = open_app(flat_scene, recent_path=recent)
    other = SCENES / "slime_launcher.toml"
    app.state.open_path = str(other)
    app.draw_frame()
    assert app.scene_path == other and app.state.recent[:2] == [str(other.resolve()), str(flat_scene.resolve())]
    assert load_recent(recent) == app.state.recent


def test_opening_another_scene_with_unsaved_edits_is_refused(open_app, flat_scene: Path) -> None:
    app = open_app(flat_scene)
    place_stone(app)
    app.state.open_path = str(SCENES / "slime_launcher.toml")
    app.draw_frame()
    assert app.scene_path == flat_scene and "unsaved edits" in app.state.errors[-1]


def test_follow_keeps_the_selected_entity_at_the_orbit_target(open_app) -> None:
    """The TNT high in the air falls for 30 ticks: followed, it stays the point the camera turns around."""
    app = open_app(SCENES / "tnt_high_in_air.toml")
    app.state.selected_entity = 1
    app.state.follow = True
    for _ in range(30):
        press(app, key.RIGHT)
    row = app.frame.row(1)
    assert app.controls.orbit.target == pytest.approx(tuple(app.frame.pos[row]))
    assert app.frame.pos[row][1] < 190.0


def test_the_wheel_zooms_towards_the_pointer(open_app, flat_scene: Path) -> None:
    """The floor point under the pointer stays under it while the wheel zooms in."""
    from ui_driver import on_screen
    app = open_app(flat_scene, WIDE)
    app.state.camera_mode = "top"
    app.draw_frame()
    point = (-2.5, 1.0, -2.5)
    x, y = on_screen(app, point)
    send(app, "on_mouse_motion", x, app.window.height - y, 0, 0)
    send(app, "on_mouse_scroll", x, app.window.height - y, 0, 3)
    after = on_screen(app, point)
    assert after == pytest.approx((x, y), abs=1.0)
    assert app.controls.camera().half_height < 4.5


def test_clicking_the_timeline_ruler_goes_to_that_tick(open_app, flat_scene: Path) -> None:
    """At tick 0 the ruler spans ticks 0..20 (20 ahead of the last tick run); a click at its middle runs to 10."""
    app = open_app(flat_scene, WIDE)
    window = imgui.internal.find_window_by_name(TIMELINE_TITLE)
    style = imgui.get_style()
    start = window.dc.cursor_start_pos
    width = window.content_region_rect.max.x - start.x
    ruler_y = start.y + imgui.get_frame_height() + style.item_spacing.y + imgui.get_font_size()
    click(app, start.x + width * 0.5, ruler_y)
    assert app.sim.tick_count == 10


def test_shift_f2_with_the_caption_card_carries_it(open_app, flat_scene: Path) -> None:
    """View › Caption and legend: the 3D-view screenshot gains a dark card in its top left corner."""
    from PIL import Image
    app = open_app(flat_scene, WIDE)
    app.state.selected_entity = 1
    shots = []
    for card in (False, True):
        app.state.show_card = card
        app.draw_frame()
        press(app, key.F2, key.MOD_SHIFT)
        shots.append(np.asarray(Image.open(app.state.last_screenshot)).astype(int))
    rows, cols = np.nonzero(np.any(shots[0] != shots[1], axis=2))
    assert rows.size and rows.min() < 20 and cols.min() < 20
    assert rows.max() < shots[0].shape[0] / 2  # the card only, not the whole view


def test_file_open_without_a_dialog_tool_opens_the_built_in_browser(open_app, flat_scene: Path, monkeypatch) -> None:
    """Ctrl+O on a Linux machine without zenity or kdialog: the built-in browser, no error, and no button for a
    system dialog that is not there."""
    from viewer.files import native_dialogs
    app = open_app(flat_scene)
    monkeypatch.setattr("shutil.which", lambda tool: None)
    monkeypatch.setattr("sys.platform", "linux")
    native_dialogs.cache_clear()   # looked up once a process: again here, and again after the test
    try:
        press(app, key.O, key.MOD_CTRL)
        assert app.dialog.browser is not None and not app.state.errors and not native_dialogs()
        assert app.dialog.native() is not None and app.dialog.browser is not None
    finally:
        native_dialogs.cache_clear()


def test_a_schematic_opened_is_saved_as_a_new_scene(open_app, tmp_path: Path) -> None:
    """A Litematica file saved in the game opens in the window; Ctrl+S asks for a scene file (never writes TOML
    over the schematic), proposing the schematic's name with .toml, and the scene written loads back."""
    from engine.tick.scene import load_scene
    from engine.tick.scene_writer import scene_document
    from tests.conftest import shared_file
    house = shared_file("schematics", "SimpleHouse.litematic")
    app = open_app(house)
    started: list[tuple[str, bool, str]] = []
    app.dialog.start = lambda purpose, save, start: started.append((purpose, save, start))
    press(app, key.S, key.MOD_CTRL)
    assert started == [("save_as", True, str(house.with_suffix(".toml")))]
    target = tmp_path / "house.toml"
    app.dialog.poll = lambda: ("save_as", str(target))
    app.draw_frame()
    assert app.scene_path == target
    assert scene_document(load_scene(target))["blocks"] == scene_document(load_scene(house))["blocks"]
