"""Pistons in the viewer: the Pistons panel's rows come from the engine's B36s and the trace, the moving block is
drawn at its B36's live offset in its palette colour, clamped pushes are styled apart, slime launches are marked,
and a B36's tick is a micro-step of its own."""

from __future__ import annotations

import moderngl
import numpy as np
import pytest

from engine.tick.scene import load_scene
from tests.conftest import SCENES_DIR as SCENES
from viewer.drawing.camera import Bounds, camera_from_spec, parse_camera
from viewer.drawing.labels import project
from viewer.drawing.overlays import OverlayBuilder, add_geometry, stage_geometry
from viewer.drawing.palette import load_palette
from viewer.drawing.pistons import MOVING_ALPHA, add_launch_markers, b36_rows, live_b36s, moving_blocks
from viewer.panels.pistons import did_text
from viewer.render import parse_overlays, render_frame
from viewer.stepping import micro_steps, readout, states_at

SIZE = (240, 240)


def run(scene: str, ticks: int):
    sim = load_scene(SCENES / scene)
    sim.trace_enabled = True
    for _ in range(ticks):
        sim.tick()
    return sim


def test_panel_lists_the_slime_launcher_b36s_at_tick_1_with_the_engine_progress() -> None:
    """Tick 1: the slime block's B36 at (0, 3, 0) ticks first and launches and pushes the TNT 0.51 up, then the
    head's B36 at (0, 2, 0); both went 0 > 0.5, and the rows carry the engine's own progress values."""
    sim = run("slime_launcher.toml", 1)
    rows = b36_rows(sim.world, sim.last_record)
    engine = {be.pos: be.progress for be in live_b36s(sim.world)}
    assert [r.pos for r in rows] == [(0, 3, 0), (0, 2, 0)]
    assert [r.progress for r in rows] == [engine[(0, 3, 0)], engine[(0, 2, 0)]] == [0.5, 0.5]
    assert [r.progress_before for r in rows] == [0.0, 0.0]
    slime, head = rows
    assert (slime.pushed, slime.direction, slime.extending, slime.source) == ("minecraft:slime_block", "up", True,
                                                                             False)
    assert head.source and head.pushed.startswith("minecraft:piston_head")
    (push,) = slime.pushes
    assert push.entity_id == 1 and push.launched and not push.clamped
    assert push.asked == pytest.approx(0.51) and push.moved == pytest.approx(0.51)
    assert head.pushes == () and did_text(head) == "no entity"
    assert did_text(slime) == "#1 launch +0.51 of +0.51"


def test_a_finished_b36_is_listed_as_placed_and_a_clamped_push_is_flagged() -> None:
    """The clamp scene, tick 2: A's stone reaches 1 and pushes #1 0.31 unclamped; B's stone asks 0.5 and moves
    it 0.2, clamped. A's B36s finish in tick 3, B's are live."""
    sim = run("piston_clamp_two_pistons.toml", 2)
    rows = {r.pos: r for r in b36_rows(sim.world, sim.last_record)}
    a, b = rows[(0, 1, 0)], rows[(1, 2, 0)]
    assert (a.progress_before, a.progress, b.progress_before, b.progress) == (0.5, 1.0, 0.0, 0.5)
    assert not a.pushes[0].clamped and a.pushes[0].moved == pytest.approx(0.31)
    assert b.pushes[0].clamped and b.pushes[0].asked == 0.5 and b.pushes[0].moved == pytest.approx(0.2)
    sim = run("piston_clamp_two_pistons.toml", 3)
    placed = {r.pos: r for r in b36_rows(sim.world, sim.last_record)}
    assert placed[(0, 1, 0)].progress is None and sim.world.get_block_state(0, 1, 0).block == "stone"


def test_clamped_push_is_drawn_in_its_own_colour_with_the_asked_rest_dashed() -> None:
    """A's push: one solid segment in the piston_push colour. B's push: solid in push_clamped up to where the
    entity went (x 1.7), then dashed on to where it asked to go (1.5 + 0.5), labelled."""
    sim = run("piston_clamp_two_pistons.toml", 2)
    palette = load_palette()
    builder = OverlayBuilder()
    add_geometry(builder, [p for p in stage_geometry(sim.last_record) if p["role"] == "piston_push"], palette)
    overlay = builder.build()
    colors = [tuple(c) for c in overlay.segments["in_color"]]
    assert colors == [palette.role_color("piston_push"), palette.ui["push_clamped"], palette.ui["push_clamped"]]
    assert palette.role_color("piston_push") != palette.ui["push_clamped"]
    assert overlay.segments["in_dash"].tolist() == [0.0, 0.0, 1.0]
    dashed = overlay.segments[2]
    assert dashed["in_start"][0] == pytest.approx(1.7) and dashed["in_end"][0] == pytest.approx(2.0)
    assert [label.text for label in overlay.labels] == ["clamped"]


def test_b36_sweep_is_a_translucent_volume_and_b36_box_an_outline() -> None:
    sim = run("slime_launcher.toml", 1)
    palette = load_palette()
    builder = OverlayBuilder()
    prims = [p for p in stage_geometry(sim.last_record) if p["role"] in ("b36_box", "b36_sweep")]
    assert len(prims) == 6  # each recorded once, though the push repeats the slime B36's two boxes
    add_geometry(builder, prims, palette)
    overlay = builder.build()
    sweeps = sum(p["role"] == "b36_sweep" for p in prims)
    assert overlay.fills.quads == 6 * sweeps
    assert {tuple(c) for c in overlay.fills.vertices["in_color"][:, 3:]} == {(palette.role_color("b36_sweep")[3],)}
    assert len(overlay.segments) == 12 * len(prims)


def test_moving_block_is_its_b36_collision_box_in_the_pushed_blocks_colour() -> None:
    """Tick 1 of the slime launcher: the slime block is half way, y 2.5 to 3.5, translucent."""
    sim = run("slime_launcher.toml", 1)
    palette = load_palette()
    builder = OverlayBuilder()
    moving_blocks(builder, sim.world, palette, selected=(0, 2, 0))
    overlay = builder.build()
    slime = palette.block_color("slime_block")
    outlines = [tuple(c) for c in overlay.segments["in_color"][::12]]  # 12 edges per box
    assert overlay.segments["in_start"][0].tolist() == [0.0, 2.5, 0.0]  # corner 0 of the first box: its min
    assert outlines[0] == (*slime[:3], 255)
    assert outlines[1:] == [palette.ui["selected"]] * 2   # the head's B36 (plate and arm) is the selected one
    top = overlay.fills.vertices["in_position"][:, 1]
    slime_faces = overlay.fills.vertices["in_color"][:, :3].tolist().count(list(slime[:3]))
    assert slime_faces == 4  # the top face is unshaded: 4 corners
    assert top.min() == pytest.approx(1.5) and top.max() == pytest.approx(3.5)
    assert overlay.fills.vertices["in_color"][:, 3].max() == min(slime[3], MOVING_ALPHA)


def test_slime_launch_is_marked_by_an_arrow_of_the_launched_motion() -> None:
    """From the TNT's position at the launch, one block up (its Y motion is 1 after it), labelled."""
    sim = run("slime_launcher.toml", 1)
    palette = load_palette()
    builder = OverlayBuilder()
    add_launch_markers(builder, sim.last_record, palette)
    overlay = builder.build()
    shaft = overlay.segments[-1]
    assert shaft["in_start"].tolist() == [0.5, 3.0, 0.5]   # where the TNT was when launched, before the push
    assert shaft["in_end"].tolist() == [0.5, 4.0, 0.5]
    assert [label.text for label in overlay.labels] == ["launch +1"]
    assert tuple(shaft["in_color"]) == palette.ui["launch_marker"]
    nothing = OverlayBuilder()
    add_launch_markers(nothing, sim.last_record, palette, entity_id=2)
    assert not nothing.build().labels


def test_a_b36_tick_is_a_micro_step_that_changes_no_entity() -> None:
    """In the block-entity phase: the slime B36, then the TNT it moved (launch, push...), then the head's B36."""
    sim = run("slime_launcher.toml", 1)
    steps = micro_steps(sim.last_record)
    b36 = [i for i, s in enumerate(steps) if s.block_entity]
    assert [steps[i].stage.pos for i in b36] == [(0, 3, 0), (0, 2, 0)]
    assert steps[b36[0] + 1].entity_id == 1 and steps[b36[0] + 1].stage.name == "piston_launch"
    assert b36[1] == len(steps) - 1
    text = readout(sim.last_record, steps, b36[0], 1)
    assert "phase block_entities" in text and "moving_piston (0, 3, 0) minecraft:slime_block" in text
    before = {1: {"type": "minecraft:tnt", "pos": [0.0, 0.0, 0.0]}}
    assert states_at(before, steps, b36[1])[1] == {**before[1], **steps[b36[1] - 1].stage.after}


def test_render_shows_the_slime_block_at_its_offset_at_tick_1(gl_ctx: moderngl.Context) -> None:
    """Seen from the north with no overlays: the slime block's top edge is at y 3.5 in its colour, its face
    below blends its colour over the background, and its cell's top half (y 3.5 to 4) is empty."""
    sim = run("slime_launcher.toml", 1)
    spec = parse_camera("north:0.5,2.5,0.5,2.5")
    pixels = render_frame(gl_ctx, sim, SIZE, spec, parse_overlays("none"))
    cam = camera_from_spec(spec, Bounds((0, 0, 0), (1, 1, 1)), 1.0)

    def at(point: tuple[float, float, float]) -> np.ndarray:
        (x, y), = project(np.array([point]), cam.view_matrix(), cam.proj_matrix(1.0), SIZE)
        return pixels[int(y), int(x)].astype(int)[:3]

    palette = load_palette()
    slime = np.array(palette.block_color("slime_block")[:3])
    background = np.array(palette.ui["background"][:3])
    edge = at((0.5, 3.5, 0.0))
    assert np.abs(edge - slime).max() <= 40, f"pixel {edge} is not the slime colour {slime}"
    alpha = MOVING_ALPHA / 255
    face = alpha * 0.8 * slime + (1 - alpha) * background   # the north face's shade is 0.8
    assert np.abs(at((0.25, 3.25, 0.0)) - face).max() <= 3
    assert at((0.25, 3.8, 0.0)).tolist() == background.tolist()
