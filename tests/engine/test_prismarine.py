"""Players against prismarine-physics (an independent JavaScript player tick) on ten scenarios.

The peer's traces are committed (tests/engine/fixtures/prismarine/NAME.jsonl), produced by
`tools/prismarine_crosscheck.py` with the float-exact peer: prismarine-physics 1.11.1 patched to vanilla's float
rules by ../shared/oracles/patch_prismarine.py `full` (the sine table, 0.98F inputs, float ground and air
acceleration, (double)0.1F base speed). Against it the bounds are what the patched peer shows: velocities bit
for bit and positions within a few ulp wherever it is exact; at a wall and on a ladder its half-width 0.3 (vanilla
0.3F) and ladder clamp 0.15 (0.15F) leave 1.2e-8 m; water is not patched (its 0.8 / 0.02 / 0.04 are doubles where
vanilla has 0.8F / 0.02F / 0.04F, and it tests water on the box shrunk by 0.401 in Y, the 1.12 rule).

"""

from __future__ import annotations

import json

import pytest

from tools.prismarine_crosscheck import FIXTURES, SCENARIOS, agreement

# scenario: (max |Δpos| m, max |Δvel| m/gt)
BOUNDS = {
    "walking": (4e-15, 0.0),
    "sprinting": (4e-15, 0.0),
    "sprint_jumping": (4e-15, 0.0),
    "strafing_diagonally": (4e-15, 0.0),
    "walking_into_walls": (2e-8, 0.0),      # the peer's 0.3 half-width against vanilla's 0.3F at the wall
    "stepping_onto_slabs": (4e-15, 0.0),
    "falling": (0.0, 0.0),
    "jumping_on_ice": (4e-15, 0.0),
    "climbing_a_ladder": (2e-8, 4e-9),      # 0.3 against 0.3F at the ladder's block, 0.15 against 0.15F
    "swimming_up": (1e-7, 1e-8),            # water unpatched: doubles against vanilla's floats
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
