"""Players against prismarine-physics (an independent JavaScript player tick) on thirteen scenarios.

The peer's traces are committed (tests/engine/fixtures/prismarine/NAME.jsonl), produced by
`tools/prismarine_crosscheck.py` with the float-exact peer: prismarine-physics 1.11.1 patched to vanilla's float
rules by ../shared/oracles/patch_prismarine.py `full` (the sine table, 0.98F inputs, float ground and air
acceleration, (double)0.1F base speed), then to 1.16.5's water and lava by tools/prismarine_fluid_patch.py (the
box shrunk by 0.001 and the fluid height, 0.8F / 0.02F / 0.04F, the lava drags by depth, `method_26317`, the leap
out at 0.6F / 0.3F). Against it the bounds are what the patched peer shows: velocities bit for bit in every
scenario but the ladder, and positions within a few ulp (double round-off of sums taken in another order)
wherever the peer's box is vanilla's; against a wall (also the ledge the swimmer leaps onto) and on a ladder its
half-width 0.3 (vanilla 0.3F) and ladder clamp 0.15 (0.15F) leave 1.2e-8 m, and the clamp 3.3e-9 m/gt.

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
    "swimming_up": (0.0, 0.0),
    "swimming_onto_a_ledge": (2e-8, 0.0),   # 0.3 against 0.3F while it climbs along the ledge's side
    "walking_in_lava": (4e-15, 0.0),
    "jumping_in_lava": (0.0, 0.0),
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


def test_fluid_scenarios_reach_what_they_are_for() -> None:
    """The swimmer leaps out at the ledge (y set to 0.3F = 0.30000001192092896), the lava swimmer surfaces, leaves
    the lava and falls back in, and the lava walker stays on the bottom in the lava all along."""
    def peer(name: str) -> list[dict]:
        return [json.loads(line) for line in (FIXTURES / f"{name}.jsonl").read_text().splitlines()]
    ledge = peer("swimming_onto_a_ledge")
    assert any(t["vel"][1] == 0.30000001192092896 and t["isCollidedHorizontally"] for t in ledge)
    assert ledge[-1]["pos"][1] >= 3.0 and not ledge[-1]["isInWater"]
    surfacing = [t["isInLava"] for t in peer("jumping_in_lava")[1:]]
    out = surfacing.index(False)
    assert all(surfacing[:out]) and True in surfacing[out:]
    assert all(t["isInLava"] and t["pos"][1] == 1.0 for t in peer("walking_in_lava")[1:])
