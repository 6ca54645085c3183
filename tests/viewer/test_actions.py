"""The Actions panel drives a contraption without editing TOML: actions added, edited and removed through the
panel's code path run in the engine at the tick 1.16.5 gives them, a player's `use` is offered on usable blocks
only, a mob walks to a target picked in the view, a living entity's effects and equipment change; every change
undoes, and File › Save writes it so the reopened file replays the window's run."""

from __future__ import annotations

import copy

import numpy as np
import pytest
from imgui_bundle import imgui
from pyglet.window import key, mouse
from ui_driver import on_screen, press, run_to, send

from engine import ACTION_KEYS, Vec3
from engine.tick.scene import load_scene, load_scene_text
from tests.conftest import scene_toml
from viewer import actions as act
from viewer.editing import field_key
from viewer.panels.actions import ACTIONS_TITLE, BLOCK_MENU, attribute_labels, submit

# A stone button, three wires and a dispenser holding one TNT (the bundled cannon's first half): a press powers the
# wire in the same tick; the dispenser fires 4 ticks later (scenes/redstone_dispenser_cannon.toml: pressed in tick
# 1, it fires in tick 5). A lever beside a TNT block; a zombie and a player on the floor.
SCENE = """# a button-fired dispenser and a lever beside a TNT block
[scene]
name = "Fired from the window"
version = "1.16.5"

[[blocks]]
from = [-6, 0, -6]
to = [10, 0, 6]
block = "minecraft:stone"

[[blocks]]
at = [0, 1, 0]
block = "minecraft:stone_button[face=floor,facing=east]"

[[blocks]]
from = [1, 1, 0]
to = [3, 1, 0]
block = "minecraft:redstone_wire[east=side,west=side]"

[[blocks]]
at = [4, 1, 0]
block = "minecraft:dispenser[facing=up]"
items = [{slot = 0, id = "minecraft:tnt", count = 1}]

[[blocks]]
at = [0, 1, 4]
block = "minecraft:lever[face=floor,facing=east]"

[[blocks]]
at = [1, 1, 4]
block = "minecraft:tnt"

[[entities]]
id = 1
type = "minecraft:zombie"
pos = [-3.5, 1.0, -3.5]
on_ground = true
no_ai = false

[[entities]]
id = 2
type = "minecraft:player"
pos = [6.5, 1.0, -3.5]
on_ground = true
"""


def _open(open_app, write_scene):
    scene = write_scene(SCENE, "fired.toml")
    return open_app(scene), scene


def _submit(app, do: str, tick: int, **values: str) -> None:
    """Fill the panel's form and press Add (or Apply, when an action is chosen), then let a frame apply it."""
    st = act.actions_state(app)
    st.draft.do, st.draft.tick, st.draft.values = do, str(tick), dict(values)
    assert submit(st, app.state, app.sim, app.history.first_tick)
    app.draw_frame()


def _power(app, pos) -> int:
    return int(app.sim.world.get_block_state(*pos).get("power"))


def _tnt_ticks(app, last: int) -> list[int]:
    """The ticks up to `last` at the end of which a TNT entity exists."""
    out = []
    for t in range(1, last + 1):
        run_to(app, t)
        if any(e.type == "minecraft:tnt" for e in app.sim.entities):
            out.append(t)
    return out


def _ray_down(x: float, z: float) -> tuple[np.ndarray, np.ndarray]:
    return np.array([x, 20.0, z]), np.array([0.0, -1.0, 0.0])


def test_a_button_used_at_tick_3_powers_its_wire_then_and_fires_the_dispenser_4_ticks_later(open_app,
                                                                                             write_scene) -> None:
    app, _ = _open(open_app, write_scene)
    _submit(app, "use", 3, at="0, 1, 0")
    assert [(a.tick, a.kind, a.phase, a.params) for a in app.sim.actions] == \
        [(3, "use", "players", {"at": [0, 1, 0]})]
    run_to(app, 2)
    assert _power(app, (1, 1, 0)) == 0
    run_to(app, 3)
    assert _power(app, (1, 1, 0)) == 15 and _power(app, (3, 1, 0)) == 13
    assert _tnt_ticks(app, 8)[0] == 7


def test_an_action_added_mid_run_reruns_from_its_tick_and_the_window_stays(open_app, write_scene) -> None:
    app, _ = _open(open_app, write_scene)
    run_to(app, 10)
    assert _power(app, (1, 1, 0)) == 0
    _submit(app, "use", 4, at="0, 1, 0")
    assert app.sim.tick_count == 10 and _power(app, (1, 1, 0)) == 15
    assert app.undo.done[-1].tick == 3      # made at the tick before the action: ticks 4.. ran again
    run_to(app, 6)
    assert not any(e.type == "minecraft:tnt" for e in app.sim.entities)
    run_to(app, 8)
    assert any(e.type == "minecraft:tnt" for e in app.sim.entities)


def test_a_lever_flipped_primes_the_tnt_beside_it_in_that_tick(open_app, write_scene) -> None:
    app, _ = _open(open_app, write_scene)
    _submit(app, "use", 2, at="0, 1, 4")
    run_to(app, 1)
    assert app.sim.world.get_block_state(1, 1, 4).block == "tnt"
    run_to(app, 2)
    assert app.sim.world.get_block_state(1, 1, 4).is_air
    assert [e.type for e in app.sim.entities].count("minecraft:tnt") == 1


def test_undo_and_redo_take_the_action_back_and_again(open_app, write_scene) -> None:
    app, _ = _open(open_app, write_scene)
    _submit(app, "use", 2, at="0, 1, 4")
    press(app, key.Z, key.MOD_CTRL)
    assert app.sim.actions == [] and not app.undo.unsaved
    run_to(app, 3)
    assert app.sim.world.get_block_state(1, 1, 4).block == "tnt"
    press(app, key.Z, key.MOD_CTRL | key.MOD_SHIFT)
    assert [a.kind for a in app.sim.actions] == ["use"]
    run_to(app, 3)
    assert app.sim.world.get_block_state(1, 1, 4).is_air


def test_an_action_edited_and_removed_through_the_form(open_app, write_scene) -> None:
    app, _ = _open(open_app, write_scene)
    _submit(app, "use", 3, at="0, 1, 0")
    st = act.actions_state(app)
    st.draft = act.draft_of(app.sim.actions[0], 0)
    assert (st.draft.do, st.draft.tick, st.draft.values) == ("use", "3", {"at": "0, 1, 0"})
    _submit(app, "use", 5, at="0, 1, 0")         # Apply: the chosen action moves to tick 5
    assert [(a.tick, a.kind) for a in app.sim.actions] == [(5, "use")]
    run_to(app, 4)
    assert _power(app, (1, 1, 0)) == 0
    run_to(app, 5)
    assert _power(app, (1, 1, 0)) == 15
    app.state.pending_edits.append(act.remove_action(0, app.sim.actions[0]))
    app.draw_frame()
    assert app.sim.actions == [] and app.sim.tick_count == 5 and _power(app, (1, 1, 0)) == 0


def test_every_action_kind_has_a_field_kind_and_a_hint() -> None:
    for do in act.action_kinds():
        required, optional = ACTION_KEYS[do]
        for name in (*required, *optional):
            assert name in act.KEY_KINDS and name in act.KEY_HINTS, (do, name)


def test_bad_input_is_refused_with_the_reason(open_app, write_scene) -> None:
    app, _ = _open(open_app, write_scene)
    st = act.actions_state(app)
    st.draft = act.Draft("use", "0", "", {"at": "0, 1, 0"})
    assert not submit(st, app.state, app.sim, 0)
    assert app.state.field_errors["actions"] == "tick: expected a whole tick after the scene's first tick 0"
    st.draft = act.Draft("use", "2", "", {"at": "0, 1"})
    assert not submit(st, app.state, app.sim, 0)
    assert app.state.field_errors["actions"] == "at: expected three whole numbers: x, y, z"
    st.draft = act.Draft("set_block", "2", "", {"at": "0, 1, 0"})
    assert not submit(st, app.state, app.sim, 0)
    assert app.state.field_errors["actions"].startswith("block: required")
    _submit(app, "use", 2, at="0, 0, 0")          # stone: the engine's loader refuses it, naming the key
    assert app.sim.actions == [] and "actions[0].at: stone at [0, 0, 0] cannot be used" in app.state.errors[-1]
    _submit(app, "piston_extend", 2, at="0, 0, 0")
    assert "no piston or sticky_piston at [0, 0, 0]" in app.state.errors[-1]


@pytest.mark.parametrize(("version", "refused"), [("1.13.1", True), ("1.21.4", False)])
def test_a_use_is_refused_when_added_where_the_release_refuses_redstone(open_app, write_scene, version: str,
                                                                        refused: bool) -> None:
    """1.13.1 does not simulate redstone (the version table: no source): the form refuses a lever's use with the
    table's line when it is added, and the block menu says why; in 1.21.4 the same use is scheduled and primes the
    TNT."""
    blocks = [{"from": [-2, 0, -2], "to": [2, 0, 2], "block": "minecraft:stone"},
              {"at": [0, 1, 0], "block": "minecraft:lever[face=floor,facing=east]"},
              {"at": [1, 1, 0], "block": "minecraft:tnt"}]
    app = open_app(write_scene(scene_toml(scene={"version": version}, blocks=blocks), "lever.toml"))
    st = act.actions_state(app)
    st.draft.do, st.draft.tick, st.draft.values = "use", "1", {"at": "0, 1, 0"}
    assert submit(st, app.state, app.sim, app.history.first_tick)
    app.draw_frame()
    why = act.why_not_usable(app.sim, (0, 1, 0))
    if refused:
        assert app.sim.actions == [] and "\n" not in app.state.errors[-1]
        assert "actions: not simulated in this scene's version: redstone components" in app.state.errors[-1]
        assert "of version 1.13.1" in app.state.errors[-1]
        assert why.startswith("redstone components") and "a use of lever at [0, 1, 0]" in why
    else:
        assert why is None and [a.kind for a in app.sim.actions] == ["use"]
        run_to(app, 1)
        assert any(e.type == "minecraft:tnt" for e in app.sim.entities)


def test_use_a_block_picked_in_the_view_is_offered_only_where_a_click_does_something(open_app,
                                                                                     write_scene) -> None:
    app, _ = _open(open_app, write_scene)
    run_to(app, 2)
    st = act.actions_state(app)
    st.pick = act.USE
    act.picked(st, app.state, app.sim, app.frame, *_ray_down(5.5, 5.5))     # bare stone floor
    assert st.pick is None and not app.state.pending_edits
    assert app.state.status.startswith("minecraft:stone at [5, 0, 5] cannot be used")
    st.pick = act.USE
    act.picked(st, app.state, app.sim, app.frame, *_ray_down(0.5, 0.5))     # the button
    assert app.state.status == "use of stone_button at [0, 1, 0] scheduled in tick 3"
    app.draw_frame()
    assert [(a.tick, a.kind, a.params) for a in app.sim.actions] == [(3, "use", {"at": [0, 1, 0]})]
    run_to(app, 3)
    assert _power(app, (1, 1, 0)) == 15


def test_a_position_and_an_entity_are_picked_into_the_form(open_app, write_scene) -> None:
    app, _ = _open(open_app, write_scene)
    st = act.actions_state(app)
    st.draft.do, st.pick = "set_block", "at"
    act.picked(st, app.state, app.sim, app.frame, *_ray_down(2.5, 0.5))
    assert st.draft.values["at"] == "2, 1, 0"      # the wire on the floor the ray meets
    st.draft.do, st.pick = "reel", "player"
    act.picked(st, app.state, app.sim, app.frame, *_ray_down(6.5, -3.5))
    assert st.draft.values["player"] == "2"


def test_a_mob_walks_to_the_block_picked_and_the_goal_undoes(open_app, write_scene) -> None:
    app, _ = _open(open_app, write_scene)
    app.state.selected_entity = 1
    st = act.actions_state(app)
    st.pick = "move_to"
    act.picked(st, app.state, app.sim, app.frame, *_ray_down(-3.5, 2.5))   # the floor at (-4, 0, 2): stand on it
    app.draw_frame()
    zombie = app.sim.entity_by_id(1)
    assert zombie.move_to == ((-3.5, 1.0, 2.5), 1.0)
    assert act.goal_lines(app.sim, 1) == [("move_to", zombie.pos, (-3.5, 1.0, 2.5))]
    run_to(app, 20)
    assert app.sim.entity_by_id(1).pos.z > -3.0    # walked towards the target
    press(app, key.Z, key.MOD_CTRL)
    assert app.sim.entity_by_id(1).move_to is None and app.sim.tick_count == 0
    run_to(app, 20)
    assert app.sim.entity_by_id(1).pos.z == -3.5


def test_an_attribute_the_release_lacks_is_refused(open_app, write_scene) -> None:
    """The scene is 1.16.5: generic.gravity (1.20.5) is refused with its reason, the entity unchanged."""
    app, _ = _open(open_app, write_scene)
    app.state.pending_edits.append(act.set_attribute_base(2, "minecraft:generic.gravity", 0.04))
    app.draw_frame()
    assert app.state.field_errors[field_key(2, "attributes")] == \
        "minecraft:generic.gravity does not exist before 1.20.5"
    assert "minecraft:generic.gravity" not in app.sim.entity_by_id(2).attributes.instances


def test_the_attribute_editor_names_attributes_by_the_release_s_ids() -> None:
    """1.21.2 registers the attributes without generic. and player.: the editor's list follows the scene's release."""
    assert "generic.gravity" in attribute_labels("1.21.1") and "player.sneaking_speed" in attribute_labels("1.21.1")
    assert "gravity" in attribute_labels("1.21.2") and "sneaking_speed" in attribute_labels("1.21.3")
    assert not any(n.startswith(("generic.", "player.")) for n in attribute_labels("1.21.2"))


def test_effects_attributes_and_equipment_edit_and_undo(open_app, write_scene) -> None:
    app, _ = _open(open_app, write_scene)
    for edit in (act.set_effect(2, "minecraft:speed", 1, None),
                 act.set_attribute_base(2, "minecraft:generic.max_health", 30.0),
                 act.set_equipment(2, "feet", "diamond_boots"),
                 act.set_enchantment(2, "feet", "minecraft:depth_strider", 3)):
        app.state.pending_edits.append(edit)
    app.draw_frame()
    player = app.sim.entity_by_id(2)
    assert [(i.effect, i.amplifier, i.duration) for i in player.effects.active.values()] == \
        [("minecraft:speed", 1, None)]
    assert player.attributes.get("minecraft:generic.max_health").base == 30.0
    assert player.equipment == {"feet": "minecraft:diamond_boots"}
    assert player.enchantments == {"feet": {"minecraft:depth_strider": 3}}
    assert player.attributes.get("minecraft:generic.movement_speed").modifiers   # speed's modifier
    app.state.pending_edits.append(act.remove_effect(2, "minecraft:speed"))
    app.draw_frame()
    player = app.sim.entity_by_id(2)
    assert not player.effects.active and not player.attributes.get("minecraft:generic.movement_speed").modifiers
    app.state.pending_edits.append(act.set_enchantment(2, "head", "minecraft:depth_strider", 1))
    app.draw_frame()
    assert "no item in slot 'head' to enchant" in app.state.errors[-1]
    for _ in range(5):
        press(app, key.Z, key.MOD_CTRL)
    player = app.sim.entity_by_id(2)
    assert not player.effects.active and not player.equipment and not app.undo.unsaved


def test_save_writes_actions_goals_and_living_edits_and_the_file_replays_the_run(open_app, write_scene) -> None:
    app, scene = _open(open_app, write_scene)
    app.state.selected_entity = 1
    app.state.pending_edits += [act.set_goal(1, "move_to", ((2.5, 1.0, -3.5), 1.0)),
                                act.set_effect(2, "minecraft:jump_boost", 2, 100),
                                act.set_equipment(2, "chest", "minecraft:elytra")]
    app.draw_frame()
    _submit(app, "use", 3, at="0, 1, 0")
    _submit(app, "use", 6, at="0, 1, 4")
    run_to(app, 12)
    shown = [e.trace_line() for e in app.sim.entities]
    press(app, key.S, key.MOD_CTRL)
    assert app.state.status == f"saved {scene}" and not app.undo.unsaved
    assert scene.read_text(encoding="utf-8").startswith("# a button-fired dispenser")
    saved = load_scene(str(scene))
    assert [(a.tick, a.kind, a.params) for a in saved.actions] == [(3, "use", {"at": [0, 1, 0]}),
                                                                   (6, "use", {"at": [0, 1, 4]})]
    assert saved.entity_by_id(1).move_to == ((2.5, 1.0, -3.5), 1.0)
    assert saved.entity_by_id(2).equipment == {"chest": "minecraft:elytra"}
    for _ in range(12):
        saved.tick()
    assert [e.trace_line() for e in saved.entities] == shown


def test_the_panel_reads_at_1280x720_with_the_actions_on_the_timeline(open_app, write_scene) -> None:
    app2 = open_app(write_scene(SCENE, "fired.toml"), size=(1280, 720))
    _submit(app2, "use", 3, at="0, 1, 0")
    app2.state.selected_entity = 2
    imgui.set_window_focus(ACTIONS_TITLE)
    for _ in range(3):
        app2.draw_frame()
    panel = imgui.internal.find_window_by_name(ACTIONS_TITLE)
    assert panel is not None and panel.active
    assert panel.scroll_max.x == 0
    assert act.scheduled_by_tick(app2.sim.actions) == {3: ["use at [0, 1, 0]"]}


def test_a_right_click_on_a_block_opens_its_menu_with_use_at_this_tick(open_app, write_scene,
                                                                        monkeypatch) -> None:
    app, _ = _open(open_app, write_scene)
    opened = []
    begin_popup = imgui.begin_popup

    def recording(name: str, *args) -> bool:
        shown = begin_popup(name, *args)
        opened.append((name, shown))
        return shown

    monkeypatch.setattr(imgui, "begin_popup", recording)
    x, y = on_screen(app, (0.5, 1.0, 0.5))         # the floor under the button: the button has no collision box
    py = app.window.height - y
    send(app, "on_mouse_motion", x, py, 0, 0)
    send(app, "on_mouse_press", x, py, mouse.RIGHT, 0)
    send(app, "on_mouse_release", x, py, mouse.RIGHT, 0)
    app.draw_frame()
    st = act.actions_state(app)
    assert st.menu == (0, 1, 0) and (BLOCK_MENU, True) in opened
    assert act.why_not_usable(app.sim, (0, 1, 0)) is None
    assert act.why_not_usable(app.sim, (4, 1, 0)).startswith("a click changes nothing on it")
    act.use_next_tick(app.state, app.sim, st.menu)    # the menu's Use at this tick
    app.draw_frame()
    assert [(a.tick, a.kind, a.params) for a in app.sim.actions] == [(1, "use", {"at": [0, 1, 0]})]


def test_path_to_picked_mid_run_starts_a_path_search_from_that_tick(open_app, write_scene) -> None:
    app, _ = _open(open_app, write_scene)
    run_to(app, 5)
    app.state.selected_entity = 1
    st = act.actions_state(app)
    st.goal_speed, st.pick = "1.0", "path_to"
    act.picked(st, app.state, app.sim, app.frame, *_ray_down(3.5, -3.5))
    app.draw_frame()
    zombie = app.sim.entity_by_id(1)
    assert zombie.path_to == ((3.5, 1.0, -3.5), 1.0) and app.undo.done[-1].tick == 5
    x = zombie.pos.x
    run_to(app, 6)
    assert any(e.get("kind") == "path" for e in app.sim.last_record.events)   # the goal's search, at once
    run_to(app, 40)
    assert app.sim.entity_by_id(1).pos.x > x + 3.0


def test_a_narrow_panel_stacks_its_parts_without_a_horizontal_scroll(open_app, write_scene) -> None:
    app, _ = _open(open_app, write_scene)               # 640x400: the tab is narrower than three columns
    _submit(app, "prime_tnt", 4, at="1, 1, 4", fuse="30")
    app.state.selected_entity = 1
    imgui.set_window_focus(ACTIONS_TITLE)
    for _ in range(3):
        app.draw_frame()
    panel = imgui.internal.find_window_by_name(ACTIONS_TITLE)
    assert panel.active and panel.size.x < 640 and panel.scroll_max.x == 0


def test_a_schedule_change_at_an_earlier_tick_keeps_the_later_block_and_entity_edits(open_app, write_scene) -> None:
    """A block placed at tick 8 and the player lifted at tick 9, then a button use scheduled in tick 4 (the run
    from tick 3 again): both later edits are in the new run at their ticks, not before; undoing the schedule change
    keeps them too."""
    from viewer import editing

    app, _ = _open(open_app, write_scene)
    gold = editing.parse_block("minecraft:gold_block")[0]
    run_to(app, 8)
    app.state.pending_edits.append(editing.set_block((8, 1, 4), gold))
    app.draw_frame()
    run_to(app, 9)
    app.state.pending_edits.append(editing.set_field(2, editing.FieldSpec("pos", "vec3", "pos"), Vec3(6.5, 5.0, -3.5)))
    app.draw_frame()
    run_to(app, 12)
    lifted = [e for e in app.sim.entities if e.id == 2][0].pos.y
    assert lifted < 5.0 and lifted > 1.0   # falling from y 5 since tick 9
    _submit(app, "use", 4, at="0, 1, 0")
    assert app.sim.tick_count == 12 and not app.state.errors
    assert app.sim.world.get_block_state(8, 1, 4).block == "gold_block"
    assert [e for e in app.sim.entities if e.id == 2][0].pos.y == lifted   # the same fall, the button aside
    run_to(app, 7)
    assert app.sim.world.get_block_state(8, 1, 4).is_air and _power(app, (1, 1, 0)) == 15
    run_to(app, 8)
    assert app.sim.world.get_block_state(8, 1, 4).block == "gold_block"
    run_to(app, 12)
    app.state.commands.append("undo")   # the button use taken back: the run from tick 3 keeps both edits again
    app.draw_frame()
    assert not app.sim.actions and _power(app, (1, 1, 0)) == 0
    run_to(app, 12)
    assert app.sim.world.get_block_state(8, 1, 4).block == "gold_block"
    assert [e for e in app.sim.entities if e.id == 2][0].pos.y == lifted


def test_undoing_an_edit_at_an_earlier_tick_brings_back_the_later_edit_it_cut(open_app, write_scene) -> None:
    """A block placed at tick 8, then the player moved at tick 4 (a plain edit: the run branches there and the block
    is no longer in it); undoing the move brings the block back at tick 8, redoing it takes it out again."""
    from viewer import editing

    app, _ = _open(open_app, write_scene)
    run_to(app, 8)
    app.state.pending_edits.append(editing.set_block((8, 1, 4), editing.parse_block("minecraft:gold_block")[0]))
    app.draw_frame()
    run_to(app, 4)
    app.state.pending_edits.append(editing.set_field(2, editing.FieldSpec("pos", "vec3", "pos"), Vec3(6.5, 3.0, -3.5)))
    app.draw_frame()
    run_to(app, 10)
    assert app.sim.world.get_block_state(8, 1, 4).is_air
    app.state.commands.append("undo")
    app.draw_frame()
    run_to(app, 10)
    assert app.sim.world.get_block_state(8, 1, 4).block == "gold_block"
    run_to(app, 7)
    assert app.sim.world.get_block_state(8, 1, 4).is_air
    app.state.commands.append("redo")
    app.draw_frame()
    run_to(app, 10)
    assert app.sim.world.get_block_state(8, 1, 4).is_air


def test_an_edit_whose_entity_a_schedule_change_takes_away_lapses_on_the_stack_and_comes_back(open_app,
                                                                                             write_scene) -> None:
    """The lever flipped in tick 2 primes the TNT; the TNT lifted to y 5 at tick 6; then the lever moved to tick 8:
    on the new run there is no TNT at tick 6, so the lift lapses: it stays on the undo stack with the new run's
    state at tick 6 as both snapshots (none from the old run, where the TNT flew), the error panel says so, and
    Save leaves it out. Undoing the move brings the TNT back at tick 6 and the lift applies again; redoing it lapses
    it again."""
    from viewer import editing
    from viewer.saving import in_force, saved_plan

    app, _ = _open(open_app, write_scene)
    _submit(app, "use", 2, at="0, 1, 4")
    run_to(app, 6)
    (tnt,) = [e.id for e in app.sim.entities if e.type == "minecraft:tnt"]
    app.state.pending_edits.append(editing.set_field(tnt, editing.FieldSpec("pos", "vec3", "pos"),
                                                     Vec3(1.5, 5.0, 4.5)))
    app.draw_frame()
    lift = app.undo.done[-1]
    st = act.actions_state(app)
    st.draft = act.draft_of(app.sim.actions[0], 0)
    _submit(app, "use", 8, at="0, 1, 4")          # the lever moved: the run from tick 1 again
    assert [(a.tick, a.kind) for a in app.sim.actions] == [(8, "use")]
    lapsed = app.undo.done[1]
    assert lapsed.lapsed and lapsed.edit is lift.edit and lapsed.before is lapsed.after
    assert app.state.errors[-1].startswith(f"tick 6: the edit of {lift.edit.where} no longer applies")
    scratch = copy.copy(app.sim)
    scratch.restore(lapsed.after)                 # the new run's tick 6: no TNT yet, the block still there
    assert scratch.tick_count == 6 and not any(e.type == "minecraft:tnt" for e in scratch.entities)
    assert scratch.world.get_block_state(1, 1, 4).block == "tnt"
    assert in_force(app.undo.done) == [] and saved_plan(app)[1] is None   # Save does not start at tick 6

    app.state.commands.append("undo")             # the lever back at tick 2: the TNT exists at tick 6 again
    app.draw_frame()
    back = app.undo.done[-1]                      # the lever added, the lift
    assert not back.lapsed and app.state.errors[-1] == f"tick 6: the edit of {lift.edit.where} applies again"
    run_to(app, 6)
    assert [e.pos.y for e in app.sim.entities if e.id == tnt] == [5.0]
    app.state.commands.append("redo")
    app.draw_frame()
    run_to(app, 6)
    assert app.undo.done[1].lapsed and not any(e.type == "minecraft:tnt" for e in app.sim.entities)


def test_an_action_the_scenes_release_does_not_simulate_is_refused_when_it_is_added(open_app, write_scene) -> None:
    """In 1.13.1 a player's `use` is not simulated (its redstone is refused): the form says so with the engine's
    line when the action is added, and nothing is scheduled (it was accepted, and the run stopped at its tick)."""
    app = open_app(write_scene(SCENE.replace('version = "1.16.5"', 'version = "1.13.1"'), "older.toml"))
    _submit(app, "use", 3, at="0, 1, 4")
    assert app.sim.actions == []
    assert app.state.errors[-1].startswith("actions: not simulated in this scene's version: redstone components and "
                                           "a player's use of a block (engine/redstone) of version 1.13.1 at a use "
                                           "of lever at [0, 1, 4], tick 3: the redstone code of 1.13-1.13.1 ")
    assert str(app.sim.world.get_block_state(0, 1, 4)) == "minecraft:lever[face=floor,facing=east,powered=false]"
    _submit(app, "prime_tnt", 3, at="1, 1, 4")    # the lever beside gets a neighbour update: refused as the run would
    assert app.sim.actions == [] and "at a neighbour update of lever at [0, 1, 4], tick 3" in app.state.errors[-1]
    _submit(app, "set_block", 3, at="8, 1, 5", block="minecraft:gold_block")   # simulated: scheduled
    assert [(a.tick, a.kind) for a in app.sim.actions] == [(3, "set_block")]
    assert app.sim.world.get_block_state(8, 1, 5).is_air   # not placed before its tick


def test_a_main_hand_item_is_refused_where_the_selected_slot_holds_a_stack() -> None:
    """The main hand is the selected hotbar slot: a scene with both would not load back, so the editor refuses."""
    sim = load_scene_text(scene_toml(entities=[{"type": "minecraft:player", "id": 1, "pos": [0.5, 1.0, 0.5],
                                                "selected_slot": 2,
                                                "inventory": [{"slot": 2, "item": "minecraft:stick", "count": 5}]}]))
    with pytest.raises(ValueError, match="the main hand is hotbar slot 2, which holds 5 minecraft:stick"):
        act.set_equipment(1, "mainhand", "minecraft:bow").change(sim)
    act.set_equipment(1, "offhand", "minecraft:shield").change(sim)
    assert sim.entity_by_id(1).equipment == {"offhand": "minecraft:shield"}
