"""Tickscope's engine: a tick-exact Minecraft Java Edition 1.16.5 entity-motion simulator (docs/architecture.md).

This package is the engine's public surface: the viewer and the CLI import from `engine` and from nothing below
it (tested). Each name is imported on first use, so `import engine` costs nothing until a name is read (the
viewer's launch time); a scene is loaded with `load_scene`, run by `Simulation.tick`, and read through the trace
types and the queries below.
"""

from __future__ import annotations

from importlib import import_module

# public name → (module, attribute in it; None: the module itself)
_SURFACE: dict[str, tuple[str, str | None]] = {
    # scenes: load, check, write
    "load_scene": ("engine.tick.scene", "load_scene"),
    "WorldBox": ("engine.tick.scene", "WorldBox"),               # a world folder's box: --from, --to
    "SceneError": ("engine.tick.scene_checks", "SceneError"),
    "one_line": ("engine.tick.scene_checks", "one_line"),
    "write_scene": ("engine.tick.scene_writer", "write_scene"),
    "scene_document": ("engine.tick.scene_writer", "scene_document"),
    "scene_toml": ("engine.tick.scene_writer", "scene_toml"),
    "SceneWriteError": ("engine.tick.scene_writer", "SceneWriteError"),
    "ENTITY_TYPES": ("engine.tick.registry", "ENTITY_TYPES"),
    "missing_type": ("engine.tick.registry", "missing_type"),     # a type the release lacks (the Add palette)
    "load_action": ("engine.tick.scene", "load_action"),            # one [[actions]] entry (the Actions panel)
    "ACTION_KEYS": ("engine.tick.actions", "ACTION_KEYS"),
    "is_usable": ("engine.redstone.registry", "is_usable"),        # a player's `use` does something to the block
    "USABLE_BLOCKS": ("engine.redstone.registry", "USABLE"),       # the usable blocks, in words
    "Bookmark": ("engine.tick.bookmarks", "Bookmark"),             # a scene's [[bookmarks]]: notes at ticks
    # the run
    "Simulation": ("engine.tick.simulation", "Simulation"),
    "Snapshot": ("engine.tick.simulation", "Snapshot"),
    "ScheduledAction": ("engine.tick.simulation", "ScheduledAction"),
    "PHASES": ("engine.tick.simulation", "PHASES"),                  # a server tick's phases, in order
    "SimulationLimit": ("engine.core.limits", "SimulationLimit"),
    "jit": ("engine.jit", None),                     # compiled stages: the cache warm-up, the cold-cache notice
    "parse_setting": ("engine.tick.input_limits", "parse_setting"),   # --limit NAME=N
    "set_limits": ("engine.tick.input_limits", "set_limits"),
    "versions": ("engine.core.versions", None),     # the version table: releases × mechanics
    # the trace
    "TickRecord": ("engine.core.trace", "TickRecord"),
    "PhaseRecord": ("engine.core.trace", "PhaseRecord"),
    "EntityTick": ("engine.core.trace", "EntityTick"),
    "Stage": ("engine.core.trace", "Stage"),
    "state_dict": ("engine.core.trace", "state_dict"),
    # geometry and blocks
    "BlockPos": ("engine.geometry.box", "BlockPos"),
    "Box": ("engine.geometry.box", "Box"),
    "Vec3": ("engine.geometry.box", "Vec3"),
    "blocks": ("engine.world.blocks", None),
    "BlockStateError": ("engine.world.blocks", "BlockStateError"),
    "parse_block_state": ("engine.world.blocks", "parse_block_state"),
    "MIN_Y": ("engine.world.world", "MIN_Y"),                 # the build range
    "MAX_Y": ("engine.world.world", "MAX_Y"),
    # queries: the block a ray picks, the moving blocks (B36) and their directions
    "raycast_blocks": ("engine.motion.raycast", "raycast_blocks"),
    "PistonBlockEntity": ("engine.influences.piston_block_entity", "PistonBlockEntity"),
    "BY_NAME": ("engine.influences.piston_block_entity", "BY_NAME"),
    # redstone: the scheduled block ticks still to run (the viewer's clocks), a button's outline box, which blocks a
    # neighbour update can change
    "pending_block_ticks": ("engine.redstone.scheduler", "pending_block_ticks"),
    "PendingTick": ("engine.redstone.scheduler", "PendingTick"),
    "button_outline_box": ("engine.redstone.switches", "outline_box"),
    "reacts_to_neighbor_update": ("engine.redstone.components", "reacts_to_neighbor_update"),
    # living entities and a player's keys
    "LivingEntity": ("engine.living.living_entity", "LivingEntity"),
    "PlayerEntity": ("engine.living.player", "PlayerEntity"),
    "PlayerInput": ("engine.living.player_input", "PlayerInput"),
    "KEYS": ("engine.living.player_input", "KEYS"),
    "EFFECTS": ("engine.living.effects", "EFFECTS"),                 # what a living entity's editor offers
    "EffectInstance": ("engine.living.effects", "EffectInstance"),
    "ATTRIBUTES": ("engine.living.attributes", "ATTRIBUTES"),
    "attribute_missing_in": ("engine.living.attributes", "missing_in"),   # an attribute the release lacks
    "attribute_release_id": ("engine.living.attributes", "release_id"),   # its id in a release (1.21.2: no generic.)
    "EQUIPMENT_SLOTS": ("engine.living.living_entity", "EQUIPMENT_SLOTS"),
    "ENCHANTMENTS": ("engine.tick.scene_living", "ENCHANTMENTS"),
    "MobEntity": ("engine.living.mob", "MobEntity"),
    # schematics
    "SCHEMATIC_SUFFIXES": ("engine.schematics", "SCHEMATIC_SUFFIXES"),
    "is_schematic": ("engine.schematics", "is_schematic"),
    "export": ("engine.schematics", "export"),
    "SchematicError": ("engine.schematics.nbt_io", "SchematicError"),
    # analysis: closed forms, sweeps, version diffs, and the CLI's commands
    "formulas": ("engine.analysis.formulas", None),
    "FormulaOverlay": ("engine.analysis.formulas", "Overlay"),
    "run_sweep": ("engine.analysis.sweep", "run_sweep"),
    "sweep": ("engine.analysis.sweep", "sweep"),
    "solve": ("engine.analysis.solve", "solve"),
    "PathError": ("engine.analysis.paths", "PathError"),
    "VersionGhost": ("engine.analysis.diff", "VersionGhost"),
    "first_difference": ("engine.analysis.diff", "first_difference"),
    "run_ghost": ("engine.analysis.diff", "run_ghost"),
    "load_in_version": ("engine.analysis.diff", "load_in_version"),   # a scene document run in another release
    "analysis_commands": ("engine.analysis.commands", None),
    "entity_table": ("engine.analysis.entity_table", None),      # the per-tick entity logger and its CSV
    "logged_state": ("engine.analysis.entity_table", "logged_state"),
    # command-line numbers and output files: one checked parser, atomic writes
    "arguments": ("engine.analysis.arguments", None),
    "ArgumentError": ("engine.analysis.arguments", "ArgumentError"),
    "byte_size": ("engine.analysis.arguments", "byte_size"),
    "output_file": ("engine.analysis.arguments", "output_file"),
    "output_folder": ("engine.analysis.arguments", "output_folder"),
    "MAX_FRAME_SIDE": ("engine.analysis.arguments", "MAX_FRAME_SIDE"),
    "MAX_FPS": ("engine.analysis.arguments", "MAX_FPS"),
    "MIN_FPS": ("engine.analysis.arguments", "MIN_FPS"),
    "write_atomic": ("engine.core.atomic_file", "write_atomic"),
    "replaced_atomically": ("engine.core.atomic_file", "replaced_atomically"),
}

__all__ = sorted(_SURFACE)


def __getattr__(name: str) -> object:
    """A public name, imported from its module on first use and kept."""
    if name not in _SURFACE:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    module, attribute = _SURFACE[name]
    value = import_module(module) if attribute is None else getattr(import_module(module), attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
