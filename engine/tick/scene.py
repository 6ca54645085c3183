"""Scene files (TOML, interfaces.md): load into a ready `Simulation`, or fail with one `SceneError` line
naming the file, the key and what was expected. Nothing half-loaded ever escapes."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import rtoml  # a compiled TOML parser: a scene of 4,000 tables in a third of tomli's time
import tomli  # the standard library's parser, compiled: its errors name the line and column

from engine.constants import BORDER_MAX_RADIUS, BORDER_MAX_SIZE, MINECART_EXP_MAX_SPEED_RULE_RANGE
from engine.core.limits import MAX_EXPLOSION_POWER
from engine.core.unknown_random import UnknownRandom
from engine.core.versions import DEFAULT_VERSION, experiment_refusal, features_for
from engine.entities import fishing_bobber, leash_knot
from engine.entities.boat import Boat
from engine.entities.end_crystal import EndCrystal
from engine.entities.entity import Entity
from engine.entities.falling_block import from_block as falling_block_from_block
from engine.entities.fireball import EXPLOSIVE_TYPES, ExplosiveProjectile, launch
from engine.entities.minecart import AbstractMinecart
from engine.entities.minecart_experimental import EXPERIMENT
from engine.entities.projectile import PICKUP_RULES, Projectile
from engine.entities.tnt import prime_tnt
from engine.geometry.box import ZERO, BlockPos, Box, Vec3
from engine.influences import block_explosions as bx
from engine.influences import dispenser, leash, piston
from engine.java.javanum import INT_MAX, INT_MIN, f32
from engine.java.jrandom import JavaRandom
from engine.living.living_entity import LivingEntity
from engine.living.mobs import MobEntity
from engine.living.player import throw_from_player
from engine.redstone.registry import USABLE, is_usable
from engine.schematics import is_schematic
from engine.tick import actions, saved_state
from engine.tick.bookmarks import load_bookmark
from engine.tick.input_limits import LIMITS, LimitError, check, checked_value, exceeded, limit, raised, regular_file
from engine.tick.registry import ENTITY_TYPES, missing_type
from engine.tick.scene_checks import SceneContext, SceneError
from engine.tick.scene_living import (
    LIVING_ENTITY_KEYS,
    PLAYER_KEYS,
    check_navigation,
    load_goal,
    load_input,
    load_living,
    load_summon_tnt_at,
)
from engine.tick.simulation import PHASES, ScheduledAction, Simulation
from engine.world.block_entities import SHULKER_BOXES
from engine.world.block_physics import is_bed, is_fence
from engine.world.border import WorldBorder
from engine.world.dimensions import DIMENSIONS
from engine.world.world import MAX_Y, MIN_Y, World, blocks

if TYPE_CHECKING:
    from engine.schematics.mapping import Schematic

MAX_BLOCKS_PER_ENTRY = 4_000_000
MAX_ENTITY_COUNT = 1_000_000
CONTAINERS = ("dispenser", "dropper")
CONTAINER_SLOTS = 9
MAX_STACK = 64
RANDOM_STATE_MAX = 2**48 - 1   # java.util.Random keeps a 48-bit state
COMMON_ENTITY_KEYS = {"type", "pos", "motion", "id", "no_gravity", "on_ground", "fall_distance", "yaw", "pitch",
                      "vehicle", "count", "random", "box", "first_update", "state"}
# piston actions power or unpower the piston where redstone would (a scheduled tick: a repeater, an observer);
# the block event then runs in the same tick's block-event phase (spec 04 §8.1)
# a dispenser fires in its scheduled tick (DispenserBlock.scheduledTick → dispense)
# a player opens or closes a shulker box in the player phase; its block event runs in the next tick (spec 04 §9)
ACTION_DEFAULT_PHASE = {"set_block": "scheduled_ticks", "remove_block": "scheduled_ticks",
                        "prime_tnt": "scheduled_ticks", "piston_extend": "scheduled_ticks",
                        "piston_retract": "scheduled_ticks", "dispense": "scheduled_ticks",
                        "shulker_open": "players", "shulker_close": "players", "reel": "players",
                        "use": "players"}
JAVA_INT = (INT_MIN, INT_MAX)
ENTITY_ID = (1, INT_MAX)            # ids the scene may give: positive Java ints
# entity fields whose Java type is narrower than int: the NBT tag that sets them (docs/fidelity.md, reliability)
FIELD_RANGES = {"pierce_level": (-128, 127),          # PersistentProjectileEntity "PierceLevel": a byte
                "value": (-32768, 32767),             # ExperienceOrbEntity "Value": a short
                "explosion_power": (0, MAX_EXPLOSION_POWER),   # see engine/core/limits.py
                # ShulkerEntity "Peek" is a byte the AI sets to 0, 30 or 100 (ShulkerPeekGoal, the close and
                # attack goals); the lid's model and box are made for 0..100
                "peek": (0, 100),
                "explosions": (0, JAVA_INT[1]),     # FireworkRocketEntity: the item's Fireworks.Explosions count
                "stack_count": (1, MAX_STACK)}      # ItemEntity's stack: 1 up to its item's maxCount (checked after)


class WorldBox(NamedTuple):
    """The box of a world folder that `tickscope WORLD --from X,Y,Z --to X,Y,Z [--dimension D]` opens."""

    lo: BlockPos                      # the inclusive corners, world coordinates
    hi: BlockPos
    dimension: str = "overworld"


def load_scene(path: str | Path, allow_unmapped: bool = False,
               region: WorldBox | tuple[Any, ...] | None = None, version: str | None = None) -> Simulation:
    """Read and load a scene file, or a schematic (.litematic, .nbt, .schem, .schematic) as a scene that places it at
    the origin, its entities included (`allow_unmapped`: load it without what has no 1.16.5 equivalent), or the box
    `region` (`WorldBox` or its fields as a tuple) of a world folder as a scene that places it where it lies in
    the world (in the nether, an ultrawarm world as the nether is). `version` (`--version`) is the release a
    schematic or world folder runs in, read into that release's block names (default 1.16.5); given with a scene
    file, it replaces the scene's `version`."""
    path = Path(path)
    release = {} if version is None else {"version": version}
    if region is not None or path.is_dir():
        return _load_world_box(path, None if region is None else WorldBox(*region), allow_unmapped, release)
    if is_schematic(path):
        return load_scene_doc(schematic_doc(path, allow_unmapped) | {"scene": {"name": path.stem} | release},
                              str(path))
    why = regular_file(path)
    if why:
        raise SceneError(f"{path}: cannot read: {why}")
    try:
        with path.open("rb") as f:
            raw = f.read(limit("scene_bytes") + 1)
        check("scene_bytes", len(raw), "bytes of the scene file (at least)")
        text = raw.decode("utf-8")
    except OSError as err:
        raise SceneError(f"{path}: cannot read: {err.strerror}") from None
    except UnicodeDecodeError as err:
        raise SceneError(f"{path}: not UTF-8 text (byte {err.start}: {err.reason})") from None
    except LimitError as err:
        raise SceneError(f"{path}: {err}") from None
    return load_scene_text(text, str(path), version)


def schematic_doc(path: Path, allow_unmapped: bool = False) -> dict[str, Any]:
    """The scene of a schematic opened by itself: the file placed at the origin, its entities included."""
    return {"scene": {"name": path.stem}, "schematics": [{"file": path.name, "allow_unmapped": allow_unmapped}]}


def _load_world_box(path: Path, region: WorldBox | None, allow_unmapped: bool, release: dict[str, str]
                    ) -> Simulation:
    """A world folder opened by itself (`tickscope trace WORLD --from X,Y,Z --to X,Y,Z`): one `[[regions]]`."""
    if region is None:
        raise SceneError(f"{path}: a folder; a world folder opens with --from X,Y,Z --to X,Y,Z (the box to load)")
    from engine.schematics.anvil import ULTRAWARM_DIMENSIONS

    lo, hi, dimension = region
    name = dimension.removeprefix("minecraft:")
    head = {"name": path.name, "ultrawarm": name in ULTRAWARM_DIMENSIONS} | release
    if name in DIMENSIONS:   # its height by release (engine.world.dimensions); another name is refused below
        head["dimension"] = name
    doc = {"scene": head,
           "regions": [{"world": path.name, "from": list(lo), "to": list(hi), "dimension": dimension,
                        "allow_unmapped": allow_unmapped}]}
    return load_scene_doc(doc, str(path))


def load_scene_text(text: str, source: str = "<scene>", version: str | None = None) -> Simulation:
    """Parse TOML text (`source` names it in errors) into a `Simulation` at tick 0 (`version`: in this release,
    whatever the scene's `version` says)."""
    try:
        doc = rtoml.loads(text)
    except rtoml.TomlParsingError:  # tomli says why (or reads what rtoml refuses: arrays nested over 80 deep)
        try:
            doc = tomli.loads(text)
        except tomli.TOMLDecodeError as err:
            raise SceneError(f"{source}: not valid TOML: {err}") from None
        except RecursionError:
            raise SceneError(f"{source}: not valid TOML: nested too deeply") from None
    if version is not None:
        head = doc.setdefault("scene", {})
        if isinstance(head, dict):   # another type is refused as the scene's own mistake
            head["version"] = version
    return load_scene_doc(doc, source)


def load_scene_doc(doc: dict[str, Any], source: str = "<scene>") -> Simulation:
    """Build a `Simulation` at tick 0 from a parsed TOML document (sweeps edit one copy per run)."""
    ctx = SceneContext(source)
    ctx.keys(doc, "(top level)", {"scene", "blocks", "schematics", "regions", "entities", "spawns", "actions",
                                  "inputs", "block_entities", "block_events", "redstone", "limits", "bookmarks"})
    values = _load_limits(ctx, doc.get("limits", {}))
    with raised(values):
        try:
            sim = _load_scene_doc(ctx, doc, source)
        except LimitError as err:
            raise SceneError(f"{source}: {err}") from None
    sim.input_limits = values
    return sim


def _load_limits(ctx: SceneContext, value: Any) -> dict[str, int]:
    """`[limits]`: input limits raised (or lowered) while this scene loads (engine/tick/input_limits.py)."""
    table = ctx.table(value, "limits")
    ctx.keys(table, "limits", set(LIMITS))
    values = {}
    for name, v in table.items():
        try:
            values[name] = checked_value(v)
        except ValueError as err:
            raise ctx.fail(f"limits.{name}", str(err)) from None
    return values


def _load_scene_doc(ctx: SceneContext, doc: dict[str, Any], source: str) -> Simulation:
    head = ctx.table(doc.get("scene", {}), "scene")
    ctx.keys(head, "scene", {"name", "version", "seed", "description", "border", "ultrawarm", "dimension",
                             "random", "next_entity_id", "game_time", "experiments", "math_random_seed",
                             "math_random", "scatter_random", "server_ticks", "minecart_max_speed",
                             "entity_section_order"})
    version = ctx.string(head.get("version", DEFAULT_VERSION), "scene.version")
    try:
        features_for(version)
    except ValueError as err:
        raise ctx.fail("scene.version", str(err)) from None
    experiments = head.get("experiments", [])
    if not isinstance(experiments, list):
        raise ctx.fail("scene.experiments", f"expected a list of experiment names, got {experiments!r}")
    for i, name in enumerate(experiments):
        why = experiment_refusal(ctx.string(name, f"scene.experiments[{i}]"), version)
        if why is not None:
            raise ctx.fail(f"scene.experiments[{i}]", why)
    ctx.release = version
    seed = ctx.integer(head.get("seed", 0), "scene.seed", -(2**63), 2**63 - 1)
    border = WorldBorder()
    if "border" in head:
        b = ctx.table(head["border"], "scene.border")
        ctx.keys(b, "scene.border", {"center", "size"})
        center = b.get("center", [0.0, 0.0])
        if not isinstance(center, list) or len(center) != 2:
            raise ctx.fail("scene.border.center", f"expected [x, z], got {center!r}")
        size = ctx.number(b.get("size", border.size), "scene.border.size")
        if not 0.0 < size <= BORDER_MAX_SIZE:   # WorldBorderCommand's limit
            raise ctx.fail("scene.border.size", f"expected a number in (0, {BORDER_MAX_SIZE:.0f}], got {size}")
        cx, cz = (ctx.number(c, f"scene.border.center[{i}]") for i, c in enumerate(center))
        for i, c in enumerate((cx, cz)):
            if not abs(c) <= BORDER_MAX_RADIUS:   # `/worldborder center` refuses more; NaN fails too
                raise ctx.fail(f"scene.border.center[{i}]", f"expected a number in -{BORDER_MAX_RADIUS}.."
                                                            f"{BORDER_MAX_RADIUS}, got {c}")
        border = WorldBorder(cx, cz, size)
    ultrawarm = ctx.boolean(head.get("ultrawarm", head.get("dimension") == "the_nether"), "scene.ultrawarm")
    dimension = ctx.string(head.get("dimension", "the_nether" if ultrawarm else "overworld"), "scene.dimension")
    if dimension not in DIMENSIONS:
        raise ctx.fail("scene.dimension", f"expected one of {', '.join(DIMENSIONS)}, got {dimension!r}")
    world = World(border, ultrawarm, dimension)
    world.experiments = frozenset(experiments)
    if "minecart_max_speed" in head:   # GameRules.MINECART_MAX_SPEED: an integer rule of the experiment alone
        if EXPERIMENT not in world.experiments:
            raise ctx.fail("scene.minecart_max_speed", f"the minecartMaxSpeed game rule needs experiments = "
                                                       f"[\"{EXPERIMENT}\"] (the game has it only with it)")
        world.minecart_max_speed = ctx.integer(head["minecart_max_speed"], "scene.minecart_max_speed",
                                               *MINECART_EXP_MAX_SPEED_RULE_RANGE)
    sim = Simulation(world, seed, version, ctx.string(head.get("name", Path(source).stem), "scene.name"))
    sim.math_random_seed = ctx.integer(head.get("math_random_seed", 0), "scene.math_random_seed", -(2**63), 2**63 - 1)
    sim.math_random = JavaRandom(sim.math_random_seed)
    boxes, cells = [], 0
    for i, entry in enumerate(_array(ctx, doc, "blocks")):
        boxes.append(_load_blocks(ctx, world, ctx.table(entry, f"blocks[{i}]"), f"blocks[{i}]"))
        cells += math.prod(boxes[-1][1][k] - boxes[-1][0][k] + 1 for k in range(3))
        if cells > limit("cells"):   # all the boxes together, before any is filled
            raise ctx.fail(f"blocks[{i}]", str(exceeded("cells", cells, "cells of the scene's [[blocks]] together")))
    world.fill_boxes(boxes)
    placed = [_place_schematic(ctx, sim, ctx.table(entry, f"schematics[{i}]"), f"schematics[{i}]")
              for i, entry in enumerate(_array(ctx, doc, "schematics"))]
    placed += [_place_region(ctx, sim, ctx.table(entry, f"regions[{i}]"), f"regions[{i}]")
               for i, entry in enumerate(_array(ctx, doc, "regions"))]
    # what a scene saved mid-run holds of the world (engine.tick.saved_state)
    saved_state.load_block_entities(ctx, world, _array(ctx, doc, "block_entities"))
    saved_state.load_block_events(ctx, world, _array(ctx, doc, "block_events"))
    if "redstone" in doc:
        saved_state.load_redstone(ctx, world, doc["redstone"])
    loading = 0
    for i, entry in enumerate(_array(ctx, doc, "entities")):
        entry = ctx.table(entry, f"entities[{i}]")
        count = ctx.integer(entry.get("count", 1), f"entities[{i}].count", 1, MAX_ENTITY_COUNT)
        loading += count
        if loading > limit("entities"):   # before any of them is made
            raise ctx.fail(f"entities[{i}].count", str(exceeded("entities", loading)))
        for k in range(count):
            sim.add_entity(_load_entity(ctx, sim, entry, f"entities[{i}]", k))
    for key, schem, at in placed:
        loading += len(schem.entities)
        if loading > limit("entities"):
            raise ctx.fail(key, str(exceeded("entities", loading)))
        _load_schematic_entities(ctx, sim, schem, at, key)
    for mob, holder_id, key in ctx.leashes:
        if holder_id == mob.id or sim.entity_by_id(holder_id) is None:
            raise ctx.fail(f"{key}.leash.holder", f"no other entity with id {holder_id} in the scene")
        leash.attach(mob, sim.entity_by_id(holder_id))
    for key, owner in ctx.owners:
        if owner and sim.entity_by_id(owner) is None:
            raise ctx.fail(key, f"no entity with id {owner} in the scene (0 for none)")
    for i, entry in enumerate(_array(ctx, doc, "spawns")):
        _load_spawn(ctx, sim, ctx.table(entry, f"spawns[{i}]"), f"spawns[{i}]")
    for i, entry in enumerate(_array(ctx, doc, "actions")):
        sim.actions.append(_scheduled_action(ctx, sim, entry, f"actions[{i}]"))
    for i, entry in enumerate(_array(ctx, doc, "inputs")):
        load_input(ctx, sim, ctx.table(entry, f"inputs[{i}]"), f"inputs[{i}]")
    sim.bookmarks = sorted((load_bookmark(ctx, entry, f"bookmarks[{i}]")
                            for i, entry in enumerate(_array(ctx, doc, "bookmarks"))), key=lambda b: b.tick)
    _load_saved_counters(ctx, sim, head)
    for e, table, key in ctx.states:
        saved_state.apply_state(ctx, e, table, key, sim.entity_by_id)
    return sim


def load_action(sim: Simulation, entry: dict[str, Any], source: str, key: str = "action") -> ScheduledAction:
    """One `[[actions]]` entry, checked against `sim`'s blocks and entities as it is now, as the loader checks a
    scene's (the viewer's Actions panel adds and edits actions with it); a `SceneError` names `source` and `key`."""
    return _scheduled_action(SceneContext(source), sim, entry, key)


def _scheduled_action(ctx: SceneContext, sim: Simulation, entry: Any, key: str) -> ScheduledAction:
    if isinstance(entry, dict) and entry.get("do") == "summon_tnt_at":
        return load_summon_tnt_at(ctx, sim, entry, key)
    return _load_action(ctx, sim.world, ctx.table(entry, key), key)


def _load_saved_counters(ctx: SceneContext, sim: Simulation, head: dict[str, Any]) -> None:
    """What a scene saved mid-run carries (engine.tick.scene_writer): the world Random's state once the scene is
    loaded, and the next entity id when entities with higher ids were removed before the save."""
    if "random" in head:
        sim.random = _load_random(ctx, sim.random, head["random"], "scene.random")
    if "math_random" in head:
        sim.math_random = _load_random(ctx, sim.math_random, head["math_random"], "scene.math_random")
    if "scatter_random" in head:
        sim.scatter_random = _load_random(ctx, sim.scatter_random, head["scatter_random"], "scene.scatter_random")
    if "next_entity_id" in head:
        sim.next_entity_id = ctx.integer(head["next_entity_id"], "scene.next_entity_id", sim.next_entity_id,
                                         2**31 - 1)
    if "game_time" in head:   # the world's clock when the scene was saved: tick 1 of the loaded run is the next
        sim.time_offset = ctx.integer(head["game_time"], "scene.game_time", 0, 2**62)
        sim.world.game_time = sim.time_offset
    if "server_ticks" in head:   # MinecraftServer.ticks (an int) before tick 1, which counts it up first
        sim.server_ticks = ctx.integer(head["server_ticks"], "scene.server_ticks", 0, 2**31 - 1)
    if "entity_section_order" in head:   # the sections' order when saved (else: the entities' order)
        sim.world.order_sections(_section_ranks(ctx, sim, head["entity_section_order"]))


def _section_ranks(ctx: SceneContext, sim: Simulation, ids: Any) -> dict[int, int]:
    """`scene.entity_section_order`: distinct ids of the scene's entities → their place."""
    key = "scene.entity_section_order"
    if not isinstance(ids, list):
        raise ctx.fail(key, f"expected a list of entity ids, got {ids!r}")
    rank: dict[int, int] = {}
    for i, value in enumerate(ids):
        entity_id = ctx.integer(value, f"{key}[{i}]", 0, 2**31 - 1)
        if sim.entity_by_id(entity_id) is None or entity_id in rank:
            raise ctx.fail(f"{key}[{i}]", f"expected the id of one of the scene's entities, listed once, got "
                                         f"{entity_id}")
        rank[entity_id] = i
    return rank


def _load_random(ctx: SceneContext, random: JavaRandom, value: Any, key: str) -> JavaRandom:
    """`{state = N, next_gaussian = X}`: a java.util.Random's 48-bit state and its cached gaussian, if any, set on
    `random`; or `{unknown = "why"}`: a Random whose state the run had lost (engine.core.unknown_random)."""
    table = ctx.table(value, key)
    if "unknown" in table:
        ctx.keys(table, key, {"unknown"}, {"unknown"})
        return UnknownRandom(ctx.string(table["unknown"], f"{key}.unknown"))
    ctx.keys(table, key, {"state", "next_gaussian"}, {"state"})
    state = ctx.integer(table["state"], f"{key}.state", 0, RANDOM_STATE_MAX)
    cached = "next_gaussian" in table
    random.set_state((state, ctx.number(table["next_gaussian"], f"{key}.next_gaussian") if cached else 0.0, cached))
    return random


def _array(ctx: SceneContext, doc: dict[str, Any], key: str) -> list[Any]:
    value = doc.get(key, [])
    if not isinstance(value, list):
        raise ctx.fail(key, f"expected an array of tables ([[{key}]])")
    return value


def _load_blocks(ctx: SceneContext, world: World, entry: dict[str, Any], key: str) -> tuple[BlockPos, BlockPos, int]:
    """One `[[blocks]]` entry: its box (minimum and maximum cell, state id), filled with the others by
    `World.fill_boxes` (a single cell as `set_block_state` places it); a dispenser's contents go in at once."""
    ctx.keys(entry, key, {"at", "from", "to", "block", "items"}, {"block"})
    state = ctx.block_state(entry["block"], f"{key}.block")
    if "at" in entry:
        if "from" in entry or "to" in entry:
            raise ctx.fail(key, "give either 'at' or 'from' and 'to', not both")
        at = ctx.block_pos(entry["at"], f"{key}.at")
        if "items" in entry:
            world.containers[at] = _load_items(ctx, state, entry["items"], f"{key}.items")
        return at, at, state.id
    if "items" in entry:
        raise ctx.fail(f"{key}.items", "contents go with a single block ('at'), not a box")
    if "from" not in entry or "to" not in entry:
        raise ctx.fail(key, "expected 'at', or 'from' and 'to'")
    a = ctx.block_pos(entry["from"], f"{key}.from")
    b = ctx.block_pos(entry["to"], f"{key}.to")
    lo = [min(a[i], b[i]) for i in range(3)]
    hi = [max(a[i], b[i]) for i in range(3)]
    if math.prod(hi[i] - lo[i] + 1 for i in range(3)) > MAX_BLOCKS_PER_ENTRY:
        raise ctx.fail(key, f"box holds more than {MAX_BLOCKS_PER_ENTRY} blocks")
    return (lo[0], lo[1], lo[2]), (hi[0], hi[1], hi[2]), state.id


def _load_items(ctx: SceneContext, state: blocks.BlockState, value: Any, key: str) -> tuple[tuple[int, str, int], ...]:
    """A dispenser's or dropper's contents: `[{slot, id, count}]` (slots 0..8)."""
    if state.block not in CONTAINERS:
        raise ctx.fail(key, f"only a dispenser or a dropper holds items, not {state.name}")
    if not isinstance(value, list):
        raise ctx.fail(key, "expected an array of { slot = 0, id = \"minecraft:tnt\", count = 64 }")
    items = []
    for j, item in enumerate(value):
        table = ctx.table(item, f"{key}[{j}]")
        ctx.keys(table, f"{key}[{j}]", {"slot", "id", "count"}, {"slot", "id"})
        name = ctx.string(table["id"], f"{key}[{j}].id")
        items.append((ctx.integer(table["slot"], f"{key}[{j}].slot", 0, CONTAINER_SLOTS - 1),
                      name if ":" in name else "minecraft:" + name,
                      ctx.integer(table.get("count", 1), f"{key}[{j}].count", 0, MAX_STACK)))
    return tuple(items)


def _place_schematic(ctx: SceneContext, sim: Simulation, entry: dict[str, Any],
                     key: str) -> tuple[str, Schematic, BlockPos]:
    """`[[schematics]]`: read the file (relative to the scene), mirror and turn it about its origin
    (engine/schematics/placement.py) and place its blocks; its entities come later. A schematic opened by itself
    is lifted (or lowered) to fit the build range, with a notice (`sim.notices`)."""
    from engine.schematics import read_schematic  # on first use: start-up time

    ctx.keys(entry, key, {"file", "at", "allow_unmapped", "rotate", "mirror"}, {"file"})
    name = ctx.string(entry["file"], f"{key}.file")
    path = Path(name) if Path(name).is_absolute() else Path(ctx.source).parent / name
    at = ctx.block_pos(entry.get("at", [0, 0, 0]), f"{key}.at", in_world=False)
    allow_unmapped = ctx.boolean(entry.get("allow_unmapped", False), f"{key}.allow_unmapped")
    read = partial(read_schematic, path, allow_unmapped, sim.features.version)
    schem, at = _place_read(ctx, sim, read, path, at, f"{key}.file", f"{key}.at", _load_placement(ctx, entry, key))
    return f"{key} ({name})", schem, at


def _place_region(ctx: SceneContext, sim: Simulation, entry: dict[str, Any],
                  key: str) -> tuple[str, Schematic, BlockPos]:
    """`[[regions]]`: the box `from`..`to` (inclusive, world coordinates) of a world folder (relative to the scene)
    read from its region files, mirrored and turned about `from` as a schematic is about its origin, and placed,
    `from` at `at` (default: where it lies in the world); its entities come later."""
    from engine.schematics.anvil import box_problem, dimension_folder, read_region  # on first use: start-up time

    ctx.keys(entry, key, {"world", "from", "to", "dimension", "at", "allow_unmapped", "rotate", "mirror"},
             {"world", "from", "to"})
    name = ctx.string(entry["world"], f"{key}.world")
    path = Path(name) if Path(name).is_absolute() else Path(ctx.source).parent / name
    lo = ctx.block_pos(entry["from"], f"{key}.from", in_world=False)
    hi = ctx.block_pos(entry["to"], f"{key}.to", in_world=False)
    dimension = ctx.string(entry.get("dimension", "overworld"), f"{key}.dimension")
    alone = ctx.source == str(path)   # opened by itself: its refusals name the command line's options
    try:
        dimension_folder(path, dimension)
    except ValueError as err:
        raise (SceneError(f"{path}: --dimension: {err}") if alone else ctx.fail(f"{key}.dimension", str(err))) from None
    at = ctx.block_pos(entry["at"], f"{key}.at", in_world=False) if "at" in entry else lo
    allow_unmapped = ctx.boolean(entry.get("allow_unmapped", False), f"{key}.allow_unmapped")
    problem = box_problem(lo, hi)
    if problem:
        raise (SceneError(f"{path}: --from {','.join(map(str, lo))} --to {','.join(map(str, hi))}: {problem}")
               if alone else ctx.fail(f"{key}.to", problem))
    read = partial(read_region, path, lo, hi, dimension, allow_unmapped, sim.features.version)
    schem, at = _place_read(ctx, sim, read, path, at, f"{key}.world", f"{key}.at", _load_placement(ctx, entry, key))
    return f"{key} ({name})", schem, at


def _place_read(ctx: SceneContext, sim: Simulation, read: Callable[[], Schematic], path: Path, at: BlockPos,
                file_key: str, at_key: str, placement: tuple[int, str] = (0, "none")) -> tuple[Schematic, BlockPos]:
    """Read a schematic (or a world's box), mirror and turn it (`placement`: rotate, mirror) and place its blocks
    at `at`; a file or world opened by itself is lifted (or lowered) to fit the build range and its refusals name
    only itself."""
    from engine.schematics import SchematicError, place_blocks
    from engine.schematics.placement import transform

    alone = ctx.source == str(path)
    try:
        schem = transform(read(), *placement)
        if schem.left_out:   # loaded without them, as asked: said in the viewer's messages and trace line 0
            sim.notices.append(f"{path.name}: {schem.left_out}")
        if alone:
            at = _fit_build_range(schem, at, path, sim.notices)
        place_blocks(sim.world, schem, at)
    except SchematicError as err:   # a schematic opened by itself names only itself
        raise (SceneError(str(err)) if alone else ctx.fail(file_key, str(err))) from None
    except ValueError as err:
        raise (SceneError(f"{path}: {err}") if alone else ctx.fail(at_key, f"{path}: {err}")) from None
    return schem, at


def _load_placement(ctx: SceneContext, entry: dict[str, Any], key: str) -> tuple[int, str]:
    """`rotate` (degrees clockwise seen from above, a multiple of 90) and `mirror` ("none", "x", "z") of a placed
    file, as `engine.schematics.placement.transform` takes them."""
    from engine.schematics.placement import MIRRORS

    rotate = ctx.integer(entry.get("rotate", 0), f"{key}.rotate", *JAVA_INT)
    if rotate % 90:
        raise ctx.fail(f"{key}.rotate", f"expected a multiple of 90 (degrees clockwise seen from above: 0, 90, 180 "
                                        f"or 270), got {rotate}")
    mirror = ctx.string(entry.get("mirror", "none"), f"{key}.mirror")
    if mirror not in MIRRORS:
        raise ctx.fail(f"{key}.mirror", f"expected one of {', '.join(repr(m) for m in MIRRORS)} (\"x\" flips x, "
                                        f"\"z\" flips z), got {mirror!r}")
    return rotate, mirror


def _fit_build_range(schem: Schematic, at: BlockPos, path: Path, notices: list[str]) -> BlockPos:
    """Where a schematic opened directly goes: its blocks moved up so the lowest is at y 0 (a Sponge `Offset` below
    the origin, a 1.18+ world's y < 0), or down so the highest is at y 255; a file taller than the range is
    refused by `place_blocks`, naming its whole span."""
    from engine.schematics import block_span

    span = block_span(schem)
    if span is None or span[1][1] - span[0][1] > MAX_Y - MIN_Y:
        return at
    low, high = span[0][1] + at[1], span[1][1] + at[1]
    shift = MIN_Y - low if low < MIN_Y else MAX_Y - high if high > MAX_Y else 0
    if shift:
        notices.append(f"{path.name}: its blocks reach y {low}..{high}, outside the build range {MIN_Y}..{MAX_Y}: "
                       f"placed {abs(shift)} blocks {'higher' if shift > 0 else 'lower'} (y {low + shift}.."
                       f"{high + shift}), its entities with them")
    return (at[0], at[1] + shift, at[2])


def _load_schematic_entities(ctx: SceneContext, sim: Simulation, schem: Schematic, at: BlockPos, key: str) -> None:
    """A schematic's entities after the scene's, in file order; riders after their vehicles."""
    made: list[Entity] = []
    for j, entry in enumerate(schem.entities):
        entry = {k: v for k, v in entry.items() if k != "rides"} | {
            "pos": [entry["pos"][0] + at[0], entry["pos"][1] + at[1], entry["pos"][2] + at[2]]}
        if "rides" in schem.entities[j]:
            entry["vehicle"] = made[schem.entities[j]["rides"]].id
        made.append(_load_entity(ctx, sim, entry, f"{key} entities[{j}]"))
        sim.add_entity(made[-1])


def _entity_class(ctx: SceneContext, value: Any, key: str) -> type[Entity]:
    name = ctx.string(value, key)
    full = name if ":" in name else "minecraft:" + name
    cls = ENTITY_TYPES.get(full)
    if cls is None:
        raise ctx.fail(key, f"unknown or unsupported entity type {name!r} (supported: "
                            f"{', '.join(sorted(ENTITY_TYPES))})")
    why = missing_type(full, ctx.release)
    if why is not None:
        raise ctx.fail(key, why)
    return cls


@cache
def _entity_keys(cls: type[Entity]) -> frozenset[str]:
    """The keys an `[[entities]]` table of this class may hold."""
    living_keys = LIVING_ENTITY_KEYS | (PLAYER_KEYS if cls.is_player else set()) if issubclass(cls, LivingEntity) \
        else set()
    leash_keys = LEASH_KEYS if issubclass(cls, MobEntity) else set()
    return frozenset(COMMON_ENTITY_KEYS | set(cls.FIELDS) | living_keys | leash_keys)


def _load_entity(ctx: SceneContext, sim: Simulation, entry: dict[str, Any], key: str, nth: int = 0) -> Entity:
    """The `nth` entity of the entry (`count` makes several, with consecutive ids)."""
    cls = _entity_class(ctx, entry.get("type"), f"{key}.type")
    check_navigation(ctx, cls, entry, key)
    ctx.keys(entry, key, _entity_keys(cls), {"type", "pos"})
    entity_id = None
    if "id" in entry:
        entity_id = ctx.integer(entry["id"], f"{key}.id", *ENTITY_ID) + nth
        if entity_id > ENTITY_ID[1]:
            raise ctx.fail(f"{key}.count", f"ids from {entry['id']} run past {ENTITY_ID[1]}")
        if sim.entity_by_id(entity_id) is not None:
            raise ctx.fail(f"{key}.id", f"id {entity_id} is already used by another entity")
    e = sim.create(cls, ctx.position(entry["pos"], f"{key}.pos"),
                   ctx.vec3(entry["motion"], f"{key}.motion") if "motion" in entry else ZERO, entity_id)
    e.no_gravity = ctx.boolean(entry.get("no_gravity", False), f"{key}.no_gravity")
    e.on_ground = ctx.boolean(entry.get("on_ground", False), f"{key}.on_ground")
    e.vertical_collision = e.on_ground     # spec 03 §2 step 7: only a vertical collision puts an entity on the ground
    # Entity.firstUpdate: true until the entity's first tick (no lava contact counts then); a saved scene says false
    e.first_update = ctx.boolean(entry.get("first_update", True), f"{key}.first_update")
    e.fall_distance = ctx.number(entry.get("fall_distance", 0.0), f"{key}.fall_distance")
    e.yaw = ctx.rotation(entry.get("yaw", 0.0), f"{key}.yaw")
    e.pitch = ctx.rotation(entry.get("pitch", 0.0), f"{key}.pitch")
    for name, kind in cls.FIELDS.items():
        if name in entry:
            _set_field(ctx, e, name, kind, entry[name], f"{key}.{name}")
    if getattr(e, "stack_count", 0) > getattr(e, "max_count", MAX_STACK):
        raise ctx.fail(f"{key}.stack_count", f"a stack of {e.item} holds at most {e.max_count}, got {e.stack_count}")
    if isinstance(e, LivingEntity):
        load_living(ctx, e, entry, key)
    if "vehicle" in entry:
        vehicle = sim.entity_by_id(ctx.integer(entry["vehicle"], f"{key}.vehicle", *ENTITY_ID))
        if vehicle is None:
            raise ctx.fail(f"{key}.vehicle", f"no entity with id {entry['vehicle']} declared before this one")
        if not vehicle.can_add_passenger(e):
            raise ctx.fail(f"{key}.vehicle", f"{vehicle.TYPE} {vehicle.id} cannot take {e.TYPE} as another "
                                             f"passenger (it carries {len(vehicle.passengers)})")
        e.start_riding(vehicle)
    if "random" in entry:
        e.random = _load_random(ctx, e.random, entry["random"], f"{key}.random")
    if LEASH_KEYS & entry.keys():
        _load_leash(ctx, sim, e, entry, key)
    if "box" in entry:
        e.box = _load_box(ctx, entry["box"], f"{key}.box")
    if "state" in entry:   # set once every entity is loaded: saved fields may name other entities
        ctx.states.append((e, entry["state"], f"{key}.state"))
    return e


def _load_box(ctx: SceneContext, value: Any, key: str) -> Box:
    """`box = [[min x, y, z], [max x, y, z]]`: the bounding box when it is not the one built around `pos` (moves
    offset the box and take the position from it, spec 03 §2 step 6, so the two drift apart by rounding)."""
    if not isinstance(value, list) or len(value) != 2:
        raise ctx.fail(key, f"expected [[min x, y, z], [max x, y, z]], got {value!r}")
    lo, hi = ctx.vec3(value[0], f"{key}[0]"), ctx.vec3(value[1], f"{key}[1]")
    if not all(a <= b for a, b in zip(lo, hi, strict=True)):
        raise ctx.fail(key, f"expected each minimum at or below its maximum, got {value!r}")
    return Box(*lo, *hi)


LEASH_KEYS = {"leash", "leashed_to"}


def _load_reel(ctx: SceneContext, entry: dict[str, Any], key: str) -> ScheduledAction:
    """`do = "reel"`, `player = ID`: the player reels its fishing rod in (spec 04 §12), in the players phase."""
    actions.check_action_keys(ctx, entry, key, "reel")
    tick = ctx.integer(entry["tick"], f"{key}.tick", 1, 2**31 - 1)
    phase = ctx.string(entry.get("phase", ACTION_DEFAULT_PHASE["reel"]), f"{key}.phase")
    if phase not in PHASES:
        raise ctx.fail(f"{key}.phase", f"expected one of {', '.join(PHASES)}, got {phase!r}")
    player_id = ctx.integer(entry["player"], f"{key}.player", 1, 2**31 - 1)
    return ScheduledAction(tick, phase, "reel", {"player": player_id}, partial(actions.reel, player_id=player_id))


def _load_leash(ctx: SceneContext, sim: Simulation, mob: Entity, entry: dict[str, Any], key: str) -> None:
    """A mob's lead (vanilla's `Leash` NBT): `leash = { holder = ID }` (any entity of the scene, attached once all
    are loaded) or `leashed_to = [x, y, z]` (a fence there; its knot is found or created, spec 04 §19)."""
    if len(LEASH_KEYS & entry.keys()) > 1:
        raise ctx.fail(f"{key}.leash", "give either leash = { holder = ID } or leashed_to = [x, y, z], not both")
    if "leash" in entry:
        table = ctx.table(entry["leash"], f"{key}.leash")
        ctx.keys(table, f"{key}.leash", {"holder"}, {"holder"})
        ctx.leashes.append((mob, ctx.integer(table["holder"], f"{key}.leash.holder", 1, 2**31 - 1), key))
        return
    at = ctx.block_pos(entry["leashed_to"], f"{key}.leashed_to")
    if not is_fence(sim.world.get_block_state(*at).block):
        raise ctx.fail(f"{key}.leashed_to", f"expected a fence block at {list(at)}, found "
                                            f"{sim.world.get_block_state(*at).block}")
    leash.attach(mob, leash_knot.get_or_create(sim, at))


def _set_field(ctx: SceneContext, e: Entity, name: str, kind: type, value: Any, key: str) -> None:
    readers: dict[type, Callable[[Any, str], Any]] = {int: ctx.integer, bool: ctx.boolean, str: ctx.string,
                                                      float: ctx.number}
    if name == "block_state":
        parsed: Any = ctx.block_state(value, key)
    elif kind is Vec3:
        parsed = ctx.vec3(value, key)
    elif name == "item":
        parsed = ctx.item(value, key)
    elif name == "owner":   # 0: none
        parsed = ctx.integer(value, key, 0, ENTITY_ID[1])
        ctx.owners.append((key, parsed))
    elif kind is int:
        parsed = ctx.integer(value, key, *FIELD_RANGES.get(name, JAVA_INT))
    elif kind is dict:
        parsed = load_goal(ctx, value, key)
    elif name == "pickup":
        parsed = ctx.string(value, key)
        if parsed not in PICKUP_RULES:
            raise ctx.fail(key, f"expected one of {', '.join(PICKUP_RULES)}, got {parsed!r}")
    else:
        parsed = readers[kind](value, key)
    setattr(e, e.field_attribute(name), parsed)


def _load_spawn(ctx: SceneContext, sim: Simulation, entry: dict[str, Any], key: str) -> None:
    kind = ctx.string(entry.get("kind"), f"{key}.kind")
    if kind == "primed_tnt_from_block":
        ctx.keys(entry, key, {"kind", "at", "angle", "fuse"}, {"at"})
        at = ctx.block_pos(entry["at"], f"{key}.at")   # a TNT block: inside the build range
        angle = ctx.number(entry["angle"], f"{key}.angle") if "angle" in entry else None
        fuse = ctx.integer(entry.get("fuse", 80), f"{key}.fuse", *JAVA_INT)
        sim.add_entity(prime_tnt(sim, *at, angle=angle, fuse=fuse))
    elif kind == "falling_block_from_block":
        ctx.keys(entry, key, {"kind", "at"}, {"at"})
        at = ctx.block_pos(entry["at"], f"{key}.at")
        if sim.world.get_block_state(*at).is_air:
            raise ctx.fail(f"{key}.at", f"no block at {list(at)} to fall (place it with [[blocks]] first)")
        sim.add_entity(falling_block_from_block(sim, *at))
    elif kind == "thrown":
        ctx.keys(entry, key, {"kind", "entity", "from_player_at", "yaw", "pitch", "speed", "no_spread",
                              "player_motion", "player_on_ground"}, {"entity", "from_player_at", "yaw", "pitch"})
        cls = _entity_class(ctx, entry["entity"], f"{key}.entity")
        if not issubclass(cls, Projectile) or cls.THROW_SPEED is None:
            throwable = sorted(t for t, c in ENTITY_TYPES.items()
                               if issubclass(c, Projectile) and c.THROW_SPEED is not None)
            raise ctx.fail(f"{key}.entity", f"{cls.TYPE} is not thrown by a player (expected one of: "
                                            f"{', '.join(throwable)})")
        speed = f32(ctx.number(entry["speed"], f"{key}.speed")) if "speed" in entry else cls.THROW_SPEED
        throw_from_player(sim, cls, ctx.position(entry["from_player_at"], f"{key}.from_player_at"),
                          f32(ctx.rotation(entry["yaw"], f"{key}.yaw")),
                          f32(ctx.rotation(entry["pitch"], f"{key}.pitch")),
                          speed, not ctx.boolean(entry.get("no_spread", False), f"{key}.no_spread"),
                          ctx.vec3(entry["player_motion"], f"{key}.player_motion") if "player_motion" in entry
                          else ZERO, ctx.boolean(entry.get("player_on_ground", True), f"{key}.player_on_ground"))
    elif kind == "fireball":
        ctx.keys(entry, key, {"kind", "entity", "at", "direction"}, {"entity", "at", "direction"})
        cls = _entity_class(ctx, entry["entity"], f"{key}.entity")
        if not issubclass(cls, ExplosiveProjectile):
            raise ctx.fail(f"{key}.entity", f"{cls.TYPE} is not a fireball (expected one of: "
                                            f"{', '.join(sorted(c.TYPE for c in EXPLOSIVE_TYPES))})")
        launch(sim, cls, ctx.position(entry["at"], f"{key}.at"), ctx.vec3(entry["direction"], f"{key}.direction"))
    elif kind == "fishing_bobber":
        ctx.keys(entry, key, {"kind", "player"}, {"player"})
        player = sim.entity_by_id(ctx.integer(entry["player"], f"{key}.player", 1, 2**31 - 1))
        if player is None or not player.is_player:
            raise ctx.fail(f"{key}.player", f"expected the id of a minecraft:player declared in [[entities]], got "
                                            f"{entry['player']!r}")
        fishing_bobber.cast(sim, player)
    else:
        raise ctx.fail(f"{key}.kind", f"unknown or unsupported spawn kind {kind!r} (supported: primed_tnt_from_block, "
                                      "falling_block_from_block, thrown, fireball, fishing_bobber)")


def _contents_item(ctx: SceneContext, world: World, at: BlockPos, key: str) -> str:
    """The item a `dispense` without `item` fires: the dispenser's contents must hold one kind of item, since
    vanilla picks the slot with an unseeded Random (`DispenserBlockEntity.chooseNonEmptySlot`)."""
    kinds = {item for _, item, count in world.containers.get(at, ()) if count > 0}
    if len(kinds) != 1:
        held = ", ".join(sorted(kinds)) or "nothing"
        raise ctx.fail(key, f"missing: the dispenser at {list(at)} holds {held}; name the item (vanilla picks a "
                            "slot at random when it holds more than one kind)")
    return kinds.pop()


def _load_action(ctx: SceneContext, world: World, entry: dict[str, Any], key: str) -> ScheduledAction:
    do = ctx.string(entry.get("do"), f"{key}.do")
    if do in VEHICLE_ACTION_PHASE:
        return _load_vehicle_action(ctx, world, entry, key, do)
    if do not in ACTION_DEFAULT_PHASE:
        raise ctx.fail(f"{key}.do", f"unknown action {do!r} (supported: {', '.join(sorted(actions.ACTION_KEYS))})")
    if do == "reel":
        return _load_reel(ctx, entry, key)
    actions.check_action_keys(ctx, entry, key, do)
    tick = ctx.integer(entry["tick"], f"{key}.tick", 1, 2**31 - 1)
    phase = ctx.string(entry.get("phase", ACTION_DEFAULT_PHASE[do]), f"{key}.phase")
    if phase not in PHASES:
        raise ctx.fail(f"{key}.phase", f"expected one of {', '.join(PHASES)}, got {phase!r}")
    at = ctx.block_pos(entry["at"], f"{key}.at")
    if do == "set_block":
        state = ctx.block_state(entry["block"], f"{key}.block")
        return ScheduledAction(tick, phase, do, {"at": list(at), "block": str(state)},
                               partial(actions.set_block, at=at, state=state))
    if do == "remove_block":
        return ScheduledAction(tick, phase, do, {"at": list(at)}, partial(actions.set_block, at=at, state=blocks.AIR))
    if do in ("piston_extend", "piston_retract"):
        if world.get_block_state(*at).block not in piston.PISTONS:
            raise ctx.fail(f"{key}.at", f"no piston or sticky_piston at {list(at)} (place it with [[blocks]])")
        return ScheduledAction(tick, phase, do, {"at": list(at)},
                               partial(actions.power_piston, at=at, powered=do == "piston_extend"))
    if do == "use":
        block = world.get_block_state(*at).block
        if not is_usable(block):
            raise ctx.fail(f"{key}.at", f"{block} at {list(at)} cannot be used (usable: {USABLE})")
        return ScheduledAction(tick, phase, do, {"at": list(at)}, partial(actions.use_block, at=at))
    if do in ("shulker_open", "shulker_close"):
        if world.get_block_state(*at).block not in SHULKER_BOXES:
            raise ctx.fail(f"{key}.at", f"no shulker box at {list(at)} (place one with [[blocks]], e.g. "
                                        "\"minecraft:shulker_box[facing=up]\")")
        return ScheduledAction(tick, phase, do, {"at": list(at)},
                               partial(actions.use_shulker_box, at=at, opening=do == "shulker_open"))
    if do == "dispense":
        from_contents = "item" not in entry
        item = ctx.item(_contents_item(ctx, world, at, f"{key}.item") if from_contents else entry["item"],
                        f"{key}.item")
        if not dispenser.is_modelled(item):
            raise ctx.fail(f"{key}.item", f"the dispenser behaviour of {item} is not modelled (TNT, arrows, "
                                          "throwables, fire charges and plain item drops are)")
        if world.get_block_state(*at).block != dispenser.DISPENSER:
            raise ctx.fail(f"{key}.at", f"no dispenser at {list(at)} (place one with [[blocks]], e.g. "
                                        "\"minecraft:dispenser[facing=up]\")")
        return ScheduledAction(tick, phase, do, {"at": list(at)} | ({} if from_contents else {"item": item}),
                               partial(actions.fire_dispenser, at=at, item=item, from_contents=from_contents))
    angle = ctx.number(entry["angle"], f"{key}.angle") if "angle" in entry else None
    fuse = ctx.integer(entry.get("fuse", 80), f"{key}.fuse", *JAVA_INT)
    return ScheduledAction(tick, phase, do, {"at": list(at), "fuse": fuse, "angle": angle},
                           partial(actions.prime_tnt, at=at, angle=angle, fuse=fuse))


# --- vehicles and explosion sources (README "Vehicles and explosion sources") ---
# players use beds and anchors and attack entities in the player phase; the wither's spawn explosion comes in
# its entity tick (a controlling player's keys reach its boat through the player's [[inputs]])
VEHICLE_ACTION_PHASE = {"use_bed": "players", "charge_anchor": "players", "use_anchor": "players",
                        "attack": "players", "wither_spawn_explosion": "entities"}


def _load_vehicle_action(ctx: SceneContext, world: World, entry: dict[str, Any], key: str, do: str) -> ScheduledAction:
    """`use_bed`, `charge_anchor`, `use_anchor` (at a block), `attack` (an entity: end crystals explode,
    minecarts and boats wobble and break), `wither_spawn_explosion` (at a position)."""
    actions.check_action_keys(ctx, entry, key, do)
    tick = ctx.integer(entry["tick"], f"{key}.tick", 1, 2**31 - 1)
    phase = ctx.string(entry.get("phase", VEHICLE_ACTION_PHASE[do]), f"{key}.phase")
    if phase not in PHASES:
        raise ctx.fail(f"{key}.phase", f"expected one of {', '.join(PHASES)}, got {phase!r}")
    if do == "wither_spawn_explosion":
        pos = ctx.vec3(entry["pos"], f"{key}.pos")
        return ScheduledAction(tick, phase, do, {"pos": list(pos)}, partial(bx.wither_spawn_explosion, pos=pos))
    if do == "attack":
        entity_id = ctx.integer(entry["entity"], f"{key}.entity", 1, 2**31 - 1)
        target = world.entities.get(entity_id)
        if not isinstance(target, (EndCrystal, AbstractMinecart, Boat)):
            raise ctx.fail(f"{key}.entity", f"expected the id of a declared end crystal, minecart or boat, "
                                            f"got {entity_id}")
        amount = ctx.number(entry.get("amount", 1.0), f"{key}.amount")
        return ScheduledAction(tick, phase, do, {"entity": entity_id, "amount": amount},
                               partial(actions.attack, entity_id=entity_id, amount=amount))
    at = ctx.block_pos(entry["at"], f"{key}.at")
    block = world.get_block_state(*at).block
    if not (is_bed(block) if do == "use_bed" else block == bx.RESPAWN_ANCHOR):
        wanted = "bed" if do == "use_bed" else "respawn_anchor"
        raise ctx.fail(f"{key}.at", f"no {wanted} at {list(at)} (place one with [[blocks]])")
    run = {"use_bed": bx.use_bed, "charge_anchor": bx.charge_anchor, "use_anchor": bx.use_anchor}[do]
    return ScheduledAction(tick, phase, do, {"at": list(at)}, partial(run, pos=at))
