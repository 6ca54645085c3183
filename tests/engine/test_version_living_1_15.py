"""Living travel, jumping and elytra of 1.15-1.15.2 (docs/versions.md, `living` and `elytra`): Yarn's 1.15.2
(cd982c6b8) against 1.16 (2ea7bb22d), run as the bundled scenes at 1.15.2 and 1.16.

* `LivingEntity.travel` in lava: × 0.5 on every axis and the lava gravity −d/4, with no fluid gravity
  (`lava_travel_swim_height`, 1.16: × (0.5, 0.8F, 0.5) and −d/16 while the lava is at most the swim height deep).
* `tickMovement`'s jump: the water height alone against 0.4; in lava (the inLava flag) swim up by 0.04F, on the
  ground too (`jump_fluid_heights`, 1.16: the lava height against the swim height, a jump from shallow lava).
* Levitation neither ends a glide (`initAi`) nor stops one starting (`checkFallFlying`) (`glide_levitation_check`).
* A glide starts on a fresh jump press on a ladder or vine up to 1.15.1 (`glide_start_off_climbable`, 1.15.2).
* `takeKnockback` draws a nextDouble of the entity's Random against the knockback resistance, the whole strength
  or none (`knockback_resistance_scales`, 1.16: the strength scaled).
* Refused in one line: a shulker's tick (`shulker_tick_1_15`). 1.14-1.14.4: tests/engine/test_version_114.py.
"""

from __future__ import annotations

import dataclasses
import re

import numpy as np
import pytest

from engine.tick.scene import load_scene_text
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR
from tests.engine.test_prismarine import BOUNDS
from tests.engine.test_version_living import DRY_SCENARIOS, peer_agreement

F08 = float(np.float32(0.8))         # travel's Y drag in water and shallow lava: 0.8F
F091 = float(np.float32(0.91))       # travel's air drag: 0.91F
F098 = float(np.float32(0.98))       # travel's Y drag in the air: 0.98F
F042 = float(np.float32(0.42))       # LivingEntity.getJumpVelocity: 0.42F
F004 = float(np.float32(0.04))       # LivingEntity.swimUpward: 0.04F
GRAVITY = 0.08                       # LivingEntity.travel: d = 0.08
KNOCKBACK_DRAW = (SCENES_DIR / "knockback_draw_1_15_2.toml").read_text()
FIRST_HIT = (-0.20764039307130358, 0.36080000519752503, -0.34188519080982366)   # the zombie's Motion after tick 2


def _scene(name: str, version: str, drop: str = "") -> Simulation:
    text = re.sub(r'^version = ".*"$', f'version = "{version}"', (SCENES_DIR / name).read_text(), flags=re.M)
    return load_scene_text(text.replace(drop, "") if drop else text, name)


def _states(name: str, version: str, ticks: int, drop: str = "") -> list[tuple]:
    """(position, Motion, gliding) of entity 1 after each tick."""
    sim = _scene(name, version, drop)
    out = []
    for _ in range(ticks):
        sim.tick()
        e = sim.entity_by_id(1)
        out.append((tuple(e.pos), tuple(e.motion), e.fall_flying))
    return out


def _zombie(version: str, ticks: int, resistance: float | None = None, **flags: bool) -> list[tuple]:
    """(position, Motion) of the zombie of scenes/knockback_draw_1_15_2.toml after each tick, with its knockback
    resistance set where given."""
    text = re.sub(r'^version = ".*"$', f'version = "{version}"', KNOCKBACK_DRAW, flags=re.M)
    if resistance is not None:
        text = text.replace("on_ground = true\n", "on_ground = true\nattributes = { "
                            f'"minecraft:generic.knockback_resistance" = {resistance} }}\n', 1)
    sim = load_scene_text(text, "knockback_draw_1_15_2.toml")
    sim.features = dataclasses.replace(sim.features, **flags)
    out = []
    for _ in range(ticks):
        sim.tick()
        e = sim.entity_by_id(1)
        out.append((tuple(e.pos), tuple(e.motion)))
    return out


def test_the_knockback_draws_against_the_resistance_up_to_1_15_2() -> None:
    """Two snowballs owned by the zombie they hit (random knockback directions from its Random), in ticks 2 and 15.
    1.15.2's `takeKnockback` draws a nextDouble against the resistance (0: always the whole 0.4F), 1.16's scales
    the strength: the first hit is the same, the second one's direction is drawn one step further on in 1.15.2.
    The mutant is 1.15.2 with 1.16's scaling; 1.14 draws as 1.15.2 (`takeKnockback` of 1.14 and 1.14.4 read)."""
    old, new = _zombie("1.15.2", 15), _zombie("1.16", 15)
    mutant = _zombie("1.15.2", 15, knockback_resistance_scales=True)
    assert _zombie("1.14", 15) == old
    assert old[:14] == new[:14] and old[1][1] == FIRST_HIT
    assert old[14][1] == (0.32846147151389965, 0.36080000519752503, 0.2282828723866548)
    assert new[14][1] == (-0.272582736748484, 0.36080000519752503, -0.29274332119142826)
    assert mutant == new


def test_a_knockback_resistance_of_one_half_is_a_chance_up_to_1_15_2_and_halves_it_from_1_16() -> None:
    """The same zombie with knockback resistance 0.5: 1.15.2 draws 0.5 or more for the first hit (the whole 0.4F,
    as with no resistance) and less for the second (no knockback: it stands); 1.16 pushes it by 0.2F each time."""
    old, new = _zombie("1.15.2", 15, 0.5), _zombie("1.16", 15, 0.5)
    assert old[1][1] == FIRST_HIT and old[14][1] == (0.0, -0.0784000015258789, 0.0)
    assert new[1][1] == (-0.10382019653565179, 0.1608000022172928, -0.17094259540491183)
    assert new[14][1] == (-0.136291368374242, 0.1608000022172928, -0.14637166059571413)


def test_lava_multiplies_by_half_with_no_fluid_gravity_in_1_15_2() -> None:
    """A zombie falling into lava (scenes/living_lava_1_15_2.toml): the same fall through tick 6 (its last move
    reached the lava) in both releases; then 1.15.2's travel multiplies Motion Y by 0.5 and adds −0.08 / 4, where
    1.16, the lava 0.034 deep at its feet (≤ the swim height 0.4), multiplies it by 0.8F and subtracts 0.08 / 16
    (the fluid gravity, falling) before the −0.08 / 4."""
    old, new = _states("living_lava_1_15_2.toml", "1.15.2", 8), _states("living_lava_1_15_2.toml", "1.16", 8)
    assert old[:6] == new[:6]
    y6 = old[5][1][1]
    assert old[6][1] == (0.0, y6 * 0.5 + -GRAVITY / 4.0, 0.0)
    assert old[7][1] == (0.0, old[6][1][1] * 0.5 + -GRAVITY / 4.0, 0.0)
    assert new[6][1] == (0.0, y6 * F08 - GRAVITY / 16.0 + -GRAVITY / 4.0, 0.0)


def test_a_jump_in_shallow_lava_swims_up_in_1_15_2_and_jumps_in_1_16() -> None:
    """A player on stone in lava 2/9 deep, the jump key read from tick 3 (scenes/living_lava_jump_1_15_2.toml),
    its Motion Y −0.02 after tick 2 in 1.15.2 (lava's × 0.5, −0.02 after the floor stopped it). 1.15.2: in lava,
    so swimUpward (+0.04F), the move, × 0.5, −0.02. 1.16: on the ground, the lava no deeper than 0.4: jump 0.42F,
    the move, then shallow lava's × 0.8F, −0.005 (rising: no −0.003 rule) and −0.02."""
    old, new = (_states("living_lava_jump_1_15_2.toml", v, 3) for v in ("1.15.2", "1.16"))
    assert old[1][0][1] == 1.0 and old[1][1][1] == -0.02
    up = -0.02 + F004
    assert old[2][0] == (0.5, 1.0 + up, 0.5) and old[2][1] == (0.0, up * 0.5 + -0.02, 0.0)
    assert new[2][0] == (0.5, 1.0 + F042, 0.5) and new[2][1] == (0.0, F042 * F08 - 0.005 + -0.02, 0.0)


def test_levitation_ends_a_glide_from_1_16_only() -> None:
    """A glider with Levitation I (scenes/elytra_levitation_1_15_2.toml). 1.15.2 glides on as if it had no effect
    (the same three ticks as without it); 1.16 ends the glide first, then the ground case: X × 0.91F, Y moved
    towards 0.05 by a fifth of the gap, × 0.98F."""
    old = _states("elytra_levitation_1_15_2.toml", "1.15.2", 3)
    plain = _states("elytra_levitation_1_15_2.toml", "1.15.2", 3,
                    drop='effects = [{ id = "minecraft:levitation", amplifier = 0, duration = 200 }]\n')
    assert old == plain and all(s[2] for s in old)
    new = _states("elytra_levitation_1_15_2.toml", "1.16", 1)
    assert new[0][2] is False
    assert new[0][1] == (0.8 * F091, (-0.1 + (0.05 * 1 - -0.1) * 0.2) * F098, 0.0)


def test_a_jump_on_a_vine_starts_a_glide_up_to_1_15_1() -> None:
    """A player on a vine with an elytra presses jump (scenes/elytra_vine_jump_1_15_1.toml): in tick 2 1.15.1
    starts gliding; 1.15.2 climbs: Motion Y 0.2 (jumping while climbing), −0.08, × 0.98F."""
    old, new = (_states("elytra_vine_jump_1_15_1.toml", v, 2) for v in ("1.15.1", "1.15.2"))
    assert old[0] == new[0] and old[1][2] is True and new[1][2] is False
    assert new[1][1] == (0.0, (0.2 - GRAVITY) * F098, 0.0)


@pytest.mark.parametrize("name", ["living_lava_1_15_2.toml", "living_lava_jump_1_15_2.toml",
                                  "elytra_levitation_1_15_2.toml"])
def test_1_14_4_1_15_and_1_15_2_run_alike(name: str) -> None:
    """1.15 and 1.15.2 run each scene the same (no difference read between them), and so does 1.14.4 (its flags,
    tests/engine/test_version_114.py, act on none of them)."""
    assert _states(name, "1.14.4", 3) == _states(name, "1.15", 3) == _states(name, "1.15.2", 3)


@pytest.mark.parametrize("name", DRY_SCENARIOS)
def test_players_of_1_15_2_agree_with_prismarine(name: str) -> None:
    """prismarine-physics' dry player scenarios (its traces committed with the crosscheck tool) agree with 1.15.2
    within the bounds they have with 1.16.5: the player tick on full blocks out of fluids reads as 1.16's."""
    pos, vel, ground = peer_agreement(name, "1.15.2")
    pos_bound, vel_bound = BOUNDS[name]
    assert ground == 0 and pos <= pos_bound and vel <= vel_bound, (pos, vel, ground)
