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


def test_the_viewer_shows_the_notice_of_a_lifted_schematic(open_app, tmp_path: Path) -> None:
    """A schematic below y 0 opens moved up, and the window says so in its messages."""
    from tests.engine.test_schematic_lift import litematic
    app = open_app(litematic(tmp_path / "low.litematic", -5, 3))
    assert app.state.errors == ["low.litematic: its blocks reach y -5..-3, outside the build range 0..255: placed 5 "
                                "blocks higher (y 0..2), its entities with them"]
