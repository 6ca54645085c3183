"""`[[blocks]]` boxes are written together, by section (World.fill_boxes, World.place_block_ids where block entities
are involved): the same world and trace as placing every cell with `set_block_state` in the loader's x, y, z order,
over every bundled scene, overlapping boxes, and boxes that overlap block entities."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.tick.scene import load_scene, load_scene_text
from engine.tick.simulation import Simulation
from engine.world import blocks
from engine.world.world import World
from tests.conftest import SCENES_DIR, scene_toml

SCENES = sorted(SCENES_DIR.glob("*.toml"))
TICKS = 60


def _cell_by_cell(world: World, boxes: list[tuple[tuple[int, int, int], tuple[int, int, int], int]]) -> None:
    """The loader before bulk writes: one `set_block_state` per cell of each box in turn, x slowest, z fastest."""
    for (x0, y0, z0), (x1, y1, z1), state_id in boxes:
        for x in range(x0, x1 + 1):
            for y in range(y0, y1 + 1):
                for z in range(z0, z1 + 1):
                    world.set_block_state(x, y, z, blocks.state_by_id(state_id))


def _world(world: World) -> dict[str, Any]:
    """Everything a scene's blocks leave in the world: section arrays and counters, block entities in order."""
    bes = world.block_entities
    return {"sections": {k: bytes(v) for k, v in world._sections.items()}, "counts": world._counts,
            "kinds": world._kind_counts, "containers": world.containers,
            "versions": world._versions, "block_version": world.block_version,
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
        m.setattr(World, "fill_boxes", _cell_by_cell)
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


def test_overlapping_boxes_without_block_entities(monkeypatch: pytest.MonkeyPatch) -> None:
    """Boxes written in one pass per section: later boxes over earlier ones (stone, water, glass, air, the same
    block again), single cells, boxes across many sections and of air over empty space give the same cells and
    counters (a cell rewritten counts again; one left as it was does not)."""
    text = scene_toml(blocks=[
        {"from": [-20, 0, -20], "to": [20, 3, 20], "block": "minecraft:stone"},
        {"from": [-5, 2, -5], "to": [30, 18, 5], "block": "minecraft:water"},
        {"from": [0, 0, 0], "to": [3, 3, 3], "block": "minecraft:stone"},
        {"at": [1, 1, 1], "block": "minecraft:glass"},
        {"from": [10, 17, 10], "to": [-10, 1, -10], "block": "minecraft:air"},
        {"from": [40, 60, 40], "to": [47, 62, 49], "block": "minecraft:air"},
        {"from": [15, 16, 15], "to": [16, 17, 16], "block": "minecraft:soul_sand"},
        {"at": [15, 16, 15], "block": "minecraft:soul_sand"},
        {"from": [-3, 4, -3], "to": [3, 4, 3], "block": "minecraft:oak_slab[type=top]"},
    ], entities=[{"type": "tnt", "pos": [0.5, 20.0, 0.5], "fuse": 30}])
    bulk, cells = _both(lambda: load_scene_text(text), monkeypatch)
    world = _world(bulk.world)
    assert world == _world(cells.world)
    assert (2, 3, 3) in world["sections"] and world["kinds"][(0, 0, 0)][0] > 0   # the air box's sections; water
    assert _trace(bulk) == _trace(cells)
