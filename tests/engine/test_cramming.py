"""Entity cramming (spec 04 §10): `tickCramming`'s damage past maxEntityCramming, `pushAwayFrom`'s push, and
who takes part."""

from __future__ import annotations

import math

from engine.java.javanum import f32
from engine.tick.scene import load_scene
from tests.conftest import SCENES_DIR, build_scene
from tests.scene_parts import cuboid, entity, floor, still_mobs


def test_cramming_chamber_hurts_by_6_with_invulnerable_ticks() -> None:
    """30 entities on one spot: more than 23 others, so each takes 6.0F one tick in four; never more often than
    the 10 invulnerable ticks allow; nobody moves (closer than 0.01 m)."""
    sim = load_scene(SCENES_DIR / "cramming_chamber.toml")
    mobs = list(sim.entities)
    for _ in range(20):
        sim.tick()
    lost = [20.0 - m.health for m in mobs]
    assert set(lost) <= {0.0, 6.0, 12.0} and sum(lost) > 0.0
    assert all(m.pos == (0.5, 1.0, 0.5) for m in mobs)
    for _ in range(80):          # the dead are removed 20 ticks after dying and stop counting
        sim.tick()
    assert any(m.removed for m in mobs)


def test_below_the_limit_there_is_no_damage() -> None:
    sim = build_scene(entities=still_mobs("wither_skeleton", *[(0.5, 50.0, 0.5)] * 24))
    for _ in range(40):
        sim.tick()
    assert all(m.health == 20.0 for m in sim.entities)


def test_push_is_horizontal_and_scaled_by_the_float_root() -> None:
    """5.10.1: d = max(|dx|, |dz|) = 0.4, both pushed 0.05F × (dx, dz)/√d (√ as a float), no Y component."""
    sim = build_scene(entities=still_mobs("wither_skeleton", (0.5, 50.0, 0.5), (0.9, 50.0, 0.7)))
    a, b = sim.entity_by_id(1), sim.entity_by_id(2)
    sim.tick()
    dx, dz = 0.9 - 0.5, 0.7 - 0.5
    r = f32(math.sqrt(max(dx, dz)))
    px, pz = dx / r * 1.0 * f32(0.05), dz / r * 1.0 * f32(0.05)
    assert a.motion == (-px - px, 0.0, -pz - pz)
    assert b.motion == (px * 0.98 + px, 0.0, pz * 0.98 + pz)


def test_armor_stands_are_not_crammed() -> None:
    sim = build_scene(entities=[entity("armor_stand", (0.5, 50.0, 0.5), no_gravity=True),
                                *still_mobs("wither_skeleton", (0.7, 50.0, 0.5))])
    sim.tick()
    assert sim.entity_by_id(1).motion == (0.0, 0.0, 0.0) and sim.entity_by_id(2).motion == (0.0, 0.0, 0.0)


def test_cramming_pushes_are_recorded() -> None:
    sim = build_scene(entities=still_mobs("wither_skeleton", (0.5, 50.0, 0.5), (0.9, 50.0, 0.5)))
    sim.trace_enabled = True
    sim.tick()
    pushes = [g for s in sim.last_record.stages_of(1) for s in s.walk() for g in s.geometry
              if g["role"] == "cramming_push"]
    assert len(pushes) == 1 and pushes[0]["entity"] == 2


def test_an_entity_on_a_ladder_is_not_pushed() -> None:
    """Spec 04 §10 condition 7: the pushed one must not be climbing, so the pair is pushed apart only once, in the
    climber's own tick (`pushAwayFrom` moves both); the other's tick finds nobody to push."""
    ladder = cuboid((0, 1, 0), (0, 3, 0), "minecraft:ladder[facing=north]")
    sim = build_scene(blocks=[ladder, cuboid((0, 1, 1), (0, 3, 1)), floor(2)],
                      entities=[entity("wither_skeleton", (0.5, 1.0, 0.5), on_ground=True),
                                entity("wither_skeleton", (0.5, 1.0, 0.1), no_ai=True, on_ground=True)])
    climber, other = sim.entity_by_id(1), sim.entity_by_id(2)
    sim.tick()
    r = f32(math.sqrt(0.4))
    push = (0.1 - 0.5) / r * 1.0 * f32(0.05)
    assert climber.climbing and climber.motion.z == -push
    assert other.motion.z == push * 0.98
