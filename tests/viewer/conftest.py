"""Shared fixtures of the viewer tests: one headless GL context (EGL, no display; notes/gl-stack.md) and
scene files made with the project's scene builder (tests/conftest.py), loaded like a user's scene."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

os.environ.setdefault("PYGLET_HEADLESS", "1")
os.environ.setdefault("PYGLET_DEBUG_GL", "0")  # as `tickscope view` runs (viewer.launch)

import moderngl  # noqa: E402
import pytest  # noqa: E402

from viewer.app import ViewerApp  # noqa: E402

APP_SIZE = (640, 400)
MESHING_FRAMES = 500   # the most frames `draw_until_meshed` draws: each meshes one waiting section at least
FLAT_SCENE = {
    "scene": {"name": "TNT on a stone floor"},
    "blocks": [{"from": [-4, 0, -4], "to": [4, 0, 4], "block": "minecraft:stone"},
               {"at": [2, 1, 2], "block": "minecraft:oak_slab[type=bottom]"}],
    "entities": [{"type": "minecraft:tnt", "pos": [0.5, 1.0, 0.5], "fuse": 80}],
}


@pytest.fixture(scope="session")
def gl_ctx() -> Iterator[moderngl.Context]:
    """A standalone EGL context shared by every viewer test that draws."""
    ctx = moderngl.create_standalone_context(backend="egl")
    yield ctx
    ctx.release()


@pytest.fixture
def write_scene(tmp_path: Path) -> Callable[[str], Path]:
    """Write TOML text to a scene file in the test's temporary directory and return its path."""
    def write(text: str, name: str = "scene.toml") -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path
    return write


@pytest.fixture
def flat_scene(write_scene: Callable[[str], Path], scene_text: Callable[..., str]) -> Path:
    """A 9x9 stone floor at y = 0, a bottom oak slab at (2, 1, 2) and a TNT at (0.5, 1, 0.5)."""
    return write_scene(scene_text(**FLAT_SCENE))


def draw_until_meshed(app: ViewerApp) -> None:
    """Draw frames until every section of the world is meshed, then one more (the Controls panel shows the
    triangle count of the frame before). A frame meshes for WORLD_BUDGET_S, so how many frames that takes depends
    on the machine's load: a test comparing frames waits for this, not for a number of frames or a time."""
    for _ in range(MESHING_FRAMES):
        app.draw_frame()
        if not app._meshing:
            app.draw_frame()
            return
    raise AssertionError(f"{app._meshing} sections still to mesh after {MESHING_FRAMES} frames")


@pytest.fixture
def open_app(tmp_path: Path) -> Iterator:
    apps: list[ViewerApp] = []

    def open_(scene: Path | str, size: tuple[int, int] = APP_SIZE, **options: object) -> ViewerApp:
        app = ViewerApp(str(scene), size=size, visible=False, screenshot_dir=tmp_path / "shots", **options)
        apps.append(app)
        for _ in range(2):  # ImGui lays a new window out over its first frames
            app.draw_frame()
        return app

    yield open_
    for app in apps:
        app.close()
