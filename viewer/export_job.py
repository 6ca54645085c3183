"""File › Export video as a job that leaves the window responsive: a copy of the simulation replays the current
branch from its first tick (the edits restored at their ticks, the players holding the branch's inputs), a few
frames are rendered between the window's frames (GL lives on the window's thread), and the file is written in a
background thread; the status line shows the progress and a Cancel button."""

from __future__ import annotations

import concurrent.futures
import copy
import time
from pathlib import Path
from typing import Any

import numpy as np

from viewer.history import hold_inputs
from viewer.saving import in_force

# No labels or axis letters: those are drawn through a private ImGui context, whose frame upsets the window's next
# frame (its work area: the docked panels jump under the menu bar); the caption is drawn onto the pixels instead.
VIDEO_OVERLAYS = "entities,trace"
FRAME_BUDGET_S = 0.03          # rendering per window frame; the rest waits for the next frame

_writer = concurrent.futures.ThreadPoolExecutor(max_workers=1)


class VideoExport:
    """The ticks of the current branch up to the one shown, seen through the current camera, with the entities, the
    trace and a caption, as `kind` ('gif' or 'mp4', `viewer.video.write_frames`) at `path`."""

    def __init__(self, app: Any, path: Path, kind: str) -> None:
        from viewer.render import parse_overlays  # imported on first use: start-up time

        rect = app.view_rect
        self.size = (max(round(rect.width) // 2 * 2, 2), max(round(rect.height) // 2 * 2, 2))
        self.camera = copy.deepcopy(app.controls.camera())
        self.overlay = parse_overlays(VIDEO_OVERLAYS)
        self.path, self.kind = path, kind
        self.first, self.last = app.history.first_tick, app.sim.tick_count
        self.edited = {c.tick: c.after for c in in_force(app.undo.done)}
        self.inputs = app.history.input_schedules
        self.sim = copy.copy(app.sim)
        self._restore(app.history.snapshots[self.first])
        self.frames: list[np.ndarray] = []
        self.writing: concurrent.futures.Future | None = None
        self.cancelled = False

    @property
    def total(self) -> int:
        return self.last - self.first + 1

    def progress(self) -> float:
        """0 to 1: frames rendered (the writing counts as the last tenth)."""
        return min(len(self.frames) / self.total, 1.0) * (0.9 if self.writing is None or not self.writing.done()
                                                          else 1.0)

    def label(self) -> str:
        if self.writing is not None:
            return f"writing {self.path.name}"
        return f"video: tick {self.first + len(self.frames)} of {self.last}"

    def cancel(self) -> None:
        self.cancelled = True

    def step(self, ctx: Any) -> str | None:
        """Render frames for up to FRAME_BUDGET_S (one at least); once all are rendered, write the file in the
        background. The job's end: 'done', 'cancelled', or an error message; None while it runs."""
        from viewer.render import RenderError, render_frame
        from viewer.video import DEFAULT_FPS, write_frames

        if self.cancelled:
            return "cancelled"
        if self.writing is not None:
            if not self.writing.done():
                return None
            error = self.writing.exception()
            if error is None:
                return "done"
            return str(error) if isinstance(error, RenderError | OSError) else f"{self.path}: {error}"
        start = time.perf_counter()
        while len(self.frames) < self.total:   # at least one frame each time
            tick = self.first + len(self.frames)
            if tick in self.edited:        # the branch's state after an edit made at this tick, its trace too
                self._restore(self.edited[tick])
            elif tick > self.first:
                self.sim.tick()
            pixels = render_frame(ctx, self.sim, self.size, self.camera, self.overlay)[:, :, :3]
            self.frames.append(captioned(pixels, f"{self.sim.name} - tick {tick}"))
            if time.perf_counter() - start >= FRAME_BUDGET_S:
                break
        if len(self.frames) == self.total:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.writing = _writer.submit(write_frames, self.kind, str(self.path), self.frames, DEFAULT_FPS,
                                          self.first)
        return None

    def _restore(self, snapshot: Any) -> None:
        self.sim.restore(snapshot)
        hold_inputs(self.sim, self.inputs)


def captioned(pixels: np.ndarray, caption: str) -> np.ndarray:
    """`pixels` (RGB) with `caption` in the top left corner, light on a dark card."""
    from PIL import Image, ImageDraw, ImageFont

    image = Image.fromarray(pixels, "RGB")
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=max(12, image.height // 36))
    left, top, right, bottom = draw.textbbox((8, 6), caption, font=font)
    draw.rectangle((left - 4, top - 3, right + 4, bottom + 3), fill=(20, 22, 28))
    draw.text((8, 6), caption, fill=(235, 235, 235), font=font)
    return np.asarray(image)
