"""`tickscope render FILE.litematic` and the viewer's scene loading open schematics saved by the game."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image

from tests.conftest import shared_file
from viewer.cli import main


def test_render_opens_a_litematica_file(tmp_path: Path) -> None:
    out = tmp_path / "house.png"
    assert main(["render", str(shared_file("schematics", "SimpleHouse.litematic")), "--tick", "0", "--out", str(out),
                 "--size", "160x120"]) == 0
    with Image.open(out) as image:
        assert image.size == (160, 120)
        assert len(np.unique(np.asarray(image).reshape(-1, 4), axis=0)) > 10, "the house is not drawn"
