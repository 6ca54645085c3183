"""Every row of the versions table is read by the mechanic it names and changes a result (style rule T7, spec 00
§3.1): flipping exactly that flag on a loaded scene changes what the run gives, a number or a one-line refusal
where that version's behaviour is not simulated. A new row without a case here fails the first test.

Then the version differences themselves, run as real versions through the loader.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from engine.core.versions import FEATURES
from engine.tick.scene import load_scene_text
from engine.tick.simulation import Simulation
from tests.conftest import scene_toml

SCENES_DIR = Path(__file__).resolve().parents[2] / "scenes"
FLOOR = {"from": [-3, 0, -3], "to": [3, 0, 3], "block": "minecraft:stone"}


def _item(pos: list[float], motion: list[float], **extra: Any) -> dict[str, Any]:
    return {"type": "minecraft:item", "pos": pos, "motion": motion, "id": 1, **extra}


def _honey_snowball() -> str:
    """A snowball falling beside a honey block: its box reaches the honey's cell, its path does not."""
    return scene_toml(blocks=[{"at": [0, 3, 0], "block": "minecraft:honey_block"}],
                      entities=[{"type": "minecraft:snowball", "pos": [1.1, 3.5, 0.5], "motion": [0.0, -0.2, 0.0],
                                 "id": 1}])


# flag → (scene TOML, ticks, entity id observed)
CASES: dict[str, tuple[str, int, int]] = {
    # X then Z (before 1.14) or the larger Z first: the corner block stops a different axis
    "axis_order_yxz": (scene_toml(blocks=[{"at": [1, 5, 1], "block": "minecraft:stone"}],
                                  entities=[_item([0.5, 5.0, 0.5], [0.6, 0.0, 0.9], no_gravity=True)]), 1, 1),
    # into a corner on X and Z: before 1.18 only Z is zeroed
    "move_zeroes_both_axes": (scene_toml(blocks=[{"from": [1, 5, 0], "to": [1, 5, 1], "block": "minecraft:stone"},
                                                 {"at": [0, 5, 1], "block": "minecraft:stone"}],
                                         entities=[_item([0.5, 5.0, 0.5], [0.6, 0.0, 0.6], no_gravity=True)]), 1, 1),
    "piston_clamp": ((SCENES_DIR / "piston_clamp_two_pistons.toml").read_text(), 3, 1),
    # a fence between the TNT and the one it pushes: its outline is not modelled
    "explosion_collision_shapes": (scene_toml(blocks=[{"at": [1, 1, 0], "block": "minecraft:oak_fence"}],
                                              entities=[{"type": "tnt", "pos": [0.5, 1.0, 0.5], "fuse": 1},
                                                        {"type": "tnt", "pos": [2.5, 1.0, 0.5], "fuse": 50,
                                                         "id": 2}]), 1, 2),
    # a snowball thrown through a fence's cell
    "projectile_outline_shapes": (scene_toml(blocks=[{"at": [1, 5, 0], "block": "minecraft:oak_fence"}],
                                             entities=[{"type": "minecraft:snowball", "pos": [0.5, 5.5, 0.5],
                                                        "motion": [1.5, 0.0, 0.0], "id": 1}]), 1, 1),
    # honey side sliding reaches a thrown entity only through checkBlockCollision
    "thrown_check_block_collision": (_honey_snowball(), 1, 1),
    "supporting_block": (scene_toml(blocks=[FLOOR], entities=[_item([0.5, 1.2, 0.5], [0.0, -0.3, 0.0])]), 1, 1),
    # a marker armor stand (damage ignored, knockback taken) wearing Blast Protection IV
    "blast_protection_linear": (scene_toml(blocks=[FLOOR], entities=[
        {"type": "tnt", "pos": [0.5, 1.0, 0.5], "fuse": 1},
        {"type": "minecraft:armor_stand", "pos": [2.5, 1.0, 0.5], "marker": True,
         "equipment": {"chest": "minecraft:diamond_chestplate"},
         "enchantments": {"chest": {"minecraft:blast_protection": 4}},
         "id": 2}]), 1, 2),
    "block_collision_in_tick": (scene_toml(blocks=[FLOOR, {"at": [0, 1, 0], "block": "minecraft:cobweb"}],
                                           entities=[_item([0.5, 1.5, 0.5], [0.0, -0.1, 0.0])]), 1, 1),
}


def outcome(text: str, ticks: int, entity_id: int, flip: str | None = None) -> tuple[str, Any]:
    """Position and Motion of the entity after `ticks` (or that it was removed), or the refusal's one line."""
    sim: Simulation = load_scene_text(text, "<versions case>")
    if flip is not None:
        sim.features = dataclasses.replace(sim.features, **{flip: not getattr(sim.features, flip)})
    try:
        for _ in range(ticks):
            sim.tick()
    except NotImplementedError as err:
        return ("refused", str(err))
    e = sim.entity_by_id(entity_id)
    return ("removed", None) if e is None or e.removed else ("state", (tuple(e.pos), tuple(e.motion)))


def test_every_version_row_has_a_case() -> None:
    assert set(CASES) == set(FEATURES)


@pytest.mark.parametrize("flag", sorted(CASES))
def test_each_version_flag_changes_a_result(flag: str) -> None:
    text, ticks, entity_id = CASES[flag]
    plain, flipped = outcome(text, ticks, entity_id), outcome(text, ticks, entity_id, flip=flag)
    assert plain != flipped
    for kind, value in (plain, flipped):
        if kind == "refused":
            assert "\n" not in value and ("of version" in value or "outline-shape raycasts" in value)


def _with_version(text: str, version: str) -> str:
    return text.replace('version = "1.16.5"', f'version = "{version}"') if 'version = "' in text else \
        f'[scene]\nversion = "{version}"\n' + text


def test_version_1_11_has_no_piston_clamp() -> None:
    """Spec 04 §8.6: the 0.51 per-axis clamp exists from 1.12 (1.12 and 1.16.5 agree); 1.11 lets both pistons'
    pushes through, so the TNT ends further east."""
    text, ticks, entity_id = CASES["piston_clamp"]
    x = {v: outcome(_with_version(text, v), ticks, entity_id)[1][0][0] for v in ("1.11.2", "1.12", "1.16.5")}
    assert x["1.12"] == x["1.16.5"] < x["1.11.2"]


def test_thrown_entities_slide_on_honey_only_from_1_16_2() -> None:
    """AMBIGUITY-V1 read as "1.16.1 and earlier" (003 §8.2.2): up to 1.16.1 `ThrownEntity.tick` has no
    checkBlockCollision, so the honey block beside the falling snowball does nothing; 1.16.2 slides it: Motion Y
    := −0.05 (it was below −0.13), then × 0.99F drag and − 0.03F gravity."""
    from engine.java.javanum import f32
    text = _honey_snowball()
    vy = {v: outcome(_with_version(text, v), 1, 1)[1][1][1] for v in ("1.16.1", "1.16.2")}
    assert vy["1.16.1"] == -0.2 * f32(0.99) - f32(0.03)
    assert vy["1.16.2"] == -0.05 * f32(0.99) - f32(0.03)


def test_outline_raycasts_through_full_cubes_and_air_agree_with_collision_raycasts() -> None:
    """Up to 1.16.1 thrown projectiles raycast outlines (spec 03 §7.5): through air onto stone the hit is the
    same as 1.16.2's, so a pearl-cannon style shot runs; a fence's cell stops the run (the table case)."""
    text = scene_toml(blocks=[{"at": [2, 5, 0], "block": "minecraft:stone"}],
                      entities=[{"type": "minecraft:snowball", "pos": [0.5, 5.5, 0.5], "motion": [1.0, 0.0, 0.0],
                                 "id": 1}])
    in_air = outcome(_with_version(text, "1.16.1"), 1, 1)
    assert in_air[0] == "state" and in_air == outcome(_with_version(text, "1.16.2"), 1, 1)
    assert outcome(_with_version(text, "1.16.1"), 2, 1) == ("removed", None) == outcome(text, 2, 1)


def test_1_20_runs_until_an_entity_stands_on_a_supporting_block() -> None:
    """Spec 01 §8.3: the supporting block exists only for an entity on the ground. A free fall at 1.20 equals
    1.16.5's; the landing stops the run with one line naming the mechanic and version."""
    fall = scene_toml(blocks=[FLOOR], entities=[_item([0.5, 20.0, 0.5], [0.0, 0.0, 0.0])])
    assert outcome(_with_version(fall, "1.20"), 10, 1) == outcome(fall, 10, 1)
    kind, line = outcome(_with_version(fall, "1.20"), 80, 1)
    assert kind == "refused" and line.startswith("the supporting block (spec 01 §8.3) of version 1.20.0 at entity 1")


def test_1_21_3_runs_where_no_block_acts_on_entities() -> None:
    """Spec 03 §6.2: without a block having `onEntityCollision` in reach, 1.21.3's moved check changes nothing
    (1.21.3 equals 1.21.2 on a floor); beside a cobweb it stops with one line."""
    text = scene_toml(blocks=[FLOOR], entities=[_item([0.5, 3.0, 0.5], [0.1, 0.0, 0.05])])
    assert outcome(_with_version(text, "1.21.3"), 30, 1)[0] == "refused"   # 1.21.3 is also ≥ 1.20: on the ground
    air = scene_toml(blocks=[FLOOR], entities=[_item([0.5, 30.0, 0.5], [0.1, 0.0, 0.05])])
    assert outcome(_with_version(air, "1.21.3"), 10, 1) == outcome(_with_version(air, "1.21.2"), 10, 1)
    web = scene_toml(blocks=[{"at": [0, 28, 0], "block": "minecraft:cobweb"}],
                     entities=[_item([0.5, 30.0, 0.5], [0.0, 0.0, 0.0])])
    kind, line = outcome(_with_version(web, "1.21.3"), 20, 1)
    assert kind == "refused" and "checkBlockCollision in the tick (spec 03 §6.2) of version 1.21.3" in line
    # a fast snowball whose boxes skip the cobweb's cell: the swept 1.21.3 check would visit it
    shot = scene_toml(blocks=[{"at": [2, 5, 0], "block": "minecraft:cobweb"}],
                      entities=[{"type": "minecraft:snowball", "pos": [0.5, 5.4, 0.5], "motion": [3.0, 0.0, 0.0],
                                 "no_gravity": True, "id": 1}])
    assert outcome(_with_version(shot, "1.21.2"), 1, 1)[0] == "state"
    assert outcome(_with_version(shot, "1.21.3"), 1, 1)[0] == "refused"


def test_the_cli_stops_a_refused_version_with_one_line(tmp_path, capsys) -> None:
    from viewer.cli import main
    path = tmp_path / "v120.toml"
    path.write_text(_with_version(scene_toml(blocks=[FLOOR], entities=[_item([0.5, 1.2, 0.5], [0.0, 0.0, 0.0])]),
                                  "1.20"), encoding="utf-8")
    assert main(["trace", str(path), "--ticks", "3"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "the supporting block" in err


def test_approximately_equals_uses_the_float_literal() -> None:
    """`Entity.move` step 7: horizontalCollision = !approximatelyEquals(movement, actual), |Δ| < (double)1.0E-5F.
    An item (no gravity) stopped by a wall 9.9999999e-6 short of its movement: with the float literal
    (9.99999974737875e-06) that is a horizontal collision; with 1e-5 it would not be."""
    gap = 9.9999999e-6
    assert 9.99999974737875e-06 <= gap < 1.0e-5
    sim = load_scene_text(scene_toml(blocks=[{"at": [1, 5, 0], "block": "minecraft:stone"}],
                                     entities=[_item([1.0 - 0.125 - (0.5 - gap), 5.0, 0.5], [0.5, 0.0, 0.0],
                                                     no_gravity=True)]))
    item = sim.entity_by_id(1)
    start = item.box.max_x
    sim.tick()
    assert item.box.max_x == 1.0 and 9.99999974737875e-06 <= 0.5 - (1.0 - start) < 1.0e-5
    assert item.horizontal_collision
