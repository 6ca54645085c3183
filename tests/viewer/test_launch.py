"""`tickscope view` fails before opening a window with one line and status 2: a missing or bad scene, no
display; `tickscope --version` names the version."""

from __future__ import annotations

from pathlib import Path

import pytest

from viewer.cli import main


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
