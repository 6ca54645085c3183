"""Launch to the first frame (issue 11 item 10; docs/performance.md, "Launch to first frame"): the window builds
one rewind history, the scene's, and takes no snapshot before the first frame; opening it imports none of what the
first frame does not draw (sweeps, version diffs, schematics, the scene writer, video and image writers). Those still
load when used: tests/viewer/test_window.py (video export, screenshots, save), test_analysis_panel.py (sweep, diff),
tests/engine/test_schematics.py."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.tick.scene import load_scene
from engine.tick.simulation import Simulation
from tests.viewer.conftest import APP_SIZE
from viewer.app import ViewerApp
from viewer.history import History

REPO = Path(__file__).resolve().parents[2]
# imported on first use, not by `import viewer.app` (start-up time)
NOT_AT_START = ("engine.analysis.sweep", "engine.analysis.diff", "engine.analysis.runs", "tqdm", "dask", "PIL",
                "imageio_ffmpeg", "viewer.render", "viewer.video", "engine.schematics.litematic",
                "engine.schematics.sponge", "engine.schematics.structure", "engine.tick.scene_writer", "tomli_w",
                "engine.schematics.mapping", "nbtlib", "multiprocessing")
# the tabs behind another at launch and the closed Export window: imported the first time they show
HIDDEN_PANELS = ("viewer.panels.analysis", "viewer.panels.actions", "viewer.panels.entity_table",
                 "viewer.panels.export", "viewer.table_export", "importlib.metadata")


def _counted(monkeypatch: pytest.MonkeyPatch, cls: type, method: str) -> list[object]:
    """Record the first argument (self) of every call of `cls.method` from now on."""
    calls: list[object] = []
    real = getattr(cls, method)

    def counted(self: object, *args: object, **kwargs: object) -> object:
        calls.append(self)
        return real(self, *args, **kwargs)
    monkeypatch.setattr(cls, method, counted)
    return calls


@pytest.mark.parametrize("given", ["path", "simulation"])
def test_start_up_builds_one_history_and_takes_no_snapshot(flat_scene: Path, monkeypatch: pytest.MonkeyPatch,
                                                           given: str) -> None:
    """From a scene file (ViewerApp loads it) or a loaded simulation (`tickscope view`): one history, the loaded
    scene's, and no snapshot before the first frame (tick 0's keyframe is taken when the simulation first moves);
    the first frame shows the scene, and the first step takes exactly that keyframe."""
    sim = load_scene(flat_scene) if given == "simulation" else None
    histories = _counted(monkeypatch, History, "__init__")
    snapshots = _counted(monkeypatch, Simulation, "snapshot")
    app = ViewerApp(str(flat_scene), size=APP_SIZE, visible=False, sim=sim)
    try:
        assert histories == [app.history] and app.history.sim is app.sim and list(app.history.snapshots) == [0]
        assert app.sim.name == "TNT on a stone floor" and len(app.sim.entities) == 1
        app.draw_frame()
        assert app.scene.world.triangle_count() > 0     # the floor is meshed in the first frame
        assert snapshots == []
        app.state.pending_steps = 1
        app.draw_frame()
        assert app.sim.tick_count == 1 and snapshots[0] is app.sim and sorted(app.history.snapshots) == [0, 1]
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
    is imported, nor numpy.ma (np.unique's first plain call imports it; the mesher counts ids instead), and of the
    block table only 1.16.5's 17,112 states are made (the scene's release), not the later releases' rows."""
    code = (f"import sys, viewer.app; app = viewer.app.ViewerApp({str(flat_scene)!r}, visible=False); "
            f"app.draw_frame(); print(sorted(m for m in {(*NOT_AT_START, 'numpy.ma')!r} if m in sys.modules)); "
            "from engine import blocks; print(len(blocks.loaded_states()))")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYGLET_HEADLESS": "1"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-2:] == ["[]", "17112"]


def test_the_hidden_panels_load_the_first_time_their_tab_shows(flat_scene: Path) -> None:
    """`tickscope view`'s first frames (in a fresh interpreter) leave the Analysis, Actions and Entity table tabs,
    the Export window and `--version`'s metadata unimported; bringing the Analysis tab forward imports its module
    and draws its contents (its Calculator header) in the same window."""
    code = (f"import sys, viewer.app; from imgui_bundle import imgui; "
            f"app = viewer.app.ViewerApp({str(flat_scene)!r}, visible=False); "
            f"[app.draw_frame() for _ in range(3)]; "
            f"print(sorted(m for m in {HIDDEN_PANELS!r} if m in sys.modules)); "
            f"imgui.set_window_focus('Analysis'); [app.draw_frame() for _ in range(3)]; "
            f"w = imgui.internal.find_window_by_name('Analysis'); "
            f"print('viewer.panels.analysis' in sys.modules, 'viewer.panels.actions' in sys.modules, "
            f"w.content_size.y > 0)")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYGLET_HEADLESS": "1"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-2:] == ["[]", "True False True"]


def test_the_first_keyframe_is_taken_before_the_simulation_first_moves(flat_scene: Path) -> None:
    """Until the first step, tick 0's keyframe is not taken (the simulation holds that state, and reading it takes
    it); the step takes it first, so rewinding to tick 0 gives the loaded state back exactly, as does reading it
    before any step."""
    sim = load_scene(flat_scene)
    start = [e.trace_line() for e in sim.entities]
    history = History(sim)
    assert dict.__getitem__(history.snapshots, 0) is None and history.memory() == history.states[0].nbytes
    history.step()
    assert isinstance(dict.__getitem__(history.snapshots, 0), bytes)
    assert history.memory() > history.states[0].nbytes + history.states[1].nbytes
    history.go_to(0)
    assert [e.trace_line() for e in sim.entities] == start and sim.tick_count == 0
    fresh = History(load_scene(flat_scene))
    assert [e.trace_line() for e in fresh.snapshots[0].state[4]] == start
    assert isinstance(dict.__getitem__(fresh.snapshots, 0), bytes)


def test_the_collector_paused_for_the_launch_runs_again_after_the_first_frame(flat_scene: Path) -> None:
    """`tickscope view` pauses the garbage collector (`viewer.launch.open_viewer`): what the launch makes lives on.
    The window's first frame freezes it and turns the collector on again; a window opened otherwise leaves the
    collector alone."""
    app = None
    gc.disable()
    try:
        app = ViewerApp(str(flat_scene), size=APP_SIZE, visible=False, resume_gc=True)
        assert not gc.isenabled()
        frozen = gc.get_freeze_count()
        app.draw_frame()
        assert gc.isenabled() and gc.get_freeze_count() > frozen
        app.draw_frame()
        assert gc.isenabled()
    finally:
        gc.enable()
        gc.unfreeze()
        if app is not None:
            app.close()
    other = ViewerApp(str(flat_scene), size=APP_SIZE, visible=False)
    try:
        gc.disable()
        other.draw_frame()
        assert not gc.isenabled()
    finally:
        gc.enable()
        other.close()


def test_tickscope_view_pauses_the_collector_before_it_loads_the_scene(flat_scene: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from viewer import launch

    seen: list[bool] = []
    monkeypatch.setattr("viewer.app.run_viewer",
                        lambda path, sim, allow_unmapped, release: seen.append(gc.isenabled()) or 0)
    try:
        assert launch.open_viewer(str(flat_scene)) == 0
    finally:
        gc.enable()
    assert seen == [False]


def test_tickscope_view_starts_the_kernels_warm_up_after_the_first_frame_without_importing_numba(
        flat_scene: Path, tmp_path: Path) -> None:
    """`tickscope view`'s launch (`viewer.launch.open_viewer`, `run_viewer` with pyglet's loop run for a few
    frames), in a fresh interpreter: the kernels' warm-up child is started once the first frame of the whole window
    is drawn (not before: on two cores it took CPU from the first frames; the very first frame, from the loading
    child's summary, comes before it), and numba (about 0.5 s to import) is not imported in the viewer's process (it
    was, to ask whether the JIT is on, before the first frame)."""
    code = ("import sys, time, pyglet, viewer.app\nfrom engine import jit\nfrom viewer import launch\n"
            "seen = []\ndraw = viewer.app.ViewerApp.draw_frame\n"
            "def draw_frame(self):\n    seen.append(jit._STATE.get('warming') is not None)\n    draw(self)\n"
            "viewer.app.ViewerApp.draw_frame = draw_frame\n"
            "def run(*args):\n    for _ in range(20):\n        pyglet.clock.tick()\n"
            "        for window in list(pyglet.app.windows):\n            window.dispatch_events()\n"
            "        time.sleep(0.02)\n"
            "pyglet.app.run = run\n"
            f"status = launch.open_viewer({str(flat_scene)!r})\n"
            "warming = jit._STATE.get('warming')\n"
            "print(status, seen[0] or seen[1], len(seen) > 2 and all(seen[2:]), 'numba' in sys.modules)\n"
            "if warming is not None:\n    warming.kill()\n    warming.wait()\n")
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_DISABLE_JIT"}
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120,
                          env={**env, "PYGLET_HEADLESS": "1", "XDG_CONFIG_HOME": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["0", "False", "True", "False"]


def test_tickscope_view_allow_unmapped_reaches_the_window_for_its_reloads(monkeypatch) -> None:
    """`view tree.litematic --allow-unmapped`: the window is told, so a reload (F5, the file changed) loads the
    schematic as the launch did instead of refusing it."""
    from tests.conftest import shared_file
    from viewer import launch
    tree = shared_file("schematics", "tree.litematic")
    told: list[bool] = []
    monkeypatch.setattr("viewer.app.run_viewer",
                        lambda path, sim, allow_unmapped, release: told.append(allow_unmapped) or 0)
    try:
        assert launch.open_viewer(str(tree), True) == 0
    finally:
        gc.enable()
    assert told == [True]
