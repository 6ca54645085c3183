"""`tickscope view` fails before opening a window with one line and status 2: a missing or bad scene, no
display; `tickscope --version` names the version. The scene loads in a forked child while the window's
libraries load (`start_loading`)."""

from __future__ import annotations

import pickle
import sys
from pathlib import Path

import pytest

import engine
from engine.tick.scene import SceneError, load_scene
from tests.conftest import SCENES_DIR as SCENES
from tests.conftest import run_lines
from viewer import first_frame, launch
from viewer.cli import main
from viewer.drawing.palette import load_palette


def test_view_on_a_missing_scene_is_one_line_and_status_2(tmp_path: Path, capsys) -> None:
    missing = tmp_path / "nope.toml"
    assert main(["view", str(missing)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(missing) in err and "cannot read" in err


def test_view_on_a_bad_scene_names_the_file(write_scene, capsys) -> None:
    bad = write_scene("[scene\nname = 1\n", "bad.toml")
    assert main(["view", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"tickscope: {bad}")


def test_view_without_a_display_is_one_line_and_status_2(flat_scene: Path, monkeypatch, capsys) -> None:
    for name in ("PYGLET_HEADLESS", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("sys.platform", "linux")
    assert main(["view", str(flat_scene)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no display" in err and "OpenGL 3.3" in err


def test_version_prints_the_package_version(capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith("tickscope ") and out.split()[1][0].isdigit()


def _counting_loads(monkeypatch) -> list[str]:
    """Count the scene loads made in this process (a forked child counts its own)."""
    calls: list[str] = []

    def counted(path, *args):
        calls.append(str(path))
        return load_scene(path, *args)
    monkeypatch.setattr(engine, "load_scene", counted)
    return calls


@pytest.mark.skipif(sys.platform != "linux", reason="the forked load is Linux's; elsewhere the scene loads in-process")
def test_the_child_loads_the_scene_and_its_copy_runs_as_a_direct_load(monkeypatch) -> None:
    """The slime launcher (a piston action, TNT, blocks): received from the child, not loaded here, and its first
    20 ticks are those of the scene loaded here."""
    calls = _counting_loads(monkeypatch)
    sim = launch.start_loading(str(SCENES / "slime_launcher.toml"))()
    assert calls == [] and len(sim.actions) == 1
    assert run_lines(sim, 20) == run_lines(load_scene(SCENES / "slime_launcher.toml"), 20)


@pytest.mark.skipif(sys.platform != "linux", reason="the forked load is Linux's; elsewhere the scene loads in-process")
def test_the_child_stops_meshing_for_the_summary_once_the_window_asks_for_it() -> None:
    """The boat road (190 sections, more than the child meshes in its budget), its summary asked for at once: the
    child, once loaded, meshes the nearest section and sends the summary; the simulation follows."""
    loading = launch.start_loading(str(SCENES / "boat_ice_road.toml"))
    summary = loading.first_frame()
    assert len(summary.meshes) == 1 < len(summary.versions)
    assert loading().world.section_version(next(iter(summary.meshes))) == summary.versions[next(iter(summary.meshes))]


def test_a_scene_the_child_cannot_send_loads_here(monkeypatch) -> None:
    calls = _counting_loads(monkeypatch)
    monkeypatch.setattr(launch, "_send_load", lambda pipe, asked, *args: None)
    loading = launch.start_loading(str(SCENES / "slime_launcher.toml"))
    assert loading.first_frame() is None
    sim = loading()
    assert calls == [str(SCENES / "slime_launcher.toml")] and sim.entity_by_id(1).type == "minecraft:tnt"


def test_a_simulation_the_child_cannot_send_after_its_summary_loads_here(monkeypatch) -> None:
    """The child sends the first frame's summary, then dies before the simulation: the window, which drew its first
    frame from the summary, gets the scene loaded here."""
    calls = _counting_loads(monkeypatch)

    def summary_only(pipe, asked, *args) -> None:
        launch._write_message(pipe, pickle.dumps(first_frame.summary(launch._load(*args), load_palette())))
    monkeypatch.setattr(launch, "_send_load", summary_only)
    loading = launch.start_loading(str(SCENES / "slime_launcher.toml"))
    assert loading.first_frame().name == load_scene(SCENES / "slime_launcher.toml").name
    sim = loading()
    assert calls == [str(SCENES / "slime_launcher.toml")] and len(sim.actions) == 1


def test_without_a_process_to_spare_the_scene_loads_here(monkeypatch) -> None:
    calls = _counting_loads(monkeypatch)

    def refuse() -> int:
        raise BlockingIOError("Resource temporarily unavailable")
    monkeypatch.setattr("os.fork", refuse)
    sim = launch.start_loading(str(SCENES / "slime_launcher.toml"))()
    assert calls == [str(SCENES / "slime_launcher.toml")] and len(sim.actions) == 1


def test_a_bad_scene_raises_the_loaders_error_from_the_waiting_function(write_scene) -> None:
    bad = write_scene("[scene]\nseed = 'x'\n", "bad.toml")
    with pytest.raises(SceneError) as direct:
        load_scene(bad)
    receive = launch.start_loading(str(bad))
    with pytest.raises(SceneError) as waited:
        receive()
    assert str(waited.value) == str(direct.value) and "scene.seed" in str(waited.value)
