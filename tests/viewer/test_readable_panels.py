"""The panels read at 1280x720, headless: errors arrive in a docked tab that never covers the 3D view, the Legend
names trace roles in words with the role id in a tooltip, the stage tree's columns fit their names, the plots
have room and tick labels that do not overlap."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from imgui_bundle import imgui, implot
from pyglet.window import key
from ui_driver import overlaps, send

from tests.conftest import SCENES_DIR as SCENES
from viewer.app import ViewerApp
from viewer.drawing.palette import load_palette
from viewer.panels import ledger, stages
from viewer.panels.controls import CONTROLS_TITLE, TOOLS
from viewer.panels.entities import ENTITIES_TITLE, FIELD_TIP, MICRO_HINT
from viewer.panels.errors import ERRORS_TITLE
from viewer.panels.help import LEGEND_TITLE
from viewer.panels.ledger import LEDGER_TITLE
from viewer.panels.plots import PLOTS_TITLE, nice_ticks
from viewer.panels.role_names import ROLE_NAMES
from viewer.panels.stages import STAGES_TITLE, stage_rows
from viewer.panels.timeline import TIMELINE_TITLE

WIDE = (1280, 720)
FULL_HD = (1920, 1080)
TOOLTIP_WAIT_S = 5.0  # at most; ImGui's stationary and short hover delays are 0.15 s each


def hovered_tooltips(app, monkeypatch, x: float, y: float) -> list[str]:
    """Rest the pointer at (x, y) (pixels from the top left) until a tooltip shows (ImGui's hover delays passed, on
    a loaded machine too); the tooltip texts of the items hovered."""
    seen: list[str] = []
    original = imgui.set_item_tooltip

    def record(text: str) -> None:
        if imgui.is_item_hovered(imgui.HoveredFlags_.for_tooltip):
            seen.append(text)
        original(text)

    monkeypatch.setattr(imgui, "set_item_tooltip", record)
    send(app, "on_mouse_motion", x, app.window.height - y, 0, 0)
    end = time.perf_counter() + TOOLTIP_WAIT_S
    while not seen and time.perf_counter() < end:
        app.draw_frame()
    app.draw_frame()
    monkeypatch.setattr(imgui, "set_item_tooltip", original)
    return seen


def window(title: str):
    return imgui.internal.find_window_by_name(title)


def shown(title: str) -> bool:
    """Whether a docked panel is the visible tab of its node."""
    found = window(title)
    return found is not None and found.active and found.dock_node.selected_tab_id == found.tab_id


def stepped(app, ticks: int):
    """`app` with entity #1 selected, `ticks` ticks run and the panels laid out again."""
    app.state.selected_entity = 1
    app.state.pending_steps = ticks
    for _ in range(3):
        app.draw_frame()
    return app


@pytest.mark.parametrize("size", [WIDE, FULL_HD])
def test_an_error_comes_forward_as_a_docked_tab_beside_the_plots(open_app, flat_scene: Path, size) -> None:
    app = open_app(flat_scene, size)
    assert window(ERRORS_TITLE) is None or not window(ERRORS_TITLE).active  # no tab without errors
    app.state.report("tick 3: RuntimeError: boom")
    for _ in range(2):
        app.draw_frame()
    errors = window(ERRORS_TITLE)
    assert errors.active and errors.dock_id != 0 and errors.dock_id == window(PLOTS_TITLE).dock_id
    assert shown(ERRORS_TITLE) and not shown(PLOTS_TITLE)
    assert not overlaps(errors, app.view_rect)
    assert errors.name.startswith("Errors (1)")
    imgui.set_window_focus(PLOTS_TITLE)  # the user goes back to the plots ...
    app.draw_frame()
    app.draw_frame()
    assert shown(PLOTS_TITLE)
    app.state.report("tick 4: RuntimeError: boom again")  # ... and a new error brings the tab forward again
    for _ in range(2):
        app.draw_frame()
    assert shown(ERRORS_TITLE) and window(ERRORS_TITLE).name.startswith("Errors (2)")
    app.state.errors.clear()  # Dismiss
    for _ in range(2):
        app.draw_frame()
    assert not window(ERRORS_TITLE).active and shown(PLOTS_TITLE)


@pytest.mark.parametrize(("size", "least"), [(WIDE, 4), (FULL_HD, 10)])
def test_the_explosion_ledger_keeps_room_for_its_rows(open_app, monkeypatch, size, least) -> None:
    """The simple cannon's tick 10 (12 explosions, 78 rows): the counts, sources, filters and switches share two
    lines at 1280x720, and the table under them shows rows (the clipper submits those in sight, a part-shown one
    included; with the filters on four lines it submitted two at 1280x720)."""
    app = stepped(open_app(SCENES / "cannon_tnt_simple.toml", size), 10)
    assert shown(LEDGER_TITLE)
    submitted: list[int] = []
    draw_rows, next_row = ledger._draw_rows, imgui.table_next_row

    def counted(*args) -> None:
        calls = [0]
        monkeypatch.setattr(imgui, "table_next_row", lambda *a: (calls.__setitem__(0, calls[0] + 1), next_row(*a)))
        draw_rows(*args)
        monkeypatch.setattr(imgui, "table_next_row", next_row)
        submitted.append(calls[0])

    monkeypatch.setattr(ledger, "_draw_rows", counted)
    app.draw_frame()
    assert submitted and submitted[-1] >= least
    assert not overlaps(window(LEDGER_TITLE), app.view_rect)


def test_every_trace_role_has_a_readable_name_and_meaning() -> None:
    palette = load_palette()
    names = [ROLE_NAMES[role][0] for role in palette.roles]  # a role of the palette without a name fails here
    assert len(set(names)) == len(names)
    assert all(ROLE_NAMES[role][1] for role in palette.roles)


def test_the_legend_names_roles_in_words_with_the_role_id_in_a_tooltip(open_app, monkeypatch) -> None:
    app = stepped(open_app(SCENES / "player_sprint_jump_route.toml", WIDE), 13)  # the tick of the sprint-jump kick
    names = [name for name, _ in app.legend]
    assert "X sweep (Entity.move, per axis)" in names and "Sprint-jump kick" in names
    assert not [n for n in names if n.startswith("trace:") or "_" in n]  # no raw role id shown
    legend = window(LEGEND_TITLE)
    row = names.index("Sprint-jump kick")
    style = imgui.get_style()
    top = legend.pos.y + legend.title_bar_height + style.window_padding.y - legend.scroll.y
    y = top + (row + 0.5) * imgui.get_text_line_height_with_spacing()
    x = legend.pos.x + style.window_padding.x + imgui.get_font_size() * 3
    assert y < legend.pos.y + legend.size.y
    tips = hovered_tooltips(app, monkeypatch, x, y)
    assert tips and tips[-1].startswith("trace role jump_kick: ")


def cells_drawn(app, monkeypatch) -> list[tuple[str, float, float]]:
    """Draw a frame, recording each stage tree cell's text, the width it needs and the width its cell leaves."""
    seen: list[tuple[str, float, float]] = []
    tree_node, text_disabled = imgui.tree_node_ex, imgui.text_disabled

    def node(label: str, flags: int) -> bool:
        name = label.split("##")[0]
        need = imgui.get_tree_node_to_label_spacing() + imgui.calc_text_size(name).x
        seen.append((name, need, imgui.get_content_region_avail().x))
        return tree_node(label, flags)

    def method(text: str) -> None:
        if imgui.internal.get_current_table() is not None:
            seen.append((text, imgui.calc_text_size(text).x, imgui.get_content_region_avail().x))
        text_disabled(text)

    monkeypatch.setattr(imgui, "tree_node_ex", node)
    monkeypatch.setattr(imgui, "text_disabled", method)
    app.draw_frame()
    monkeypatch.setattr(imgui, "tree_node_ex", tree_node)
    monkeypatch.setattr(imgui, "text_disabled", text_disabled)
    return seen


@pytest.mark.parametrize("size", [WIDE, FULL_HD])
def test_the_stage_tree_columns_fit_every_name_and_method(open_app, monkeypatch, size) -> None:
    """The player's tick 13 (18 stages, `sneaking_adjustment` two levels deep), then the boat of another scene
    selected in the same window: the columns fit again. The method column shows where it fits beside the names;
    where it does not (this tree at 1280x720 and 1920x1080), the methods are in the tooltips and nothing scrolls
    sideways."""
    app = stepped(open_app(SCENES / "player_sprint_jump_route.toml", size), 13)
    cells = cells_drawn(app, monkeypatch)
    names = [c[0] for c in cells]
    assert "sneaking_adjustment" in names
    assert "Entity.adjustMovementForSneaking" not in names
    (tree,) = [w for w in imgui.get_current_context().windows if w.name.startswith(f"{STAGES_TITLE}/stage tree")]
    assert tree.scroll_max.x == 0
    assert all(need <= avail for _, need, avail in cells), [c for c in cells if c[1] > c[2]]
    app.load(str(SCENES / "boat_ice_road.toml"))
    stepped(app, 5)
    cells = cells_drawn(app, monkeypatch)
    assert "handle_bubble_column" in [c[0] for c in cells]
    assert all(need <= avail for _, need, avail in cells), [c for c in cells if c[1] > c[2]]
    assert window(STAGES_TITLE).size.x * 2 < app.view_rect.width  # the tree scrolls sideways, the view stays wide


@pytest.mark.parametrize("size", [WIDE, FULL_HD])
def test_a_stages_values_fit_the_panel(open_app, monkeypatch, size) -> None:
    """The sprinting player's `move` stage at tick 13: every value (before, and after where the stage changed it)
    is drawn whole within the Stages panel's width; at 1280x720 the numbers go under their names."""
    app = stepped(open_app(SCENES / "player_sprint_jump_route.toml", size), 13)
    move = next(r for r in stage_rows(app.sim.last_record, 1) if r.stage.name == "move")
    app.state.selected_stage = move.key
    drawn: list[tuple[str, float, float]] = []   # (text, its width, the width left where it starts)
    draw_values, text, text_colored = stages._draw_values, imgui.text, imgui.text_colored

    def measured(stage) -> None:
        def record(t: str) -> None:
            drawn.append((t, imgui.calc_text_size(t).x, imgui.get_content_region_avail().x))
        monkeypatch.setattr(imgui, "text", lambda t: (record(t), text(t)))
        monkeypatch.setattr(imgui, "text_colored", lambda c, t: (record(t), text_colored(c, t)))
        draw_values(stage)
        monkeypatch.setattr(imgui, "text", text)
        monkeypatch.setattr(imgui, "text_colored", text_colored)

    monkeypatch.setattr(stages, "_draw_values", measured)
    app.draw_frame()
    player = app.sim.entity_by_id(1)
    texts = [t for t, _, _ in drawn]
    after = texts.index(f"> {player.pos.x!r}")  # the move changed the position: before, then after
    assert texts[after - 1] == repr(move.stage.before["pos"][0])
    assert all(width <= room for _, width, room in drawn), [d for d in drawn if d[1] > d[2]]


def test_a_stage_row_tooltip_gives_its_full_name_and_method(open_app, monkeypatch) -> None:
    app = stepped(open_app(SCENES / "tnt_cannon_range.toml", WIDE), 3)
    stages = window(STAGES_TITLE)
    style = imgui.get_style()
    line = imgui.get_text_line_height_with_spacing()
    x = stages.pos.x + style.window_padding.x + imgui.get_font_size() * 4
    y = stages.pos.y + stages.title_bar_height + style.window_padding.y + line * 4.5  # under gravity, move
    tips = hovered_tooltips(app, monkeypatch, x, y)
    assert tips and tips[-1].startswith("sneaking_adjustment (Entity.adjustMovementForSneaking)")


def plots_drawn(app, monkeypatch) -> tuple[list[tuple[float, float, float]], list[tuple[int, list, list]], list[str]]:
    """Draw a frame, recording each plot's top (screen y) and size, its axis ticks and the panel's dim texts."""
    plots, ticks, texts = [], [], []
    begin_plot, setup_ticks, text_disabled = implot.begin_plot, implot.setup_axis_ticks, imgui.text_disabled

    def begin(title: str, size: imgui.ImVec2, flags: int = 0) -> bool:
        plots.append((imgui.get_cursor_screen_pos().y, size.x, size.y))
        return begin_plot(title, size, flags)

    def setup(axis: int, values: list, labels: list) -> None:
        ticks.append((axis, list(values), list(labels)))
        setup_ticks(axis, values, labels)

    def dim(text: str) -> None:
        texts.append(text)
        text_disabled(text)

    monkeypatch.setattr(implot, "begin_plot", begin)
    monkeypatch.setattr(implot, "setup_axis_ticks", setup)
    monkeypatch.setattr(imgui, "text_disabled", dim)
    app.draw_frame()
    monkeypatch.setattr(implot, "begin_plot", begin_plot)
    monkeypatch.setattr(implot, "setup_axis_ticks", setup_ticks)
    monkeypatch.setattr(imgui, "text_disabled", text_disabled)
    return plots, ticks, texts


@pytest.mark.parametrize(("scene", "ticks", "size"), [("tnt_cannon_range.toml", 20, WIDE),
                                                     ("player_sprint_jump_route.toml", 15, WIDE),
                                                     ("boat_ice_road.toml", 200, WIDE),
                                                     ("player_sprint_jump_route.toml", 15, FULL_HD)])
def test_the_plots_have_room_and_their_tick_labels_never_overlap(open_app, monkeypatch, scene, ticks, size) -> None:
    app = open_app(SCENES / scene, size)
    app.state.selected_entity = 1
    app.state.pending_steps = ticks
    app.draw_frame()
    imgui.set_window_focus(PLOTS_TITLE)
    for _ in range(2):
        app.draw_frame()
    plots, ticks, texts = plots_drawn(app, monkeypatch)
    y_ticks = [(values, labels) for axis, values, labels in ticks if axis == implot.ImAxis_.y1]
    x_labels = [label for axis, _, labels in ticks if axis == implot.ImAxis_.x1 for label in labels]
    panel = window(PLOTS_TITLE)
    em = imgui.get_font_size()
    assert len(plots) == 2 and len(y_ticks) == 2
    for top, width, height in plots:
        assert height >= 6 * em and width >= 20 * em  # at 1280x720: about 105 x 620 pixels
        assert top + height <= panel.pos.y + panel.size.y  # the x axis and its labels are not cut
    for (_, _, height), (values, labels) in zip(plots, y_ticks, strict=True):
        assert 3 <= len(labels) and len(labels) * 1.4 * em <= height - 2.2 * em  # a line and a gap per label
        assert len(set(labels)) == len(labels) and len({len(s.split(".")[-1]) for s in labels if "." in s}) <= 1
        assert [float(s) for s in labels] == pytest.approx(values)
    assert x_labels and all(label.lstrip("-").isdigit() for label in x_labels)  # whole ticks only
    assert "blocks by tick" in texts and "blocks/tick by tick" in texts  # the units, beside each quantity


def test_nice_ticks_enclose_the_values_with_labels_that_read_apart() -> None:
    """Formula test: the y ticks of the case that drew '41.16' over '41.0' in a 40-pixel plot."""
    assert nice_ticks(41.15, 41.17, 4) == (pytest.approx(41.15), pytest.approx(41.17),
                                           pytest.approx([41.15, 41.16, 41.17]), ["41.15", "41.16", "41.17"])
    assert nice_ticks(-16.0, 1.4, 3)[3] == ["-20", "0", "20"]
    assert nice_ticks(-0.0784, -0.0784, 3)[3] == ["-0.10", "-0.08", "-0.06"]  # a constant is widened
    assert nice_ticks(0.0, 2.0, 10, least_step=1.0)[3] == ["0", "1", "2"]  # ticks of the game: no 0.5


def test_a_layout_saved_by_an_older_viewer_gets_the_errors_tab_beside_the_plots(flat_scene: Path,
                                                                                  tmp_path: Path) -> None:
    """A user's imgui.ini from before the Errors tab (the dock nodes, no tab, the old floating "Errors" window's
    place): the first error still docks beside Plots, not over the view."""
    ini = tmp_path / "imgui.ini"
    first = ViewerApp(str(flat_scene), size=WIDE, visible=False, ini_path=ini)
    for _ in range(2):
        first.draw_frame()
    first.close()
    sections = [s for s in ini.read_text(encoding="utf-8").split("\n\n") if s and "errors_tab" not in s.split("\n")[0]]
    old = "[Window][Errors]\nPos=390,300\nSize=500,100\nCollapsed=0\n"
    ini.write_text("\n\n".join([old, *sections]), encoding="utf-8")
    app = ViewerApp(str(flat_scene), size=WIDE, visible=False, ini_path=ini)
    try:
        for _ in range(2):
            app.draw_frame()
        app.state.report("tick 1: RuntimeError: boom")
        for _ in range(2):
            app.draw_frame()
        errors = window(ERRORS_TITLE)
        assert errors.dock_id != 0 and errors.dock_id == window(PLOTS_TITLE).dock_id and shown(ERRORS_TITLE)
        assert not overlaps(errors, app.view_rect)
    finally:
        app.close()


def test_plotting_an_entity_with_no_recorded_tick_draws_empty_plots(open_app, flat_scene: Path, monkeypatch) -> None:
    """An id selected that no tick recorded (typed in the entity field): the plots stay empty, the frame draws."""
    app = open_app(flat_scene, WIDE)
    app.state.selected_entity = 99
    app.draw_frame()
    imgui.set_window_focus(PLOTS_TITLE)
    app.draw_frame()
    plots, ticks, _ = plots_drawn(app, monkeypatch)
    assert len(plots) == 2 and ticks == [] and not app.state.errors


def field_tooltips(app, monkeypatch) -> list[str]:
    """The tooltips the panels set in one frame."""
    tips: list[str] = []
    original = imgui.set_item_tooltip
    monkeypatch.setattr(imgui, "set_item_tooltip", lambda text: (tips.append(text), original(text)))
    app.draw_frame()
    monkeypatch.setattr(imgui, "set_item_tooltip", original)
    return tips


def test_the_sprinting_players_coordinates_fit_their_fields_at_1280x720(open_app, monkeypatch) -> None:
    """Position and motion one coordinate a row (17-digit doubles): at 1280x720 no value of the Entities panel's
    fields is cut off, so none needs its whole value in the tooltip."""
    app = stepped(open_app(SCENES / "player_sprint_jump_route.toml", WIDE), 13)
    player = app.sim.entity_by_id(1)
    assert len(repr(player.pos.x)) >= 17 and len(repr(player.motion.x)) >= 17
    tips = field_tooltips(app, monkeypatch)
    assert tips.count(FIELD_TIP) == 9  # pos and motion (3 rows each), fall_distance, yaw, pitch
    assert not [t for t in tips if t.endswith("\n" + FIELD_TIP)]


def test_mid_tick_the_inspector_says_its_fields_are_the_ticks_end(open_app, monkeypatch) -> None:
    """Micro-stepped into tick 2 of the gold-block pipe, the 3D view shows the cursor's stage but the inspector's
    fields hold the tick's end: a line says so, and goes once the tick is finished."""
    app = stepped(open_app(SCENES / "gold_block_pipe.toml", WIDE), 1)
    for _ in range(2):
        send(app, "on_key_press", key.RIGHT, key.MOD_SHIFT)
    assert app.state.micro is not None
    seen: list[str] = []
    original = imgui.text_disabled
    monkeypatch.setattr(imgui, "text_disabled", lambda t: (seen.append(t), original(t)))
    app.draw_frame()
    assert MICRO_HINT in seen
    app.state.pending_steps = 1
    app.draw_frame()
    seen.clear()
    app.draw_frame()
    assert app.state.micro is None and MICRO_HINT not in seen


def test_a_field_wider_than_its_box_has_its_whole_value_in_the_tooltip(open_app, write_scene, scene_text,
                                                                      monkeypatch) -> None:
    """A falling block of stairs (mid-fall: `time` 1, or its first tick would find no stairs to take and remove
    it): its block state does not fit the Entities panel at 1280x720."""
    state = "minecraft:oak_stairs[facing=north,half=bottom,shape=straight,waterlogged=false]"
    scene = write_scene(scene_text(entities=[{"type": "minecraft:falling_block", "pos": [0.5, 3.0, 0.5],
                                              "block_state": state, "time": 1}]))
    app = stepped(open_app(scene, WIDE), 1)
    tips = field_tooltips(app, monkeypatch)
    assert f"{state}\n{FIELD_TIP}" in tips and FIELD_TIP in tips


@pytest.mark.parametrize("size", [WIDE, FULL_HD])
def test_the_controls_panel_shows_all_of_itself_and_the_click_tool_sits_in_the_menu_bar(open_app, flat_scene: Path,
                                                                                      size, monkeypatch) -> None:
    """Nothing of the Controls panel hides below its fold at 1280x720 (the Entities panel below takes the rest of
    the column, and its list only the rows its entities need); the click tool (select / place / remove and the
    block to place) sits in the menu bar, after the menus, and the scene's size and frame time beside the
    timeline's buttons."""
    app = open_app(flat_scene, size)
    controls = imgui.internal.find_window_by_name(CONTROLS_TITLE)
    assert controls.scroll_max.y == 0, f"{controls.content_size.y:.0f} px of content in {controls.size.y:.0f}"
    (entity_list,) = [w for w in imgui.get_current_context().windows if w.name.startswith("Entities/entity list")]
    assert entity_list.size.y < 2.5 * imgui.get_text_line_height_with_spacing()  # one TNT: one row, then its fields
    drawn: list[tuple[str, str]] = []
    for name in ("radio_button", "text_disabled"):
        original = getattr(imgui, name)

        def record(*args, _name=name, _original=original, **kwargs):
            drawn.append((imgui.get_current_context().current_window.name, str(args[0])))
            return _original(*args, **kwargs)
        monkeypatch.setattr(imgui, name, record)
    app.draw_frame()
    assert [text for window, text in drawn if window == "##MainMenuBar"] == ["click:", *TOOLS]
    stats = [text for window, text in drawn if window == TIMELINE_TITLE and "triangles" in text]
    assert stats and (stats[0].endswith("ms/frame") or stats[0].endswith("timing frames"))


def test_the_entities_panel_shows_ten_field_rows_at_1280x720(open_app, flat_scene: Path, monkeypatch) -> None:
    """The selected TNT's fields: at least ten rows (pos.x to fuse) in sight without scrolling, the Entities panel
    running down the left column to the status line."""
    app = open_app(flat_scene, WIDE)
    app.state.selected_entity = 1
    app.draw_frame()
    rows: list[tuple[str, float]] = []
    text = imgui.text

    def record(t: str) -> None:
        if imgui.get_current_context().current_window.name.startswith(ENTITIES_TITLE):
            rows.append((t, imgui.get_cursor_screen_pos().y))
        text(t)
    monkeypatch.setattr(imgui, "text", record)
    app.draw_frame()
    panel = window(ENTITIES_TITLE)
    bottom = panel.pos.y + panel.size.y
    fields = [t for t, y in rows if y + imgui.get_text_line_height() <= bottom and not t.startswith(("#", "1 "))]
    assert fields[:10] == ["pos.x", "pos.y", "pos.z", "motion.x", "motion.y", "motion.z", "fall_distance", "yaw",
                           "pitch", "fuse"], rows
