"""Cases the row-kernel tests of several entity kinds share (not collected: no test here)."""

from __future__ import annotations

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
