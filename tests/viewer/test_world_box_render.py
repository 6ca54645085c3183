"""`tickscope render WORLD --from X,Y,Z --to X,Y,Z`: a still and a video of a world save's box, offscreen; a box
past the saved chunks is one line and status 2, and no file is written."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image

from tests.engine.test_cli_arguments import run

REPO = Path(__file__).resolve().parents[2]
WORLD = str(REPO / "scenes" / "worlds" / "cannon_world")
BOX = ("--from=-16,62,0", "--to", "15,66,15")


def test_a_world_box_renders_as_a_still_and_frames(tmp_path: Path, capsys) -> None:
    out = tmp_path / "w.png"
    assert run(["render", WORLD, *BOX, "--tick", "0", "--out", str(out), "--size", "160x90"]) == 0
    assert capsys.readouterr().err == ""
    with Image.open(out) as image:
        pixels = np.asarray(image.convert("RGB")).reshape(-1, 3)
    # the grass around the cannon's stone floor: green dominates a good part of the frame
    green = (pixels[:, 1] > pixels[:, 0] + 30) & (pixels[:, 1] > pixels[:, 2] + 30)
    assert green.mean() > 0.1
    frames = tmp_path / "frames"
    assert run(["render", WORLD, *BOX, "--ticks", "0..1", "--out", f"{frames}/", "--size", "64x36"]) == 0
    assert len(list(frames.iterdir())) == 2


def test_a_box_past_the_saved_chunks_writes_nothing(tmp_path: Path, capsys) -> None:
    out = tmp_path / "w.png"
    assert run(["render", WORLD, "--from", "0,62,0", "--to", "40,66,15", "--tick", "0", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "chunk 1,0 is not saved" in err and not out.exists()
