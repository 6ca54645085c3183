"""`tickscope render SCENE --ticks A..B --out FILE.mp4|FILE.gif|DIR/`: one offscreen frame per tick A..B
(inclusive), written as an H.264 video (through imageio-ffmpeg's bundled ffmpeg), an animated GIF (Pillow) or
numbered PNGs. With `--entity ID` the camera keeps that entity at the centre of the view."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

from viewer.drawing.camera import OrbitCamera, OrthoCamera, camera_from_spec, close_in
from viewer.drawing.framing import scene_bounds
from viewer.render import RenderError, egl_context, prepare, render_frame

DEFAULT_FPS = 20.0
VIDEO_SUFFIXES = (".mp4", ".gif")
TICKS_SYNTAX = re.compile(r"^(\d+)\.\.(\d+)$")
PROGRESS_MIN_FRAMES = 20     # fewer frames render too fast to need a progress bar
H264_QUALITY = 8             # imageio-ffmpeg's 0..10 scale


def parse_ticks(text: str) -> tuple[int, int]:
    """'A..B' with 0 <= A <= B."""
    match = TICKS_SYNTAX.match(text.strip())
    if match is None or int(match[1]) > int(match[2]):
        raise RenderError(f"--ticks {text!r}: expected A..B with 0 <= A <= B (e.g. 0..60)")
    return int(match[1]), int(match[2])


def output_kind(out: str) -> str:
    """'mp4', 'gif' or 'dir' (a path ending in / or an existing folder); anything else is an error."""
    if out.endswith(("/", "\\")) or Path(out).is_dir():
        return "dir"
    suffix = Path(out).suffix.lower()
    if suffix not in VIDEO_SUFFIXES:
        raise RenderError(f"--out {out!r}: expected FILE.mp4, FILE.gif or a folder DIR/ (got {suffix or 'no suffix'})")
    return suffix[1:]


def render_video(scene_path: str, ticks: tuple[int, int], out: str, size: tuple[int, int] = (1280, 720),
                 camera: str | None = None, overlays: str | None = None, fps: float = DEFAULT_FPS,
                 entity: int | None = None, caption: bool = False, legend: bool = False) -> int:
    """Render ticks A..B of the scene to `out`; returns the number of frames. Raises RenderError (bad input,
    no EGL, unwritable output) and SceneError (bad scene)."""
    kind = output_kind(out)
    if not fps > 0:
        raise RenderError(f"--fps {fps}: expected a positive number")
    first, last = ticks
    sim, spec, overlay = prepare(scene_path, size, camera, overlays)
    for _ in range(first):
        sim.tick()
    if entity is not None and sim.entity_by_id(entity) is None:
        raise RenderError(f"--entity {entity}: no entity with that id at tick {first}")
    cam = camera_from_spec(spec, scene_bounds(sim), size[0] / size[1])
    if entity is not None and not spec.numbers:  # a fitted camera: from the whole scene's framing, close in
        close_in(cam)
    from tqdm import tqdm  # here, not at the top: its import costs the window's launch 60 ms
    ctx = egl_context()
    frames: list[np.ndarray] = []
    try:
        short = last - first < PROGRESS_MIN_FRAMES
        with tqdm(total=last - first + 1, unit="frame", desc="render", disable=True if short else None,
                  leave=False) as progress:
            while True:
                _follow(cam, sim, entity)
                text = f"{sim.name} - tick {sim.tick_count}" if caption else None
                frames.append(render_frame(ctx, sim, size, cam, overlay, text, legend)[:, :, :3])
                progress.update()
                if sim.tick_count >= last:
                    break
                sim.tick()
    finally:
        ctx.release()
    write_frames(kind, out, frames, fps, first)
    return len(frames)


def _follow(cam: Any, sim: Any, entity: int | None) -> None:
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


def write_frames(kind: str, out: str, frames: list[np.ndarray], fps: float, first: int) -> None:
    """Frames (RGB) of ticks first, first + 1, ... as 'mp4', 'gif' or numbered PNGs in a folder ('dir')."""
    try:
        if kind == "dir":
            folder = Path(out)
            folder.mkdir(parents=True, exist_ok=True)
            for i, frame in enumerate(frames):
                Image.fromarray(frame, "RGB").save(folder / f"tick{first + i:06d}.png", format="PNG")
        elif kind == "gif":
            images = [Image.fromarray(frame, "RGB") for frame in frames]
            images[0].save(out, format="GIF", save_all=True, append_images=images[1:],
                           duration=round(1000 / fps), loop=0)
        else:
            _write_mp4(out, frames, fps)
    except OSError as exc:
        raise RenderError(f"{out}: cannot write: {exc.strerror or exc}") from None


def _write_mp4(out: str, frames: list[np.ndarray], fps: float) -> None:
    import imageio_ffmpeg
    height, width = frames[0].shape[:2]
    writer = imageio_ffmpeg.write_frames(out, (width, height), fps=fps, quality=H264_QUALITY,
                                         macro_block_size=2, codec="libx264", pix_fmt_out="yuv420p")
    writer.send(None)  # start ffmpeg
    try:
        for frame in frames:
            writer.send(np.ascontiguousarray(frame))
    finally:
        writer.close()
