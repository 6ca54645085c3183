"""State that should not surprise: a remembered empty tab gives way to Plots when a scene opens, Escape closes an
open menu, a selected stage follows its entity from tick to tick, and a click of the place tool that meets no block
says why nothing happened."""

from __future__ import annotations

from pathlib import Path

from imgui_bundle import imgui
from pyglet.window import key
from ui_driver import click, press

from tests.conftest import SCENES_DIR as SCENES
from viewer.panels.pistons import PISTONS_TITLE
from viewer.panels.plots import PLOTS_TITLE
from viewer.panels.stages import stage_names, stage_rows


def _in_front(title: str) -> bool:
    window = imgui.internal.find_window_by_name(title)
    return window.dock_node.selected_tab_id == window.tab_id


def test_an_empty_tab_in_front_gives_way_to_plots_when_a_scene_opens(open_app, flat_scene: Path) -> None:
    app = open_app(flat_scene, (1280, 720))
    imgui.set_window_focus(PISTONS_TITLE)   # the user's choice in this session (or the last one's): kept now
    for _ in range(3):
        app.draw_frame()
    assert _in_front(PISTONS_TITLE)
    app.state.open_path = str(SCENES / "tnt_flat_ground.toml")   # no pistons
    for _ in range(3):
        app.draw_frame()
    assert _in_front(PLOTS_TITLE)


def test_escape_closes_an_open_menu(open_app, flat_scene: Path) -> None:
    app = open_app(flat_scene)
    style = imgui.get_style()
    click(app, style.frame_padding.x + imgui.calc_text_size("File").x / 2, imgui.get_frame_height() / 2)
    assert imgui.is_popup_open("", imgui.PopupFlags_.any_popup_id)
    press(app, key.ESCAPE)
    app.draw_frame()
    assert not imgui.is_popup_open("", imgui.PopupFlags_.any_popup_id)


def test_a_selected_stage_follows_the_entity_from_tick_to_tick(open_app) -> None:
    app = open_app(SCENES / "zombie_path_avoid_lava.toml")
    app.state.selected_entity = 1
    press(app, key.RIGHT)
    rows = stage_rows(app.sim.last_record, 1)
    search = next(r.key for r in rows if r.stage.name == "path_search")
    app.state.selected_stage = search
    app.draw_frame()
    press(app, key.RIGHT)   # tick 2 has no search: no stage of another name is selected in its place
    assert app.state.selected_stage is None
    rows = stage_rows(app.sim.last_record, 1)
    app.state.selected_stage = next(r.key for r in rows if r.stage.name == "navigation")
    app.draw_frame()
    for _ in range(3):
        press(app, key.RIGHT)
        rows = stage_rows(app.sim.last_record, 1)
        assert stage_names(rows, app.state.selected_stage) == ("new_ai", "navigation"), app.sim.tick_count
        assert any(p["role"] == "path_current" for p in _drawn(app))


def _drawn(app) -> list[dict]:
    from viewer.drawing.overlays import stage_geometry
    from viewer.stepping import stage_at
    return stage_geometry(app.sim.last_record, 1, stage_at(app.sim.last_record, app.state.selected_stage))


def test_the_place_tool_says_why_a_click_did_nothing(open_app, flat_scene: Path) -> None:
    app = open_app(flat_scene, (1280, 720))
    app.state.tool = "place"
    rect = app.view_rect
    click(app, rect.x + 5, rect.y + 5)   # the sky over the floor
    assert app.state.status.startswith("place: no block under the pointer") and not app.undo.done


def test_a_quick_click_on_a_docked_panels_tab_chooses_it(open_app, flat_scene: Path) -> None:
    """The pointer moved onto the Entity table's tab and clicked before the next frame (move, press and release
    handled together, as a quick hand or xdotool gives them, or any click when frames are slow): the tab comes to
    the front (ImGui took the move and the press in one frame, and a docked tab was not chosen so)."""
    from pyglet.window import mouse

    app = open_app(flat_scene, (1280, 720))
    app.draw_frame()   # a third frame: the dock's tab bars take their place
    (table,) = [w for w in imgui.get_current_context().windows if w.name == "Entity table"]
    bar = table.dock_node.tab_bar
    tab = next(t for t in bar.tabs if t.window is not None and t.window.name == "Entity table")
    assert bar.selected_tab_id != tab.id_
    x, y = bar.bar_rect.min.x + tab.offset + tab.width / 2, (bar.bar_rect.min.y + bar.bar_rect.max.y) / 2
    py = app.window.height - y
    for event, *args in (("on_mouse_motion", 0, 0), ("on_mouse_press", mouse.LEFT, 0),
                         ("on_mouse_release", mouse.LEFT, 0)):
        app.window.dispatch_event(event, x, py, *args)   # queued
    app.window.dispatch_events()                           # handled together, before the next frame
    for _ in range(4):
        app.draw_frame()
    assert bar.selected_tab_id == tab.id_
    imgui.set_window_focus(PLOTS_TITLE)   # the tab in front is remembered for the next window this process opens
    for _ in range(3):
        app.draw_frame()
    assert _in_front(PLOTS_TITLE)
