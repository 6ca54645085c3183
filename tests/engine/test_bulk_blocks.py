"""`[[blocks]]` boxes are written by section (World.place_block_ids): the same world and trace as placing every cell
with `set_block_state` in the loader's x, y, z order, over every bundled scene and boxes that overlap block entities."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engine.tick.scene import load_scene, load_scene_text
from engine.tick.simulation import Simulation
from engine.world import blocks
from engine.world.world import World
from tests.conftest import scene_toml

SCENES = sorted((Path(__file__).resolve().parents[2] / "scenes").glob("*.toml"))
TICKS = 60
BULK = World.place_block_ids


def _cell_by_cell(world: World, x0: int, y0: int, z0: int, ids: np.ndarray, place_air: bool = False,
                  order: str = "yzx") -> None:
    """The loader before bulk writes: one `set_block_state` per cell of a box, x slowest, z fastest."""
    if not place_air:   # schematics keep their own path
        BULK(world, x0, y0, z0, ids, place_air, order)
        return
    sy, sz, sx = ids.shape
    for x in range(sx):
        for y in range(sy):
            for z in range(sz):
                world.set_block_state(x0 + x, y0 + y, z0 + z, blocks.state_by_id(int(ids[y, z, x])))


def _world(world: World) -> dict[str, Any]:
    """Everything a scene's blocks leave in the world: section arrays and counters, block entities in order."""
    bes = world.block_entities
    return {"sections": {k: bytes(v) for k, v in world._sections.items()}, "counts": world._counts,
            "kinds": world._kind_counts, "containers": world.containers,
            "by_pos": [(pos, type(be).__name__) for pos, be in bes.by_pos.items()],
            "ticking": [(be.pos, type(be).__name__) for be in bes.ticking],
            "pending": [(be.pos, type(be).__name__) for be in bes.pending]}


def _trace(sim: Simulation) -> list[Any]:
    lines = [[e.trace_line() for e in sim.entities]]
    for _ in range(TICKS):
        record = sim.tick()
        lines.append(([e.trace_line() for e in sim.reported_entities()], record.events))
    return lines


def _both(load: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[Simulation, Simulation]:
    bulk = load()
    with monkeypatch.context() as m:
        m.setattr(World, "place_block_ids", _cell_by_cell)
        cells = load()
    return bulk, cells


@pytest.mark.parametrize("scene", SCENES, ids=[s.stem for s in SCENES])
def test_bundled_scene_same_world_and_trace(scene: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bulk, cells = _both(lambda: load_scene(scene), monkeypatch)
    assert _world(bulk.world) == _world(cells.world)
    assert _trace(bulk) == _trace(cells)


def test_overlapping_boxes_with_block_entities(monkeypatch: pytest.MonkeyPatch) -> None:
    """Shulker boxes across sections, partly overwritten by stone and air, pistons, a dispenser with items and a
    box of air over empty space: the same cells, counters and block entities in the same order."""
    text = scene_toml(blocks=[
        {"from": [14, 14, 14], "to": [17, 17, 17], "block": "minecraft:shulker_box"},
        {"from": [17, 15, 13], "to": [12, 16, 18], "block": "minecraft:stone"},
        {"from": [15, 17, 15], "to": [16, 17, 16], "block": "minecraft:air"},
        {"from": [-20, 40, -20], "to": [-18, 41, -17], "block": "minecraft:air"},
        {"from": [30, 1, 30], "to": [31, 1, 33], "block": "minecraft:piston[facing=up]"},
        {"from": [20, 1, 20], "to": [22, 1, 22], "block": "minecraft:water"},
        {"from": [16, 16, 14], "to": [14, 14, 16], "block": "minecraft:red_shulker_box[facing=down]"},
        {"at": [5, 1, 5], "block": "minecraft:dispenser[facing=up]",
         "items": [{"slot": 0, "id": "minecraft:tnt", "count": 3}]},
    ], entities=[{"type": "tnt", "pos": [15.5, 20.0, 15.5], "fuse": 10}])
    bulk, cells = _both(lambda: load_scene_text(text), monkeypatch)
    world = _world(bulk.world)
    assert world == _world(cells.world)
    assert len(world["ticking"]) > 20 and (-2, 2, -2) in world["sections"]
    assert _trace(bulk) == _trace(cells)
