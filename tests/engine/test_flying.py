"""`FlyingEntity.travel` (spec 05 §2.5): ghasts and phantoms, through scenes. Formula checks of the stage: the
expected Motion is the rule computed here in Java float arithmetic (drags 0.91F, 0.8F, no gravity)."""

from __future__ import annotations

import pytest

from engine.geometry.box import Vec3
from engine.java.javanum import f32
from tests.conftest import build_scene
from tests.scene_parts import cuboid, east_road, entity

TNT = entity("minecraft:tnt", (1.5, 100.0, 0.7), id=2, fuse=1)


def ghast(*others: dict, blocks: list[dict] = (), **keys: object):
    """A ghast (id 1, `keys`) at (0.5, 100, 0.5) among `blocks`, then `others`; the simulation and the ghast."""
    sim = build_scene(blocks=blocks, entities=[entity("minecraft:ghast", (0.5, 100.0, 0.5), id=1, **keys), *others])
    return sim, sim.entity_by_id(1)


def fluid_around_the_ghast(block: str) -> list[dict]:
    """A 11 × 21 × 11 pool of `block` around the ghast's start."""
    return [cuboid((-5, 90, -5), (5, 110, 5), block)]


def test_ghast_knocked_by_tnt_decays_by_0_91_with_no_gravity() -> None:
    """With AI (and no goal) off the ground: Motion × 0.91F on all three axes each tick, no gravity."""
    sim, g = ghast(TNT)
    sim.tick()
    sim.tick()
    m = g.motion
    assert m.x < -0.1 and m.y != 0.0                     # the explosion pushed it
    for _ in range(10):
        sim.tick()
        k = f32(0.91)
        assert g.motion == Vec3(m.x * k, m.y * k, m.z * k)
        m = g.motion


def test_noai_ghast_still_travels_then_drags_0_98_times_0_91() -> None:
    """FlyingEntity.travel has no canMoveVoluntarily check: NoAI × 0.98 (tickMovement), then × 0.91F."""
    sim, g = ghast(TNT, no_ai=True)
    sim.tick()
    sim.tick()
    m = g.motion
    sim.tick()
    k = f32(0.91)
    assert g.motion.x == m.x * 0.98 * k and g.motion.y == m.y * 0.98 * k


def test_ghast_in_water_drags_0_8() -> None:
    """AMBIGUITY-L7: the water multiplier is 0.8F (0.800000011920929), not 0.08, on all axes; no gravity."""
    sim, g = ghast(blocks=fluid_around_the_ghast("minecraft:water"), motion=[0.5, 0.25, -0.125])
    k = f32(0.8)
    sim.tick()
    assert g.touching_water
    assert g.motion.x == 0.5 * k and g.motion.y == 0.25 * k and g.motion.z == -0.125 * k
    sim.tick()
    assert g.motion.x == 0.5 * k * k and g.motion.y == 0.25 * k * k


def test_ghast_in_lava_drags_0_5() -> None:
    sim, g = ghast(blocks=fluid_around_the_ghast("minecraft:lava"), motion=[0.5, 0.25, -0.125])
    sim.tick()
    assert g.motion.x == 0.25 and g.motion.y == 0.125 and g.motion.z == -0.0625


def test_phantom_on_ice_drags_slipperiness_times_0_91() -> None:
    """On the ground: f = 0.98F (ice, 1 m below) × 0.91F on X and Z and on Y; NoAI first × 0.98."""
    sim = build_scene(blocks=[east_road(30, "minecraft:ice")], entities=[
        entity("minecraft:phantom", (0.5, 1.0, 0.5), id=1, no_ai=True, on_ground=True, motion=[0.5, 0.0, 0.0])])
    p = sim.entity_by_id(1)
    sim.tick()
    assert p.motion.x == 0.5 * 0.98 * f32(f32(0.98) * f32(0.91)) and p.motion.y == 0.0


def test_phantom_with_ai_is_refused_with_one_line() -> None:
    sim = build_scene(entities=[entity("minecraft:phantom", (0.5, 100.0, 0.5), id=1)])
    with pytest.raises(NotImplementedError, match="PhantomMoveControl"):
        sim.tick()


@pytest.mark.parametrize("name", ["ghast_tnt_knock", "bow_draw"])
def test_tracing_on_or_off_gives_bit_identical_lines(name: str) -> None:
    """`tickscope trace` with and without `--stages`: the same lines; the flying case and the bow release are
    recorded as stages named after the vanilla methods."""
    from pathlib import Path

    from viewer.cli import trace_lines
    path = str(Path(__file__).resolve().parents[2] / "scenes" / f"{name}.toml")
    plain = list(trace_lines(path, 40, False, None))
    staged = list(trace_lines(path, 40, True, None))
    names: set[str] = set()

    def collect(stages: list[dict]) -> None:
        for s in stages:
            names.add(f"{s['name']}/{s['method']}")
            collect(s["children"])
    for line in staged:
        line.pop("redstone")                  # the tick's redstone record, with --stages only
        for e in line["entities"]:
            collect(e.pop("stages", []))
    assert plain == staged
    wanted = {"ghast_tnt_knock": {"travel_ordinary/FlyingEntity.travel", "travel_water/FlyingEntity.travel"},
              "bow_draw": {"release_bow/BowItem.onStoppedUsing"}}[name]
    assert wanted <= names
