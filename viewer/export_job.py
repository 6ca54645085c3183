"""File › Export video as a job that leaves the window responsive: a copy of the simulation replays the current
branch from its first tick (the edits restored at their ticks, the players holding the branch's inputs), a few
frames are rendered between the window's frames (GL lives on the window's thread), and each frame goes, as it is
rendered, through a short queue to a writer thread that streams it into `viewer.video.frame_writer` (an MP4 or a
GIF through ffmpeg, or PNG frames in a folder), so memory stays flat whatever the range; the status line shows the
progress and a Cancel button, and a cancelled or failed export leaves no partial file."""

from __future__ import annotations

import copy
import queue
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from viewer.history import hold_inputs
from viewer.saving import in_force

# No labels or axis letters: those are drawn through a private ImGui context, whose frame upsets the window's next
# frame (its work area: the docked panels jump under the menu bar); the caption is drawn onto the pixels instead.
VIDEO_OVERLAYS = "entities,trace"
FRAME_BUDGET_S = 0.03          # rendering per window frame; the rest waits for the next frame
QUEUED_FRAMES = 4              # frames rendered ahead of the writer (4 × 2.8 MB at 1280×720)
_END = None                    # the queue's last item: every frame was given
STOP_WAIT_S = 10.0             # a closing window waits this long for the writer to clean up


class Cancelled(Exception):
    """The export was cancelled: raised inside the writer, so the file being written is removed."""


class VideoExport:
    """The ticks of the current branch up to the one shown, seen through the current camera, with the entities, the
    trace and a caption, as `kind` ('mp4', 'gif' or 'dir': PNG frames in the folder `path`) of `size` (width,
    height; the 3D view's when None) at `fps` frames a second."""

    def __init__(self, app: Any, path: Path, kind: str, size: tuple[int, int] | None = None,
                 fps: float | None = None) -> None:
        from viewer.render import parse_overlays  # imported on first use: start-up time
        from viewer.video import DEFAULT_FPS

        self.size = size or view_size(app)
        self.fps = fps or DEFAULT_FPS
        self.camera = copy.deepcopy(app.controls.camera())
        self.overlay = parse_overlays(VIDEO_OVERLAYS)
        self.path, self.kind = path, kind
        self.first, self.last = app.history.first_tick, app.sim.tick_count
        self.edited = {c.tick: c.after for c in in_force(app.undo.done)}
        self.inputs = app.history.input_schedules
        self.sim = copy.copy(app.sim)
        self._restore(app.history.snapshots[self.first])
        self.rendered = 0
        self._frames: queue.Queue[np.ndarray | None] = queue.Queue(QUEUED_FRAMES + 1)   # and the end
        self._cancelled = threading.Event()
        self._error: str | None = None
        self._writer: threading.Thread | None = None

    @property
    def total(self) -> int:
        return self.last - self.first + 1

    def progress(self) -> float:
        """0 to 1: frames rendered (what the writer still does after the last frame counts as the last tenth)."""
        return self.rendered / self.total * (1.0 if self._writer is not None and not self._writer.is_alive()
                                             else 0.9)

    def label(self) -> str:
        if self.rendered == self.total:
            return f"writing {self.path.name}"
        return f"video: tick {self.first + self.rendered} of {self.last}"

    def cancel(self) -> None:
        """Stop: the writer removes what it wrote (`step` says 'cancelled' once it has)."""
        self._cancelled.set()
        try:
            self._frames.put_nowait(_END)   # wakes a writer waiting for a frame
        except queue.Full:
            pass                            # a writer with frames to take sees the flag at the next one

    def stop(self) -> None:
        """Cancel and wait (STOP_WAIT_S at most) for the writer to remove what it wrote: the window is closing."""
        self.cancel()
        if self._writer is not None:
            self._writer.join(STOP_WAIT_S)

    def step(self, ctx: Any) -> str | None:
        """Render frames for up to FRAME_BUDGET_S (one at least, unless the writer is behind) and hand each to
        the writer. The job's end: 'done', 'cancelled', or an error message; None while it runs."""
        from viewer.render import render_frame

        if self._writer is None:
            self._writer = threading.Thread(target=self._write, name="video export", daemon=True)
            self._writer.start()
        if not self._writer.is_alive():
            return "cancelled" if self._cancelled.is_set() else self._error or "done"
        if self._cancelled.is_set():
            return None                    # the writer is removing what it wrote
        start = time.perf_counter()
        while self.rendered < self.total and self._frames.qsize() < QUEUED_FRAMES:
            tick = self.first + self.rendered
            if tick in self.edited:        # the branch's state after an edit made at this tick, its trace too
                self._restore(self.edited[tick])
            elif tick > self.first:
                self.sim.tick()
            pixels = render_frame(ctx, self.sim, self.size, self.camera, self.overlay)[:, :, :3]
            self._frames.put(captioned(pixels, f"{self.sim.name} - tick {tick}"))
            self.rendered += 1
            if self.rendered == self.total:
                self._frames.put(_END)
            if time.perf_counter() - start >= FRAME_BUDGET_S:
                break
        return None

    def _write(self) -> None:
        """The writer thread: the frames, as they come, into the file (or folder)."""
        from viewer.render import RenderError
        from viewer.video import write_frames

        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_frames(self.kind, str(self.path), self._given(), self.fps, self.first)
        except Cancelled:
            pass
        except (RenderError, OSError) as exc:   # one line, reported by `step` in the window's thread
            self._error = str(exc)
        except Exception as exc:
            self._error = f"{self.path}: {exc}"

    def _given(self) -> Iterator[np.ndarray]:
        while True:
            frame = self._frames.get()
            if self._cancelled.is_set():
                raise Cancelled
            if frame is _END:
                return
            yield frame

    def _restore(self, snapshot: Any) -> None:
        self.sim.restore(snapshot)
        hold_inputs(self.sim, self.inputs)


def view_size(app: Any) -> tuple[int, int]:
    """The 3D view's size in pixels, rounded down to even numbers (H.264's 4:2:0 needs them)."""
    rect = app.view_rect
    return max(round(rect.width) // 2 * 2, 2), max(round(rect.height) // 2 * 2, 2)


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
