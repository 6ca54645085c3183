"""`tickscope render SCENE --ticks A..B --out FILE.mp4|FILE.gif|DIR/`: one offscreen frame per tick A..B
(inclusive), written as an H.264 video or an animated GIF (both through imageio-ffmpeg's bundled ffmpeg) or as
numbered PNGs, each frame as it is drawn, so memory stays flat whatever the range. With `--entity ID` the camera
keeps that entity at the centre of the view."""

from __future__ import annotations

import contextlib
import itertools
import subprocess
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from PIL import Image

from engine import MAX_FPS, MIN_FPS, ArgumentError, output_file, output_folder, replaced_atomically
from viewer.render import RenderError, egl_context, entity_camera, follow, frame_caption, prepare, render_frame

if TYPE_CHECKING:
    from engine import WorldBox

DEFAULT_FPS = 20.0
VIDEO_SUFFIXES = (".mp4", ".gif")
PROGRESS_MIN_FRAMES = 20     # fewer frames render too fast to need a progress bar
H264_CRF = 10                # libx264's constant rate factor: 0 lossless .. 51; 10 is close to lossless
FFMPEG_QUIET = ("-nostdin", "-y", "-v", "error")   # errors only: a successful render prints nothing
FFMPEG_ERROR_CHARS = 300     # of ffmpeg's last error line, in the one-line message


def output_kind(out: str) -> str:
    """'mp4', 'gif' or 'dir' (a path ending in / or an existing folder); anything else is an error. The folder the
    output goes in must exist (engine.analysis.arguments.output_file)."""
    try:
        if out.endswith(("/", "\\")) or Path(out).is_dir():
            output_folder(out)
            return "dir"
        output_file(out)
    except ArgumentError as err:
        raise RenderError(str(err)) from None
    suffix = Path(out).suffix.lower()
    if suffix not in VIDEO_SUFFIXES:
        raise RenderError(f"--out {out!r}: expected FILE.mp4, FILE.gif or a folder DIR/ (got {suffix or 'no suffix'})")
    return suffix[1:]


def render_video(scene_path: str, ticks: tuple[int, int], out: str, size: tuple[int, int] = (1280, 720),
                 camera: str | None = None, overlays: str | None = None, fps: float = DEFAULT_FPS,
                 entity: int | None = None, caption: bool = False, legend: bool = False,
                 allow_unmapped: bool = False, progress: bool = False, region: WorldBox | None = None,
                 release: str | None = None) -> int:
    """Render ticks A..B of the scene to `out`, each frame written as it is drawn (memory does not grow with the
    range); returns the number of frames. Raises RenderError (bad input, no EGL, unwritable output) and SceneError
    (bad scene). `progress`: a progress bar on stderr (the CLI's, on a terminal)."""
    kind = output_kind(out)
    if not MIN_FPS <= fps <= MAX_FPS:
        raise RenderError(f"--fps {fps}: expected a number from {MIN_FPS:g} to {MAX_FPS:g}")
    first, last = ticks
    sim, spec, overlay = prepare(scene_path, size, camera, overlays, allow_unmapped, region, release)
    for _ in range(first):
        sim.tick()
    cam = entity_camera(sim, spec, size, entity)
    from tqdm import tqdm  # here, not at the top: its import costs the window's launch 60 ms
    ctx = egl_context()
    frames = 0
    try:
        short = last - first < PROGRESS_MIN_FRAMES
        with frame_writer(kind, out, size, fps, first) as write, \
                tqdm(total=last - first + 1, unit="frame", desc="render", leave=False,
                     disable=None if progress and not short else True) as bar:
            while True:
                follow(cam, sim, entity)
                text = frame_caption(sim) if caption else None
                write(render_frame(ctx, sim, size, cam, overlay, text, legend)[:, :, :3])
                frames += 1
                bar.update()
                if sim.tick_count >= last:
                    break
                sim.tick()
    finally:
        ctx.release()
    return frames


def write_frames(kind: str, out: str, frames: Iterable[np.ndarray], fps: float, first: int) -> None:
    """Frames (RGB, one size) of ticks first, first + 1, ... as 'mp4', 'gif' or numbered PNGs in a folder ('dir'),
    each written as it comes."""
    frames = iter(frames)
    head = next(frames, None)
    if head is None:
        raise RenderError(f"{out}: no frames to write")
    with frame_writer(kind, out, (head.shape[1], head.shape[0]), fps, first) as write:
        for frame in itertools.chain((head,), frames):
            write(frame)


@contextmanager
def frame_writer(kind: str, out: str, size: tuple[int, int], fps: float,
                 first: int) -> Iterator[Callable[[np.ndarray], None]]:
    """A function that writes one RGB frame (height, width, 3) of the tick after the last, as it is given: a PNG
    in the folder `out` ('dir', created if missing) or a frame piped to ffmpeg ('mp4', 'gif'), which writes
    `out` atomically when the block ends. A block that fails (or is cancelled) leaves no partial output.
    RenderError (one line) where a file cannot be written."""
    try:
        with _png_folder(Path(out), first) if kind == "dir" else _ffmpeg(kind, out, size, fps) as write:
            yield write
    except OSError as exc:
        raise RenderError(f"{out}: cannot write: {exc.strerror or exc}") from None


@contextmanager
def _png_folder(folder: Path, first: int) -> Iterator[Callable[[np.ndarray], None]]:
    """Frames as `tickNNNNNN.png` in `folder` (made if missing); when the block fails, the PNGs it wrote are
    removed, and the folder too where it was made here."""
    made = not folder.is_dir()
    folder.mkdir(exist_ok=True)
    written: list[Path] = []
    ticks = itertools.count(first)

    def write(frame: np.ndarray) -> None:
        written.append(folder / f"tick{next(ticks):06d}.png")
        Image.fromarray(frame, "RGB").save(written[-1], format="PNG")

    try:
        yield write
    except BaseException:
        for path in written:
            path.unlink(missing_ok=True)
        if made:
            with contextlib.suppress(OSError):   # something else was put there meanwhile: kept
                folder.rmdir()
        raise


@contextmanager
def _ffmpeg(kind: str, out: str, size: tuple[int, int], fps: float) -> Iterator[Callable[[np.ndarray], None]]:
    """imageio-ffmpeg's bundled ffmpeg reading raw RGB frames on a pipe, writing `out` atomically: H.264 in MP4
    (sizes rounded up to even, as yuv420p needs), or a GIF in three streamed passes over a lossless temporary
    video (the frames, the palette of them all, the GIF in that palette: one palette lets ffmpeg store each frame
    as its change from the last). ffmpeg's last error line is the one line raised when it fails."""
    import imageio_ffmpeg
    exe = imageio_ffmpeg.get_ffmpeg_exe()
    width, height = size
    with replaced_atomically(Path(out)) as target, tempfile.TemporaryDirectory(prefix="tickscope-") as work:
        if kind == "mp4":
            with _piped(exe, size, fps, ["-vf", f"scale={width + width % 2}:{height + height % 2}", "-c:v", "libx264",
                                         "-pix_fmt", "yuv420p", "-crf", str(H264_CRF), "-f", "mp4", str(target)],
                        out) as write:
                yield write
        else:
            frames, palette = Path(work) / "frames.mkv", Path(work) / "palette.png"
            with _piped(exe, size, fps, ["-c:v", "ffv1", "-f", "matroska", str(frames)], out) as write:
                yield write
            _run(exe, ["-i", str(frames), "-vf", "palettegen", "-frames:v", "1", str(palette)], out)
            _run(exe, ["-i", str(frames), "-i", str(palette), "-lavfi", "paletteuse", "-loop", "0", "-f", "gif",
                       str(target)], out)


@contextmanager
def _piped(exe: str, size: tuple[int, int], fps: float, output: list[str],
           out: str) -> Iterator[Callable[[np.ndarray], None]]:
    """ffmpeg writing `output` (its options and file) from raw RGB frames of `size` at `fps` given one by one."""
    rate = str(Fraction(fps).limit_denominator(1000))
    with tempfile.TemporaryFile() as log:
        proc = subprocess.Popen([exe, *FFMPEG_QUIET, "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", "{}x{}".format(*size),
                                 "-r", rate, "-i", "-", "-an", *output],
                                stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=log)

        def failed() -> RenderError:
            proc.kill()
            proc.wait()
            log.seek(0)
            return _failure(log.read(), proc.returncode, out)

        def write(frame: np.ndarray) -> None:
            try:
                proc.stdin.write(np.ascontiguousarray(frame).data)
            except BrokenPipeError:
                raise failed() from None

        try:
            yield write
            proc.stdin.close()
            if proc.wait() != 0:
                raise failed()
        except BaseException:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            raise


def _run(exe: str, args: list[str], out: str) -> None:
    """One ffmpeg pass over files."""
    done = subprocess.run([exe, *FFMPEG_QUIET, *args], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, check=False)
    if done.returncode != 0:
        raise _failure(done.stderr, done.returncode, out)


def _failure(messages: bytes, status: int, out: str) -> RenderError:
    """ffmpeg's last error line (or its exit status) as the one-line error of writing `out`."""
    lines = messages.decode("utf-8", "replace").strip().splitlines()
    reason = lines[-1][:FFMPEG_ERROR_CHARS] if lines else f"ffmpeg exit status {status}"
    return RenderError(f"{out}: cannot write: {reason}")
