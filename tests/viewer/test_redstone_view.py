"""Redstone in the 3D view: components meshed by their state (wire coloured by power as the game tints it, a gate's
arrow from its input to its output), the pending scheduled ticks as clocks with the ticks left, the neighbour
updates as arrows numbered in the record's order, and micro-stepping stopping at each phase's redstone."""

from __future__ import annotations

import moderngl
import numpy as np
from imgui_bundle import imgui
from pyglet.window import key
from ui_driver import press

from engine import pending_block_ticks
from tests.conftest import SCENES_DIR as SCENES
from tests.conftest import traced
from tests.viewer.test_meshing import mesh_world
from viewer.drawing.camera import OrbitCamera
from viewer.drawing.labels import block_pixels, draw_labels
from viewer.drawing.overlays import Label, OverlayBuilder
from viewer.drawing.palette import load_palette
from viewer.drawing.redstone_overlay import add_clocks, add_power_labels, add_update_arrows, updates_in
from viewer.gl.imgui_renderer import ImGuiRenderer
from viewer.render import parse_overlays, render_frame
from viewer.stepping import micro_steps, readout


def faces(placed: dict[tuple[int, int, int], str]) -> np.ndarray:
    """Every quad of the meshed blocks, (n, 4) vertices with position and colour."""
    return np.concatenate([m.opaque.vertices for m in mesh_world(placed).values()]).reshape(-1, 4)


def top_colours(placed: dict[tuple[int, int, int], str], y: float) -> set[tuple[int, ...]]:
    """The colours of the upward quads lying flat at height y (within a 64th)."""
    quads = faces(placed)
    ys = quads["in_position"][:, :, 1]
    flat = np.all(np.abs(ys - y) < 1.0 / 32, axis=1)
    return {tuple(int(c) for c in q["in_color"][0][:3]) for q in quads[flat]}


def test_wire_at_power_0_and_15_takes_the_games_dark_and_bright_red() -> None:
    """RedstoneWireBlock's colour table (1.16.5): power 0 is (0.3, 0, 0), power 15 (1.0, 0.2, 0.0); the flat wire,
    seen from above, carries exactly those colours (x 255), and nothing else of the block lies there."""
    assert top_colours({(0, 3, 0): "redstone_wire[power=0,east=side,west=side]"}, 3.0) == {(77, 0, 0)}
    assert top_colours({(0, 3, 0): "redstone_wire[power=15,east=side,west=side]"}, 3.0) == {(255, 51, 0)}


def test_wire_lies_along_its_connections_and_climbs_a_wall_where_up() -> None:
    """An east-west wire spans x 0..1 and only the middle of z; a north=up side adds a strip up the north face."""
    flat = faces({(0, 3, 0): "redstone_wire[power=9,east=side,west=side]"})["in_position"]
    assert flat[:, :, 0].min() == 0.0 and flat[:, :, 0].max() == 1.0
    assert flat[:, :, 2].min() > 0.25 and flat[:, :, 2].max() < 0.75
    assert flat[:, :, 1].max() < 3.1
    up = faces({(0, 3, 0): "redstone_wire[power=9,north=up,south=side]"})["in_position"]
    assert up[:, :, 1].max() == 4.0 and up[:, :, 2].min() < 0.02


def arrow_tip_and_base(state: str) -> tuple[np.ndarray, np.ndarray]:
    """The arrow drawn on a gate at the origin: its tip (the corner given twice) and the middle of its base."""
    arrow = load_palette().ui["gate_arrow"]
    quads = faces({(0, 0, 0): state})
    mine = [q["in_position"] for q in quads if tuple(q["in_color"][0][:3]) == arrow[:3]]
    assert len(mine) == 1
    corners = mine[0].astype(np.float64)
    tip = corners[2]
    assert np.array_equal(corners[2], corners[3])
    return tip[[0, 2]], (corners[0] + corners[1])[[0, 2]] / 2


def test_a_repeaters_arrow_runs_from_its_facing_side_to_the_other() -> None:
    """A gate's `facing` names its input side (vanilla reads power from pos + facing): facing=north takes power
    from the north and gives it south, so its arrow points south (+z); facing=east points west (-x)."""
    tip, base = arrow_tip_and_base("repeater[facing=north,delay=2]")
    assert tip[1] > 0.9 and base[1] < 0.1 and abs(tip[0] - 0.5) < 1e-9
    tip, base = arrow_tip_and_base("comparator[facing=east]")
    assert tip[0] < 0.1 and base[0] > 0.9


def test_a_repeaters_torches_light_with_power_and_its_delay_torch_moves_back() -> None:
    palette = load_palette()
    lit, unlit = palette.ui["redstone_on"][:3], palette.ui["redstone_off"][:3]
    assert lit in top_colours({(0, 0, 0): "repeater[facing=north,powered=true]"}, 7 / 16)
    assert unlit in top_colours({(0, 0, 0): "repeater[facing=north,powered=false]"}, 7 / 16)

    def torch_z(delay: int) -> float:   # the delay torch: the lit top farthest from the output (south) edge
        quads = faces({(0, 0, 0): f"repeater[facing=north,delay={delay},powered=true]"})
        tops = [q["in_position"] for q in quads if tuple(q["in_color"][0][:3]) == lit
                and np.all(np.abs(q["in_position"][:, 1] - 7 / 16) < 1e-6)]
        return min(float(t[:, 2].mean()) for t in tops)
    assert torch_z(1) > torch_z(4) and np.isclose(torch_z(1) - torch_z(4), 6 / 16)


def test_lit_and_unlit_torches_lamps_levers_and_plates_differ() -> None:
    palette = load_palette()
    lit = palette.ui["redstone_on"][:3]
    assert lit in top_colours({(0, 0, 0): "redstone_torch[lit=true]"}, 11 / 16)
    assert lit not in top_colours({(0, 0, 0): "redstone_torch[lit=false]"}, 11 / 16)
    assert top_colours({(0, 0, 0): "redstone_lamp[lit=true]"}, 1.0) == {palette.ui["lamp_lit"][:3]}
    assert top_colours({(0, 0, 0): "redstone_lamp[lit=false]"}, 1.0) == {palette.block_color("redstone_lamp")[:3]}
    assert lit in top_colours({(0, 0, 0): "lever[face=floor,facing=north,powered=true]"}, 10 / 16)
    assert lit not in top_colours({(0, 0, 0): "lever[face=floor,facing=north,powered=false]"}, 10 / 16)
    assert top_colours({(0, 0, 0): "stone_pressure_plate[powered=true]"}, 0.5 / 16) == {lit}
    assert top_colours({(0, 0, 0): "heavy_weighted_pressure_plate[power=0]"}, 1 / 16) != {lit}


def test_clocks_give_the_ticks_left_until_the_tick_that_runs_them() -> None:
    """The repeater clock after tick 7: the wall torch's tick (scheduled when the last repeater powered the stone)
    is the one pending, 2 ticks left; two ticks later, tick 9 runs it (the record's scheduled ticks)."""
    sim = traced("redstone_repeater_clock", 7)
    builder = OverlayBuilder()
    assert add_clocks(builder, sim.world, load_palette()) == 1
    assert [(label.p, label.text, label.icon) for label in builder.labels] == [((0.5, 2.3, 1.5), "2 ticks", "clock")]
    assert [tuple(t.pos) for t in pending_block_ticks(sim.world)] == [(0, 1, 1)]
    sim.tick()
    builder = OverlayBuilder()
    add_clocks(builder, sim.world, load_palette())
    assert [label.text for label in builder.labels] == ["1 tick"]
    assert sim.tick().redstone["scheduled_ticks"] == [{"pos": [0, 1, 1], "block": "redstone_wall_torch",
                                                       "priority": "normal", "order": 0}]


def test_pending_ticks_come_in_the_order_they_will_run() -> None:
    """The dispenser cannon after tick 1 (the button pressed): the repeater (priority high) and the dispenser
    (normal) both due in 4 ticks, the button's release in 20; tick 5 runs the first two in that order."""
    sim = traced("redstone_dispenser_cannon", 1)
    assert [(t.pos, t.block, t.ticks_left, t.priority, t.order) for t in pending_block_ticks(sim.world)] == [
        ((2, 1, 1), "repeater", 4, "high", 0), ((4, 1, 0), "dispenser", 4, "normal", 1),
        ((0, 1, 0), "stone_button", 20, "normal", 2)]
    for _ in range(3):
        sim.tick()
    assert [(t["pos"], t["order"]) for t in sim.tick().redstone["scheduled_ticks"]] == [([2, 1, 1], 0),
                                                                                        ([4, 1, 0], 1)]


def test_update_arrows_are_numbered_in_the_records_order() -> None:
    """Tick 3 of the repeater clock: 48 neighbour updates; the arrows to blocks an update can change carry their
    numbers, each pair once, in the order of its first update; each number is that update's place in the record."""
    record = traced("redstone_repeater_clock", 3).last_record
    updates = updates_in(record)
    assert [n for n, _ in updates] == list(range(1, 49))
    builder = OverlayBuilder()
    add_update_arrows(builder, updates, load_palette())
    texts = [label.text for label in builder.labels]
    assert texts == ["#1 #13", "#4", "#12", "#15", "#21 #45", "#24", "#29", "#36", "#38", "#39"]
    entries = record.redstone["neighbor_updates"]
    for label in builder.labels:
        numbers = [int(t.removeprefix("#")) for t in label.text.split()]
        ends = {(tuple(entries[n - 1]["from"]), tuple(entries[n - 1]["to"])) for n in numbers}
        assert len(ends) == 1
        (start, end), = ends
        middle = (np.add(start, end) + 1.0) / 2
        assert np.linalg.norm(np.subtract(label.p, middle)) < 0.15   # half way, a little to the side


def test_a_sparse_tick_draws_the_updates_that_change_nothing_faint_and_unnumbered() -> None:
    """Tick 1 of the repeater clock: the stone set beside the first repeater updates its six neighbours (west,
    east, down, up, north, south); only the repeater (#2) can change: one number, six arrows."""
    palette = load_palette()
    builder = OverlayBuilder()
    pairs, left_out = add_update_arrows(builder, updates_in(traced("redstone_repeater_clock", 1).last_record),
                                        palette)
    assert [label.text for label in builder.labels] == ["#2"] and left_out == 0
    assert len(pairs) == 6
    overlay = builder.build()
    faint = np.all(overlay.segments["in_color"] == palette.ui["update_arrow_air"], axis=1)
    assert faint.sum() == 5 * 5 and (~faint).sum() == 5   # a shaft and four head strokes each


def test_micro_steps_stop_at_each_phases_redstone() -> None:
    """The dispenser cannon's tick 1: the button's `use` runs in the players phase; its redstone is a step of its
    own, with every neighbour update of the tick (all in that phase), numbered from 1."""
    sim = traced("redstone_dispenser_cannon", 1)
    steps = micro_steps(sim.last_record)
    redstone = [s for s in steps if s.redstone]
    assert len(redstone) == 1 and redstone[0].stage.phase == "players"
    assert redstone[0].stage.updates == updates_in(sim.last_record, "players") == updates_in(sim.last_record)
    assert readout(sim.last_record, steps, steps.index(redstone[0]), 1).startswith(
        "tick 1 · phase players (5/5) · redstone: 144 neighbour updates")
    clock = traced("redstone_repeater_clock", 3).last_record
    first = micro_steps(clock)[0]
    assert first.redstone and first.stage.phase == "scheduled_ticks"
    assert first.stage.scheduled == clock.redstone["scheduled_ticks"] and len(first.stage.updates) == 48


def test_power_numbers_follow_the_wire_from_tick_to_tick() -> None:
    """The repeater clock's wire beside the first repeater reads 0 after tick 2 and 15 after tick 3, when the
    repeater powers it (the scan of the world is kept only while its blocks stay the same)."""
    sim = traced("redstone_repeater_clock", 2)

    def power_at(pos: tuple[float, float, float]) -> str:
        builder = OverlayBuilder()
        add_power_labels(builder, sim.world)
        return next(label.text for label in builder.labels if label.p == pos)
    assert power_at((0.5, 1.15, 3.5)) == "0"
    sim.tick()
    assert power_at((0.5, 1.15, 3.5)) == "15"


def test_power_numbers_show_only_zoomed_in(gl_ctx: moderngl.Context) -> None:
    """A block spans twice the pixels at half the distance; a label asking for more pixels than its block spans is
    not drawn, one asking for fewer is, and a clock label draws its icon besides its text."""
    near, far = OrbitCamera((0.0, 0.0, 0.0), 5.0, 0.0, 30.0), OrbitCamera((0.0, 0.0, 0.0), 10.0, 0.0, 30.0)
    at = np.zeros((1, 3))
    pixels = [float(block_pixels(at, c.view_matrix(), c.proj_matrix(16 / 9), 360)[0]) for c in (near, far)]
    assert np.isclose(pixels[0], 2 * pixels[1])
    context = imgui.create_context()
    io = imgui.get_io()
    io.set_ini_filename("")
    io.display_size, io.delta_time = (640, 360), 1.0 / 60.0
    renderer = ImGuiRenderer(gl_ctx)
    try:
        imgui.new_frame()
        draw_list = imgui.get_foreground_draw_list()
        view, proj = far.view_matrix(), far.proj_matrix(16 / 9)
        drawn = []
        for label in (Label((0.0, 0.0, 0.0), "15", (255, 51, 0, 255), min_pixels=pixels[1] + 1.0),
                      Label((0.0, 0.0, 0.0), "15", (255, 51, 0, 255), min_pixels=pixels[1] - 1.0),
                      Label((0.0, 0.0, 0.0), "15", (255, 51, 0, 255), icon="clock")):
            before = draw_list.vtx_buffer.size()
            draw_labels(draw_list, [label], view, proj, (640, 360))
            drawn.append(draw_list.vtx_buffer.size() - before)
        assert drawn[0] == 0 and drawn[1] > 0 and drawn[2] > drawn[1]
        imgui.render()
    finally:
        renderer.release()
        imgui.destroy_context(context)


def test_render_with_the_redstone_layer_draws_the_clock(gl_ctx: moderngl.Context) -> None:
    """`--overlays entities,redstone`: the repeater clock at tick 2 shows its pending tick (a clock line and label in
    the clock colour, nowhere in the frame without the layer)."""
    from viewer.drawing.camera import parse_camera
    spec = parse_camera("orbit:0.5,1.5,2.5,5,200,35")
    colour = np.array(load_palette().ui["schedule_clock"][:3])
    seen = []
    for overlays in ("entities", "entities,redstone"):
        pixels = render_frame(gl_ctx, traced("redstone_repeater_clock", 2), (640, 360), spec, parse_overlays(overlays))
        seen.append(int(np.all(np.abs(pixels[:, :, :3].astype(int) - colour) <= 8, axis=2).sum()))
    assert seen[0] == 0 and seen[1] > 20


def test_the_window_draws_the_ticks_arrows_and_a_redstone_micro_steps_own(open_app) -> None:
    """The dispenser cannon in the window: after tick 1 the tick's arrows and clocks are drawn and in the Legend;
    Alt+Right twice from tick 0 reaches tick 1's redstone step (players phase), which draws its updates; at the
    entity stage before it none; View › Redstone › Update order off removes them."""
    app = open_app(SCENES / "redstone_dispenser_cannon.toml")
    press(app, key.RIGHT)
    names = [name for name, _ in app.legend]
    assert "neighbour update: arrow, its number in the tick" in names
    assert "scheduled block tick: clock, ticks left" in names and "redstone wire, power 15" in names
    assert "dispenser mouth" in names and "lit lamp" not in names   # the colours of what the world holds
    texts = [label.text for label in app.scene.trace.overlay.labels]
    assert "#2 #124 #134" in texts and "20 ticks" in texts
    press(app, key.LEFT)
    press(app, key.RIGHT, key.MOD_ALT)
    assert not app.steps()[app.state.micro].redstone
    assert not any(label.text.startswith("#") for label in app.scene.trace.overlay.labels)
    press(app, key.RIGHT, key.MOD_ALT)
    step = app.steps()[app.state.micro]
    assert step.redstone and step.stage.phase == "players" and app.state.selected_entity is None
    assert "#2 #124 #134" in [label.text for label in app.scene.trace.overlay.labels]
    app.state.show_updates = False
    app.draw_frame()
    assert not any(label.text.startswith("#") for label in app.scene.trace.overlay.labels)
    assert "neighbour update: arrow, its number in the tick" not in [name for name, _ in app.legend]
