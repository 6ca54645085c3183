"""The shulker entity (spec 03 §5, spec 04 §9): a solid box that follows a piston, teleports when a shulker box's
lid pushes it, and pushes entities with its own lid."""

from __future__ import annotations

from engine.tick.simulation import Simulation
from engine.world.block_physics import is_full_cube
from tests.conftest import build_scene
from tests.scene_parts import action, cell, cuboid, entity

BASE = cuboid((-2, 0, -2), (6, 0, 4))


def shulker_on_a_box(**keys: object) -> Simulation:
    """A shulker (id 1) on a shulker box facing up whose lid opens in tick 2."""
    return build_scene(blocks=[BASE, cell((0, 1, 2), "minecraft:shulker_box[facing=up]")],
                       entities=[entity("shulker", (0.5, 2.0, 2.5), **keys)],
                       actions=[action(2, "shulker_open", at=[0, 1, 2])])


def test_a_piston_head_entering_the_cell_moves_the_shulker_one_cell_along() -> None:
    sim = build_scene(blocks=[BASE, cell((0, 1, 0), "minecraft:piston[facing=east]")],
                      entities=[entity("shulker", (1.5, 1.0, 0.5))], actions=[action(2, "piston_extend", at=[0, 1, 0])])
    shulker = sim.entity_by_id(1)
    sim.tick()
    assert shulker.attached_block == (1, 1, 0)
    sim.tick()
    assert shulker.attached_block == (2, 1, 0) and shulker.pos.x == 2.5
    assert shulker.type_fields()["attach_face"] == "down"


def test_a_shulker_box_lid_makes_the_shulker_teleport_to_a_supported_cell() -> None:
    sim = shulker_on_a_box()
    shulker = sim.entity_by_id(1)
    for _ in range(14):
        sim.tick()
    x, y, z = shulker.attached_block
    assert (x, y, z) != (0, 2, 2) and max(abs(x - 0), abs(y - 2), abs(z - 2)) <= 8
    assert sim.world.get_block_state(x, y, z).is_air
    assert shulker.pos == (x + 0.5, float(y), z + 0.5)
    face = {"down": (0, -1, 0), "up": (0, 1, 0), "north": (0, 0, -1), "south": (0, 0, 1), "west": (-1, 0, 0),
            "east": (1, 0, 0)}[shulker.attach_face_name]
    assert is_full_cube(sim.world.get_block_state(x + face[0], y + face[1], z + face[2]))


def test_a_shulker_without_ai_stays_when_pushed() -> None:
    sim = shulker_on_a_box(no_ai=True)
    for _ in range(14):
        sim.tick()
    assert sim.entity_by_id(1).attached_block == (0, 2, 2)


def test_a_shulker_is_solid_and_its_open_lid_lifts_what_stands_on_it() -> None:
    sim = build_scene(blocks=[BASE], entities=[entity("shulker", (0.5, 1, 0.5), no_ai=True),
                                               entity("tnt", (0.5, 3, 0.5), fuse=200)])
    for _ in range(30):
        sim.tick()
    assert sim.entity_by_id(2).pos.y == 2.0                      # landed on the shulker's top
    shulker = sim.entity_by_id(1)
    shulker.peek = 100
    for _ in range(25):
        sim.tick()
    assert shulker.box.max_y == 3.0                              # 0.5 − sin(1.5π)/2 = 1 block of lid
    assert sim.entity_by_id(2).pos.y == 3.0
