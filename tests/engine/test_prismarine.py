"""Players against prismarine-physics (an independent JavaScript player tick) on ten scenarios.

The peer's traces are committed (tests/engine/fixtures/prismarine/NAME.jsonl), produced by
`tools/prismarine_crosscheck.py` from the scenario files next to them. The peer's README promises: bit-exact
vertical motion and jumps; horizontal walking about 1e-8 per tick apart (it uses doubles and Math.sin where vanilla
uses floats and the sine table). The bounds below are those promises, per scenario, with the sine table's
resolution (≈ 1e-4 rad) wherever a yaw off the axes meets a sprint-jump's 0.2 kick or a slide along a wall.
"""

from __future__ import annotations

import json

import pytest

from tools.prismarine_crosscheck import FIXTURES, SCENARIOS, agreement

# scenario: (max |Δpos| m, max |Δvel| m/gt)
BOUNDS = {
    "walking": (1e-5, 1e-7),
    "sprinting": (1e-5, 1e-7),
    "sprint_jumping": (1e-3, 1e-5),         # yaw 30: the table's sin/cos in the 0.2 sprint kick
    "strafing_diagonally": (1e-5, 1e-7),
    "walking_into_walls": (1e-3, 1e-5),     # yaw -60 while sliding
    "stepping_onto_slabs": (1e-5, 1e-7),
    "falling": (0.0, 0.0),                  # vertical free fall: bit for bit
    "jumping_on_ice": (1e-5, 1e-7),
    "climbing_a_ladder": (1e-5, 1e-7),
    "swimming_up": (1e-5, 1e-7),
}


def test_every_scenario_has_a_bound_and_committed_peer_trace() -> None:
    assert set(BOUNDS) == set(SCENARIOS)
    for name, scenario in SCENARIOS.items():
        stored = json.loads((FIXTURES / f"{name}.json").read_text())
        assert stored == json.loads(json.dumps({"version": "1.16.4", **scenario})), name
        lines = (FIXTURES / f"{name}.jsonl").read_text().splitlines()
        assert len(lines) == scenario["ticks"] + 1


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_player_agrees_with_prismarine(name: str) -> None:
    res = agreement(name)
    pos_bound, vel_bound = BOUNDS[name]
    assert res["on_ground_mismatches"] == 0
    assert res["pos"] <= pos_bound and res["vel"] <= vel_bound, res
