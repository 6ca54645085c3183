"""Living entities of 1.21.8 against 1.21.4 (docs/versions.md, `living`, `player`).

1.21.8 (the clean decompilation, Mojang names: `LivingEntity.aiStep`, `applyInput`, `calculateFallDamage`,
`calculateFallPower`, `MoveControl.tick`) was read against 1.21.4 (Yarn names, patched: the methods read reference
neither ViaFabricPlus nor Lithium). A mob's tick differs in three places: the input damped before the AI sets it
(`apply_input_before_ai`), MoveControl's JUMPING ended in a liquid (`move_control_jump_ends_in_liquid`), fall damage
floored (`fall_damage_floor`). The player's client (LocalPlayer) of 1.21.7+ is
test_version_player_1218.py; 1.21.5-1.21.6 and 1.21.9-1.21.10 stop at `living` in one line (1.21.11:
test_version_living_12111.py). 1.21.7 (the clean 1.21.7 decompilation) is 1.21.8 in these classes."""

from __future__ import annotations

import dataclasses

import pytest

from engine.living.controls import C_MOVE_STATE, JUMPING, WAIT
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR
from tests.engine.test_version_living_1212 import load

ZOMBIE_WALK = (SCENES_DIR / "zombie_move_to.toml").read_text()
ZOMBIE_POOL = (SCENES_DIR / "zombie_jump_ends_in_water_1_21_8.toml").read_text()


def _ticked(text: str, version: str, ticks: int, **flags: bool) -> list[tuple]:
    """The zombie's position, Motion, forward input and MoveControl operation after each tick (`flags`: the
    release's flags changed, a mutant)."""
    sim: Simulation = load(text, version)
    sim.features = dataclasses.replace(sim.features, **flags)
    e = sim.entity_by_id(1)
    states = []
    for _ in range(ticks):
        sim.tick()
        states.append((e.pos, e.motion, e.forward_speed, int(e._t.i[e._r, C_MOVE_STATE])))
    return states


@pytest.fixture(scope="module")
def walks() -> dict[str, list[tuple]]:
    """scenes/zombie_move_to.toml: 1.21.4, 1.21.8, and 1.21.8 with the input damped after the AI."""
    return {"1.21.4": _ticked(ZOMBIE_WALK, "1.21.4", 12), "1.21.8": _ticked(ZOMBIE_WALK, "1.21.8", 12),
            "1.21.7": _ticked(ZOMBIE_WALK, "1.21.7", 12),
            "mutant": _ticked(ZOMBIE_WALK, "1.21.8", 12, apply_input_before_ai=False)}


def test_a_walking_zombie_of_1_21_8_travels_its_ai_input_undamped(walks) -> None:
    """`LivingEntity.aiStep` of 1.21.8 calls `applyInput` (× 0.98F) before `serverAiStep`, whose MoveControl sets
    the forward input anew each tick: the zombie travels with the whole speed (0.23F, its attribute × 1.0) and
    gets ahead of 1.21.4's, which damps the input after the AI. Without the flag, 1.21.8 walks as 1.21.4 bit for
    bit: nothing else in this walk differs."""
    old, new = walks["1.21.4"], walks["1.21.8"]
    assert new[-1][2] == pytest.approx(0.23, abs=1e-7) and old[-1][2] < new[-1][2]
    assert all(n[0].x > o[0].x for o, n in zip(old, new, strict=True))
    assert walks["mutant"] == old and walks["1.21.7"] == new


@pytest.fixture(scope="module")
def pool() -> dict[str, list[tuple]]:
    """scenes/zombie_jump_ends_in_water_1_21_8.toml: 1.21.4, 1.21.8, and 1.21.8 with JUMPING ended on the ground
    only."""
    return {"1.21.4": _ticked(ZOMBIE_POOL, "1.21.4", 11), "1.21.8": _ticked(ZOMBIE_POOL, "1.21.8", 11),
            "mutant": _ticked(ZOMBIE_POOL, "1.21.8", 11, move_control_jump_ends_in_liquid=False)}


def test_a_zombie_in_water_leaves_jumping_from_1_21_8(pool) -> None:
    """The target is 2 blocks up and 0.7 ahead: the jump test sets JUMPING in tick 1. 1.21.4 (and 1.21.8 without
    the flag) leave it only on the ground: the zombie swims up once and sinks back, JUMPING all along. 1.21.8 ends
    it in the water (WAIT), the next moveTo tests the jump again: it swims up every other tick and rises."""
    for version in ("1.21.4", "mutant"):
        states = pool[version]
        assert all(s[3] == JUMPING for s in states) and states[-1][0].y < 1.05, version
    new = pool["1.21.8"]
    assert [s[3] for s in new] == [JUMPING, WAIT] * 5 + [JUMPING]
    assert new[-1][0].y > 1.6 and all(a[0].y < b[0].y for a, b in zip(new, new[1:], strict=False))


FALL = (SCENES_DIR / "zombie_fall_damage_floor_1_21_8.toml").read_text()


def _landing(version: str, **flags: bool) -> float:
    """The health of the zombie of scenes/zombie_fall_damage_floor_1_21_8.toml 12 ticks after its drop, asserted
    landed on the stone (y 1.0) from 3.5 blocks."""
    sim: Simulation = load(FALL, version)
    sim.features = dataclasses.replace(sim.features, **flags)
    e = sim.entity_by_id(1)
    for _ in range(12):
        sim.tick()
    assert e.on_ground and e.pos.y == 1.0 and e.fall_distance == 0.0
    return e.health


def test_a_fall_of_3_5_hurts_in_1_21_4_and_not_in_1_21_8() -> None:
    """`calculateFallDamage` of 1.21.8 floors (fall + 1.0E-6 - 3): a 3.5-block drop lands unhurt, where 1.21.4's
    ceiling of the float difference deals 1; 1.21.8 without the flag (a mutant) hurts as 1.21.4."""
    assert _landing("1.21.4") == 19.0 and _landing("1.21.8") == 20.0
    assert _landing("1.21.8", fall_damage_floor=False) == 19.0
