"""Screenshots (F2): the window's pixels, with or without the panels, saved as PNG in the user's data
directory ($XDG_DATA_HOME/tickscope/screenshots, or ~/.local/share/tickscope/screenshots)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import moderngl
import numpy as np


def screenshots_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "tickscope" / "screenshots"


def read_screen(ctx: moderngl.Context, size: tuple[int, int]) -> np.ndarray:
    """The default framebuffer's pixels (height, width, 3), top row first."""
    width, height = size
    data = ctx.screen.read(viewport=(0, 0, width, height), components=3, alignment=1)
    _ = ctx.error  # reading the default framebuffer leaves a GL error behind (notes/gl-stack.md, gotcha 1)
    return np.frombuffer(data, dtype=np.uint8).reshape(height, width, 3)[::-1]


def save_screenshot(pixels: np.ndarray, tick: int, directory: Path | None = None) -> Path:
    """Write `pixels` as tickscope-tick<T>-<date>-<time>.png (a counter added if taken) and return the path."""
    from PIL import Image  # imported on first use: start-up time

    directory = directory or screenshots_dir()
    directory.mkdir(parents=True, exist_ok=True)
    stem = f"tickscope-tick{tick}-{time.strftime('%Y%m%d-%H%M%S')}"
    path = directory / f"{stem}.png"
    n = 1
    while path.exists():
        path = directory / f"{stem}-{n}.png"
        n += 1
    Image.fromarray(np.ascontiguousarray(pixels), "RGB").save(path, format="PNG")
    return path
