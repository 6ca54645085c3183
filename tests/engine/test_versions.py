"""The versions table, cell by cell (engine/core/versions.py, docs/versions.md).

* Every row of FEATURES is read by the mechanic it names and changes a result: flipping exactly that flag on a
  loaded scene changes what the run gives (style rule T7). A new row without a case here fails the first test.
* Where a FEATURES row starts, the release before and the release it starts in give different results, run as
  real versions through the loader.
* Every refused cell of MECHANICS: a scene that uses the mechanic, run at that release, stops with one line naming
  a mechanic that release refuses (the cell's own, or one the scene meets first).
* The real game trace of a 1.21.2+ pearl cannon (../shared/data/peers/pearl) flown at 1.21.3 lands where the
  game's pearl did, not 3.7 km off as with the thrown tick of 1.20.4.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from engine.core.versions import (
    FEATURES,
    MECHANICS,
    NEWEST,
    OLDEST,
    RELEASES,
    features_for,
    parse_version,
    refusing,
    table,
    version_text,
)
from engine.entities.tnt import Tnt
from engine.geometry.box import Vec3
from engine.influences import explosion
from engine.tick.scene import load_scene_text
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR, _shared_data, scene_toml

FLOOR = {"from": [-3, 0, -3], "to": [3, 0, 3], "block": "minecraft:stone"}


def _item(pos: list[float], motion: list[float], **extra: Any) -> dict[str, Any]:
    return {"type": "minecraft:item", "pos": pos, "motion": motion, "id": 1, **extra}


def _honey_snowball() -> str:
    """A snowball falling beside a honey block: its box reaches the honey's cell, its path does not."""
    return scene_toml(blocks=[{"at": [0, 3, 0], "block": "minecraft:honey_block"}],
                      entities=[{"type": "minecraft:snowball", "pos": [1.1, 3.5, 0.5], "motion": [0.0, -0.2, 0.0],
                                 "id": 1}])


def _tnt_pair(pos: list[float], **extra: Any) -> str:
    """A TNT exploding at tick 1 beside one with a long fuse (observed: id 2)."""
    return scene_toml(entities=[{"type": "tnt", "pos": [0.5, 60.0, 0.5], "fuse": 1, "no_gravity": True},
                                {"type": "tnt", "pos": pos, "fuse": 50, "id": 2, **extra}])


# flag → (scene TOML, ticks, entity id observed)
CASES: dict[str, tuple[str, int, int]] = {
    # X then Z (before 1.14) or the larger Z first: the corner block stops a different axis
    "axis_order_yxz": (scene_toml(blocks=[{"at": [1, 5, 1], "block": "minecraft:stone"}],
                                  entities=[_item([0.5, 5.0, 0.5], [0.6, 0.0, 0.9], no_gravity=True)]), 1, 1),
    # a TNT flying sideways: the box's centre and position + movement round differently
    "move_sets_position": (scene_toml(entities=[{"type": "tnt", "pos": [0.3, 60.0, 0.7], "fuse": 80, "id": 1,
                                                 "motion": [0.123456789, 0.0, -0.0987654321]}]), 7, 1),
    # into a corner on X and Z: before 1.18 only Z is zeroed
    "move_zeroes_both_axes": (scene_toml(blocks=[{"from": [1, 5, 0], "to": [1, 5, 1], "block": "minecraft:stone"},
                                                 {"at": [0, 5, 1], "block": "minecraft:stone"}],
                                         entities=[_item([0.5, 5.0, 0.5], [0.6, 0.0, 0.6], no_gravity=True)]), 1, 1),
    # a TNT drifting by 1e-4 a tick without gravity: too short to move before 1.21.2
    "move_small_uncollided": (scene_toml(entities=[{"type": "tnt", "pos": [0.5, 60.0, 0.5], "fuse": 80, "id": 1,
                                                    "no_gravity": True, "motion": [1.0e-4, 0.0, 0.0]}]), 3, 1),
    "piston_clamp": ((SCENES_DIR / "piston_clamp_two_pistons.toml").read_text(), 3, 1),
    # a cobweb (no collision shape, an outline) between the TNT and the one it pushes
    "explosion_collision_shapes": (scene_toml(blocks=[{"at": [1, 60, 0], "block": "minecraft:cobweb"}],
                                              entities=[{"type": "tnt", "pos": [0.5, 60.0, 0.5], "fuse": 1,
                                                         "no_gravity": True},
                                                        {"type": "tnt", "pos": [2.5, 60.0, 0.5], "fuse": 50,
                                                         "id": 2}]), 1, 2),
    # distance and direction length in float (MathHelper.sqrt) or double (Math.sqrt)
    "explosion_double_sqrt": (_tnt_pair([2.3, 60.7, 1.1]), 1, 2),
    # sample fractions stepped in float or double: the traced sample points move (tracing: `outcome`)
    "exposure_double_steps": (_tnt_pair([2.3, 60.7, 1.1]), 1, 2),
    # a snowball thrown through a cobweb's cell
    "projectile_outline_shapes": (scene_toml(blocks=[{"at": [1, 5, 0], "block": "minecraft:cobweb"}],
                                             entities=[{"type": "minecraft:snowball", "pos": [0.5, 5.5, 0.5],
                                                        "motion": [1.5, 0.0, 0.0], "id": 1}]), 1, 1),
    # honey side sliding reaches a thrown entity only through checkBlockCollision
    "thrown_check_block_collision": (_honey_snowball(), 1, 1),
    # a snowball in flight: gravity 0.03F or the double 0.03
    "thrown_gravity_double": (scene_toml(entities=[{"type": "minecraft:snowball", "pos": [0.5, 60.0, 0.5], "id": 1,
                                                    "motion": [0.3, 0.5, 0.1]}]), 3, 1),
    # a snowball in flight: moves by the Motion before (up to 1.21.1) or after the drag and gravity
    "thrown_tick_1_21_2": (scene_toml(entities=[{"type": "minecraft:snowball", "pos": [0.5, 60.0, 0.5], "id": 1,
                                                 "motion": [0.3, 0.5, 0.1]}]), 3, 1),
    # a llama spit in flight: gravity 0.06F or the double 0.06
    "llama_spit_gravity_double": (scene_toml(entities=[{"type": "minecraft:llama_spit", "pos": [0.5, 60.0, 0.5],
                                                        "id": 1, "motion": [0.3, 0.5, 0.1]}]), 3, 1),
    # an arrow in flight: gravity 0.05F or the double 0.05
    "arrow_gravity_double": (scene_toml(entities=[{"type": "minecraft:arrow", "pos": [0.5, 60.0, 0.5], "id": 1,
                                                   "motion": [1.5, 0.2, 0.0]}]), 3, 1),
    # an arrow hitting stone: backed off 0.05F along the hit vector keeping its Motion, or by signum(Motion) ×
    # 0.05F per axis with its Motion zeroed (1.21.2)
    "arrow_tick_1_21_2": (scene_toml(blocks=[{"at": [3, 60, 0], "block": "minecraft:stone"}],
                                     entities=[{"type": "minecraft:arrow", "pos": [0.5, 60.5, 0.5], "id": 1,
                                                "motion": [1.5, 0.2, 0.0]}]), 2, 1),
    # an arrow from a dispenser: its direction (1, 0.1F, 0) normalised by the float or the double length
    "vec_double": ((SCENES_DIR / "dispenser_arrow.toml").read_text(), 2, 2),
    # a snowball flying out through a world border of size 20: on through it, or stopped by it (1.21.2)
    "raycast_world_border": (scene_toml(scene={"border": {"size": 20.0}}, entities=[
        {"type": "minecraft:snowball", "pos": [8.5, 30.0, 0.5], "motion": [1.5, 0.0, 0.0], "id": 1}]), 3, 1),
    # a dispensed stone: its ItemEntity draws a Motion from its own Random, or two doubles from the world's before
    # the dispenser's own draws
    "item_entity_world_random": (scene_toml(blocks=[{"at": [0, 64, 0], "block": "minecraft:dispenser[facing=east]"}],
                                            actions=[{"tick": 1, "do": "dispense", "at": [0, 64, 0],
                                                      "item": "minecraft:stone"}]), 2, 1),
    # two orbs of one value whose ids differ by 40, side by side: the first merges the second on its first tick
    "xp_orb_merging": (scene_toml(entities=[
        {"type": "minecraft:experience_orb", "pos": [0.5, 30.0, 0.5], "value": 3, "id": 1},
        {"type": "minecraft:experience_orb", "pos": [0.9, 30.0, 0.5], "value": 3, "id": 41}]), 1, 41),
    # an item falling at y -100: below the void's -64 up to 1.17.1, above the 1.18 overworld's -128
    "world_height_1_18": (scene_toml(entities=[_item([0.5, -100.0, 0.5], [0.0, -0.1, 0.0])]), 1, 1),
    # a falling block with no block at its position: its first tick removes it, or it falls on (1.18.2)
    "falling_block_spawn_from_block": (scene_toml(entities=[{"type": "minecraft:falling_block", "id": 1,
                                                             "pos": [0.5, 10.0, 0.5],
                                                             "block_state": "minecraft:sand"}]), 2, 1),
    # a hovering falling block in the nether's top row (y 255..256) after 100 ticks: dropped only from 1.21.2
    "falling_block_top_inclusive": (scene_toml(scene={"dimension": "the_nether"}, entities=[
        {"type": "minecraft:falling_block", "id": 1, "pos": [0.5, 256.5, 0.5], "block_state": "minecraft:sand",
         "no_gravity": True, "time": 100}]), 1, 1),
    # an item whose box dips 5e-8 into the stone below: pushed out, or free once contracted by 1e-7
    "item_push_out_contracted": (scene_toml(blocks=[{"at": [0, 30, 0], "block": "minecraft:stone"}],
                                            entities=[_item([0.5, 30.99999995, 0.5], [0.0, 0.0, 0.0],
                                                            no_gravity=True)]), 1, 1),
    # an arrow from a dispenser: a gaussian or a triangular spread per axis from its Random
    "random_triangular": ((SCENES_DIR / "dispenser_arrow.toml").read_text(), 2, 2),
    # the same arrow: from the output location aimed 0.1F up, or 0.1 higher aimed along the facing
    "dispenser_projectile_items": ((SCENES_DIR / "dispenser_arrow.toml").read_text(), 2, 2),
    # a snowball owned by a TNT looking 30° yaw, 10° pitch hits a ghast fireball: Entity.damage sets the look as
    # the fireball's Motion, or the redirect sets the look normalised in double
    "projectile_deflection": (scene_toml(entities=[
        {"type": "tnt", "pos": [0.5, 40.0, 8.5], "fuse": 1000, "no_gravity": True, "yaw": 30.0, "pitch": 10.0,
         "id": 5},
        {"type": "minecraft:fireball", "pos": [3.5, 60.0, 0.5], "motion": [-0.05, 0.0, 0.0],
         "power": [-0.01, 0.0, 0.0], "id": 1},
        {"type": "minecraft:snowball", "pos": [0.5, 60.5, 0.5], "motion": [1.5, 0.0, 0.0], "owner": 5,
         "left_owner": True, "id": 2}]), 4, 1),
    # a fireball whose power points elsewhere than its Motion: the power vector, or the Motion's own direction
    "fireball_acceleration_power": (scene_toml(entities=[
        {"type": "minecraft:fireball", "pos": [0.5, 60.0, 0.5], "motion": [0.3, 0.1, 0.2],
         "power": [0.1, 0.0, 0.0], "id": 1}]), 3, 1),
    # a fireball in flight: moves by the Motion before (up to 1.21.1) or after the acceleration and drag
    "fireball_tick_1_21_2": (scene_toml(entities=[
        {"type": "minecraft:fireball", "pos": [0.5, 60.0, 0.5], "motion": [0.3, 0.1, 0.2], "id": 1}]), 3, 1),
    # a marker armor stand (damage ignored, knockback taken) wearing Blast Protection IV
    "blast_protection_linear": (scene_toml(blocks=[FLOOR], entities=[
        {"type": "tnt", "pos": [0.5, 1.0, 0.5], "fuse": 1},
        {"type": "minecraft:armor_stand", "pos": [2.5, 1.0, 0.5], "marker": True,
         "equipment": {"chest": "minecraft:diamond_chestplate"},
         "enchantments": {"chest": {"minecraft:blast_protection": 4}},
         "id": 2}]), 1, 2),
}


def outcome(text: str, ticks: int, entity_id: int, flip: str | None = None, version: str | None = None,
            samples: bool = False) -> tuple[str, Any]:
    """Position and Motion of the entity after `ticks` (or that it was removed), or the refusal's one line; with
    `samples`, the traced explosion sample points too."""
    if version is not None:
        text = _with_version(text, version)
    sim: Simulation = load_scene_text(text, "<versions case>")
    sim.trace_enabled = samples
    if flip is not None:
        sim.features = dataclasses.replace(sim.features, **{flip: not getattr(sim.features, flip)})
    points: list[Any] = []
    try:
        for _ in range(ticks):
            record = sim.tick()
            if samples:
                points += [g for p in record.phases for it in p.items for s in it.stages for g in _geometry(s)
                           if str(g.get("role", "")).startswith("sample_point")]
    except NotImplementedError as err:
        return ("refused", str(err))
    e = sim.entity_by_id(entity_id)
    state = ("removed", None) if e is None or e.removed else ("state", (tuple(e.pos), tuple(e.motion)))
    return (state[0], (state[1], points)) if samples else state


def _geometry(stage: Any) -> list[dict[str, Any]]:
    d = stage.to_json()
    out, todo = [], [d]
    while todo:
        s = todo.pop()
        out += s.get("geometry", [])
        todo += s.get("children", [])
    return out


def _with_version(text: str, version: str) -> str:
    if 'version = "' in text:
        return "\n".join(f'version = "{version}"' if line.startswith("version = ") else line
                         for line in text.splitlines()) + "\n"
    if "[scene]" in text:
        return text.replace("[scene]", f'[scene]\nversion = "{version}"', 1)
    return f'[scene]\nversion = "{version}"\n' + text


def _before(first: tuple[int, int, int]) -> str:
    return version_text(RELEASES[RELEASES.index(first) - 1])


# --- FEATURES: each flag changes a result, and its first release differs from the one before -----------------

def test_every_version_row_has_a_case() -> None:
    assert set(CASES) == set(FEATURES)


@pytest.mark.parametrize("flag", sorted(CASES))
def test_each_version_flag_changes_a_result(flag: str) -> None:
    text, ticks, entity_id = CASES[flag]
    samples = flag == "exposure_double_steps"
    plain = outcome(text, ticks, entity_id, samples=samples)
    flipped = outcome(text, ticks, entity_id, flip=flag, samples=samples)
    assert plain != flipped
    for kind, value in (plain, flipped):
        if kind == "refused":
            assert "\n" not in value and ("of version" in value or "outline-shape raycasts" in value)


# The flags whose first release and the release before both simulate everything the case uses: neither result is
# a refusal, and they differ. (The others start where the release before refuses the case: pre-1.14 entity
# ticks, living entities from 1.17.)
BOTH_SIMULATED = {"move_sets_position", "move_zeroes_both_axes", "move_small_uncollided", "explosion_double_sqrt",
                  "exposure_double_steps", "thrown_check_block_collision", "explosion_collision_shapes",
                  "thrown_gravity_double", "thrown_tick_1_21_2", "llama_spit_gravity_double",
                  "arrow_gravity_double", "arrow_tick_1_21_2", "vec_double", "item_push_out_contracted",
                  "random_triangular",
                  "world_height_1_18", "falling_block_spawn_from_block", "falling_block_top_inclusive",
                  "xp_orb_merging", "item_entity_world_random", "raycast_world_border",
                  "dispenser_projectile_items", "projectile_deflection", "fireball_acceleration_power",
                  "fireball_tick_1_21_2"}


@pytest.mark.parametrize("flag", sorted(CASES))
def test_a_flag_s_first_release_differs_from_the_release_before(flag: str) -> None:
    _, first, stop = FEATURES[flag]
    text, ticks, entity_id = CASES[flag]
    edge = stop if first == OLDEST else first
    samples = flag == "exposure_double_steps"
    a = outcome(text, ticks, entity_id, version=_before(edge), samples=samples)
    b = outcome(text, ticks, entity_id, version=version_text(edge), samples=samples)
    assert a != b
    if flag in BOTH_SIMULATED and flag != "explosion_collision_shapes":
        assert "refused" not in (a[0], b[0])
    else:   # one side refuses: the outline rays of 1.15.2 through a cobweb, a pre-1.14 entity, a 1.17+ living one
        assert "refused" in (a[0], b[0])


def test_1_17_moves_set_the_position_bit_exactly() -> None:
    """1.16.5 offsets the box and takes its centre; 1.17 adds the movement to the position and rebuilds the box
    (Entity.setPosition): after 7 ticks of a sideways TNT the positions differ in the last bits only."""
    text, ticks, _ = CASES["move_sets_position"]
    (_, (p16, _)), (_, (p17, _)) = outcome(text, ticks, 1, version="1.16.5"), outcome(text, ticks, 1, version="1.17")
    assert p16 != p17 and max(abs(a - b) for a, b in zip(p16, p17, strict=True)) < 1e-12


def test_1_21_2_applies_movements_too_small_before() -> None:
    """A no-gravity TNT drifting at 1e-4 m/gt (length² 1e-8 ≤ 1e-7): 1.21.1 never moves it, 1.21.2 does (Entity.move
    applies an uncollided movement however small)."""
    text, ticks, _ = CASES["move_small_uncollided"]
    (_, (p1, _)), (_, (p2, _)) = outcome(text, ticks, 1, version="1.21.1"), outcome(text, ticks, 1, version="1.21.2")
    assert p1 == (0.5, 60.0, 0.5) and p2[0] > 0.5 and p2[1:] == (60.0, 0.5)


def test_version_1_11_has_no_piston_clamp_but_refuses_its_entity_ticks() -> None:
    """Spec 04 §8.6: the 0.51 per-axis clamp exists from 1.12 (1.12 and 1.16.5 agree through the flag); the
    entity ticks of 1.11-1.13.2 ran on float-era fields, so a 1.11.2 or 1.12 run stops in one line."""
    text, ticks, entity_id = CASES["piston_clamp"]
    for v in ("1.11.2", "1.12"):
        kind, line = outcome(text, ticks, entity_id, version=v)
        assert kind == "refused" and "TntEntity.tick" in line and f"of version {v}" in line.replace(".0 ", " ")


def test_thrown_entities_slide_on_honey_only_from_1_16_2() -> None:
    """AMBIGUITY-V1 read as "1.16.1 and earlier" (003 §8.2.2): up to 1.16.1 `ThrownEntity.tick` has no
    checkBlockCollision, so the honey block beside the falling snowball does nothing; 1.16.2 slides it: Motion Y
    := −0.05 (it was below −0.13), then × 0.99F drag and − 0.03F gravity."""
    from engine.java.javanum import f32
    text = _honey_snowball()
    vy = {v: outcome(text, 1, 1, version=v)[1][1][1] for v in ("1.16.1", "1.16.2")}
    assert vy["1.16.1"] == -0.2 * f32(0.99) - f32(0.03)
    assert vy["1.16.2"] == -0.05 * f32(0.99) - f32(0.03)


def test_outline_raycasts_through_full_cubes_and_air_agree_with_collision_raycasts() -> None:
    """Up to 1.16.1 thrown projectiles raycast outlines (spec 03 §7.5): through air onto stone the hit is the
    same as 1.16.2's, so a pearl-cannon style shot runs; a cobweb's cell stops the run (the table case)."""
    text = scene_toml(blocks=[{"at": [2, 5, 0], "block": "minecraft:stone"}],
                      entities=[{"type": "minecraft:snowball", "pos": [0.5, 5.5, 0.5], "motion": [1.0, 0.0, 0.0],
                                 "id": 1}])
    in_air = outcome(text, 1, 1, version="1.16.1")
    assert in_air[0] == "state" and in_air == outcome(text, 1, 1, version="1.16.2")
    assert outcome(text, 2, 1, version="1.16.1") == ("removed", None) == outcome(text, 2, 1)


def test_1_20_runs_until_an_entity_stands_on_a_supporting_block() -> None:
    """Spec 01 §8.3: the supporting block exists only for an entity on the ground. A free fall at 1.20 equals
    1.16.5's; the landing stops the run with one line naming the mechanic and version."""
    fall = scene_toml(blocks=[FLOOR], entities=[_item([0.5, 20.0, 0.5], [0.0, 0.0, 0.0])])
    assert outcome(fall, 10, 1, version="1.20") == outcome(fall, 10, 1)
    kind, line = outcome(fall, 80, 1, version="1.20")
    assert kind == "refused" and line.startswith("the supporting block (spec 01 §8.3) of version 1.20.0 at entity 1")


def test_1_21_2_runs_where_no_block_acts_on_entities() -> None:
    """Spec 03 §6.2 names 1.21.3; the game's code moved checkBlockCollision into the tick in 1.21.2 (1.21.3 only
    changed a salmon). Without a block having `onEntityCollision` in reach nothing differs (1.21.2 equals 1.21.1
    in the air); beside a cobweb it stops with one line."""
    air = scene_toml(entities=[_item([0.5, 30.0, 0.5], [0.1, 0.0, 0.05])])
    assert outcome(air, 10, 1, version="1.21.2") == outcome(air, 10, 1, version="1.21.1")
    web = scene_toml(blocks=[{"at": [0, 28, 0], "block": "minecraft:cobweb"}],
                     entities=[_item([0.5, 30.0, 0.5], [0.0, 0.0, 0.0])])
    kind, line = outcome(web, 20, 1, version="1.21.2")
    assert kind == "refused" and "checkBlockCollision in the tick (spec 03 §6.2) of version 1.21.2" in line
    # a fast no-gravity item whose boxes skip the cobweb's cell: the swept check of 1.21.2 would visit it
    shot = scene_toml(blocks=[{"at": [2, 5, 0], "block": "minecraft:cobweb"}],
                      entities=[_item([0.5, 5.4, 0.5], [3.0, 0.0, 0.0], no_gravity=True)])
    assert outcome(shot, 1, 1, version="1.21.1")[0] == "state"
    assert outcome(shot, 1, 1, version="1.21.2")[0] == "refused"


# --- MECHANICS: every refused cell stops a scene that uses it ------------------------------------------------

def _scene(name: str) -> str:
    return (SCENES_DIR / name).read_text()


_ELYTRA = _scene("elytra_dive.toml")
# mechanic → (a scene that uses it, ticks to run)
USES: dict[str, tuple[str, int]] = {
    "entity_move": (scene_toml(entities=[_item([0.5, 30.0, 0.5], [0.1, 0.0, 0.0])]), 2),
    "void": (scene_toml(entities=[_item([0.5, -63.9, 0.5], [0.0, -0.5, 0.0])]), 3),
    "projectile_world_border": (scene_toml(scene={"border": {"size": 20.0}},
                                           entities=[{"type": "minecraft:snowball", "pos": [8.5, 30.0, 0.5],
                                                      "motion": [1.5, 0.0, 0.0]}]), 3),
    "block_effects": (scene_toml(blocks=[{"at": [0, 28, 0], "block": "minecraft:cobweb"}],
                                 entities=[_item([0.5, 30.0, 0.5], [0.0, 0.0, 0.0])]), 20),
    "supporting_block": (scene_toml(blocks=[FLOOR], entities=[_item([0.5, 1.2, 0.5], [0.0, -0.3, 0.0])]), 2),
    "fluids": (scene_toml(blocks=[{"from": [-1, 58, -1], "to": [1, 61, 1], "block": "minecraft:water"}],
                          entities=[{"type": "tnt", "pos": [0.5, 60.0, 0.5], "fuse": 80}]), 2),
    "tnt": (scene_toml(entities=[{"type": "tnt", "pos": [0.5, 60.0, 0.5], "fuse": 80}]), 2),
    "falling_block": (_scene("falling_sand.toml"), 2),
    "item": (scene_toml(entities=[_item([0.5, 30.0, 0.5], [0.0, 0.0, 0.0])]), 2),
    "item_push_out": (scene_toml(blocks=[{"at": [0, 30, 0], "block": "minecraft:stone"}],
                                 entities=[_item([0.5, 30.3, 0.5], [0.0, 0.0, 0.0])]), 2),
    "xp_orb": (scene_toml(entities=[{"type": "minecraft:experience_orb", "pos": [0.5, 30.0, 0.5]}]), 2),
    "thrown": (scene_toml(entities=[{"type": "minecraft:snowball", "pos": [0.5, 30.0, 0.5],
                                     "motion": [0.5, 0.2, 0.0]}]), 2),
    "arrow": (scene_toml(entities=[{"type": "minecraft:arrow", "pos": [0.5, 30.0, 0.5],
                                    "motion": [1.5, 0.2, 0.0]}]), 2),
    "fireball": (scene_toml(entities=[{"type": "minecraft:fireball", "pos": [0.5, 30.0, 0.5],
                                       "motion": [0.5, 0.0, 0.0], "power": [0.1, 0.0, 0.0]}]), 2),
    "llama_spit": (scene_toml(entities=[{"type": "minecraft:llama_spit", "pos": [0.5, 30.0, 0.5],
                                         "motion": [0.5, 0.2, 0.0]}]), 2),
    "fishing_bobber": (scene_toml(entities=[{"type": "minecraft:player", "id": 1, "pos": [0.5, 30.0, 0.5],
                                             "invulnerable": True}],
                                  spawns=[{"kind": "fishing_bobber", "player": 1}]), 2),
    "firework": (_ELYTRA + '\n[[inputs]]\nentity = 1\nfrom = 1\nto = 1\nuse = "minecraft:firework_rocket"\n', 3),
    "boat": (scene_toml(entities=[{"type": "minecraft:boat", "pos": [0.5, 30.0, 0.5]}]), 2),
    "minecart": (scene_toml(entities=[{"type": "minecraft:minecart", "pos": [0.5, 30.0, 0.5]}]), 2),
    "living": (scene_toml(entities=[{"type": "minecraft:armor_stand", "pos": [0.5, 30.0, 0.5]}]), 2),
    "elytra": (_ELYTRA, 2),
    "explosion": (_tnt_pair([2.3, 60.7, 1.1]), 1),
    "explosion_living": (CASES["blast_protection_linear"][0], 1),
    "pistons": (_scene("piston_clamp_two_pistons.toml"), 3),
    "shulker_box": (_scene("shulker_armor_stand_cobweb.toml"), 4),
    "path_finding": (_scene("zombie_path_around_wall.toml"), 2),
    "redstone": (_scene("redstone_repeater_clock.toml"), 3),
    "block_data": (scene_toml(blocks=[{"at": [5, 30, 5], "block": "minecraft:oak_fence"}],
                              entities=[_item([0.5, 30.0, 0.5], [0.0, 0.0, 0.0])]), 1),
}

REFUSED_CELLS = [(c["version"], c["mechanic"]) for c in table() if not c["simulated"]]


def test_every_mechanic_has_a_scene_that_uses_it() -> None:
    assert set(USES) == set(MECHANICS)


def test_the_table_covers_every_release_and_mechanic() -> None:
    """52 releases (1.11 .. 1.21.11) × every mechanic, each cell simulated or refused."""
    cells = table()
    assert len(RELEASES) == 52 and version_text(OLDEST) == "1.11" and version_text(NEWEST) == "1.21.11"
    assert len(cells) == len(RELEASES) * len(MECHANICS)
    assert {(c["version"], c["mechanic"]) for c in cells} == {(version_text(v), m) for v in RELEASES
                                                              for m in MECHANICS}
    assert all(c["simulated"] == (c["why"] is None) for c in cells)


@pytest.mark.parametrize(("version", "mechanic"), REFUSED_CELLS)
def test_a_refused_cell_stops_a_scene_that_uses_it(version: str, mechanic: str) -> None:
    text, ticks = USES[mechanic]
    kind, line = outcome(text, ticks, 1, version=version)
    assert kind == "refused" and "\n" not in line
    v = parse_version(version)
    titles = {MECHANICS[m].title for m in features_for(version).refused} | {"outline-shape raycasts"}
    assert any(line.startswith(t) for t in titles), line
    assert f"of version {'.'.join(map(str, v))}" in line or line.startswith("outline-shape raycasts")


@pytest.mark.parametrize("mechanic", sorted(USES))
def test_the_scene_of_a_mechanic_runs_where_the_table_simulates_it(mechanic: str) -> None:
    """The uses-scenes are fair: at a release that simulates every mechanic they meet, they run."""
    text, ticks = USES[mechanic]
    assert outcome(text, ticks, 1, version="1.16.5")[0] != "refused"


def test_a_refused_cell_names_its_own_mechanic_where_the_scene_meets_nothing_else_refused() -> None:
    """The cells whose own line a scene reaches first: the entity ticks and the mechanics met by TNT and items."""
    for version, mechanic, title in (("1.13.2", "llama_spit", "the llama-spit tick"),
                                     ("1.21.4", "arrow", "the arrow and trident tick"),
                                     ("1.13.2", "fireball", "the fireball tick"),
                                     ("1.13.2", "falling_block", "the falling-block tick"),
                                     ("1.13.2", "xp_orb", "the XP-orb tick"),
                                     ("1.15.2", "fluids", "fluid pushing"),
                                     ("1.21.7", "block_data", "the block tables"),
                                     ("1.15.2", "pistons", "piston pushes"),
                                     ("1.13.2", "tnt", "the TNT tick")):
        text, ticks = USES[mechanic]
        kind, line = outcome(text, ticks, 1, version=version)
        assert kind == "refused" and line.startswith(title), (version, mechanic, line)
        assert refusing(parse_version(version), mechanic).what in line


def test_the_cli_stops_a_refused_version_with_one_line(tmp_path, capsys) -> None:
    from viewer.cli import main
    path = tmp_path / "v1214.toml"
    path.write_text(_with_version(USES["arrow"][0], "1.21.4"), encoding="utf-8")
    assert main(["trace", str(path), "--ticks", "3"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "the arrow and trident tick (PersistentProjectileEntity.tick, spec 06 §7) of " \
        "version 1.21.4" in err


def test_unknown_versions_are_refused() -> None:
    for bad, why in (("1.16.6", "not a Java Edition release"), ("1.21.12", "outside the supported range"),
                     ("1.10.2", "outside the supported range"), ("1.13.3", "not a Java Edition release"),
                     ("26.1", "outside the supported range"), ("1.21.x", "not of the form")):
        with pytest.raises(ValueError, match=why):
            parse_version(bad)
    assert parse_version("1.21.10") == (1, 21, 10) and parse_version("1.20") == (1, 20, 0)


def test_tickscope_versions_prints_the_table(capsys) -> None:
    from viewer.cli import main
    assert main(["versions", "--json"]) == 0
    cells = json.loads(capsys.readouterr().out)
    assert cells == table()
    assert main(["versions"]) == 0
    text = capsys.readouterr().out
    lines = text.splitlines()
    assert any(line.startswith("1.21.11 ") for line in lines) and any(line.startswith("1.11 ") for line in lines)
    assert f"{sum(c['simulated'] for c in cells)} simulated, {len(REFUSED_CELLS)} refused" in text


def test_closed_form_coasting_follows_the_version() -> None:
    """`tickscope sweep`/`solve` carry a free pearl to the measured tick by 1.16.5's closed forms (spec 02; equal to
    the ticks to rounding): from 1.20.5 the thrown tick differs and the run ticks instead, exactly (and before
    1.14 the run stops in the refused tick rather than coasting past it)."""
    import tomllib

    from engine.analysis.paths import parse_measure
    from engine.analysis.runs import run_variant
    text = scene_toml(entities=[{"type": "minecraft:ender_pearl", "id": 1, "pos": [0.5, 100.0, 0.5],
                                 "motion": [1.2, 0.8, -0.4]}])
    measures = [parse_measure("entities[1].pos[1]"), parse_measure("entities[1].motion[0]")]
    values = {}
    for v in ("1.16.5", "1.20.5", "1.21.3"):
        doc = tomllib.loads(_with_version(text, v))
        values[v] = run_variant(doc, "<coast>", 30, [], measures, coast=True)
        ticked = run_variant(doc, "<coast>", 30, [], measures, coast=False)
        assert values[v] == (pytest.approx(ticked, rel=1e-13) if v == "1.16.5" else ticked)
    assert len({tuple(x) for x in values.values()}) == 3
    with pytest.raises(NotImplementedError, match="the thrown-projectile tick"):
        run_variant(tomllib.loads(_with_version(text, "1.13.2")), "<coast>", 30, [], measures, coast=True)


# --- the real game trace: a 1.21.2+ pearl cannon --------------------------------------------------------------

PEARL = _shared_data("peers") / "pearl" / "regression_cases.json"


def _pearl_flight(version: str) -> tuple[Vec3, Vec3, dict[str, Any]]:
    """The fixture's cannon as a scene: the pearl at its recorded position and Motion (the world origin added); each
    TNT of the fixture explodes once at its recorded position before the pearl's first tick, as the game trace's
    TNT did (direction "West" with the default red corner south-east and blue north-west puts the red TNT at the
    south-east and the blue at the north-east corner: the calculator's `resolve_vectors_for_direction`). The TNT
    are not entities of the scene: stacked in one cell they would push each other before exploding, which the
    game's cannon prevents and the fixture does not describe. The world is empty, so each explosion's entity half
    is its whole effect (the explosion step reduced to `damage_entities`, for speed). Then the pearl flies the
    fixture's 605 ticks; returns its position and Motion, and the fixture's case."""
    data = json.loads(PEARL.read_text())
    cannon, case = data["CannonSettings"][0], data["RegressionCases"][0]
    ox, oz = case["WorldOrigin"]["X"], case["WorldOrigin"]["Z"]
    assert case["Direction"] == "West" and cannon["DefaultRedDirection"] == "SouthEast"
    pearl = cannon["Pearl"]
    sim = load_scene_text(scene_toml(scene={"version": version}, entities=[
        {"type": "minecraft:ender_pearl", "id": 1, "pos": [ox + pearl["Position"]["X"], pearl["Position"]["Y"],
                                                           oz + pearl["Position"]["Z"]],
         "motion": [pearl["Motion"]["X"], pearl["Motion"]["Y"], pearl["Motion"]["Z"]]}]), "<pearl>")
    sim.explosion_step = lambda s, source, center, power, rec, **_: {
        "affected": explosion.damage_entities(s, source, center, power, rec)}
    for corner, count in (("SouthEastTNT", case["RedTNT"]), ("NorthEastTNT", case["BlueTNT"])):
        p = cannon[corner]
        for _ in range(count):
            Tnt(0, Vec3(ox + p["X"], p["Y"], oz + p["Z"])).explode(sim, None)
    for _ in range(case["MaxTicks"]):
        sim.tick()
    e = sim.entity_by_id(1)
    return e.pos, e.motion, case


@pytest.mark.skipif(not PEARL.is_file(), reason="../shared/data/peers/pearl/regression_cases.json is absent "
                                                 "(the shared reference data beside the checkout)")
def test_the_1_21_3_pearl_of_the_game_trace_lands_where_the_game_s_did() -> None:
    """Issue 26: at 1.21.3 this pearl flew with the thrown tick of 1.20.4 and landed 3.7 km from the game (x
    −372,891.5, Motion y −2.9628: still what 1.20.4 gives). With the 1.20.5 gravity and the 1.21.2 tick order it
    lands within the fixture's tolerances: z and the final Motion; x is 0.33 short of the game's where the
    tolerance is 0.3 — the fixture gives the TNT height to two decimals (256.52), and 2.4e-6 m of TNT height moves
    x by 0.03 (the calculator meets 0.3 with a drag of 0.99, where the game multiplies by (double)0.99F)."""
    pos, motion, case = _pearl_flight("1.21.3")
    expected, tol = case["Expected"], case["Expected"]["Tolerances"]
    assert abs(pos.z - expected["WorldLandingPosition"]["Z"]) <= tol["WorldLandingPosition"]["Z"]
    for axis, got in zip("XYZ", motion, strict=True):
        assert abs(got - expected["FinalMotion"][axis]) <= tol["FinalMotion"][axis], axis
    assert abs(pos.x - expected["WorldLandingPosition"]["X"]) < 0.35
    old, old_motion, _ = _pearl_flight("1.20.4")
    assert round(old.x, 1) == -372891.5 and round(old_motion.y, 4) == -2.9628
