"""The block tools read block names as the scene's release names them: in a 1.19 scene `mud` is a block to place
(and to list in the picker), in a 1.16.5 scene it is refused with the parser's reason; a later block whose
behaviour the engine does not model is refused as a scene's `set_block` is."""

from __future__ import annotations

from pathlib import Path

from PIL import Image
from ui_driver import click, on_screen, send

from viewer import actions as act
from viewer import editing

FLOOR = """[scene]
name = "A floor in {version}"
version = "{version}"

[[blocks]]
from = [-4, 0, -4]
to = [4, 0, 4]
block = "minecraft:stone"
"""
WIDE = (1600, 900)


def test_block_names_are_read_in_the_release_given() -> None:
    mud, reason = editing.parse_block("minecraft:mud", "1.19")
    assert reason is None and str(mud) == "minecraft:mud"
    assert editing.parse_block("mud")[1] == \
        'unknown block \'minecraft:mud\' in "mud" (no block of 1.16.5 has that name)'
    assert editing.parse_block("minecraft:grass_path", "1.19")[1].endswith("(no block of 1.19 has that name)")
    assert editing.parse_block("minecraft:grass_path")[0].block == "grass_path"   # renamed dirt_path in 1.17
    spec = editing.FieldSpec("block_state", "block_state", "block_state")
    assert str(editing.parse_field(spec, "minecraft:packed_mud", "1.19")[0]) == "minecraft:packed_mud"
    assert act.parse_value("block", "mud_bricks", "1.19") == ("minecraft:mud_bricks", None)
    assert act.parse_value("block", "mud_bricks")[1].startswith("unknown block 'minecraft:mud_bricks'")


def test_the_picker_lists_the_releases_blocks_that_hold_the_text_typed() -> None:
    assert editing.block_choices("mud", "1.19") == [
        "minecraft:mud", "minecraft:muddy_mangrove_roots", "minecraft:mud_bricks", "minecraft:mud_brick_stairs",
        "minecraft:mud_brick_slab", "minecraft:mud_brick_wall", "minecraft:packed_mud"]
    assert "minecraft:packed_mud" in editing.block_choices("MUD", "1.19")   # anywhere in the name, any case
    assert editing.block_choices("minecraft:mud[x=1]", "1.19")[0] == "minecraft:mud"
    assert editing.block_choices("mud") == []                              # no mud in 1.16.5
    assert editing.block_choices("dirt_path", "1.19") == ["minecraft:dirt_path"]
    assert editing.block_choices("grass_path") == ["minecraft:grass_path"]
    assert len(editing.block_choices("", "1.19")) == editing.MAX_BLOCK_CHOICES


def _place(app, block: str) -> None:
    """Seen from the top, the place tool with `block` clicked on the floor at (-3, 0, -3)."""
    app.state.camera_mode = "top"
    app.state.tool = "place"
    app.state.block_text = block
    app.draw_frame()
    click(app, *on_screen(app, (-2.5, 1.0, -2.5)))


def test_mud_is_placed_in_a_1_19_scene_and_undone(open_app, write_scene) -> None:
    app = open_app(write_scene(FLOOR.format(version="1.19"), "mud.toml"), WIDE)
    assert app.state.release == "1.19"
    _place(app, "minecraft:mud")
    assert str(app.sim.world.get_block_state(-3, 1, -3)) == "minecraft:mud" and len(app.undo.done) == 1
    assert app.undo.done[0].action == {"do": "set_block", "at": [-3, 1, -3], "block": "minecraft:mud"}
    app.state.commands.append("undo")
    app.draw_frame()
    assert app.sim.world.get_block_state(-3, 1, -3).is_air


def test_mud_is_refused_in_a_1_16_5_scene_with_the_reason(open_app, write_scene) -> None:
    old = open_app(write_scene(FLOOR.format(version="1.16.5"), "old.toml"), WIDE)
    _place(old, "minecraft:mud")
    assert old.sim.world.get_block_state(-3, 1, -3).is_air and not old.undo.done
    assert "no block of 1.16.5 has that name" in old.state.field_errors["block"]


def test_a_later_block_the_engine_does_not_model_is_refused_with_the_reason(open_app, write_scene) -> None:
    app = open_app(write_scene(FLOOR.format(version="1.19"), "sculk.toml"), WIDE)
    _place(app, "minecraft:sculk_sensor")
    assert app.sim.world.get_block_state(-3, 1, -3).is_air and not app.undo.done
    assert "sculk_sensor was added after 1.16.5" in app.state.errors[-1]


def test_the_picker_opens_on_the_scenes_blocks_and_choosing_one_sets_the_block(open_app, write_scene,
                                                                              tmp_path: Path) -> None:
    """Rendered at 1280x720 on a 1.19 scene, the list filtered by "mud" (the PNG is kept beside the test's
    screenshots); a click on its first entry makes mud the block to place."""
    from imgui_bundle import imgui

    app = open_app(write_scene(FLOOR.format(version="1.19"), "picker.toml"), (1280, 720))
    app.state.block_filter = "mud"
    app.state.block_picker_requested = True
    app.draw_frame()
    app.draw_frame()
    (choices,) = [w for w in imgui.get_current_context().windows if "##choices" in w.name and w.active]
    popup = choices.parent_window
    assert popup.pos.x + popup.size.x <= 1280 and popup.pos.y + popup.size.y <= 720
    app.state.screenshot = "panels"
    app.draw_frame()
    with Image.open(app.state.last_screenshot) as image:
        assert image.size == (1280, 720)
    click(app, choices.pos.x + 40, choices.pos.y + imgui.get_text_line_height() / 2)   # the first entry
    assert app.state.block_text == "minecraft:mud"
    app.draw_frame()
    assert not [w for w in imgui.get_current_context().windows if "##choices" in w.name and w.active], \
        "the list closes once a block is chosen"



def test_the_letters_typed_right_after_the_picker_opens_all_reach_its_filter(open_app, write_scene) -> None:
    """Typed at once after the frame that opens the list, before the filter field has taken the keyboard (two
    letters before the next frame, the third after it): none is lost and they stay in order (the first was lost)."""
    app = open_app(write_scene(FLOOR.format(version="1.19"), "typed.toml"), (1280, 720))
    app.state.block_filter = "stone"   # the last filter: typing replaces it
    app.state.block_picker_requested = True   # what the ▼ button does
    app.draw_frame()
    app.window.dispatch_event("on_text", "m")
    send(app, "on_text", "u")
    send(app, "on_text", "d")
    for _ in range(3):
        app.draw_frame()
    assert app.state.block_filter == "mud"


def test_the_first_click_in_the_view_after_choosing_from_the_list_places_the_block(open_app, write_scene) -> None:
    """The pointer moved from the list to the view and pressed at once (move, press and release before the next
    frame, as a quick hand or xdotool gives them): the press is the view's, not ImGui's because the last frame
    saw the pointer over the list (the first click did nothing)."""
    from imgui_bundle import imgui
    from pyglet.window import mouse

    app = open_app(write_scene(FLOOR.format(version="1.19"), "first_click.toml"), (1280, 720))
    app.state.camera_mode = "top"
    app.state.tool = "place"
    app.state.block_filter = "mud"
    app.state.block_picker_requested = True
    app.draw_frame()
    app.draw_frame()
    (choices,) = [w for w in imgui.get_current_context().windows if "##choices" in w.name and w.active]
    click(app, choices.pos.x + 40, choices.pos.y + imgui.get_text_line_height() / 2)
    assert app.state.block_text == "minecraft:mud"
    x, y = on_screen(app, (-2.5, 1.0, -2.5))
    py = app.window.height - y
    for event, *args in (("on_mouse_motion", 0, 0), ("on_mouse_press", mouse.LEFT, 0),
                         ("on_mouse_release", mouse.LEFT, 0)):
        app.window.dispatch_event(event, x, py, *args)   # queued
    app.window.dispatch_events()                           # handled together, before the next frame
    app.draw_frame()
    assert str(app.sim.world.get_block_state(-3, 1, -3)) == "minecraft:mud"
