"""Living entities in the viewer: the stages of a sprint-jump tick (scenes/player_sprint_jump_route.toml) drawn by
role with their palette colours and the travel case in the stage inspector; a firework boost and cramming pushes
drawn the same way; the inspector's read-only rows of health, flags, pose, effects and attributes."""

from __future__ import annotations

import pytest

from engine.tick.scene import load_scene, load_scene_text
from tests.conftest import SCENES_DIR, build_scene, traced
from tests.scene_parts import floor, held, player_on_floor
from viewer.drawing.labels import MAX_LABEL_SHIFT, label_shifts
from viewer.drawing.overlays import OverlayBuilder, add_geometry, stage_geometry
from viewer.drawing.palette import load_palette
from viewer.panels.entities import attribute_rows, living_rows
from viewer.panels.stages import stage_rows

STONE = '[[blocks]]\nfrom = [-5, 0, -5]\nto = [5, 0, 5]\nblock = "minecraft:stone"\n'
PIG = '[[entities]]\ntype = "minecraft:pig"\npos = [{x}, 1.0, {z}]\nno_ai = true\n'
GLIDER = ('[[entities]]\ntype = "minecraft:player"\nid = 1\npos = [0.5, 200.0, 0.5]\nyaw = -90.0\npitch = -10.0\n'
          'equipment = { chest = "minecraft:elytra" }\nfall_flying = true\n'
          '[[inputs]]\nentity = 1\nfrom = 2\nto = 2\nuse = "minecraft:firework_rocket"\n')
LIVING_ROLES = ("movement_input", "slipperiness_block", "slipperiness", "jump_kick")


def drawn_colors(prims: list[dict]) -> tuple[set, list[str]]:
    builder = OverlayBuilder()
    add_geometry(builder, prims, load_palette())
    overlay = builder.build()
    colors = {tuple(c) for c in overlay.segments["in_color"].tolist()} | {tuple(c) for c in
                                                                         overlay.points["in_color"].tolist()}
    return colors, [label.text for label in overlay.labels]


def test_a_sprint_jump_tick_draws_input_kick_and_slipperiness_in_their_colours() -> None:
    """Tick 13 of the route: the second jump (the player's 0.2 kick along yaw -90, +x)."""
    sim = traced("player_sprint_jump_route", 13)
    prims = stage_geometry(sim.last_record, entity_id=1)
    by_role = {p["role"]: p for p in prims}
    assert set(LIVING_ROLES) <= set(by_role)
    kick = by_role["jump_kick"]
    assert [b - a for a, b in zip(kick["a"], kick["b"], strict=True)] == [pytest.approx(0.2), 0.0, 0.0]
    palette = load_palette()
    colors, labels = drawn_colors([by_role[r] for r in LIVING_ROLES])
    assert {palette.role_color(r) for r in LIVING_ROLES} <= colors
    assert {"input", "jump kick", by_role["slipperiness"]["text"]} <= set(labels)
    names = [row.stage.name for row in stage_rows(sim.last_record, 1)]
    assert "travel_ordinary" in names and "movement_input" in names and "jump" in " ".join(names)


def test_cramming_pushes_and_a_firework_boost_are_drawn_by_role() -> None:
    """Two NoAI pigs 0.3 and 0.1 apart push each other (pushAway, spec 04 §10); a rocket used by a gliding player
    in tick 2 pulls it in tick 3 (spec 05 §6; recorded in the rocket's tick)."""
    pigs = load_scene_text(STONE + PIG.format(x=0.5, z=0.5) + PIG.format(x=0.8, z=0.6))
    pigs.trace_enabled = True
    pigs.tick()
    pushes = [p for p in stage_geometry(pigs.last_record) if p["role"] == "cramming_push"]
    assert [p["entity"] for p in pushes] == [2, 1]
    glider = load_scene_text(GLIDER)
    glider.trace_enabled = True
    for _ in range(3):
        glider.tick()
    boosts = [p for p in stage_geometry(glider.last_record) if p["role"] == "firework_boost"]
    assert len(boosts) == 1 and boosts[0]["b"][0] - boosts[0]["a"][0] > 0.8
    palette = load_palette()
    colors, labels = drawn_colors(pushes + boosts)
    assert {palette.role_color("cramming_push"), palette.role_color("firework_boost")} <= colors
    assert labels == ["push", "push", "boost"]


def test_the_inspector_shows_health_flags_pose_effects_and_attributes() -> None:
    sim = build_scene(blocks=[floor(3)],
                      entities=[player_on_floor(effects=[{"id": "minecraft:speed", "amplifier": 1, "duration": 40}])],
                      inputs=[held(1, 1, 5, forward=True, sprint=True)])
    for _ in range(3):
        sim.tick()
    flags = dict(attribute_rows(sim.entity_by_id(1)))
    assert flags["health"] == "20.0" and flags["sprinting"] == "True" and flags["sneaking"] == "False"
    assert flags["pose"] == "standing" and flags["fall_flying"] == "False"
    rows = dict(living_rows(sim.entity_by_id(1)))
    assert rows["effect speed"] == "amplifier 1, 37 ticks left"
    speed = rows["generic.movement_speed"]
    assert speed.startswith(repr(sim.entity_by_id(1).attributes.get("minecraft:generic.movement_speed")
                                 .compute_value()))
    assert "MULTIPLY_TOTAL" in speed and "base 0.1" in speed
    assert living_rows(load_scene_text('[[entities]]\ntype = "minecraft:tnt"\npos = [0.5, 1.0, 0.5]\n')
                       .entities[0]) == []


def test_the_inspector_shows_a_players_experience_and_inventory() -> None:
    sim = load_scene(SCENES_DIR / "player_picks_up_items.toml")
    rows = dict(living_rows(sim.entity_by_id(1)))
    assert rows["experience"] == "level 0, progress 0.0, total 0"
    assert rows["slot 0"] == "stone × 10" and rows["slot 3 (selected)"] == "stone × 62"


def test_labels_that_would_cover_one_another_move_down_a_line() -> None:
    """Texts near one anchor stack below one another (the third clears the second, moved to 65..78 px); one far
    away stays; in a crowd, texts that would still cover one MAX_LABEL_SHIFT lines down are left out."""
    assert label_shifts([(100, 50, 60), (104, 52, 40), (90, 50, 30), (400, 50, 60)], 13.0) == [0, 1, 3, 0]
    crowd = label_shifts([(0, 0, 20)] * (MAX_LABEL_SHIFT + 3), 13.0)
    assert crowd == [*range(MAX_LABEL_SHIFT + 1), None, None]  # left out: nothing drawn over another
