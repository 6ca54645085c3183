"""`tickscope render FILE.litematic` and the viewer's scene loading open schematics saved by the game."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image

from viewer.cli import main

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared" / "data" / "schematics"
if not SHARED.is_dir():   # a worktree lives one level deeper than the checkout that holds shared/
    SHARED = REPO.parents[1] / "shared" / "data" / "schematics"


def test_render_opens_a_litematica_file(tmp_path: Path) -> None:
    out = tmp_path / "house.png"
    assert main(["render", str(SHARED / "SimpleHouse.litematic"), "--tick", "0", "--out", str(out),
                 "--size", "160x120"]) == 0
    with Image.open(out) as image:
        assert image.size == (160, 120)
        assert len(np.unique(np.asarray(image).reshape(-1, 4), axis=0)) > 10, "the house is not drawn"
