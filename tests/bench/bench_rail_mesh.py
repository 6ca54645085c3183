"""Benchmark (issue 9 item 6): meshing a 16³ section whose floor layer is 256 rails of every shape, drawn as
track, against the same layer of bottom stone slabs (a shaped block: a box per cell) meshed in the same process.

Reports the least CPU ms of REPEATS meshings of the section, with a fresh style table each time (the per-state
track built too: a first meshing) and with one table kept (as the viewer keeps it: a remesh), and the quads.

Run: python3 tests/bench/bench_rail_mesh.py [REPEATS]   (not collected by pytest; default 20)
"""

from __future__ import annotations

import argparse
import time

from engine.world.world import World, blocks
from viewer.drawing.meshing import StyleTable, mesh_section
from viewer.drawing.palette import load_palette

RAIL_STATES = ("rail[shape=north_south]", "rail[shape=east_west]", "rail[shape=south_east]",
               "rail[shape=north_west]", "rail[shape=ascending_east]", "powered_rail[shape=north_south,powered=true]",
               "detector_rail[shape=ascending_north]", "activator_rail[shape=east_west]")


def layer(texts: tuple[str, ...]) -> World:
    """A stone floor at y 0 and the states in turn over the 16×16 cells at y 1."""
    world = World()
    stone = blocks.parse_block_state("minecraft:stone")
    states = [blocks.parse_block_state("minecraft:" + t) for t in texts]
    for x in range(16):
        for z in range(16):
            world.set_block_state(x, 0, z, stone)
            world.set_block_state(x, 1, z, states[(x + z) % len(states)])
    return world


def mesh_ms(world: World, repeats: int, fresh: bool) -> tuple[float, int]:
    sections = dict(world.sections())
    palette = load_palette()
    kept = StyleTable(palette)
    best, quads = float("inf"), 0
    for _ in range(repeats):
        c0 = time.process_time()
        styles = StyleTable(palette) if fresh else kept
        meshes = [mesh_section(key, ids, styles, sections.get) for key, ids in sections.items()]
        best = min(best, time.process_time() - c0)
        quads = sum(m.opaque.quads + m.translucent.quads for m in meshes)
    return best * 1e3, quads


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("repeats", nargs="?", type=int, default=20)
    repeats = parser.parse_args().repeats
    rails, slabs = layer(RAIL_STATES), layer(("stone_slab[type=bottom]",))
    for fresh in (True, False):
        rails_ms, rails_quads = mesh_ms(rails, repeats, fresh)
        slabs_ms, slabs_quads = mesh_ms(slabs, repeats, fresh)
        print(f"{'fresh' if fresh else 'kept'} style table: 256 rails {rails_ms:.2f} ms CPU ({rails_quads} quads), "
              f"256 stone slabs (peer) {slabs_ms:.2f} ms ({slabs_quads} quads), ratio {rails_ms / slabs_ms:.2f}x")


if __name__ == "__main__":
    main()
