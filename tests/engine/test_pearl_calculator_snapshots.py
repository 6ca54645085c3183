"""The pearl calculator's own snapshots (../shared/data/peers/pearl: snapshot.json, case_b.json; SOURCE.md), run
as scenes at a release of each of its models: "Legacy" (≤ 1.20.4), "Post1205" (1.20.5-1.21.1), "Post1212"
(≥ 1.21.2). Each TNT of the case explodes once at its corner before the pearl's first tick; the pearl then flies
120 ticks.

Where the calculator's model is exact and where it is not, and what the test does about it:
* it has no void: these pearls fall below y = −128 within 4 ticks, where the game removes them. The comparison
  turns the void off (the flight is what is compared; the void is tested in test_version_world.py);
* it sums `count × impulse` where the game adds each TNT's impulse in turn, and it drags by the double 0.99 where
  the game multiplies by (double)0.99F (Legacy: and keeps the Motion in floats). So the positions differ by at most
  the first-order effect of those per-tick relative errors on the path: Σ |step_t| · t · ε per axis, computed from
  the run itself (ε = (0.99F − 0.99) / 0.99, Legacy + 2⁻²⁴), doubled;
* case_a's 6 million TNT are not run (6 million explosions; regression_cases.json's 5,967 TNT cover the sum).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.entities import entity as entity_module
from engine.entities.tnt import Tnt
from engine.geometry.box import Vec3
from engine.influences import explosion
from engine.java.javanum import f32
from engine.tick.scene import load_scene_text
from tests.conftest import _shared_data, scene_toml

PEARL = _shared_data("peers") / "pearl"
RELEASE = {"Legacy": "1.20.4", "Post1205": "1.21.1", "Post1212": "1.21.3"}
DRAG_ERROR = (f32(0.99) - 0.99) / 0.99
FLOAT_MOTION_ERROR = 2.0 ** -24
BITS = {"North": 1, "South": 2, "West": 4, "East": 8}
LAYOUTS = {"NorthWest": 5, "NorthEast": 9, "SouthWest": 6, "SouthEast": 10}
OPPOSITE = {"North": "South", "South": "North", "West": "East", "East": "West"}

pytestmark = pytest.mark.skipif(not (PEARL / "snapshot.json").is_file(),
                                reason="../shared/data/peers/pearl is absent (the shared reference data beside the "
                                       "checkout)")


def _layout(bits: int) -> str:
    return next((name for name in ("NorthWest", "NorthEast", "SouthWest") if bits & LAYOUTS[name] == LAYOUTS[name]),
                "SouthEast")


def _corners(cannon: dict[str, Any], direction: str) -> tuple[str, str]:
    """The corners of the red and the blue TNT for a shot `direction` (the calculator's
    `resolve_vectors_for_direction`): the duper that does not face the direction keeps its default corner; the
    other goes to the corner away from the direction and from the first."""
    d = BITS[direction]
    blue, red = cannon["default_blue_duper"], cannon["default_red_duper"]
    if d & LAYOUTS[blue] == 0:
        return _layout((~(d | LAYOUTS[blue]) & 15) | BITS[OPPOSITE[direction]]), blue
    return red, _layout((~(d | LAYOUTS[red]) & 15) | BITS[OPPOSITE[direction]])


def _cases() -> list[dict[str, Any]]:
    if not (PEARL / "snapshot.json").is_file():
        return []
    return [c for c in json.loads((PEARL / "snapshot.json").read_text()) if c["source_file"] == "case_b"]


@pytest.mark.parametrize("case", _cases(), ids=lambda c: c["case_name"] + "_" + c["input_direction"])
def test_a_snapshot_of_the_calculator_agrees_with_the_game_s_rules(case: dict[str, Any], monkeypatch) -> None:
    cannon = json.loads((PEARL / "case_b.json").read_text())["cannon"]
    pearl = cannon["pearl"]
    x0, z0 = pearl["position"]["X"], pearl["position"]["Z"]
    sim = load_scene_text(scene_toml(scene={"version": RELEASE[case["version"]]}, entities=[
        {"type": "minecraft:ender_pearl", "id": 1,
         "pos": [x0 + pearl["offset"]["X"], pearl["position"]["Y"], z0 + pearl["offset"]["Z"]],
         "motion": [pearl["motion"]["X"], pearl["motion"]["Y"], pearl["motion"]["Z"]]}]), "<pearl snapshot>")
    monkeypatch.setattr(entity_module, "void_y", lambda dimension, features: float("-inf"))
    sim.explosion_step = lambda s, source, center, power, rec, **_: {
        "affected": explosion.damage_entities(s, source, center, power, rec)}
    red, blue = _corners(cannon, case["input_direction"])
    for corner, count in ((red, case["input_red"]), (blue, case["input_blue"])):
        at = cannon[f"{corner[:5].lower()}_{corner[5:].lower()}_tnt"]
        for _ in range(count):
            Tnt(0, Vec3(x0 + at["X"], at["Y"], z0 + at["Z"])).explode(sim, None)
    e = sim.entity_by_id(1)
    eps = 2 * (DRAG_ERROR + (FLOAT_MOTION_ERROR if case["version"] == "Legacy" else 0.0))
    bound = [0.0, 0.0, 0.0]
    for tick in range(1, case["expected_ticks"] + 1):
        before = e.pos
        sim.tick()
        for axis in range(3):
            bound[axis] += abs(e.pos[axis] - before[axis]) * tick * eps
        if tick in (10, case["expected_ticks"]):
            expected = case["tick_10_checkpoint"] if tick == 10 else case["expected_landing_pos"]
            for axis, name in enumerate("XYZ"):
                assert abs(e.pos[axis] - expected[name]) <= bound[axis] + 1e-9 * abs(expected[name]), (tick, name)
    assert not e.removed
