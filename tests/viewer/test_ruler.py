"""The measure tool (viewer/ruler.py): two points picked in the 3D view, an entity and a block face, give the
distance and its components between the entity's position and the face's centre, labelled beside the second end; a third
click starts again; Escape clears it; an entity's end follows the entity."""

from __future__ import annotations

import math
from pathlib import Path

from pyglet.window import key
from ui_driver import click, on_screen, press

from viewer.ruler import measure, placed, ruler_label

TNT_MIDDLE = (0.5, 1.49, 0.5)        # inside the TNT's box (the TNT stands at 0.5, 1.0, 0.5)
SLAB_TOP = (2.5, 1.5, 2.5)           # the middle of the top of the bottom slab at (2, 1, 2)
FLOOR_TOP = (-3.5, 1.0, -3.5)        # the top of the stone at (-4, 0, -4)


def test_entity_to_slab_top(open_app, flat_scene: Path) -> None:
    """#1 TNT to the slab's top face: dx 2, dy 0.5, dz 2, distance √8.25, blocks 2, 0, 2 (its cell y 1 to 1)."""
    app = open_app(flat_scene)
    app.state.tool = "measure"
    click(app, *on_screen(app, TNT_MIDDLE))
    assert [p.entity for p in app.state.ruler] == [1] and app.state.status.startswith("ruler: from #1 tnt")
    click(app, *on_screen(app, SLAB_TOP))
    first, second = app.state.ruler
    assert (second.cell, second.face, second.pos) == ((2, 1, 2), "up", SLAB_TOP)
    assert second.kind == "minecraft:oak_slab[type=bottom,waterlogged=false]"
    m = measure(first.pos, second.pos)
    assert (m.dx, m.dy, m.dz, m.blocks) == (2.0, 0.5, 2.0, (2, 0, 2))
    assert m.distance == math.sqrt(8.25)
    assert app.state.status == (f"ruler: #1 tnt to oak_slab (2, 1, 2) up face: {math.sqrt(8.25)!r} (dx 2.0, dy 0.5, "
                                "dz 2.0; blocks 2 0 2)")
    label = ruler_label(placed(app.state.ruler, app.frame), (0, 0, 0, 255))
    assert (label.text, label.p) == ("2.8723 (dx 2, dy 0.5, dz 2)", SLAB_TOP)


def test_a_third_click_starts_again_and_escape_clears(open_app, flat_scene: Path) -> None:
    app = open_app(flat_scene)
    app.state.tool = "measure"
    for point in (SLAB_TOP, FLOOR_TOP, FLOOR_TOP):
        click(app, *on_screen(app, point))
    assert [(p.cell, p.face) for p in app.state.ruler] == [((-4, 0, -4), "up")]
    press(app, key.ESCAPE)
    assert app.state.ruler == [] and app.state.status == "ruler cleared"


def test_the_entity_end_follows_the_entity(open_app, write_scene, scene_text) -> None:
    """A falling TNT picked at tick 0: at tick 5 the ruler starts where it is then."""
    scene = write_scene(scene_text(blocks=[{"from": [-4, 0, -4], "to": [4, 0, 4], "block": "minecraft:stone"}],
                                   entities=[{"type": "minecraft:tnt", "pos": [0.5, 6.0, 0.5], "fuse": 80}]))
    app = open_app(scene)
    app.state.tool = "measure"
    click(app, *on_screen(app, (0.5, 6.49, 0.5)))
    click(app, *on_screen(app, FLOOR_TOP))
    app.state.rewind_to = 5
    app.draw_frame()
    start = placed(app.state.ruler, app.frame)[0]
    assert start == tuple(app.sim.entity_by_id(1).pos) and start[1] < 6.0
