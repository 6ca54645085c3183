"""Launch to the first frame (issue 11 item 10; docs/performance.md, "Launch to first frame"): the window builds
one rewind history, the scene's, and opening it imports none of what the first frame does not draw (sweeps, version
diffs, schematic readers, video and image writers); those still load when used (tests/viewer/test_window.py's
video export and screenshots, test_analysis_panel.py's sweep and diff, tests/engine/test_schematics.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.tick.scene import load_scene
from engine.tick.simulation import Simulation, Snapshot
from tests.viewer.conftest import APP_SIZE
from viewer.app import ViewerApp
from viewer.history import History

REPO = Path(__file__).resolve().parents[2]
# imported on first use, not by `import viewer.app` (start-up time)
NOT_AT_START = ("engine.analysis.sweep", "engine.analysis.diff", "engine.analysis.runs", "tqdm", "dask", "PIL",
                "imageio_ffmpeg", "viewer.render", "viewer.video", "engine.schematics.litematic",
                "engine.schematics.sponge", "engine.schematics.structure", "engine.tick.scene_writer", "tomli_w")


def _snapshots_taken(monkeypatch: pytest.MonkeyPatch) -> list[Simulation]:
    taken: list[Simulation] = []
    real = Simulation.snapshot

    def counted(sim: Simulation) -> object:
        taken.append(sim)
        return real(sim)
    monkeypatch.setattr(Simulation, "snapshot", counted)
    return taken


@pytest.mark.parametrize("given", ["path", "simulation"])
def test_start_up_takes_one_keyframe_of_the_scene(flat_scene: Path, monkeypatch: pytest.MonkeyPatch,
                                                  given: str) -> None:
    """From a scene file (ViewerApp loads it) or a loaded simulation (`tickscope view`): one snapshot, the
    loaded scene's tick 0, and that is the history's only keyframe; the first frame shows the scene."""
    sim = load_scene(flat_scene) if given == "simulation" else None
    taken = _snapshots_taken(monkeypatch)
    app = ViewerApp(str(flat_scene), size=APP_SIZE, visible=False, sim=sim)
    try:
        assert taken == [app.sim] and list(app.history.snapshots) == [0]
        assert app.sim.name == "TNT on a stone floor" and len(app.sim.entities) == 1
        app.draw_frame()
        assert app.scene.world.triangle_count() > 0     # the floor is meshed in the first frame
    finally:
        app.close()


def test_a_scene_that_fails_to_load_leaves_a_history_of_the_empty_world(write_scene, scene_text) -> None:
    bad = write_scene(scene_text(blocks=[{"at": [0, 0, 0], "block": "minecraft:no_such_block"}]))
    app = ViewerApp(str(bad), size=APP_SIZE, visible=False)
    try:
        assert app.history.sim is app.sim and list(app.history.snapshots) == [0] and not app.sim.entities
        app.history.step()
        assert app.sim.tick_count == 1
    finally:
        app.close()


def test_the_first_frame_leaves_unimported_what_it_does_not_need(flat_scene: Path) -> None:
    """`import viewer.app`, the window on a scene and its first frame, in a fresh interpreter: none of NOT_AT_START
    is imported, nor numpy.ma (np.unique's first plain call imports it; the mesher counts ids instead)."""
    code = (f"import sys, viewer.app; app = viewer.app.ViewerApp({str(flat_scene)!r}, visible=False); "
            f"app.draw_frame(); print(sorted(m for m in {(*NOT_AT_START, 'numpy.ma')!r} if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYGLET_HEADLESS": "1"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_the_first_keyframe_is_packed_when_the_simulation_first_moves(flat_scene: Path) -> None:
    """Start-up keeps tick 0's keyframe live (no pickling before the first frame); the first step packs it, and
    rewinding to tick 0 then gives the loaded state back exactly."""
    sim = load_scene(flat_scene)
    start = [e.trace_line() for e in sim.entities]
    history = History(sim)
    assert isinstance(dict.__getitem__(history.snapshots, 0), Snapshot)
    assert history.memory() == history.states[0].nbytes          # counted once packed
    history.step()
    assert isinstance(dict.__getitem__(history.snapshots, 0), bytes)
    assert history.memory() > history.states[0].nbytes + history.states[1].nbytes
    history.go_to(0)
    assert [e.trace_line() for e in sim.entities] == start and sim.tick_count == 0
