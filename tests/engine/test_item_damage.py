"""Items, XP orbs and armor stands damaged by lava, fire, cactus and explosions as in 1.16.5 (spec 06 §3, §4;
spec 04 §15): `Entity.baseTick`'s fire ticks and `setOnFireFromLava`, `AbstractFireBlock` / `CactusBlock`
`.onEntityCollision`, `ItemEntity.damage`, `ExperienceOrbEntity.damage`, `ArmorStandEntity.damage`.

Every scene runs through the public loader. The expected ticks are derived here from vanilla's rules (comments),
not copied from a run.
"""

from __future__ import annotations

import copy

from engine.tick.simulation import Simulation
from tests.conftest import build_scene

FLOOR = {"from": [-3, 0, -3], "to": [3, 0, 3], "block": "minecraft:stone"}
LAVA_POOL = {"from": [-1, 1, -1], "to": [1, 1, 1], "block": "minecraft:lava"}


def removal_ticks(sim: Simulation, ticks: int) -> dict[int, int | None]:
    """Entity id → the tick after which it was first seen removed (None: still there)."""
    gone: dict[int, int | None] = {e.id: None for e in sim.entities}
    for t in range(1, ticks + 1):
        sim.tick()
        for i in gone:
            e = sim.entity_by_id(i)
            if gone[i] is None and (e is None or e.removed):
                gone[i] = t
    return gone


def item_beside(block: str, pos: list[float]) -> Simulation:
    """An item (id 1) at `pos` and one `block` at (0, 1, 0), on the floor."""
    return build_scene(blocks=[FLOOR, {"at": [0, 1, 0], "block": block}],
                       entities=[{"type": "minecraft:item", "pos": pos, "id": 1}])


def health_and_fire(sim: Simulation, ticks: int) -> list[tuple[float, int]]:
    """Item 1's (health, fire ticks) after each of `ticks` ticks."""
    out = []
    for _ in range(ticks):
        sim.tick()
        item = sim.entity_by_id(1)
        out.append((item.health, item.fire_ticks))
    return out


def test_lava_burns_items_orbs_and_armor_stands_but_not_netherite() -> None:
    """Tick 1 is the first update (`isInLava` false). Tick 2: `setOnFireFromLava` → fireTicks 300 and
    damage(LAVA, 4): item and orb health 5 → 1; the armor stand ignores LAVA. Tick 3: fireTicks 300 % 20 == 0 →
    damage(ON_FIRE, 1): item and orb at 0 are removed (the orb although its lava kick lifted it); the armor stand
    takes 4 per ON_FIRE (lava resets fireTicks to 300 every tick, so ON_FIRE hits every tick): 20 → 16, 12, 8, 4,
    then 0 ≤ 0.5 breaks it at tick 7. A netherite ingot is fire-immune and floats on (it survived 60 gt before
    this fix; so did every item)."""
    sim = build_scene(blocks=[FLOOR, LAVA_POOL], entities=[
        {"type": "minecraft:item", "pos": [0.5, 1.2, 0.5], "id": 1},
        {"type": "minecraft:item", "pos": [-0.5, 1.2, 0.5], "id": 2, "item": "minecraft:netherite_ingot"},
        {"type": "minecraft:experience_orb", "pos": [0.5, 1.2, -0.5], "id": 3},
        {"type": "minecraft:armor_stand", "pos": [-0.5, 1.0, -0.5], "id": 4, "no_gravity": True},
    ])
    assert removal_ticks(sim, 60) == {1: 3, 2: None, 3: 3, 4: 7}
    ingot = sim.entity_by_id(2)
    assert ingot.fire_ticks == -1 and ingot.health == 5 and ingot.pos.y > 1.2   # lava buoyancy lifts it


def test_fire_block_damages_an_item_each_move_and_each_twenty_fire_ticks() -> None:
    """Tick 1: the item falls onto the floor inside the fire cell; `checkBlockCollision` → fireTicks −1 + 1 = 0 →
    setOnFireFor(8) = 160, damage(IN_FIRE, 1): health 4. Tick 2: baseTick, 160 % 20 == 0 → ON_FIRE: 3. Resting,
    the item moves (and touches the fire again) only when (Entity.age + id) % 4 == 0, the age counted up before the
    tick: ticks 3, 7, 11 → 2, 1, 0."""
    sim = item_beside("minecraft:fire", [0.5, 1.0, 0.5])
    healths = [health for health, _ in health_and_fire(sim, 10)]
    assert healths == [4, 3, 2, 2, 2, 2, 1, 1, 1, 1]
    sim.tick()
    assert sim.entity_by_id(1) is None or sim.entity_by_id(1).removed


def test_cactus_damages_an_item_in_its_deflated_cell() -> None:
    """An item falling past a cactus's side (outside its 1/16-inset shape, inside its cell once deflated by 0.001)
    takes damage(CACTUS, 1) on every move from tick 7 (box bottom below y = 2): 4, 3, 2, 1; on the ground from tick
    10 it moves again at tick 11 ((Entity.age + id) % 4 == 0) and is removed. Nothing sets it on fire."""
    sim = item_beside("minecraft:cactus", [1.07, 3.0, 0.5])
    ticks = health_and_fire(sim, 10)
    assert all(fire_ticks == -1 for _, fire_ticks in ticks)
    assert [health for health, _ in ticks] == [5, 5, 5, 5, 5, 5, 4, 3, 2, 1]
    sim.tick()
    assert sim.entity_by_id(1) is None or sim.entity_by_id(1).removed


def test_water_puts_out_an_item_that_fell_through_fire() -> None:
    """Thrown down through a fire block into water. Tick 1: the box reaches into the fire cell: IN_FIRE, health 4,
    fireTicks 160 (above the water's 8/9 surface). Tick 2: baseTick 160 % 20 == 0 → ON_FIRE, health 3, fireTicks
    159; the move leaves the fire into the water, `touchingWater` set at the tick's end. Tick 3: `Entity.move` step
    15 finds it wet and burning → fireTicks := −1, after two `random.nextFloat()` for the extinguish sound's
    pitch."""
    sim = build_scene(blocks=[FLOOR, {"at": [0, 2, 0], "block": "minecraft:fire"},
                              {"at": [0, 1, 0], "block": "minecraft:water"}],
                      entities=[{"type": "minecraft:item", "pos": [0.5, 2.3, 0.5], "id": 1,
                                 "motion": [0.0, -0.3, 0.0]}])
    item = sim.entity_by_id(1)
    before = copy.copy(item.random)
    sim.tick()
    assert (item.health, item.fire_ticks) == (4, 160)
    sim.tick()
    assert (item.health, item.fire_ticks, item.touching_water) == (3, 159, True)
    sim.tick()
    assert (item.health, item.fire_ticks) == (3, -1)
    before.next_float()
    before.next_float()
    assert item.random.next_float() == before.next_float()


def test_explosion_breaks_a_visible_armor_stand_only() -> None:
    """`ArmorStandEntity.damage` with an explosion: a visible, non-marker stand breaks and is removed; an
    invisible one is immune (`isImmuneToExplosion`), a marker ignores the damage; an item takes (int) damage."""
    stands = [{"type": "minecraft:armor_stand", "pos": [x, 1.0, 0.5], "id": i, "no_gravity": True, **flags}
              for i, x, flags in ((2, 2.5, {}), (3, -1.5, {"invisible": True}), (4, 0.5, {"marker": True}))]
    sim = build_scene(blocks=[FLOOR], entities=[
        {"type": "minecraft:tnt", "pos": [0.5, 1.0, 0.5], "fuse": 1, "id": 1}, *stands])
    assert removal_ticks(sim, 3) == {1: 1, 2: 1, 3: None, 4: None}


def test_a_size_0_box_has_eight_coincident_sample_points_not_exposure_0() -> None:
    """Spec 04 §15.1 says exposure is 0 for an entity without a box (size 0). `Explosion.getExposure` does not
    special-case it: d = e = f = 1/(0·2 + 1) = 1, g = h = 0, and each float loop runs t = 0, 1, so a marker armor
    stand (0 × 0 box) gets 8 sample points, all at its position: exposure 8/8 = 1 in the open and 0/8 behind a
    wall. The code holds, the thesis' sentence does not; the open marker is pushed (its damage is ignored)."""
    sim = build_scene(blocks=[FLOOR, {"from": [-2, 1, -1], "to": [-2, 3, 2], "block": "minecraft:obsidian"}],
                      entities=[{"type": "minecraft:tnt", "pos": [0.5, 1.0, 0.5], "fuse": 1, "id": 1},
                                {"type": "minecraft:armor_stand", "pos": [2.5, 1.0, 0.5], "id": 2, "marker": True},
                                {"type": "minecraft:armor_stand", "pos": [-2.5, 1.0, 0.5], "id": 3, "marker": True}])
    (event,) = [e for e in sim.tick().events if e["kind"] == "explosion"]
    rows = {r["id"]: r for r in event["affected"]}
    assert (tuple(rows[2]["samples"]), rows[2]["exposure"]) == ((8, 8), 1.0)
    assert (tuple(rows[3]["samples"]), rows[3]["exposure"]) == ((0, 8), 0.0)
    assert sim.entity_by_id(2).motion.x > 0.0 and not sim.entity_by_id(2).removed


def test_a_grown_berry_bush_hurts_a_living_entity_that_moved_0_003(monkeypatch) -> None:
    """`SweetBerryBushBlock.onEntityCollision`: living entities are slowed, and a bush of age > 0 deals
    damage(SWEET_BERRY_BUSH, 1) when the entity moved ≥ 0.003 on X or Z since the tick began. A recording armor
    stand (a living entity) shows the calls; items are neither slowed nor hurt."""
    from engine.living.armor_stand import ArmorStand
    from engine.tick.registry import ENTITY_TYPES

    class Recording(ArmorStand):
        TYPE = "test:recording_stand"
        hits: list[tuple[str, float]] = []

        def damage(self, sim, source, amount, attacker=None) -> bool:
            Recording.hits.append((source, amount))
            return super().damage(sim, source, amount, attacker)

    monkeypatch.setitem(ENTITY_TYPES, Recording.TYPE, Recording)
    for age, expected in (("0", []), ("1", [("sweetBerryBush", 1.0)])):
        Recording.hits = []
        sim = build_scene(blocks=[FLOOR, {"at": [0, 1, 0], "block": f"minecraft:sweet_berry_bush[age={age}]"}],
                          entities=[{"type": Recording.TYPE, "pos": [0.5, 1.0, 0.5], "motion": [0.05, 0.0, 0.0],
                                     "on_ground": True}])
        sim.tick()
        assert Recording.hits == expected
