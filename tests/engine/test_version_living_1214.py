"""Living entities, players, the elytra, Blast Protection and the look vector of 1.21.4 and later against 1.21.3
(docs/versions.md, `living`, `elytra`, `explosion_living`, `look_vector`).

1.21.4 (Yarn-named, with ViaFabricPlus and Lithium merged in: the branch for the current protocol read as vanilla)
was compared with 1.21.3 (Yarn def674d26) method by method: `LivingEntity`, `PlayerEntity`, `ClientPlayerEntity`,
`KeyboardInput`/`Input`, `MobEntity`, `MoveControl`, `JumpControl`, `FlyingEntity`, `ArmorStandEntity`, the modelled
mobs and `ExplosionImpl`. One difference moves a player: `ClientPlayerEntity.shouldStopSprinting` and
`canStartSprinting` (`should_stop_sprinting`). 1.21.8 (Mojang names) rewrites the player's input and more of
`LivingEntity`: test_version_living_1218.py. The explosion's impulse on a living entity and the
look vector read the same in 1.21.3, 1.21.4 and 1.21.8."""

from __future__ import annotations

import pytest

from engine.entities.entity import Entity
from tests.conftest import SCENES_DIR, scene_toml
from tests.engine.test_prismarine import BOUNDS
from tests.engine.test_version_living import peer_agreement
from tests.engine.test_version_living_1212 import load, run
from tests.engine.test_versions import FLOOR, _deflection, outcome

SNEAK_SPRINT = (SCENES_DIR / "player_sneak_stops_sprint_1_21_4.toml").read_text()
# a glider looking 30° up at 1.5 m/gt: it rises through the ticks run here (no fall distance, which 1.21.4-1.21.10
# refuse while it changes)
CLIMB = scene_toml(entities=[{"type": "minecraft:player", "id": 1, "pos": [0.5, 100.0, 0.5], "pitch": -30.0,
                              "motion": [0.0, 0.0, 1.5], "equipment": {"chest": "minecraft:elytra"},
                              "fall_flying": True}])
WALK = scene_toml(blocks=[FLOOR], entities=[{"type": "minecraft:player", "id": 1, "pos": [0.5, 1.0, -2.5],
                                             "on_ground": True, "motion": [0.0, -0.0784000015258789, 0.0],
                                             "yaw": -30.0}],
                  inputs=[{"entity": 1, "from": 1, "to": 8, "forward": True, "left": True}])


def _state(e: Entity) -> tuple:
    return e.pos, e.motion, e.sprinting, e.pose, e.on_ground


@pytest.fixture(scope="module")
def sneak_sprint() -> dict[str, list[tuple]]:
    """scenes/player_sneak_stops_sprint_1_21_4.toml, tick by tick, at 1.21.3 and 1.21.4."""
    states = {}
    for version in ("1.21.3", "1.21.4"):
        sim = load(SNEAK_SPRINT, version)
        states[version] = []
        for _ in range(14):
            sim.tick()
            states[version].append(_state(sim.entity_by_id(1)))
    return states


def test_a_sneaking_sprinter_stops_sprinting_from_1_21_4(sneak_sprint) -> None:
    """`ClientPlayerEntity.tickMovement` of 1.21.4 calls `shouldStopSprinting` right after `input.tick()`: in the
    sneaking pose (reached at the end of tick 7, the first tick the sneak key is held) the sprint ends in tick 8.
    1.21.3 has no such test: the sprint goes on while sneaking, forward held. Up to tick 7 the two are equal."""
    old, new = sneak_sprint["1.21.3"], sneak_sprint["1.21.4"]
    assert old[:7] == new[:7] and new[6][2:4] == (True, "crouching")
    assert all(s[2] for s in old)
    assert not any(s[2] for s in new[7:])
    assert all(n[0].z < o[0].z for o, n in zip(old[7:], new[7:], strict=True))


def test_a_sneaking_player_starts_no_sprint_from_1_21_4() -> None:
    """`canStartSprinting` of 1.21.4 also asks `!shouldSlowDown() || isSubmergedInWater()`. A sneaking player walks
    (forward ≥ 0.8) only with `sneaking_speed` at 0.8 or more: at 1.0 a player crouching from tick 1, then holding
    the sprint key too, starts a sprint in 1.21.3 (and keeps it) and none in 1.21.4."""
    text = SNEAK_SPRINT.replace("to = 6\nforward = true\nsprint = true", "to = 6\nforward = true\nsneak = true") \
        .replace("to = 14\nforward = true\nsneak = true", "to = 14\nforward = true\nsneak = true\nsprint = true") \
        .replace("on_ground = true", 'on_ground = true\nattributes = { "minecraft:sneaking_speed" = 1.0 }')
    old, new = run(text, "1.21.3", 14), run(text, "1.21.4", 14)
    assert old.sprinting and old.pose == new.pose == "crouching"
    assert not new.sprinting and new.pos.z < old.pos.z


@pytest.mark.parametrize("text", [WALK, CLIMB], ids=["diagonal walk", "elytra climb"])
def test_1_21_4_moves_as_1_21_3_where_the_code_is_the_same(text: str) -> None:
    """A player walking diagonally (`travel`, `applyMovementInput`, the keys) and a glider climbing
    (`travelGliding`, `calcGlidingVelocity`, `tickGliding`: the same lines in 1.21.3 and 1.21.4) end bit for bit
    where 1.21.3's do."""
    ticks = 8 if text is WALK else 4
    old, new = run(text, "1.21.3", ticks), run(text, "1.21.4", ticks)
    assert _state(old) == _state(new) and new.pos != (0.5, 1.0, -2.5)
    if text is CLIMB:
        assert new.fall_flying and new.pos.y > 100.0


# --- the explosion's impulse on a living entity (ExplosionImpl.damageEntities, ServerExplosion.hurtEntities) ---
BLAST = (SCENES_DIR / "explosion_knockback_resistance_1_21.toml").read_text().replace(
    'attributes = { "generic.explosion_knockback_resistance" = 0.5 }', "")


def _blasted(version: str) -> list:
    """The stands' Motion right after the TNT's explosion (called directly: from 1.21.5 the stands' own tick is
    refused by `living`)."""
    sim = load(BLAST, version)
    sim.entity_by_id(1).explode(sim, None)
    return [sim.entity_by_id(i).motion for i in (2, 3, 5)]


def test_blast_protection_pushes_as_in_1_21_3_through_1_21_11() -> None:
    """The impulse × (1 − explosion_knockback_resistance), Blast Protection 0.15F per level on each armor piece:
    the same product in 1.21.3, 1.21.4, 1.21.8 and 1.21.11 (1.21.5-1.21.7 and 1.21.9-1.21.10 bracketed). The
    four-piece stand stays; the one-piece stand gets less than the bare one."""
    base = _blasted("1.21.3")
    assert base[1] == (0.0, 0.0, 0.0) and 0.0 < base[0].x < -base[2].z
    for version in ("1.21.4", "1.21.6", "1.21.8", "1.21.10", "1.21.11"):
        assert _blasted(version) == base, version
    old, new = run(BLAST, "1.21.3", 1, 2), run(BLAST, "1.21.4", 1, 2)   # the whole tick, stands ticking, 1.21.4
    assert (old.pos, old.motion) == (new.pos, new.motion)


# --- the look vector: MathHelper.sin/cos indexed in float through 1.21.8 ---
def test_the_look_vector_of_1_21_4_to_1_21_8_is_1_21_3_s() -> None:
    """1.21.4 `MathHelper.sin` (Lithium's table lookup, the same (int)(value × 10430.378F) index) and 1.21.8
    `Mth.sin` index in float and `ProjectileDeflection.REDIRECTED` (AIM_DEFLECT) normalizes the look: the deflected
    fireball flies as in 1.21.3; 1.21.11 indexes in double and differs (1.21.9-1.21.10: test_version_12110.py)."""
    base = outcome(_deflection(22.5, "1.21.3"), 4, 1)
    for version in ("1.21.4", "1.21.5", "1.21.8"):
        assert outcome(_deflection(22.5, version), 4, 1) == base, version
    assert outcome(_deflection(22.5, "1.21.11"), 4, 1) != base


# --- prismarine-physics: its player tick stops at 1.20's features; on the ground it has what 1.21.4 keeps ---
@pytest.mark.parametrize("name", ["walking", "sprinting", "strafing_diagonally", "walking_into_walls"])
def test_players_of_1_21_4_on_the_ground_agree_with_prismarine(name: str) -> None:
    """The float-exact peer's committed traces of the scenarios that never leave the ground (a falling or jumping
    player changes its fall distance, refused in 1.21.4-1.21.10 by `fall_distance`) agree with 1.21.4 within the
    bounds they have with 1.16.5."""
    pos, vel, ground = peer_agreement(name, "1.21.4")
    pos_bound, vel_bound = BOUNDS[name]
    assert ground == 0 and pos <= pos_bound and vel <= vel_bound, (pos, vel, ground)
