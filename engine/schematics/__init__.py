"""Contraption files (interfaces.md): Litematica `.litematic`, structure-block `.nbt`, Sponge `.schem` and MCEdit
`.schematic` (1.12.2's numeric ids) read into the scene's release's terms and placed into a world; a simulation written
back as any of them or as a scene `.toml`."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import numpy as np

from engine.constants import BLOCK_COORDINATE_LIMIT
from engine.core.versions import DEFAULT_VERSION
from engine.geometry.box import BlockPos
from engine.influences.piston_block_entity import DIRECTIONS, PistonBlockEntity
from engine.tick.simulation import Simulation
from engine.world.world import AIR_ID, MAX_Y, MIN_Y, World

if TYPE_CHECKING:
    from engine.schematics.mapping import Export, Schematic

NBT_LEVELS_PER_RIDER = 2          # a rider is a compound in its vehicle's Passengers list
NBT_LEVELS_AROUND_ENTITIES = 4    # root, Regions, the region, its Entities list (the deepest of the formats)
# suffix → module reading/writing it
FORMATS = {".litematic": "litematic", ".nbt": "structure", ".schem": "sponge", ".schematic": "mcedit"}
SCHEMATIC_SUFFIXES = tuple(FORMATS)
EXPORT_SUFFIXES = (*FORMATS, ".toml")


def is_schematic(path: str | Path) -> bool:
    return Path(path).suffix.lower() in FORMATS


def __getattr__(name: str) -> Any:
    """`Schematic` and `SchematicError` from their modules on first use: they bring nbtlib, and scenes without a
    schematic never need them (start-up time)."""
    if name in ("Schematic", "SchematicError"):
        return getattr(import_module("engine.schematics.mapping"), name)
    raise AttributeError(f"module 'engine.schematics' has no attribute {name!r}")


def _format(suffix: str) -> ModuleType | None:
    """The module of the format `suffix` names, imported on first use (start-up time: most launches open a scene)."""
    return import_module(f"engine.schematics.{FORMATS[suffix]}") if suffix in FORMATS else None


def read_schematic(path: str | Path, allow_unmapped: bool = False, release: str = DEFAULT_VERSION) -> Schematic:
    """Read a schematic by its suffix into the block names and states of `release` (a scene's version); any damage
    or unmapped content raises one `SchematicError` line."""
    from engine.schematics.mapping import for_release
    from engine.schematics.nbt_io import SchematicError

    path = Path(path)
    module = _format(path.suffix.lower())
    if module is None:
        raise SchematicError(f"{path}: unknown schematic type (expected {', '.join(SCHEMATIC_SUFFIXES)})")
    with for_release(release):
        return module.read(path, allow_unmapped)


def block_span(schem: Schematic) -> tuple[BlockPos, BlockPos] | None:
    """The lowest and highest x, y, z of the schematic's blocks (air left out), all regions together; None if it
    holds none."""
    lo, hi = [2**63] * 3, [-(2**63)] * 3
    for region in schem.regions:
        if not region.ids.size or not region.ids.any():
            continue
        for axis, others in ((0, (0, 1)), (1, (1, 2)), (2, (0, 2))):    # x, y, z of a [y, z, x] grid
            used = np.flatnonzero(region.ids.any(axis=others))
            lo[axis] = min(lo[axis], region.corner[axis] + int(used[0]))
            hi[axis] = max(hi[axis], region.corner[axis] + int(used[-1]))
    return None if hi[0] < lo[0] else ((lo[0], lo[1], lo[2]), (hi[0], hi[1], hi[2]))


def place_blocks(world: World, schem: Schematic, at: BlockPos) -> None:
    """The schematic's blocks (air leaves a cell as it is), dispenser contents, pending block ticks and moving
    pistons at `at`.
    Raises ValueError naming the whole span when a block would leave the build range 0..255 or the world's
    -30,000,000..29,999,999 in x or z (World.isValid; nothing is placed then)."""
    span = block_span(schem)
    if span is not None:
        lo, hi = (tuple(a + c for a, c in zip(at, corner, strict=True)) for corner in span)
        if lo[1] < MIN_Y or hi[1] > MAX_Y:
            raise ValueError(f"its blocks reach y {lo[1]}..{hi[1]} ({hi[1] - lo[1] + 1} blocks), outside the 1.16.5 "
                             f"build range {MIN_Y}..{MAX_Y}")
        for axis in (0, 2):
            if lo[axis] < -BLOCK_COORDINATE_LIMIT or hi[axis] >= BLOCK_COORDINATE_LIMIT:
                raise ValueError(f"its blocks reach {'xyz'[axis]} {lo[axis]}..{hi[axis]}, outside the world "
                                 f"(-{BLOCK_COORDINATE_LIMIT}..{BLOCK_COORDINATE_LIMIT - 1})")
    for region in schem.regions:
        world.place_block_ids(at[0] + region.corner[0], at[1] + region.corner[1], at[2] + region.corner[2],
                              region.ids)
    for (x, y, z), items in schem.containers.items():
        world.containers[(x + at[0], y + at[1], z + at[2])] = items
    for (x, y, z), block, delay, priority in schem.scheduled:   # in the order saved, from the world's time now
        world.block_ticks.schedule(world.game_time, (x + at[0], y + at[1], z + at[2]), block, delay, priority)
    for m in schem.moving:
        pos = (m.pos[0] + at[0], m.pos[1] + at[1], m.pos[2] + at[2])
        if world.get_block_state(*pos).block != "moving_piston":
            continue
        be = PistonBlockEntity(pos, m.pushed, DIRECTIONS[m.facing], m.extending, m.source)
        be.progress = be.last_progress = m.progress
        world.block_entities.set(be)


def export_of(sim: Simulation) -> Export:
    """The simulation's blocks (their bounding box, spelled as 1.16.5's data version has them: `written_ids`), root
    entities and kept block entities, as written."""
    from engine.schematics.mapping import MAX_VOLUME, Export, SchematicError, block_entity_tags, written_ids
    from engine.schematics.nbt_io import MAX_NBT_DEPTH

    roots = [e for e in sim.entities if e.vehicle is None]
    depth = _rider_depth(roots)
    if NBT_LEVELS_PER_RIDER * depth + NBT_LEVELS_AROUND_ENTITIES > MAX_NBT_DEPTH:
        raise SchematicError(f"a chain of {depth} riders nests deeper than Minecraft reads NBT ({MAX_NBT_DEPTH} "
                             f"levels; at most {(MAX_NBT_DEPTH - NBT_LEVELS_AROUND_ENTITIES) // 2} riders deep); "
                             "export it as .toml")
    lo, hi = [2**31] * 3, [-(2**31)] * 3
    cells = list(sim.world.sections())
    for key, sec in cells:
        filled = sec != AIR_ID
        for axis, others in enumerate(((0, 1), (1, 2), (0, 2))):   # x, y, z of a [y, z, x] section
            used = np.flatnonzero(filled.any(axis=others))
            lo[axis] = min(lo[axis], key[axis] * 16 + int(used[0]))
            hi[axis] = max(hi[axis], key[axis] * 16 + int(used[-1]) + 1)
    if not cells:
        return Export(sim.name or "scene", (0, 0, 0), np.zeros((1, 1, 1), dtype=np.uint16), roots, {}, sim.version)
    size = [hi[i] - lo[i] for i in range(3)]
    if size[0] * size[1] * size[2] > MAX_VOLUME:
        raise SchematicError(f"the blocks span {size} ({size[0] * size[1] * size[2]:,} cells), more than a "
                             f"schematic is written with ({MAX_VOLUME:,})")
    grid = np.zeros((size[1], size[2], size[0]), dtype=np.uint16)
    for (sx, sy, sz), sec in cells:
        x, y, z = sx * 16 - lo[0], sy * 16 - lo[1], sz * 16 - lo[2]
        gy, gz, gx = slice(max(y, 0), min(y + 16, size[1])), slice(max(z, 0), min(z + 16, size[2])), \
            slice(max(x, 0), min(x + 16, size[0]))
        grid[gy, gz, gx] = sec[gy.start - y:gy.stop - y, gz.start - z:gz.stop - z, gx.start - x:gx.stop - x]
    return Export(sim.name or "scene", (lo[0], lo[1], lo[2]), written_ids(grid, sim.version), roots,
                  block_entity_tags(sim.world, sim.version), sim.version)


def _rider_depth(roots: list[Any]) -> int:
    """How many riders deep the deepest `Passengers` chain goes (counted without recursion)."""
    deepest, stack = 0, [(e, 0) for e in roots]
    while stack:
        e, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((p, depth + 1) for p in e.passengers)
    return deepest


def export(sim: Simulation, path: str | Path) -> None:
    """Write `sim` as the format its suffix names (.litematic, .nbt, .schem, .schematic or a scene .toml)."""
    from engine.schematics.nbt_io import SchematicError

    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".toml":
        from engine.tick.scene_writer import write_scene  # on first use: start-up time (tomli_w)
        write_scene(sim, path)
        return
    module = _format(suffix)
    if module is None:
        raise SchematicError(f"{path}: cannot export to {suffix or 'a file without a suffix'} "
                             f"(expected {', '.join(EXPORT_SUFFIXES)})")
    from engine.schematics.nbt_io import nbt_recursion

    try:
        with nbt_recursion():    # riders nest: up to Minecraft's 512 levels
            module.write(path, export_of(sim))
    except SchematicError as err:
        raise SchematicError(f"{path}: {err}") from None


__all__ = ["EXPORT_SUFFIXES", "SCHEMATIC_SUFFIXES", "Schematic", "SchematicError", "block_span", "export",
           "is_schematic", "place_blocks", "read_schematic"]
