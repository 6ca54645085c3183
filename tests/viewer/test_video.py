"""`tickscope render --ticks A..B`: one frame per tick to a GIF, an MP4 or numbered PNGs; the camera follows
`--entity`; a bad `--out` or `--ticks` is one line and status 2."""

from __future__ import annotations

from pathlib import Path

import imageio_ffmpeg
import numpy as np
import pytest
from PIL import Image

from tests.conftest import SCENES_DIR as SCENES
from viewer.cli import main

HIGH_TNT = str(SCENES / "tnt_high_in_air.toml")
SMALL = "160x120"
TNT_RGB = (0xFF, 0x4A, 0x2E)   # assets/palette.json, entity minecraft:tnt


def run(argv: list[str]) -> int:
    """`tickscope ARGV`: main's return value, or argparse's exit status."""
    try:
        return main(argv)
    except SystemExit as exc:
        return exc.code


def test_gif_has_one_frame_per_tick(tmp_path: Path) -> None:
    out = tmp_path / "fall.gif"
    assert main(["render", HIGH_TNT, "--ticks", "3..7", "--out", str(out), "--size", SMALL, "--fps", "10"]) == 0
    with Image.open(out) as gif:
        assert gif.n_frames == 5 and gif.size == (160, 120)
        assert gif.info["duration"] == 100


def test_mp4_has_one_frame_per_tick(tmp_path: Path) -> None:
    out = tmp_path / "fall.mp4"
    assert main(["render", HIGH_TNT, "--ticks", "0..24", "--out", str(out), "--size", SMALL]) == 0
    frames, seconds = imageio_ffmpeg.count_frames_and_secs(str(out))
    assert frames == 25 and seconds == pytest.approx(25 / 20, abs=0.06)


def tnt_centre(path: Path) -> np.ndarray:
    """The mean pixel position of the TNT box's colour in a PNG."""
    pixels = np.asarray(Image.open(path).convert("RGB")).astype(int)
    mask = np.abs(pixels - TNT_RGB).sum(axis=2) < 60
    ys, xs = np.nonzero(mask)
    assert len(xs) > 10
    return np.array([xs.mean(), ys.mean()])


def test_entity_keeps_the_falling_tnt_in_the_middle_of_every_frame(tmp_path: Path) -> None:
    """The TNT falls 73 m in 80 ticks: followed, its box stays at the centre of the PNGs numbered by tick."""
    out = tmp_path / "frames"
    assert main(["render", HIGH_TNT, "--ticks", "0..60", "--out", f"{out}/", "--size", "320x240",
                 "--overlays", "entities", "--camera", "orbit:0,0,0,8,30,20", "--entity", "1"]) == 0
    names = sorted(p.name for p in out.iterdir())
    assert names[0] == "tick000000.png" and names[-1] == "tick000060.png" and len(names) == 61
    for tick in (0, 30, 60):
        assert np.allclose(tnt_centre(out / f"tick{tick:06d}.png"), (160, 120), atol=12)


@pytest.mark.parametrize("extra", [["--caption"], ["--legend"], ["--caption", "--legend"]])
def test_caption_and_legend_fill_a_card_in_the_top_left_corner(tmp_path: Path, extra) -> None:
    plain, marked = tmp_path / "plain", tmp_path / "marked"
    for out, more in ((plain, []), (marked, extra)):
        assert main(["render", HIGH_TNT, "--ticks", "2..2", "--out", f"{out}/", "--size", "320x240", *more]) == 0
    a = np.asarray(Image.open(plain / "tick000002.png"))
    b = np.asarray(Image.open(marked / "tick000002.png"))
    rows, cols = np.nonzero(np.any(a != b, axis=2))
    assert rows.size and rows.min() < 12 and cols.min() < 12  # the card, from the corner
    assert rows.max() < 60 and cols.max() < 300                # and nothing else


@pytest.mark.parametrize(("args", "message"), [
    (["--ticks", "0..3", "--out", "x.avi"], "expected FILE.mp4, FILE.gif or a folder DIR/"),
    (["--ticks", "4..3", "--out", "x.gif"], "'4..3' is empty; expected A..B with A <= B"),
    (["--ticks", "0..3", "--out", "x.gif", "--entity", "99"], "--entity 99: no entity"),
    (["--ticks", "0..3", "--out", "x.gif", "--fps", "0"], "--fps: '0'; expected a number from 0.01 to 100"),
])
def test_bad_render_input_is_one_line_and_status_2(tmp_path: Path, capsys, args, message) -> None:
    args = [a if not a.startswith("x.") else str(tmp_path / a) for a in args]
    assert run(["render", HIGH_TNT, *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_tick_and_ticks_cannot_both_be_given(capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["render", HIGH_TNT, "--tick", "1", "--ticks", "0..2", "--out", "x.gif"])
    assert exit_.value.code == 2 and capsys.readouterr().err.count("\n") == 1
