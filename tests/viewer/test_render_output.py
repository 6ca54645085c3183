"""`tickscope render`'s output files: a still in the format its suffix names, frames written as they are drawn,
one rule for missing folders (refused, the output folder DIR/ itself made), a write that fails is one line and
status 2 with no file left, files with the user's umask, nothing on stderr when it succeeds, and
`--allow-unmapped` for a schematic with blocks newer than 1.16.5."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import imageio_ffmpeg
import numpy as np
import pytest
from PIL import Image

import viewer.video as video
from tests.conftest import shared_file
from tests.engine.test_cli_arguments import run

REPO = Path(__file__).resolve().parents[2]
FLAT = str(REPO / "scenes" / "tnt_flat_ground.toml")
SMALL = "64x36"


def one_line(capsys, expected: str) -> None:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and expected in err, err


@pytest.mark.parametrize(("suffix", "pillow_format", "mode"), [(".png", "PNG", "RGBA"), (".jpg", "JPEG", "RGB"),
                                                             (".JPEG", "JPEG", "RGB"), (".webp", "WEBP", "RGB"),
                                                             (".bmp", "BMP", "RGB")])
def test_a_still_is_written_in_the_format_its_suffix_names(tmp_path: Path, capsys, suffix, pillow_format, mode):
    out = tmp_path / f"r{suffix}"
    assert run(["render", FLAT, "--tick", "1", "--out", str(out), "--size", SMALL]) == 0
    assert capsys.readouterr().err == ""
    with Image.open(out) as image:
        assert image.format == pillow_format and image.mode == mode and image.size == (64, 36)
    png = tmp_path / "r.png"
    if suffix in (".webp", ".bmp"):   # lossless: the same pixels as the PNG
        assert run(["render", FLAT, "--tick", "1", "--out", str(png), "--size", SMALL]) == 0
        assert np.array_equal(np.asarray(Image.open(out).convert("RGB")), np.asarray(Image.open(png).convert("RGB")))


@pytest.mark.parametrize("name", ["r", "r.tif", "r.gif", "r.mp4"])
def test_a_still_with_another_suffix_is_refused(tmp_path: Path, capsys, name: str) -> None:
    assert run(["render", FLAT, "--tick", "1", "--out", str(tmp_path / name), "--size", SMALL]) == 2
    one_line(capsys, "expected an image FILE.png, FILE.jpg, FILE.jpeg, FILE.webp, FILE.bmp")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("argv", [
    ["render", FLAT, "--tick", "1", "--out", "{missing}/r.png", "--size", SMALL],
    ["render", FLAT, "--ticks", "0..1", "--out", "{missing}/v.mp4", "--size", SMALL],
    ["render", FLAT, "--ticks", "0..1", "--out", "{missing}/v.gif", "--size", SMALL],
    ["render", FLAT, "--ticks", "0..1", "--out", "{missing}/frames/", "--size", SMALL],
    ["export", FLAT, "--out", "{missing}/x.litematic"],
    ["export", FLAT, "--out", "{missing}/x.toml"],
    ["sweep", FLAT, "--ticks", "1", "--vary", "scene.seed=1:2:2", "--measure", "entities[1].pos[0]", "--workers", "1",
     "--out", "{missing}/s.csv"],
])
def test_every_command_refuses_a_missing_folder_alike(tmp_path: Path, capsys, argv: list[str]) -> None:
    """One rule: the output (a file, or the folder DIR/) may be new, the folder it goes in must exist."""
    missing = tmp_path / "no" / "such"
    argv = [a.format(missing=missing) for a in argv]
    assert run(argv) == 2
    one_line(capsys, f"cannot write: the folder {missing} does not exist (create it first)")
    assert list(tmp_path.iterdir()) == []


def test_render_dir_makes_the_output_folder_itself(tmp_path: Path, capsys) -> None:
    out = tmp_path / "frames"
    assert run(["render", FLAT, "--ticks", "0..1", "--out", f"{out}/", "--size", SMALL]) == 0
    assert capsys.readouterr().err == ""
    assert sorted(p.name for p in out.iterdir()) == ["tick000000.png", "tick000001.png"]


def test_frames_are_written_as_they_are_drawn(tmp_path: Path, monkeypatch) -> None:
    """Each frame goes to the writer before the next is drawn: none is kept for later."""
    events: list[str] = []
    draw, writer = video.render_frame, video.frame_writer

    def drawn(*args, **kwargs):
        events.append("draw")
        return draw(*args, **kwargs)

    def opened(*args):
        manager = writer(*args)

        class Logged:
            def __enter__(self):
                write = manager.__enter__()
                return lambda frame: (events.append("write"), write(frame))

            def __exit__(self, *exc):
                events.append("close")
                return manager.__exit__(*exc)
        return Logged()

    monkeypatch.setattr(video, "render_frame", drawn)
    monkeypatch.setattr(video, "frame_writer", opened)
    assert video.render_video(FLAT, (0, 3), str(tmp_path / "v.gif"), (64, 36)) == 4
    assert events == ["draw", "write"] * 4 + ["close"]


@pytest.mark.parametrize("suffix", [".mp4", ".gif"])
def test_a_video_at_an_odd_size_says_nothing_on_success(tmp_path: Path, capsys, suffix: str) -> None:
    out = tmp_path / f"v{suffix}"
    assert run(["render", FLAT, "--ticks", "0..4", "--out", str(out), "--size", "65x37", "--fps", "10"]) == 0
    assert capsys.readouterr().err == ""
    frames, seconds = imageio_ffmpeg.count_frames_and_secs(str(out))
    assert frames == 5 and seconds == pytest.approx(0.5, abs=0.06)
    assert [p.name for p in tmp_path.iterdir()] == [out.name]   # no temporary file left


def test_a_gif_keeps_one_palette_and_its_frame_delay(tmp_path: Path) -> None:
    out = tmp_path / "v.gif"
    assert run(["render", FLAT, "--ticks", "0..9", "--out", str(out), "--size", "160x90", "--fps", "4"]) == 0
    with Image.open(out) as gif:
        assert gif.n_frames == 10 and gif.size == (160, 90) and gif.info["duration"] == 250
        assert gif.info["loop"] == 0


def failing_ffmpeg(tmp_path: Path) -> str:
    """A stand-in for ffmpeg that reads some input, says why it fails and exits 1 (as a full disk makes it)."""
    script = tmp_path / "ffmpeg"
    script.write_text("#!/bin/sh\nhead -c 100 > /dev/null\necho 'Error writing trailer: No space left on device' >&2\n"
                      "exit 1\n")
    script.chmod(0o755)
    return str(script)


@pytest.mark.parametrize("suffix", [".mp4", ".gif"])
def test_ffmpeg_failing_is_one_line_and_leaves_the_old_file(tmp_path: Path, capsys, monkeypatch, suffix) -> None:
    monkeypatch.setattr(imageio_ffmpeg, "get_ffmpeg_exe", lambda: failing_ffmpeg(tmp_path))
    out = tmp_path / f"v{suffix}"
    out.write_bytes(b"old")
    assert run(["render", FLAT, "--ticks", "0..2", "--out", str(out), "--size", SMALL]) == 2
    one_line(capsys, f"{out}: cannot write: Error writing trailer: No space left on device")
    assert out.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ffmpeg", out.name]


def unwritable_folder(tmp_path: Path) -> Path:
    """A folder no file can be made in: read-only for a user; sysfs for root, who may write anywhere else."""
    if os.geteuid() != 0:
        folder = tmp_path / "read-only"
        folder.mkdir(mode=0o555)
        return folder
    if not Path("/sys/kernel").is_dir():
        pytest.skip("running as root without /sys: no folder refuses a new file")
    return Path("/sys/kernel")


@pytest.mark.parametrize("name", ["v.mp4", "v.gif", "r.png", "frames/"])
def test_an_unwritable_folder_is_one_line(tmp_path: Path, capsys, name: str) -> None:
    out = f"{unwritable_folder(tmp_path) / name}{'/' if name.endswith('/') else ''}"
    option = "--tick" if name.endswith(".png") else "--ticks"
    assert run(["render", FLAT, option, "1" if option == "--tick" else "0..1", "--out", out, "--size", SMALL]) == 2
    one_line(capsys, "cannot write: ")


@pytest.mark.parametrize("name", ["r.png", "v.gif", "v.mp4"])
def test_written_files_take_the_users_umask(tmp_path: Path, name: str) -> None:
    option, when = ("--tick", "1") if name.endswith(".png") else ("--ticks", "0..1")
    old = os.umask(0o027)
    try:
        assert run(["render", FLAT, option, when, "--out", str(tmp_path / name), "--size", SMALL]) == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o640


def test_render_goes_through_the_command_line_quietly(tmp_path: Path) -> None:
    """As a user runs it (stderr not a terminal): status 0 and nothing on stderr, no progress bar."""
    done = subprocess.run([sys.executable, "-m", "viewer.cli", "render", FLAT, "--ticks", "0..25", "--out",
                           str(tmp_path / "v.mp4"), "--size", SMALL], cwd=REPO, capture_output=True, text=True)
    assert (done.returncode, done.stderr, done.stdout) == (0, "", "")


def test_render_allow_unmapped_opens_a_newer_schematic(tmp_path: Path, capsys) -> None:
    TREE = shared_file("schematics", "tree.litematic")   # saved in 1.18: six copper ore blocks 1.16.5 lacks
    out = tmp_path / "tree.png"
    assert run(["render", str(TREE), "--tick", "0", "--out", str(out), "--size", SMALL]) == 2
    one_line(capsys, "allow_unmapped")
    assert run(["render", str(TREE), "--tick", "0", "--out", str(out), "--size", SMALL, "--allow-unmapped"]) == 0
    assert capsys.readouterr().err == "" and Image.open(out).size == (64, 36)
    frames = tmp_path / "frames"
    assert run(["render", str(TREE), "--ticks", "0..1", "--out", f"{frames}/", "--size", SMALL,
                "--allow-unmapped"]) == 0
    assert len(list(frames.iterdir())) == 2


def test_view_allow_unmapped_loads_a_newer_schematic(monkeypatch) -> None:
    """`view --allow-unmapped` hands the flag to the launch, whose loader (forked child or not) uses it."""
    from viewer import launch
    TREE = shared_file("schematics", "tree.litematic")
    opened: list[tuple] = []
    monkeypatch.setattr(launch, "open_viewer", lambda *args: opened.append(args) or 0)
    assert run(["view", str(TREE), "--allow-unmapped"]) == 0 and opened == [(str(TREE), True, None, None)]
    sim = launch.start_loading(str(TREE), True)()
    assert len(list(sim.world.sections())) > 0
    assert run(["view", str(TREE), "--version", "1.20.2"]) == 0 and opened[1] == (str(TREE), False, None, "1.20.2")
    sim = launch.start_loading(*opened[1])()   # its own release: all of it, without --allow-unmapped
    assert sim.version == "1.20.2" and not sim.notices
