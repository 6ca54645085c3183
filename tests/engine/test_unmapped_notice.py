"""A schematic loaded without what 1.16.5 lacks (`allow_unmapped`) says what was left out, with counts, in
`sim.notices` (the viewer's Errors panel, trace line 0 `notices`): opened by itself and through a scene's
`[[schematics]]` entry."""

from __future__ import annotations

from pathlib import Path

from engine.tick.scene import load_scene
from tests.conftest import shared_file

LEFT_OUT = "tree.litematic: 6 blocks and entities with no 1.16.5 equivalent left out: minecraft:copper_ore ×6"


def test_a_schematic_opened_with_allow_unmapped_counts_what_it_left_out(tmp_path: Path) -> None:
    tree = shared_file("schematics", "tree.litematic")
    assert load_scene(tree, allow_unmapped=True).notices == [LEFT_OUT]
    scene = tmp_path / "wrapper.toml"
    scene.write_text(f'[[schematics]]\nfile = "{tree}"\nallow_unmapped = true\n', encoding="utf-8")
    assert load_scene(scene).notices == [LEFT_OUT]
    house = shared_file("schematics", "SimpleHouse.litematic")   # 1.16.5: nothing to leave out
    assert load_scene(house, allow_unmapped=True).notices == []
