"""What every schematic format shares: block states mapped to the scene's release's table, entity NBT to scene
entries and back, the block entities that matter to motion, and the in-memory `Schematic`.

Mapping (docs/fidelity.md, "Schematics"): the blocks are read in the names and states of the release the scene runs
(`for_release`; 1.16.5's by default and for the releases without a table of their own, 1.16-1.16.4, 1.11-1.12.1,
1.13 and 1.13.1, and for 1.12.2, whose table is in 1.16.5's names): a file of that release needs no mapping. A block
name renamed between the 1.13 flattening and today maps to the release's name when the file's data version is on the
other side of the rename; wall sides written as booleans (before 1.16) map to none/low, and none/low/tall to
booleans for a 1.13.2-1.15.2 scene (a tall side is a connected one); a property the release's block lacks is dropped
only with the value it behaves as (`waterlogged=false`). Everything else without an equivalent (a block added later,
a property value the release does not have, a modded block, an entity type the engine does not simulate) is counted
and reported in one line; it becomes air (or is left out) only when the user asks (`allow_unmapped`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from engine.core.versions import Version, parse_version, version_text
from engine.entities.entity import Entity
from engine.geometry.box import BlockPos, Vec3
from engine.influences.piston_block_entity import PistonBlockEntity
from engine.schematics.nbt_io import Byte, Compound, Double, Float, Int, List, Reader, SchematicError, Short, String
from engine.tick.input_limits import LimitError, check
from engine.tick.registry import ENTITY_TYPES
from engine.world import blocks
from engine.world.block_physics import WALL_SIDE_BOOLEANS, WALL_SIDE_VALUES, WALL_SIDES
from engine.world.blocks import BlockState, BlockStateError
from engine.world.world import World

DATA_VERSION_1_16_5 = 2586
DATA_VERSION_1_12_2 = 1343
LEGACY_DATA_MASK = 0xF                # a 1.12.2 data value's bits
FLATTENING_DATA_VERSION = 1451        # 17w47a: the first version with namespaced block states
SIGN_RENAME_DATA_VERSION = 1901       # 18w43a: sign → oak_sign, stone_slab → smooth_stone_slab
WALL_SIDES_DATA_VERSION = 2529        # 20w17a: wall sides become none/low/tall
CAULDRON_SPLIT_DATA_VERSION = 2679    # DataFixers' schema 2679 (a 1.17 snapshot): CauldronRenameFix
PATH_RENAME_DATA_VERSION = 2724       # 20w45a (1.17): grass_path → dirt_path
SHORT_GRASS_DATA_VERSION = 3698       # 23w40a (1.20.3): grass → short_grass
CHAIN_RENAME_DATA_VERSION = 4541      # DataFixers' schema 4541 (a 1.21.9 snapshot): chain → iron_chain
MAX_VOLUME = 1 << 26                  # cells a written schematic holds: 67M (a 406³ box)
MAX_DIMENSION = 1 << 15               # any side, in blocks
USHORT = 0xFFFF                       # Width, Height, Length: unsigned shorts in Sponge and MCEdit files

# (first data version with the new name, old name, new name); a release uses the name on its side of each rename
RENAMES = ((SIGN_RENAME_DATA_VERSION, "sign", "oak_sign"), (SIGN_RENAME_DATA_VERSION, "wall_sign", "oak_wall_sign"),
           (SIGN_RENAME_DATA_VERSION, "stone_slab", "smooth_stone_slab"),
           (PATH_RENAME_DATA_VERSION, "grass_path", "dirt_path"), (SHORT_GRASS_DATA_VERSION, "grass", "short_grass"),
           (CHAIN_RENAME_DATA_VERSION, "chain", "iron_chain"))
# blocks split off a 1.16.5 block later, each the same as a state of that block (docs/fidelity.md, "Schematics"): 1.17
# made a water-filled cauldron its own block, with the same `level` 1..3; `lava_cauldron` and `powder_snow_cauldron`
# hold what no 1.16.5 cauldron can (fire, freezing), so they stay unmapped. Read the other way (an older file in a
# 1.17+ release), a cauldron is split as the game's CauldronRenameFix splits it (`_split_cauldron`)
SPLIT_OFF = {"water_cauldron": "cauldron"}
NEUTRAL_PROPERTIES = {("waterlogged", "false")}   # dropped where the release's block has no such property
# the release whose table a schematic is read into (`for_release`): the scene's
_RELEASE: ContextVar[Version | None] = ContextVar("release", default=None)


@contextmanager
def for_release(release: str) -> Iterator[None]:
    """Read schematics in the block names and states of `release` (a scene's `version`) while inside."""
    token = _RELEASE.set(parse_version(release))
    try:
        yield
    finally:
        _RELEASE.reset(token)


def _target() -> tuple[Version, int]:
    """The release blocks are read into, and the data version of its names (1.16.5's where it uses that table)."""
    v = _RELEASE.get() or blocks.BASE_RELEASE
    return v, blocks.data_version(v) or DATA_VERSION_1_16_5


def _target_text() -> str:
    v = _RELEASE.get() or blocks.BASE_RELEASE
    return version_text(v if blocks.has_own_table(v) else blocks.BASE_RELEASE)

# scene field → (NBT key, NBT tag type when written, older or newer spellings read too); a projectile's owner is a
# UUID in NBT and an entity id in a scene, so it is not kept
NBT_FIELDS: dict[str, tuple[str, type, tuple[str, ...]]] = {
    "fuse": ("Fuse", Short, ("fuse",)), "age": ("Age", Short, ()), "pickup_delay": ("PickupDelay", Short, ()),
    "value": ("Value", Short, ()), "time": ("Time", Int, ()), "drop_item": ("DropItem", Byte, ()),
    "marker": ("Marker", Byte, ()), "invisible": ("Invisible", Byte, ()), "no_ai": ("NoAI", Byte, ()),
    "left_owner": ("LeftOwner", Byte, ()), "in_ground": ("inGround", Byte, ()), "life": ("life", Short, ()),
    "shake": ("shake", Byte, ()), "critical": ("crit", Byte, ()), "pierce_level": ("PierceLevel", Byte, ()),
    "dealt_damage": ("DealtDamage", Byte, ()), "explosion_power": ("ExplosionPower", Int, ()),
    "charged": ("dangerous", Byte, ()),
}
# ... where an entity type spells a field otherwise: (type, scene field) → as above. A rocket's boosted entity is
# not saved (a rocket read back flies free)
TYPE_NBT_FIELDS: dict[tuple[str, str], tuple[str, type, tuple[str, ...]]] = {
    ("minecraft:firework_rocket", "life"): ("Life", Int, ()),
    ("minecraft:firework_rocket", "life_time"): ("LifeTime", Int, ()),
}


def _nbt_field(kind: str, name: str) -> tuple[str, type, tuple[str, ...]] | None:
    """The NBT spelling of scene field `name` of entity type `kind`, None where it is not kept."""
    return TYPE_NBT_FIELDS.get((kind, name)) or NBT_FIELDS.get(name)
# entity ids of files before the flattening → today's, for the types the engine simulates: 1.11-1.12.2's names that
# 1.13 renamed (the data fixer's EntityTheRenameningBlock) and the names before 1.11 (EntityIdFix, then renamed)
LEGACY_ENTITY_IDS = {
    "minecraft:xp_orb": "minecraft:experience_orb", "minecraft:xp_bottle": "minecraft:experience_bottle",
    "minecraft:fireworks_rocket": "minecraft:firework_rocket", "minecraft:ender_crystal": "minecraft:end_crystal",
    "minecraft:villager_golem": "minecraft:iron_golem",
    "PrimedTnt": "minecraft:tnt", "FallingSand": "minecraft:falling_block", "Item": "minecraft:item",
    "XPOrb": "minecraft:experience_orb", "Arrow": "minecraft:arrow", "Boat": "minecraft:boat",
    "MinecartRideable": "minecraft:minecart", "MinecartTNT": "minecraft:tnt_minecart",
    "ArmorStand": "minecraft:armor_stand", "Snowball": "minecraft:snowball", "ThrownEgg": "minecraft:egg",
    "ThrownEnderpearl": "minecraft:ender_pearl", "ThrownExpBottle": "minecraft:experience_bottle",
    "ThrownPotion": "minecraft:potion", "Fireball": "minecraft:fireball", "SmallFireball": "minecraft:small_fireball",
    "DragonFireball": "minecraft:dragon_fireball", "WitherSkull": "minecraft:wither_skull",
    "FireworksRocketEntity": "minecraft:firework_rocket", "EnderCrystal": "minecraft:end_crystal",
    "LeashKnot": "minecraft:leash_knot", "Creeper": "minecraft:creeper", "Ghast": "minecraft:ghast",
    "Guardian": "minecraft:guardian", "ElderGuardian": "minecraft:elder_guardian", "Pig": "minecraft:pig",
    "Shulker": "minecraft:shulker", "Villager": "minecraft:villager", "VillagerGolem": "minecraft:iron_golem",
    "Zombie": "minecraft:zombie",
}
CONTAINER_BLOCK_ENTITIES = frozenset({"minecraft:dispenser", "minecraft:dropper"})
PISTON_BLOCK_ENTITY = "minecraft:piston"


@dataclass
class Region:
    """A box of state ids (`engine.world.blocks`; 0 = air, placed as nothing), [y, z, x], with its minimum
    corner."""

    corner: BlockPos
    ids: np.ndarray


@dataclass
class MovingBlock:
    """A moving piston's block entity (`PistonBlockEntity` NBT: blockState, facing, progress, extending, source)."""

    pos: BlockPos
    pushed: BlockState
    facing: int
    progress: float
    extending: bool
    source: bool


@dataclass
class Schematic:
    """A schematic read into its release's terms (`for_release`); positions are relative to its origin.
    `entities` are scene `[[entities]]` entries; a rider's entry has `"rides": index of its vehicle's entry` (an
    earlier one)."""

    regions: list[Region] = field(default_factory=list)
    entities: list[dict[str, Any]] = field(default_factory=list)
    containers: dict[BlockPos, tuple[tuple[int, str, int], ...]] = field(default_factory=dict)
    moving: list[MovingBlock] = field(default_factory=list)
    data_version: int = DATA_VERSION_1_16_5
    # block ticks still to run when it was saved (a world's `TileTicks`): position, block, delay, priority
    scheduled: list[tuple[BlockPos, str, int, int]] = field(default_factory=list)
    left_out: str = ""   # what was loaded without (`allow_unmapped`), counted: the loader's notice


class Unmapped:
    """What had no equivalent in the release read into, counted; `check` raises the one-line report unless
    allowed, and otherwise notes it in the schematic (`Schematic.left_out`)."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()

    def add(self, what: str, n: int = 1) -> None:
        self.counts[what] += n

    def check(self, reader: Reader, allowed: bool, schem: Schematic) -> None:
        if not self.counts:
            return
        total = sum(self.counts.values())
        listed = ", ".join(f"{k} ×{n}" for k, n in self.counts.most_common(6))
        more = f" and {len(self.counts) - 6} more kinds" if len(self.counts) > 6 else ""
        if not allowed:
            raise reader.fail("(blocks and entities)", f"{total} have no {_target_text()} equivalent: {listed}"
                                                       f"{more} (allow_unmapped = true loads without them)")
        schem.left_out = f"{total} blocks and entities with no {_target_text()} equivalent left out: {listed}{more}"


def check_data_version(reader: Reader, data_version: int, where: str,
                       remedy: str = "re-save the schematic in 1.13 or later") -> None:
    if data_version < FLATTENING_DATA_VERSION:
        raise reader.fail(where, f"data version {data_version} predates 1.13's block states "
                                 f"({FLATTENING_DATA_VERSION}); {remedy}")


def check_size(reader: Reader, size: tuple[int, int, int], where: str) -> int:
    """The cells of a region of `size`, each side checked."""
    if any(s < 0 or s > MAX_DIMENSION for s in size):
        raise reader.fail(where, f"size {list(size)} is outside what is loaded (each side 0..{MAX_DIMENSION})")
    return size[0] * size[1] * size[2]


def check_cells(reader: Reader, cells: int, where: str) -> None:
    """The cells of a whole file (all its regions) against the `cells` limit, before any is unpacked."""
    try:
        check("cells", cells)
    except LimitError as err:
        raise reader.fail(where, str(err)) from None


# --- block states ---
def map_block_state(name: str, props: dict[str, str], data_version: int) -> BlockState | None:
    """The state of the release read into (`for_release`) for a block state of a file with `data_version`, or
    None when there is none."""
    if ":" in name and not name.startswith(blocks.NAMESPACE):
        return None
    if data_version < FLATTENING_DATA_VERSION:   # 1.12.2's names: its table's state, then mapped as 1.16.5's
        legacy = legacy_state(name, props)
        if legacy is None:
            return None
        name, props, data_version = legacy.name, dict(legacy.properties), DATA_VERSION_1_16_5
    release, release_data_version = _target()
    bare = name.removeprefix(blocks.NAMESPACE)
    for since, old, new in RENAMES:
        if since <= release_data_version and data_version < since and bare == old:
            bare = new
        elif since > release_data_version and data_version >= since and bare == new:
            bare = old
    if bare in SPLIT_OFF and not blocks.has_block(bare, release):
        bare = SPLIT_OFF[bare]
    if bare == "cauldron" and data_version < CAULDRON_SPLIT_DATA_VERSION <= release_data_version:
        bare, props = _split_cauldron(props)
    if bare.endswith("_wall") and (data_version < WALL_SIDES_DATA_VERSION) != (release_data_version <
                                                                             WALL_SIDES_DATA_VERSION):
        sides = WALL_SIDE_VALUES if data_version < WALL_SIDES_DATA_VERSION else WALL_SIDE_BOOLEANS
        props = {k: sides.get(v, v) if k in WALL_SIDES else v for k, v in props.items()}
    try:
        state = blocks.default_state(bare, release)
        for key, value in props.items():
            if key not in state.properties and (key, value) in NEUTRAL_PROPERTIES:
                continue
            state = state.with_(key, value)
    except BlockStateError:
        return None
    return state


def _split_cauldron(props: dict[str, str]) -> tuple[str, dict[str, str]]:
    """CauldronRenameFix: a cauldron of level 0 (or none) loses its properties, any other is a water cauldron of
    that level."""
    if props.get("level", "0") == "0":
        return "cauldron", {}
    return "water_cauldron", props


def written_ids(ids: np.ndarray, release: str) -> np.ndarray:
    """`ids` (states of `release`) as a file written at 1.16.5's data version holds them: each state that 1.16.5
    has an equivalent of in 1.16.5's spelling (a renamed block under its old name, a 1.13.2 wall's boolean sides
    as none/low, a water cauldron as a cauldron with its level), so that the game's data fixers and this reader
    take the file's names for what they are; a state without one (a block 1.16.5 lacks) as the release has it."""
    v = parse_version(release)
    if not blocks.has_own_table(v) or v == blocks.LEGACY_RELEASE:   # already 1.16.5's names
        return ids
    states = np.unique(ids)
    with for_release(version_text(blocks.BASE_RELEASE)):
        spelled = [map_block_state(s.name, dict(s.properties), blocks.data_version(v))
                   for s in map(blocks.state_by_id, states.tolist())]
    table = np.array([int(s) if w is None else w.id for s, w in zip(states, spelled, strict=True)],
                     dtype=ids.dtype)
    return table[np.searchsorted(states, ids)]


def written_state(state: BlockState, release: str) -> BlockState:
    """One state of `release` as `written_ids` spells it: a falling block's `BlockState`, a moving piston's
    pushed block, written in the names of the blocks around them."""
    return blocks.state_by_id(int(written_ids(np.array([state.id]), release)[0]))


def legacy_state(name: str, props: dict[str, str]) -> BlockState | None:
    """The 1.12.2 table's state of a state in 1.12.2's own names (`block_names_1_12`), or None."""
    from engine.world import block_names_1_12

    text = name + ("[" + ",".join(f"{k}={v}" for k, v in props.items()) + "]" if props else "")
    try:
        return block_names_1_12.parse(text)
    except BlockStateError:
        return None


def legacy_data_state(block: int | str, meta: int) -> BlockState | None:
    """The state of the release read into for a 1.12.2 block (numeric id or name) and data value, or None."""
    from engine.world import block_names_1_12

    found = block_names_1_12.block_named(block) if isinstance(block, str) else block_names_1_12.block_by_id(block)
    state = None if found is None else block_names_1_12.state_of_data(found.id, meta)
    if state is None or _target()[0] == blocks.LEGACY_RELEASE:
        return state
    return map_block_state(state.name, dict(state.properties), DATA_VERSION_1_16_5)


def palette_ids(reader: Reader, entries: list[tuple[str, dict[str, str]]], data_version: int) -> tuple[
        np.ndarray, list[str | None]]:
    """State ids of a palette in the release read into (air for the unmapped), and the text of each unmapped entry
    (None if mapped)."""
    ids = np.zeros(len(entries), dtype=np.uint16)
    missing: list[str | None] = []
    for i, (name, props) in enumerate(entries):
        state = map_block_state(name, props, data_version)
        ids[i] = 0 if state is None else state.id
        text = name + ("[" + ",".join(f"{k}={v}" for k, v in props.items()) + "]" if props else "")
        missing.append(text if state is None else None)
    return ids, missing


def count_unmapped(unmapped: Unmapped, missing: list[str | None], indices: np.ndarray) -> None:
    """Count the cells whose palette entry is unmapped."""
    if not any(m is not None for m in missing):
        return
    counts = np.bincount(indices.ravel(), minlength=len(missing))
    for i, text in enumerate(missing):
        if text is not None and counts[i]:
            unmapped.add(text, int(counts[i]))


def state_compound(reader: Reader, tag: Compound, where: str) -> tuple[str, dict[str, str]]:
    """`{Name, Properties}`, as in litematic and structure palettes and a falling block's BlockState."""
    props = reader.compound(tag, "Properties", where, optional=True)
    return reader.string(tag, "Name", where), {str(k): _text(reader, v, f"{where}.Properties.{k}")
                                               for k, v in props.items()}


def _text(reader: Reader, value: Any, where: str) -> str:
    if not isinstance(value, String):
        raise reader.fail(where, f"expected String, got {type(value).__name__}")
    return str(value)


def state_tag(state: BlockState) -> Compound:
    tag = Compound({"Name": String(state.name)})
    if state.properties:
        tag["Properties"] = Compound({k: String(v) for k, v in state.properties.items()})
    return tag


# --- entities ---
def read_entities(reader: Reader, tags: list[tuple[Compound, Vec3 | None]], origin: Vec3, schem: Schematic,
                  unmapped: Unmapped, where: str) -> None:
    """Entity NBT → scene entries in `schem.entities`, riders after their vehicles (`Passengers`). `origin` is
    added to each `Pos` (or to the given position, which structure files keep beside the NBT)."""
    for i, (tag, pos) in enumerate(tags):
        _read_entity(reader, tag, pos, origin, schem, unmapped, f"{where}[{i}]", None)


def _read_entity(reader: Reader, tag: Compound, pos: Vec3 | None, origin: Vec3, schem: Schematic,
                 unmapped: Unmapped, where: str, vehicle: int | None) -> None:
    """One entity and its riders; a rider starts at its vehicle's position (`pos`), and its first tick seats it."""
    kind = reader.string(tag, "id", where) if "id" in tag else reader.string(tag, "Id", where)
    if schem.data_version < FLATTENING_DATA_VERSION:
        kind = LEGACY_ENTITY_IDS.get(kind, kind)
    full = kind if ":" in kind else blocks.NAMESPACE + kind
    cls = ENTITY_TYPES.get(full)
    if cls is None:
        unmapped.add(f"entity {full}")
        return
    rel = Vec3(*reader.numbers(tag, "Pos", where, 3)) if pos is None else pos
    entry: dict[str, Any] = {"type": full, "pos": [rel.x + origin.x, rel.y + origin.y, rel.z + origin.z],
                             "motion": reader.numbers(tag, "Motion", where, 3, default=[0.0, 0.0, 0.0])}
    yaw, pitch = reader.numbers(tag, "Rotation", where, 2, default=[0.0, 0.0])
    entry.update(yaw=yaw, pitch=pitch, on_ground=reader.integer(tag, "OnGround", where, 0) != 0,
                 no_gravity=reader.integer(tag, "NoGravity", where, 0) != 0,
                 fall_distance=reader.number(tag, "FallDistance", where, 0.0))
    for name, kind_ in cls.FIELDS.items():
        value = _read_field(reader, tag, cls.TYPE, name, kind_, where, schem.data_version, unmapped)
        if value is not None:
            entry[name] = value
    if vehicle is not None:
        entry["rides"] = vehicle
    schem.entities.append(entry)
    index = len(schem.entities) - 1
    for j, rider in enumerate(reader.compounds(tag, "Passengers", where)):
        _read_entity(reader, rider, Vec3(*entry["pos"]), Vec3(0.0, 0.0, 0.0), schem, unmapped,
                     f"{where}.Passengers[{j}]", index)


def _read_field(reader: Reader, tag: Compound, entity_type: str, name: str, kind: type, where: str,
                data_version: int, unmapped: Unmapped) -> Any:
    if name == "item":
        item = reader.compound(tag, "Item", where, optional=True)
        return reader.string(item, "id", f"{where}.Item") if "id" in item else None
    if name == "block_state":
        if "BlockState" in tag:
            bname, props = state_compound(reader, reader.compound(tag, "BlockState", where), f"{where}.BlockState")
            state = map_block_state(bname, props, data_version)
        elif data_version < FLATTENING_DATA_VERSION and ("Block" in tag or "TileID" in tag or "Tile" in tag):
            # 1.12.2 EntityFallingBlock.readEntityFromNBT: Block (a name), else TileID, else Tile (ids), and Data
            key = "Block" if "Block" in tag else "TileID" if "TileID" in tag else "Tile"
            block = reader.string(tag, key, where) if key == "Block" else reader.integer(tag, key, where)
            bname = str(block)
            state = legacy_data_state(block, reader.integer(tag, "Data", where, 0) & LEGACY_DATA_MASK)
        else:
            return None
        if state is None:
            unmapped.add(f"falling {bname}")
            return None
        return str(state)
    if name == "power":
        return reader.numbers(tag, "power", where, 3) if "power" in tag else None
    spelling = _nbt_field(entity_type, name)
    if spelling is None:
        return None
    key, _, others = spelling
    found = next((k for k in (key, *others) if k in tag), None)
    if found is None:
        return None
    value = reader.integer(tag, found, where)
    return value != 0 if kind is bool else value


def entity_nbt(e: Entity, origin: Vec3, release: str) -> Compound:
    """An entity's NBT with `Pos` relative to `origin`, a block state spelled as the blocks are (`written_state`,
    the entity's scene in `release`); riders in `Passengers`."""
    p = e.pos
    tag = Compound({
        "id": String(e.TYPE), "Pos": List[Double]([p.x - origin.x, p.y - origin.y, p.z - origin.z]),
        "Motion": List[Double](list(e.motion)), "Rotation": List[Float]([e.yaw, e.pitch]),
        "OnGround": Byte(e.on_ground), "NoGravity": Byte(e.no_gravity), "FallDistance": Float(e.fall_distance)})
    for name in e.FIELDS:
        value = getattr(e, e.field_attribute(name))
        if name == "item":
            tag["Item"] = Compound({"id": String(value), "Count": Byte(1)})
        elif name == "block_state":
            tag["BlockState"] = state_tag(written_state(value, release))
        elif name == "power":
            tag["power"] = List[Double](list(value))
        elif (spelling := _nbt_field(e.TYPE, name)) is not None:
            key, nbt_type, _ = spelling
            try:
                tag[key] = nbt_type(int(value))
            except OverflowError:
                raise SchematicError(f"entity {e.id}: {name} = {value} does not fit NBT {key} "
                                     f"({nbt_type.__name__})") from None
    if e.passengers:
        tag["Passengers"] = List[Compound]([entity_nbt(r, origin, release) for r in e.passengers])
    return tag


# --- block entities ---
def read_block_entity(reader: Reader, tag: Compound, pos: BlockPos, kind: str, schem: Schematic,
                      where: str) -> None:
    """Dispenser and dropper contents, and moving pistons; other block entities do not move entities."""
    full = kind if ":" in kind else blocks.NAMESPACE + kind
    if full in CONTAINER_BLOCK_ENTITIES:
        items = []
        for i, item in enumerate(reader.compounds(tag, "Items", where)):
            w = f"{where}.Items[{i}]"
            items.append((reader.integer(item, "Slot", w), reader.string(item, "id", w),
                          reader.integer(item, "Count", w, 1) if "count" not in item else reader.integer(item,
                                                                                                        "count", w)))
        schem.containers[pos] = tuple(items)
    elif full == PISTON_BLOCK_ENTITY:
        if "blockState" not in tag and "blockId" in tag:   # 1.12.2 TileEntityPiston: blockId, blockData
            block_id, meta = reader.integer(tag, "blockId", where), reader.integer(tag, "blockData", where)
            name, state = f"{block_id} data {meta}", legacy_data_state(block_id, meta & LEGACY_DATA_MASK)
        else:
            name, props = state_compound(reader, reader.compound(tag, "blockState", where), f"{where}.blockState")
            state = map_block_state(name, props, schem.data_version)
        if state is None:
            raise reader.fail(f"{where}.blockState", f"moving block {name} has no {_target_text()} equivalent")
        facing = reader.integer(tag, "facing", where)
        if not 0 <= facing <= 5:
            raise reader.fail(f"{where}.facing", f"expected a direction 0..5, got {facing}")
        schem.moving.append(MovingBlock(pos, state, facing, reader.number(tag, "progress", where, 0.0),
                                        reader.integer(tag, "extending", where, 0) != 0,
                                        reader.integer(tag, "source", where, 0) != 0))


def block_entity_tags(world: World, release: str) -> dict[BlockPos, Compound]:
    """The NBT of the block entities a schematic keeps (dispenser and dropper contents, moving pistons: the pushed
    block spelled as the blocks are, `written_state`), by position, without position keys."""
    tags: dict[BlockPos, Compound] = {}
    for pos, items in world.containers.items():
        block = world.get_block_state(*pos).name
        if block in CONTAINER_BLOCK_ENTITIES:
            tags[pos] = Compound({"id": String(block), "Items": List[Compound]([
                Compound({"Slot": Byte(slot), "id": String(item), "Count": Byte(count)})
                for slot, item, count in items])})
    for be in [*world.block_entities.ticking, *world.block_entities.pending]:
        if isinstance(be, PistonBlockEntity) and not be.removed:
            tags[be.pos] = Compound({"id": String(PISTON_BLOCK_ENTITY),
                                     "blockState": state_tag(written_state(be.pushed_block, release)),
                                     "facing": Int(be.facing.id), "progress": Float(be.progress),
                                     "extending": Byte(be.extending), "source": Byte(be.source)})
    return tags


@dataclass
class Export:
    """What a schematic writer writes: one box of state ids [y, z, x] with its minimum corner, the root entities
    (riders go with their vehicles), block-entity NBT by absolute position, and the scene's release (the entities'
    block states are spelled as `ids` are: `entity_nbt`)."""

    name: str
    corner: BlockPos
    ids: np.ndarray
    entities: list[Entity]
    block_entities: dict[BlockPos, Compound]
    release: str
