"""`engine.world.block_grid.SectionGrid`: the kernels' copy of the world's sections follows every change, including
a section the world no longer has."""

from __future__ import annotations

import numpy as np

from engine.jit import plain
from engine.motion.collision_kernel import state_at
from engine.world.block_grid import SectionGrid
from engine.world.blocks import parse_block_state
from engine.world.world import World

read = plain(state_at)


class Sections:
    """A world as `SectionGrid.sync` reads it: versions, sections, and a block version; sections can go."""

    def __init__(self) -> None:
        self.block_version = 0
        self.sections: dict[tuple[int, int, int], np.ndarray] = {}
        self.versions: dict[tuple[int, int, int], int] = {}

    def put(self, key: tuple[int, int, int], state: int) -> None:
        self.sections[key] = np.full((16, 16, 16), state, dtype=np.uint16)
        self.versions[key] = self.versions.get(key, 0) + 1
        self.block_version += 1

    def drop(self, key: tuple[int, int, int]) -> None:
        del self.sections[key], self.versions[key]
        self.block_version += 1

    def section_versions(self) -> dict[tuple[int, int, int], int]:
        return self.versions

    def section(self, key: tuple[int, int, int]) -> np.ndarray:
        return self.sections[key]


def test_a_section_that_goes_reads_as_air_and_its_row_is_reused() -> None:
    w = Sections()
    w.put((0, 0, 0), 1)
    w.put((1, 0, 0), 2)
    w.put((-1, 4, 3), 3)
    g = SectionGrid().sync(w)
    assert [read(g.keys, g.slots, g.pool, x, y, z) for x, y, z in ((5, 5, 5), (16, 0, 0), (-1, 64, 48))] == [1, 2, 3]
    w.drop((1, 0, 0))
    g.sync(w)
    assert [read(g.keys, g.slots, g.pool, x, y, z) for x, y, z in ((5, 5, 5), (16, 0, 0), (-1, 64, 48))] == [1, 0, 3]
    w.put((7, 1, -2), 4)
    g.sync(w)
    assert len(g.pool) == 8 and read(g.keys, g.slots, g.pool, 112, 16, -32) == 4
    assert [read(g.keys, g.slots, g.pool, x, y, z) for x, y, z in ((5, 5, 5), (16, 0, 0), (-1, 64, 48))] == [1, 0, 3]
    w.put((1, 0, 0), 5)    # back, with the version it had before it went: copied again
    g.sync(w)
    assert read(g.keys, g.slots, g.pool, 31, 15, 15) == 5


def test_the_grid_follows_block_changes_of_a_world() -> None:
    world = World()
    stone = parse_block_state("stone")
    world.set_block_state(3, 70, -20, stone)
    g = world.block_grid()
    assert read(g.keys, g.slots, g.pool, 3, 70, -20) == stone.id
    world.set_block_state(3, 70, -20, parse_block_state("air"))
    world.set_block_state(40, 0, 40, stone)
    g = world.block_grid()
    assert read(g.keys, g.slots, g.pool, 3, 70, -20) == 0 and read(g.keys, g.slots, g.pool, 40, 0, 40) == stone.id
