"""`tickscope view`'s first frame from the loading child's summary (issue 23 item 8; viewer/first_frame.py): drawn
before the window's process imports the engine's simulation, world and entity modules, showing what the whole window
shows at tick 0; the whole window follows, and a key pressed in between is handled, not lost."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.tick.scene import load_scene
from tests.conftest import SCENES_DIR as SCENES
from tests.viewer.conftest import APP_SIZE
from viewer import first_frame
from viewer.app import ViewerApp
from viewer.drawing import world_view
from viewer.drawing.palette import load_palette

REPO = Path(__file__).resolve().parents[2]
# what the first frame must not wait for: the simulation, its world and block table, its entities
WHOLE_WINDOW_MODULES = ("engine.tick.simulation", "engine.world.world", "engine.world.blocks",
                  "engine.entities.entity", "engine.living.player",
                  # and the version table and the viewer's modules that only the whole window uses
                  "engine.core.versions", "viewer.history", "viewer.actions", "viewer.commands", "viewer.saving",
                  "viewer.ruler", "viewer.analysis_job", "viewer.panels.file_browser", "viewer.panels.ledger",
                  "viewer.panels.pistons", "viewer.drawing.pistons")

LAUNCH = """
import os, sys, time, pyglet, viewer.app
from pyglet.window import key
from viewer import launch
engine_modules = {modules!r}
frames = []
draw = viewer.app.ViewerApp.draw_frame
def draw_frame(self):
    waiting = self.sim is None
    draw(self)
    frames.append((waiting, [m for m in engine_modules if m in sys.modules], self.scene.world.triangle_count(),
                   len(self.scene.entities.overlay.boxes), self.sim.tick_count if self.sim is not None else None))
    if waiting:   # a key pressed while the simulation is on its way: queued by the window until its loop runs
        self.window.dispatch_event("on_key_press", key.RIGHT, 0)
viewer.app.ViewerApp.draw_frame = draw_frame
def run(*args):
    for _ in range(15):
        pyglet.clock.tick()
        for window in list(pyglet.app.windows):
            window.dispatch_events()
        time.sleep(0.02)
pyglet.app.run = run
status = launch.open_viewer({scene!r})
for frame in frames:
    print(*frame)
print("status", status)
"""


@pytest.mark.skipif(sys.platform != "linux", reason="the summary comes from the forked loading child (Linux)")
def test_the_first_frame_is_drawn_before_the_engine_and_a_key_pressed_then_is_not_lost(tmp_path: Path) -> None:
    """`tickscope view scenes/player_walk_speeds.toml` (six players on coloured floors), in a fresh interpreter with
    pyglet's loop run for a few frames: the first frame shows the floors meshed and the six players' boxes with none
    of WHOLE_WINDOW_MODULES imported; every later frame is the whole window's, with them imported; the Right key
    pressed after the first frame is handled once the simulation is here (tick 1), not lost; the window exits 0."""
    code = LAUNCH.format(modules=WHOLE_WINDOW_MODULES, scene=str(SCENES / "player_walk_speeds.toml"))
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_DISABLE_JIT"}
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120,
                          env={**env, "PYGLET_HEADLESS": "1", "XDG_CONFIG_HOME": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    lines = done.stdout.split("\n")
    assert "status 0" in lines
    frames = [line.split(maxsplit=1) for line in lines[:lines.index("status 0")]]
    assert frames[0][0] == "True" and frames[0][1].startswith("[]"), frames[0]   # no engine module at the first
    first = frames[0][1].split()
    assert int(first[-3]) > 0 and int(first[-2]) == 6 and first[-1] == "None"   # the floors, six players, no sim
    later = frames[1:]
    assert later and all(f[0] == "False" for f in later)
    assert all(m in later[0][1] for m in WHOLE_WINDOW_MODULES)
    assert later[-1][1].split()[-1] == "1"   # the Right pressed after the first frame ran one tick


def _overlays(app: ViewerApp) -> list[bytes]:
    layers = (app.scene.entities, app.scene.trace, app.scene.moving)
    return [array.tobytes() for layer in layers for array in (layer.overlay.segments, layer.overlay.points,
                                                                 layer.overlay.boxes, layer.overlay.thin)] + \
        [repr(layer.overlay.labels).encode() for layer in layers]


def _opened(path: Path, first: first_frame.FirstFrame | None = None) -> ViewerApp:
    return ViewerApp(str(path), size=APP_SIZE, visible=False, sim=None if first else load_scene(path), first=first)


def _meshed(app: ViewerApp) -> dict[tuple[int, int, int], bytes]:
    """The opaque vertices of each section, meshed to the end."""
    app.draw_frame()
    while app._meshing:
        app.draw_frame()
    return {key: mesh.vertices.tobytes() for key, mesh in app.scene.world._section_opaque.items()}


@pytest.mark.parametrize("scene", ["redstone_repeater_clock.toml", "piston_zero_tick_squeeze.toml",
                                   "player_walk_speeds.toml"])
def test_the_first_frame_shows_what_the_whole_window_shows_at_tick_0(scene: str, monkeypatch) -> None:
    """A window opened on the summary, then given the simulation (as `run_viewer` does), against one opened on the
    simulation: the first frame's entity boxes, redstone marks (wire power, clocks), moving blocks, legend and title
    are those of the whole window at tick 0; the sections the summary holds are not meshed again when the simulation
    arrives, and the world ends up meshed alike."""
    path = SCENES / scene
    direct = _opened(path)
    try:
        direct.draw_frame()
        shown = (_overlays(direct), direct.legend, direct.title(), _meshed(direct))
    finally:
        direct.close()
    early = _opened(path, first_frame.summary(load_scene(path), load_palette(), budget_s=10.0))
    try:
        early.draw_frame()
        assert early.sim is None and early._meshing == 1   # waiting for nothing but the simulation
        assert (_overlays(early), early.legend, early.title()) == shown[:3]
        meshed: list[object] = []
        real = world_view.mesh_section
        monkeypatch.setattr(world_view, "mesh_section", lambda *args: meshed.append(args[0]) or real(*args))
        early.adopt(load_scene(path), str(path))
        early.draw_frame()
        assert meshed == [] and early._meshing == 0
        assert (_overlays(early), early.legend, early.title(), _meshed(early)) == shown
    finally:
        early.close()


def test_sections_the_child_left_are_meshed_by_the_window() -> None:
    """A summary whose meshing budget ran out after one section (the boat road: 1,164 sections): the first frame shows
    that section, the window meshes the others once the simulation is here, as a window opened on it meshes them."""
    path = SCENES / "boat_ice_road.toml"
    direct = _opened(path)
    try:
        whole = _meshed(direct)
    finally:
        direct.close()
    summary = first_frame.summary(load_scene(path), load_palette(), budget_s=0.0)
    assert len(summary.meshes) == 1 < len(summary.versions)
    early = _opened(path, summary)
    try:
        early.draw_frame()
        assert early._meshing == len(summary.versions)   # the sections left, and the simulation
        early.adopt(load_scene(path), str(path))
        assert _meshed(early) == whole
    finally:
        early.close()


def test_the_summary_meshes_until_the_window_asks_for_it() -> None:
    """The boat road with time to mesh every section: asked for after its third section, the summary holds the three
    nearest the middle of a framing camera, those a summary with no time left to mesh holds first."""
    sim = load_scene(SCENES / "boat_ice_road.toml")
    answers = iter([False, False, True])
    asked = first_frame.summary(sim, load_palette(), budget_s=60.0, asked=lambda: next(answers))
    assert len(asked.meshes) == 3 < len(asked.versions)
    assert next(iter(asked.meshes)) == next(iter(first_frame.summary(sim, load_palette(), budget_s=0.0).meshes))
