"""Offscreen rendering: known colours at the projected positions of a block face and a TNT box edge,
the real shape of a slab, and `render_to_png` writing the same non-empty PNG every time."""

from __future__ import annotations

import re
from pathlib import Path

import moderngl
import numpy as np
import pytest
from PIL import Image

from engine.tick.scene import load_scene
from viewer.drawing.camera import Bounds, camera_from_spec, parse_camera
from viewer.drawing.labels import project
from viewer.drawing.overlays import OverlayBuilder, add_entities, entity_frame
from viewer.drawing.palette import load_palette
from viewer.drawing.scene_renderer import SceneRenderer
from viewer.history import entity_states
from viewer.render import RenderError, parse_overlays, render_frame, render_to_png

SIZE = (240, 240)


def shot(ctx: moderngl.Context, scene: Path, camera: str, overlays: str):
    """Pixels of the scene at tick 0 and a function giving the pixel a world point projects to."""
    sim = load_scene(scene)
    spec = parse_camera(camera)
    pixels = render_frame(ctx, sim, SIZE, spec, parse_overlays(overlays))
    cam = camera_from_spec(spec, Bounds((0, 0, 0), (1, 1, 1)), SIZE[0] / SIZE[1])

    def at(point: tuple[float, float, float]) -> np.ndarray:
        (x, y), = project(np.array([point]), cam.view_matrix(), cam.proj_matrix(1.0), SIZE)
        return pixels[int(y), int(x)].astype(int)

    return sim, pixels, at


def test_top_face_of_a_stone_block_has_the_stone_colour(gl_ctx: moderngl.Context, flat_scene: Path) -> None:
    _, _, at = shot(gl_ctx, flat_scene, "top:0.5,0,0.5,6", "none")
    stone = load_palette().block_color("stone")
    assert tuple(at((-2.5, 1.0, -2.5))[:3]) == stone[:3]


def test_tnt_box_edge_is_drawn_in_the_tnt_colour(gl_ctx: moderngl.Context, flat_scene: Path) -> None:
    """The midpoint of the top north edge of the TNT's box, seen from above."""
    sim, pixels, at = shot(gl_ctx, flat_scene, "top:0.5,0,0.5,6", "entities")
    box = sim.entities[0].box
    tnt = np.array(load_palette().entity_color("minecraft:tnt")[:3])
    edge = at(((box.min_x + box.max_x) / 2, box.max_y, box.min_z))[:3]
    assert np.abs(edge - tnt).max() <= 40, f"pixel {edge} is not the TNT colour {tnt}"
    stone = np.array(load_palette().block_color("stone")[:3])
    inside = at((0.5 * (box.min_x + 0.5), box.max_y, 0.5 * (box.min_z + 0.5)))[:3]  # off the eye-height cross
    assert np.abs(inside - stone).max() <= 2, "the box is drawn as lines, not filled"


def test_bottom_slab_is_half_a_block_tall(gl_ctx: moderngl.Context, flat_scene: Path) -> None:
    """Seen from the north, the slab at (2, 1, 2) covers y 1..1.5 and the background shows above it."""
    _, _, at = shot(gl_ctx, flat_scene, "north:0.5,1,0.5,4", "none")
    palette = load_palette()
    planks = np.array(palette.block_color("oak_slab")[:3]) * 0.8  # the north face shade
    assert np.abs(at((2.5, 1.25, 2.0))[:3] - planks).max() <= 1
    assert tuple(at((2.5, 1.75, 2.0))[:3]) == palette.ui["background"][:3]


def test_render_to_png_is_non_empty_and_deterministic(flat_scene: Path, tmp_path: Path) -> None:
    first, second = tmp_path / "a.png", tmp_path / "b.png"
    for out in (first, second):
        render_to_png(str(flat_scene), 2, str(out), size=(200, 120), overlays="all")
    assert first.read_bytes() == second.read_bytes()
    with Image.open(first) as image:
        assert image.size == (200, 120)
        assert len(np.unique(np.asarray(image).reshape(-1, 4), axis=0)) > 10, "the image is not a flat fill"


def test_render_to_png_writes_the_caption_and_legend_card_in_the_corner(flat_scene: Path, tmp_path: Path) -> None:
    """`render --tick T --caption --legend`: the card (the scene's name, the tick, the colours drawn) in the top
    left corner of the PNG, the rest of the frame as without it."""
    plain, card = tmp_path / "plain.png", tmp_path / "card.png"
    render_to_png(str(flat_scene), 2, str(plain), size=(320, 180))
    render_to_png(str(flat_scene), 2, str(card), size=(320, 180), caption=True, legend=True)
    a, b = (np.asarray(Image.open(p).convert("RGB")).astype(int) for p in (plain, card))
    differs = np.argwhere(np.abs(a - b).sum(axis=2) > 0)
    assert len(differs) > 200 and differs[:, 0].max() < 90 and differs[:, 1].min() < 20   # the card, top left
    with pytest.raises(RenderError, match=re.escape("--entity 9: no entity with that id at tick 2")):
        render_to_png(str(flat_scene), 2, str(card), size=(32, 32), entity=9)


def test_bad_render_requests_raise_one_line_render_errors(flat_scene: Path, tmp_path: Path) -> None:
    out = str(tmp_path / "x.png")
    for kwargs, expected in (({"camera": "orbit:1"}, "--camera 'orbit:1'"), ({"overlays": "entities,blob"}, "blob"),
                             ({"size": (0, 10)}, "--size 0x10")):
        with pytest.raises(RenderError, match=re.escape(expected)):
            render_to_png(str(flat_scene), 0, out, **kwargs)
    with pytest.raises(RenderError, match="cannot write"):
        render_to_png(str(flat_scene), 0, str(tmp_path / "missing" / "x.png"), size=(16, 16))


def test_overlays_may_name_trace_roles() -> None:
    spec = parse_overlays("entities,checked_cell")
    assert spec.layers == {"entities", "trace"} and spec.roles == {"checked_cell"}
    assert parse_overlays("all").roles is None


def test_collision_path_overlay_draws_the_x_sweep_in_its_axis_colour(gl_ctx: moderngl.Context) -> None:
    """Gold-block pipe, tick 2 (spec 03 §3): seen from above, the X sweep runs in open air above the gold; the pixel
    at its projected midpoint has the axis_sweep_x colour."""
    scene = Path(__file__).resolve().parents[2] / "scenes" / "gold_block_pipe.toml"
    sim = load_scene(scene)
    sim.trace_enabled = True
    sim.tick()
    sim.tick()
    sweep_x = next(g for s in sim.last_record.stages_of(1) for sub in s.walk() for g in sub.geometry
                   if g["role"] == "axis_sweep_x")
    camera = "top:3,7,2.5,4"
    spec = parse_camera(camera)
    pixels = render_frame(gl_ctx, sim, SIZE, spec, parse_overlays("axis_sweep_x,axis_sweep_y,axis_sweep_z"))
    cam = camera_from_spec(spec, Bounds((0, 0, 0), (1, 1, 1)), 1.0)
    middle = (np.array(sweep_x["a"]) + np.array(sweep_x["b"])) / 2
    (x, y), = project(np.array([middle]), cam.view_matrix(), cam.proj_matrix(1.0), SIZE)
    red = np.array(load_palette().role_color("axis_sweep_x")[:3])
    assert np.abs(pixels[int(y), int(x)][:3].astype(int) - red).max() <= 24
    gold = np.array(load_palette().block_color("gold_block")[:3])
    (gx, gy), = project(np.array([[0.5, 6.0, 1.5]]), cam.view_matrix(), cam.proj_matrix(1.0), SIZE)
    assert np.abs(pixels[int(gy), int(gx)][:3].astype(int) - gold).max() <= 2, "the gold top around the path"


def test_instanced_boxes_draw_the_selected_of_a_stack_on_top(gl_ctx: moderngl.Context, write_scene,
                                                             scene_text) -> None:
    """Three TNT in one spot are one instanced box; with #2 selected, the projected midpoint of the box's top
    north edge has the selection colour, and a box elsewhere keeps the TNT colour."""
    tnt = [{"type": "minecraft:tnt", "pos": list(p), "fuse": 80}
           for p in ((0.5, 1.0, 0.5), (0.5, 1.0, 0.5), (0.5, 1.0, 0.5), (-2.5, 1.0, -2.5))]
    floor = [{"from": [-4, 0, -4], "to": [4, 0, 4], "block": "minecraft:stone"}]
    sim = load_scene(write_scene(scene_text(blocks=floor, entities=tnt)))
    palette = load_palette()
    builder = OverlayBuilder()
    add_entities(builder, entity_frame(entity_states(sim)), palette, selected=2)
    overlay = builder.build()
    assert len(overlay.boxes) == 3  # the stack: one TNT-coloured box and the selected one; and the fourth
    spec = parse_camera("top:0.5,0,0.5,6")
    cam = camera_from_spec(spec, Bounds((0, 0, 0), (1, 1, 1)), 1.0)
    renderer = SceneRenderer(gl_ctx, palette)
    fbo = gl_ctx.simple_framebuffer(SIZE)
    try:
        renderer.set_overlays(overlay, OverlayBuilder().build())
        fbo.use()
        fbo.clear(*renderer.background(), depth=1.0)
        renderer.draw(fbo, cam, gizmo=False)
        pixels = np.frombuffer(fbo.read(components=4), dtype=np.uint8).reshape(SIZE[1], SIZE[0], 4)[::-1]
    finally:
        renderer.release()
        fbo.release()

    def at(point: tuple[float, float, float]) -> np.ndarray:
        (x, y), = project(np.array([point]), cam.view_matrix(), cam.proj_matrix(1.0), SIZE)
        return pixels[int(y), int(x)][:3].astype(int)

    box, other = sim.entities[1].box, sim.entities[3].box
    selected = np.array(palette.ui["selected"][:3])
    tnt_color = np.array(palette.entity_color("minecraft:tnt")[:3])
    assert np.abs(at(((box.min_x + box.max_x) / 2, box.max_y, box.min_z)) - selected).max() <= 40
    assert np.abs(at(((other.min_x + other.max_x) / 2, other.max_y, other.min_z)) - tnt_color).max() <= 40
