"""Labels over the 3D view read at WCAG AA: each sits on a dark backdrop and its colour is lightened until it
has 4.5:1 contrast with that backdrop over the lightest background (a white block); the pink path-target
label on grey was the case that failed."""

from __future__ import annotations

import pytest

from viewer.drawing.labels import BACKDROP_OVER_WHITE, LABEL_BACKDROP, readable
from viewer.drawing.palette import load_palette, luminance


def test_luminance_matches_the_wcag_reference_values() -> None:
    assert luminance((255, 255, 255)) == pytest.approx(1.0)
    assert luminance((0, 0, 0)) == 0.0
    assert luminance((128, 128, 128)) == pytest.approx(0.2158605, abs=1e-6)   # #808080
    assert luminance((255, 0, 0)) == pytest.approx(0.2126)


def test_every_palette_colour_reads_at_aa_on_the_label_backdrop() -> None:
    palette = load_palette()
    colours = [c[:3] for c in (*palette.roles.values(), *palette.ui.values())]
    lightest = luminance(BACKDROP_OVER_WHITE)
    assert LABEL_BACKDROP[3] >= 200 and lightest < 0.06
    for rgb in colours:
        shown = readable(rgb)
        assert (luminance(shown) + 0.05) / (lightest + 0.05) >= 4.5, (rgb, shown)
    assert readable((255, 255, 0)) == (255, 255, 0)       # already readable: unchanged
    assert readable((0xFF, 0x40, 0x80)) != (0xFF, 0x40, 0x80)   # the path target's pink: lightened


@pytest.mark.parametrize("block", ["obsidian", "crying_obsidian", "black_concrete", "black_wool", "deepslate",
                                   "tinted_glass", "coal_block"])
def test_dark_blocks_stand_out_from_the_background(block: str) -> None:
    """The colours these blocks are given are listed near black: drawn, they keep 1.6:1 with the background
    (they were 1.1:1, an obsidian floor all but invisible), darker than stone still."""
    palette = load_palette()
    background = luminance(palette.ui["background"][:3])
    shown = luminance(palette.block_color(block)[:3])
    assert (max(shown, background) + 0.05) / (min(shown, background) + 0.05) >= 1.6
    assert shown < luminance(palette.block_color("stone")[:3])
