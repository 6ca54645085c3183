"""Offscreen rendering (EGL, no display): `render_to_png` for `tickscope render`, and `render_frame`, which
draws a simulation's current state into pixels. Same inputs give the same PNG bytes.
"""

from __future__ import annotations

from typing import Any

import moderngl
import numpy as np
from imgui_bundle import imgui
from PIL import Image

from engine.scene import load_scene
from viewer.camera import CameraSpec, camera_from_spec, parse_camera
from viewer.framing import scene_bounds
from viewer.gl.imgui_renderer import ImGuiRenderer
from viewer.labels import draw_gizmo_letters, draw_labels
from viewer.overlays import OverlayBuilder, add_entities, add_geometry, stage_geometry
from viewer.palette import load_palette
from viewer.scene_renderer import GIZMO_SIZE, SceneRenderer

OVERLAY_NAMES = ("entities", "trace", "labels", "gizmo")
DEFAULT_OVERLAYS = frozenset({"entities", "gizmo"})
SAMPLES = 4  # multisampling of offscreen renders
MAX_SIZE = 8192


def parse_overlays(text: str | None) -> frozenset[str]:
    """'entities,trace,labels,gizmo' (any subset), 'all' or 'none'; None means entities and gizmo."""
    if text is None:
        return DEFAULT_OVERLAYS
    names = {part.strip() for part in text.split(",") if part.strip()}
    if names == {"all"}:
        return frozenset(OVERLAY_NAMES)
    if names == {"none"}:
        return frozenset()
    unknown = sorted(names - set(OVERLAY_NAMES))
    if unknown or not names:
        raise ValueError(f"overlays {text!r}: expected a comma-separated subset of {', '.join(OVERLAY_NAMES)}, "
                         f"or all, or none")
    return frozenset(names)


def render_to_png(scene_path: str, tick: int, out: str, size: tuple[int, int] = (1280, 720),
                  camera: str | None = None, overlays: str | None = None) -> None:
    """Load a scene, run `tick` ticks, and write the view of the resulting state to `out` as PNG.

    Raises engine.scene.SceneError for a bad scene and ValueError for a bad tick, size, camera or overlays.
    """
    if tick < 0:
        raise ValueError(f"tick {tick}: expected 0 or more")
    width, height = size
    if not (0 < width <= MAX_SIZE and 0 < height <= MAX_SIZE):
        raise ValueError(f"size {width}x{height}: expected 1..{MAX_SIZE} pixels each way")
    spec = parse_camera(camera or "auto")
    layers = parse_overlays(overlays)
    sim = load_scene(scene_path)
    sim.trace_enabled = "trace" in layers
    for _ in range(tick):
        sim.tick()
    ctx = moderngl.create_standalone_context(backend="egl")
    try:
        pixels = render_frame(ctx, sim, size, spec, layers)
    finally:
        ctx.release()
    Image.fromarray(pixels, "RGBA").save(out, format="PNG")


def render_frame(ctx: moderngl.Context, sim: Any, size: tuple[int, int], spec: CameraSpec,
                 layers: frozenset[str] = DEFAULT_OVERLAYS) -> np.ndarray:
    """Pixels (height, width, 4) uint8, top row first, of `sim`'s current state seen through `spec`."""
    width, height = size
    palette = load_palette()
    cam = camera_from_spec(spec, scene_bounds(sim), width / height)
    renderer = SceneRenderer(ctx, palette)
    msaa = ctx.framebuffer(ctx.renderbuffer(size, 4, samples=SAMPLES), ctx.depth_renderbuffer(size, samples=SAMPLES))
    resolved = ctx.framebuffer(ctx.renderbuffer(size, 4))
    try:
        renderer.update_world(sim.world)
        builder = OverlayBuilder()
        if "entities" in layers:
            add_entities(builder, sim.entities, palette)
        if "trace" in layers:
            add_geometry(builder, stage_geometry(sim.last_record), palette)
        overlay = builder.build()
        renderer.set_overlay(overlay)
        msaa.use()
        msaa.clear(*renderer.background(), depth=1.0)
        renderer.draw(msaa, cam, gizmo="gizmo" in layers)
        ctx.copy_framebuffer(resolved, msaa)
        text = overlay.labels if "labels" in layers else []
        if text or "gizmo" in layers:
            _draw_text(ctx, resolved, cam.view_matrix(), cam.proj_matrix(width / height), text,
                       "gizmo" in layers, palette)
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
               labels: list, gizmo: bool, palette: Any) -> None:
    """Labels and gizmo letters through a private ImGui context (the caller's context, if any, is kept)."""
    previous = imgui.get_current_context()
    own = imgui.create_context()
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
            draw_gizmo_letters(draw_list, view, min(GIZMO_SIZE, width, height), height, palette)
        imgui.render()
        target.use()
        text_renderer.render(imgui.get_draw_data())
        text_renderer.release()
    finally:
        imgui.destroy_context(own)
        if previous is not None:
            imgui.set_current_context(previous)
