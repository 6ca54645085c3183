"""The fall distance of 1.21.8 (`fall_distance_double`): `Entity.fallDistance` is a double, so `Entity.fall` sums
the drops (each cast to float) without rounding the sum, adds the drop before the landing and not while touching
water, and `Entity.baseTick` halves it in lava in double; 1.21.11's fall-reset raycast (1.18.2) reaches at most 8
blocks along the move (`fall_reset_ray_capped`; 1.21.8's the whole move). 1.21.5 and 1.21.7 (read) are 1.21.8 here
(tests/engine/test_version_1215.py), 1.21.6 bracketed by them. 1.21.3 and 1.21.4 keep a float; 1.21.9's ray is
1.21.10's and 1.21.11's (its 25w37a snapshot read, tests/engine/test_version_12110.py)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.tick.scene import load_scene_text
from engine.tick.scene_writer import scene_document
from engine.tick.scene_writer import scene_toml as written_toml
from tests.conftest import scene_toml


def _item(**extra: Any) -> dict[str, Any]:
    return {"type": "minecraft:item", "id": 1, "item": "minecraft:stone", **extra}


def _run(text: str, version: str, ticks: int) -> Any:
    sim = load_scene_text(f'[scene]\nversion = "{version}"\n' + text, "<fall distance>")
    sim.trace_enabled = True
    records = [sim.tick() for _ in range(ticks)]
    return sim, records


def _stage_after(record: Any, name: str) -> float:
    """The fall distance after the first stage called `name` (children included) of entity 1 in `record`."""
    todo = [s.to_json() for p in record.phases for it in p.items for s in it.stages]
    while todo:
        s = todo.pop(0)
        if s["name"] == name:
            return s["after"]["fall_distance"]
        todo[:0] = s.get("children", [])
    raise AssertionError(f"no stage {name}")


FALLING = scene_toml(entities=[_item(pos=[0.5, 30.0, 0.5])])


# the item's Motion Y when it moves: -0.04, then v × 0.98 − 0.04 in double (ItemEntity.tick): -0.04, -0.0792,
# -0.117616, -0.15526368, -0.1921584064. 1.21.8 adds (double)(float)(−v) to a double: 0.03999999910593033
# + 0.07919999957084656 + 0.11761599779129028 + 0.15526367723941803 + 0.19215840101242065; 1.21.3 and 1.21.4 round
# every partial sum to float.
SUMS_DOUBLE = [0.03999999910593033, 0.11919999867677689, 0.23681599646806717, 0.3920796737074852, 0.5842380747199059]
SUMS_FLOAT = [0.03999999910593033, 0.11919999867677689, 0.23681598901748657, 0.3920796513557434, 0.5842380523681641]


@pytest.mark.parametrize(("version", "expected"), [("1.21.11", SUMS_DOUBLE), ("1.21.8", SUMS_DOUBLE),
                                                   ("1.21.7", SUMS_DOUBLE), ("1.21.4", SUMS_FLOAT),
                                                   ("1.21.3", SUMS_FLOAT)])
def test_a_falling_item_sums_its_drops_in_double_only_from_1_21_7(version: str, expected: list[float]) -> None:
    sim = load_scene_text(f'[scene]\nversion = "{version}"\n' + FALLING, "<fall distance>")
    got = []
    for _ in expected:
        sim.tick()
        got.append(sim.entity_by_id(1).fall_distance)
    assert got == expected


def test_the_double_fall_distance_is_saved_as_it_is() -> None:
    sim = load_scene_text('[scene]\nversion = "1.21.11"\n' + FALLING, "<fall distance>")
    for _ in range(5):
        sim.tick()
    text = written_toml(scene_document(sim))
    assert load_scene_text(text, "<saved>").entity_by_id(1).fall_distance == 0.5842380747199059


# a netherite ingot (fire immune) in lava with a fall distance of 0.1 that does not move down: tick 1 is the
# entity's first update (not in lava yet), tick 2 halves it
LAVA = scene_toml(blocks=[{"from": [-1, 29, -1], "to": [1, 31, 1], "block": "minecraft:lava"}],
                  entities=[_item(pos=[0.5, 30.0, 0.5], fall_distance=0.1, item="minecraft:netherite_ingot")])


@pytest.mark.parametrize(("version", "expected"), [("1.21.8", 0.05), ("1.21.4", 0.05000000074505806)])
def test_lava_halves_the_fall_distance_in_double_only_from_1_21_8(version: str, expected: float) -> None:
    sim, _ = _run(LAVA, version, 2)
    assert sim.entity_by_id(1).fall_distance == expected    # 1.21.3: (float)(0.1 × 0.5F)


# an item thrown down at 0.5 onto water (y 25-28, surface 28 + 8/9): in tick 3 it touches the water from the
# tick's start and moves down by 0.557316 (Motion (-0.5 × 0.98 − 0.04) × 0.98 − 0.04)
WATER = scene_toml(blocks=[{"from": [-1, 25, -1], "to": [1, 28, 1], "block": "minecraft:water"}],
                   entities=[_item(pos=[0.5, 29.5, 0.5], motion=[0.0, -0.5, 0.0])])


@pytest.mark.parametrize(("version", "expected"), [("1.21.8", 0.0), ("1.21.4", 0.55731600522995)])
def test_an_item_moving_down_in_water_adds_no_drop_from_1_21_8(version: str, expected: float) -> None:
    """Entity.fall (1.21.8: checkFallDamage) adds the drop only when not touching water; 1.21.4 adds it (float of
    0.557316) and the item's fluid check after the move resets it."""
    sim, records = _run(WATER, version, 3)
    assert sim.entity_by_id(1).touching_water
    assert _stage_after(records[2], "fall") == expected
    assert sim.entity_by_id(1).fall_distance == 0.0


# an item falling with fall distance 5 moves 10 blocks down in one tick (Motion -9.96, gravity -0.04) past one
# water block at y 21 whose surface (21 + 8/9) is 8.61 blocks below it
RAY = scene_toml(blocks=[{"at": [0, 21, 0], "block": "minecraft:water"}],
                 entities=[_item(pos=[0.5, 30.5, 0.5], motion=[0.0, -9.96, 0.0], fall_distance=5.0)])


@pytest.mark.parametrize(("version", "after_ray", "after_fall"), [("1.21.11", 5.0, 15.0), ("1.21.9", 5.0, 15.0),
                                                                  ("1.21.8", 0.0, 10.0), ("1.21.3", 0.0, 10.0)])
def test_the_fall_reset_ray_reaches_8_blocks_from_1_21_9(version: str, after_ray: float, after_fall: float) -> None:
    """1.21.3's and 1.21.8's ray runs the whole move and hits the water (the fall distance resets, then the 10-block
    drop adds); 1.21.9's and 1.21.11's stop 8 blocks down, above the water, and the drop adds to the 5."""
    sim, records = _run(RAY, version, 1)
    assert sim.entity_by_id(1).pos.y == 20.5
    assert _stage_after(records[0], "fall_reset_raycast") == after_ray
    assert _stage_after(records[0], "fall") == after_fall
