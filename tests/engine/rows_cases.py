"""Cases the row-kernel tests of several entity kinds share (not collected: no test here)."""

from __future__ import annotations

import random

from engine.entities.tnt import Tnt
from engine.geometry.box import Vec3
from engine.tick.simulation import Simulation
from engine.world import blocks
from engine.world.world import World


def assert_resting_rows_compiled(kind: type, age: str) -> None:
    """8 entities of `kind` resting on stone for 40 ticks: every tick after their first is compiled; they stay
    where they lie, on the ground, and their `age` attribute counts the 40 ticks."""
    w = World()
    stone = blocks.parse_block_state("stone")
    for x in range(-2, 3):
        for z in range(-2, 3):
            w.set_block_state(x, 0, z, stone)
    sim = Simulation(w)
    entities = []
    for k in range(8):
        e = sim.create(kind, Vec3(-1.5 + k % 4, 1.0, -1.5 + k // 4 * 2))
        sim.add_entity(e)
        entities.append(e)
    for _ in range(40):
        sim.tick()
    assert sim.object_ticks == 8 and sim.kernel_ticks == 39 * 8
    assert all(e.on_ground and not e.removed and e.pos.y == 1.0 for e in entities)
    assert [getattr(e, age) for e in entities] == [40] * 8


def walled_box(rng: random.Random, origins: tuple, obstacles: tuple, version: str) -> tuple:
    """The projectile rows' random world: at one of `origins`, a 21 × 21 stone floor at y 55, a stone wall at x + 10
    (y 56-71), 0, 10 or 40 random `obstacles` in the box, a 4 × 4 × 3 water pool; now and then (40 %) a TNT that
    does not explode in the run (an entity projectiles may hit, and their owner). Returns (the simulation in
    `version`, the origin's x and z, the pool's corner x and z, the TNT or None)."""
    ox, oz = rng.choice(origins)
    w = World()
    stone = blocks.parse_block_state("stone")
    for y in range(56, 72):
        for z in range(oz - 10, oz + 11):
            w.set_block_state(ox + 10, y, z, stone)                      # the wall
    for x in range(ox - 10, ox + 11):
        for z in range(oz - 10, oz + 11):
            w.set_block_state(x, 55, z, stone)                           # the floor
    for _ in range(rng.choice([0, 10, 40])):
        w.set_block_state(ox + rng.randint(-9, 9), 56 + rng.randint(0, 12), oz + rng.randint(-9, 9),
                          blocks.parse_block_state(rng.choice(obstacles)))
    water = blocks.parse_block_state("water")
    px, pz = ox + rng.randint(-8, 4), oz + rng.randint(-8, 4)
    for x in range(px, px + 4):
        for z in range(pz, pz + 4):
            for y in (56, 57, 58):
                w.set_block_state(x, y, z, water)
    sim = Simulation(w, version=version)
    owner = None
    if rng.random() < 0.4:
        owner = sim.create(Tnt, Vec3(ox + rng.uniform(-5, 5), 56.0, oz + rng.uniform(-5, 5)))
        owner.fuse = 200
        sim.add_entity(owner)
    return sim, ox, oz, px, pz, owner


def add_projectile(sim: Simulation, rng: random.Random, e, owner) -> None:
    """Adds projectile `e` to `walled_box`'s world: now and then (10 %) in its first tick, (5 %) without gravity;
    with the TNT `owner` (if any), 30 % of them owned by it and not clear of it yet, the others clear of any owner."""
    e.first_update = rng.random() < 0.1
    e.no_gravity = rng.random() < 0.05
    if owner is not None and rng.random() < 0.3:
        e.owner = owner.id
    else:
        e.left_owner = True
    sim.add_entity(e)
