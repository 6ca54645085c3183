"""Offscreen rendering (EGL, no display): `render_to_png` for `tickscope render --tick` (PNG, JPEG, WebP or BMP,
as the file's suffix names), and `render_frame`, which draws a simulation's current state into pixels. Same
inputs give the same bytes.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import moderngl
import numpy as np
from imgui_bundle import imgui
from PIL import Image

from engine import MAX_FRAME_SIDE, ArgumentError, load_scene, output_file, write_atomic
from viewer.drawing.camera import Camera, CameraSpec, OrbitCamera, OrthoCamera, camera_from_spec, close_in, parse_camera
from viewer.drawing.framing import scene_bounds
from viewer.drawing.labels import draw_caption_card, draw_gizmo_letters, draw_labels
from viewer.drawing.overlays import OverlayBuilder, add_entities, add_geometry, entity_frame, stage_geometry
from viewer.drawing.palette import load_palette
from viewer.drawing.pistons import add_launch_markers, moving_blocks
from viewer.drawing.redstone_overlay import add_redstone, updates_in
from viewer.drawing.redstone_overlay import legend as redstone_legend
from viewer.drawing.scene_renderer import GIZMO_SIZE, SceneRenderer
from viewer.gl.imgui_renderer import ImGuiRenderer
from viewer.history import entity_states
from viewer.panels.help import legend_entries

if TYPE_CHECKING:
    from engine import WorldBox

OVERLAY_NAMES = ("entities", "trace", "labels", "gizmo", "redstone")
DEFAULT_OVERLAYS = "entities,gizmo"
SAMPLES = 4  # multisampling of offscreen renders
CAPTION_MARGIN_EM = 0.5
# A still's suffix → Pillow's format, mode and options: the frame is opaque, so RGB but for the PNG (RGBA as it was)
IMAGE_FORMATS = {".png": ("PNG", "RGBA", {}), ".jpg": ("JPEG", "RGB", {"quality": 95}),
                 ".jpeg": ("JPEG", "RGB", {"quality": 95}), ".webp": ("WEBP", "RGB", {"lossless": True}),
                 ".bmp": ("BMP", "RGB", {})}


class RenderError(Exception):
    """A render request that cannot be carried out; the message is one line naming the bad input."""


@dataclass(frozen=True)
class OverlaySpec:
    """What to draw over the world: layers (OVERLAY_NAMES) and, if given, only these trace roles."""

    layers: frozenset[str]
    roles: frozenset[str] | None = None


def parse_overlays(text: str | None) -> OverlaySpec:
    """A comma-separated list of layer names (entities, trace, labels, gizmo, redstone) and trace roles (a role
    turns the trace layer on for the roles listed), or 'all', or 'none'. None means 'entities,gizmo'."""
    names = {part.strip() for part in (text if text is not None else DEFAULT_OVERLAYS).split(",") if part.strip()}
    if names == {"all"}:
        return OverlaySpec(frozenset(OVERLAY_NAMES))
    if names == {"none"}:
        return OverlaySpec(frozenset())
    known_roles = set(load_palette().roles)
    unknown = sorted(names - set(OVERLAY_NAMES) - known_roles)
    if unknown or not names:
        raise RenderError(f"--overlays {text!r}: unknown {', '.join(unknown) or 'empty list'}; expected all, none, "
                          f"or a comma-separated list of {', '.join(OVERLAY_NAMES)} and trace roles "
                          f"({', '.join(sorted(known_roles))})")
    roles = frozenset(names & known_roles)
    layers = frozenset(names & set(OVERLAY_NAMES)) | ({"trace"} if roles else set())
    return OverlaySpec(frozenset(layers), roles or None)


def image_format(out: str) -> tuple[str, str, dict[str, Any]]:
    """Pillow's format, the image mode and the save options for a still named `out`; RenderError for a suffix that
    is not .png, .jpg, .jpeg, .webp or .bmp, or a folder that does not exist."""
    try:
        output_file(out)
    except ArgumentError as err:
        raise RenderError(str(err)) from None
    suffix = Path(out).suffix.lower()
    if suffix not in IMAGE_FORMATS:
        raise RenderError(f"--out {out!r}: expected an image FILE{', FILE'.join(IMAGE_FORMATS)} "
                          f"(got {suffix or 'no suffix'})")
    return IMAGE_FORMATS[suffix]


def render_to_png(scene_path: str, tick: int, out: str, size: tuple[int, int] = (1280, 720),
                  camera: str | None = None, overlays: str | None = None, allow_unmapped: bool = False,
                  region: WorldBox | None = None, entity: int | None = None, caption: bool = False,
                  legend: bool = False, release: str | None = None) -> None:
    """Load a scene, run `tick` ticks, and write the view of the resulting state to `out`, atomically, in the
    format its suffix names (IMAGE_FORMATS); `entity`: the camera centred on it, `caption`: the scene's name and
    the tick in the top left corner, `legend`: the colours drawn under it, `release`: the release it runs in
    (`--version`, engine.load_scene).

    Raises engine.tick.scene.SceneError for a bad scene and RenderError for a bad tick, size, camera, overlays,
    entity or suffix, a missing offscreen GL, or an output file that cannot be written.
    """
    if tick < 0:
        raise RenderError(f"--tick {tick}: expected 0 or more")
    kind, mode, options = image_format(out)
    sim, spec, overlay = prepare(scene_path, size, camera, overlays, allow_unmapped, region, release)
    for _ in range(tick):
        sim.tick()
    cam = entity_camera(sim, spec, size, entity)
    follow(cam, sim, entity)
    ctx = egl_context()
    try:
        pixels = render_frame(ctx, sim, size, cam, overlay, frame_caption(sim) if caption else None, legend)
    finally:
        ctx.release()
    data = io.BytesIO()
    Image.fromarray(pixels, "RGBA").convert(mode).save(data, format=kind, **options)
    try:
        write_atomic(Path(out), data.getvalue())
    except OSError as exc:
        raise RenderError(f"{out}: cannot write: {exc.strerror or exc}") from None


def entity_camera(sim: Any, spec: CameraSpec, size: tuple[int, int], entity: int | None) -> Camera:
    """The camera of `spec` for the scene's framing; following `entity` (which must be there now), a fitted one
    closes in on it."""
    if entity is not None and sim.entity_by_id(entity) is None:
        raise RenderError(f"--entity {entity}: no entity with that id at tick {sim.tick_count}")
    cam = camera_from_spec(spec, scene_bounds(sim), size[0] / size[1])
    if entity is not None and not spec.numbers:  # a fitted camera: from the whole scene's framing, close in
        close_in(cam)
    return cam


def follow(cam: Camera, sim: Any, entity: int | None) -> None:
    """Centre the orbit or orthographic camera on the entity's box (kept while the entity lives)."""
    if entity is None:
        return
    e = sim.entity_by_id(entity)
    if e is None or e.removed:
        return
    b = e.box
    centre = ((b.min_x + b.max_x) / 2, (b.min_y + b.max_y) / 2, (b.min_z + b.max_z) / 2)
    if isinstance(cam, OrbitCamera):
        cam.target = centre
    elif isinstance(cam, OrthoCamera):
        cam.center = centre


def frame_caption(sim: Any) -> str:
    """The caption of a frame: the scene's name and the tick shown."""
    return f"{sim.name} - tick {sim.tick_count}"


def prepare(scene_path: str, size: tuple[int, int], camera: str | None, overlays: str | None,
            allow_unmapped: bool = False, region: WorldBox | None = None, release: str | None = None
            ) -> tuple[Any, CameraSpec, OverlaySpec]:
    """Check the size, camera and overlays, then load the scene (tracing on when the trace or redstone is drawn;
    `allow_unmapped`: a schematic loads without what its release lacks; `region`: the box of a world folder;
    `release`: the release it runs in, `--version`)."""
    width, height = size
    if not (0 < width <= MAX_FRAME_SIDE and 0 < height <= MAX_FRAME_SIDE):
        raise RenderError(f"--size {width}x{height}: expected 1..{MAX_FRAME_SIDE} pixels each way")
    try:
        spec = parse_camera(camera or "auto")
    except ValueError as exc:
        raise RenderError(f"--{exc}") from None
    overlay = parse_overlays(overlays)
    sim = load_scene(scene_path, allow_unmapped, region, release)
    sim.trace_enabled = bool({"trace", "redstone"} & overlay.layers)   # the update arrows read the record
    return sim, spec, overlay


def egl_context() -> moderngl.Context:
    """A standalone offscreen context (EGL: no display needed)."""
    try:
        return moderngl.create_standalone_context(backend="egl")
    except Exception as exc:  # moderngl raises plain Exception when EGL or the driver is missing
        raise RenderError(f"cannot create an offscreen OpenGL context through EGL: {exc}") from None


def render_frame(ctx: moderngl.Context, sim: Any, size: tuple[int, int], spec: CameraSpec | Camera,
                 overlay: OverlaySpec | None = None, caption: str | None = None, legend: bool = False) -> np.ndarray:
    """Pixels (height, width, 4) uint8, top row first, of `sim`'s current state seen through `spec` (or a camera
    given as it is), with `caption` and (with `legend`) the colours drawn in a card in the top left corner."""
    overlay = overlay or parse_overlays(None)
    layers = overlay.layers
    width, height = size
    palette = load_palette()
    cam = camera_from_spec(spec, scene_bounds(sim), width / height) if isinstance(spec, CameraSpec) else spec
    renderer = SceneRenderer(ctx, palette)
    msaa = ctx.framebuffer(ctx.renderbuffer(size, 4, samples=SAMPLES), ctx.depth_renderbuffer(size, samples=SAMPLES))
    resolved = ctx.framebuffer(ctx.renderbuffer(size, 4))
    try:
        renderer.update_world(sim.world)
        entities, trace = OverlayBuilder(), OverlayBuilder()
        types: list[str] = []
        prims: list = []
        if "entities" in layers:
            frame = entity_frame(entity_states(sim))
            add_entities(entities, frame, palette)
            types = frame.types
        if "trace" in layers:
            prims = stage_geometry(sim.last_record)
            if overlay.roles is not None:
                prims = [p for p in prims if p["role"] in overlay.roles]
            add_geometry(trace, prims, palette)
            if overlay.roles is None:
                add_launch_markers(trace, sim.last_record, palette)
        first_redstone_label, redstone_rows = len(trace.labels), []
        if "redstone" in layers:   # the wires' power, the clocks and the tick's update arrows, with their labels
            redstone_rows = redstone_legend(add_redstone(trace, sim.world, updates_in(sim.last_record), palette),
                                            palette)
        redstone_labels = trace.labels[first_redstone_label:]
        entity_overlay, trace_overlay = entities.build(), trace.build()
        renderer.set_overlays(entity_overlay, trace_overlay)
        moving = OverlayBuilder()
        moving_blocks(moving, sim.world, palette)
        renderer.set_moving_blocks(moving.build())
        msaa.use()
        msaa.clear(*renderer.background(), depth=1.0)
        renderer.draw(msaa, cam, gizmo="gizmo" in layers)
        ctx.copy_framebuffer(resolved, msaa)
        text = entity_overlay.labels + trace_overlay.labels if "labels" in layers else redstone_labels
        card = legend_entries(palette, types, sorted({p["role"] for p in prims})) + redstone_rows if legend else []
        if text or caption or card or "gizmo" in layers:
            _draw_text(ctx, resolved, cam.view_matrix(), cam.proj_matrix(width / height), text,
                       "gizmo" in layers, palette, caption, card)
        data = resolved.read(components=4, alignment=1)
    finally:
        renderer.release()
        for fbo in (msaa, resolved):
            for attachment in (*fbo.color_attachments, fbo.depth_attachment):
                if attachment is not None:
                    attachment.release()
            fbo.release()
    return np.frombuffer(data, dtype=np.uint8).reshape(height, width, 4)[::-1].copy()


def _draw_text(ctx: moderngl.Context, target: moderngl.Framebuffer, view: np.ndarray, proj: np.ndarray,
               labels: list, gizmo: bool, palette: Any, caption: str | None = None,
               legend: list | None = None) -> None:
    """Labels, gizmo letters, the caption and legend through a private ImGui context (the caller's context, if
    any, is kept)."""
    previous = imgui.get_current_context()
    own = imgui.create_context()
    imgui.set_current_context(own)   # create_context keeps the caller's current: its frame would be drawn into
    try:
        io = imgui.get_io()
        io.set_ini_filename("")
        width, height = target.size
        io.display_size = (width, height)
        io.delta_time = 1.0 / 60.0
        text_renderer = ImGuiRenderer(ctx)
        imgui.new_frame()
        draw_list = imgui.get_foreground_draw_list()
        draw_labels(draw_list, labels, view, proj, (width, height))
        if gizmo:
            draw_gizmo_letters(draw_list, view, min(GIZMO_SIZE, width, height), (0.0, height), palette)
        if caption or legend:
            margin = imgui.get_font_size() * CAPTION_MARGIN_EM
            draw_caption_card(draw_list, (margin, margin), caption or "", legend or [])
        imgui.render()
        target.use()
        text_renderer.render(imgui.get_draw_data())
        text_renderer.release()
    finally:
        imgui.destroy_context(own)
        if previous is not None:
            imgui.set_current_context(previous)
