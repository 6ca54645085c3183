"""The block table of 1.12.2 for `tools/gen_block_releases.py`: 1.12.2 predates the flattening, so minecraft-data's
pc/1.12 holds numeric ids and metadata; its table is made in 1.16.5's names and states (a 1.12.2 scene names blocks
as it did before 1.12.2 had a table), restricted to what 1.12.2 has, with 1.12.2's collision shapes and strengths.

- Blocks: those `pc/common/legacy.json` maps some "id:meta" of 1.12.2 to (1.13 names; 18w43a's renames applied,
  `engine.schematics.mapping.RENAMES`), and those whose identity 1.12.2 keeps in a block entity or derives from the
  neighbours, which no metadata maps to (`HELD_ELSEWHERE`). Every other block is one 1.12.2 lacks (kelp, coral,
  conduits, the uncoloured shulker box, the 1.13 stairs and slabs, stripped logs, the 1.14+ blocks, ...).
- States: 1.16.5's without `waterlogged` (no 1.12.2 block holds water), each property's values limited to 1.13.2's
  (the note block's ten instruments); the wall sides keep 1.16.5's none/low/tall (low and tall both connect).
  Properties 1.12.2 derives from the neighbours (`getActualState`: fence, pane, wall and chorus connections, stairs
  shapes, door halves, snowy grass, chest halves) or keeps in a block entity (note, rotation of heads and banners)
  keep all their values.
- Collision shapes (MCP 1.12.2 `addCollisionBoxToList` and `getBoundingBox` overrides, read): 1.16.5's, but for
  the blocks whose shape 1.12.2 builds otherwise, taken from pc/1.12's shapes per metadata (`FROM_1_12`; each
  read in the MCP source: `BlockAnvil` one box per axis, `BlockHopper` a 10 px base and 2 px walls,
  `BlockCauldron` 5 px legs and 2 px walls, `BlockBrewingStand` a full 2 px base and the rod, `BlockEndPortalFrame`
  a 6 px eye, `BlockBed` one 9 px box) and the walls (`BlockWall.CLIP_AABB_BY_INDEX`: one box per set of
  connected sides, 24 px high; pc/1.12 has the post only). Every other state that a metadata maps to has its
  pc/1.12 shape, which is checked here, but for the blocks whose pc/1.12 shape ignores the neighbours
  (`SHAPED_BY_NEIGHBOURS`: doors and stairs, whose MCP boxes build 1.16.5's shapes from the actual state).
- Strengths: 1.13.2's (pc/1.13.2), which equal 1.12.2's `Block.registerBlocks` chains — `blockResistance`
  is `setResistance(r)` × 3 or at least `setHardness(h)` × 5, and explosions read it / 5, computed in float —
  for every block, but the infested blocks' hardness (`INFESTED_HARDNESS`). pc/1.12's own columns are not used:
  they give 0 to many resistances the game has.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from itertools import product
from pathlib import Path

from gen_blocks import COLUMNS, Reader

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from engine.schematics.mapping import DATA_VERSION_1_16_5, RENAMES  # noqa: E402 (the repository root first)

LEGACY = "data/pc/common/legacy.json"
FOLDER = "data/pc/1.12"
DATA_VERSION_1_13_2 = 1631
COLOURS = ("white", "orange", "magenta", "light_blue", "yellow", "lime", "pink", "gray", "light_gray", "cyan",
           "purple", "blue", "brown", "green", "red", "black")
# Blocks of 1.12.2 no metadata maps to: beds' and banners' colours (TileEntityBed, TileEntityBanner), the skull
# types (TileEntitySkull), the flowers a pot holds (TileEntityFlowerPot), the stems attached to a fruit
# (BlockStem.getActualState)
HELD_ELSEWHERE = frozenset(
    [f"{c}_{kind}" for c in COLOURS for kind in ("bed", "banner", "wall_banner")]
    + [f"{head}{wall}_{end}" for head, end in (("skeleton", "skull"), ("wither_skeleton", "skull"),
                                               ("zombie", "head"), ("player", "head"), ("creeper", "head"),
                                               ("dragon", "head")) for wall in ("", "_wall")]
    + [f"potted_{f}" for f in ("azure_bluet", "red_tulip", "orange_tulip", "white_tulip", "pink_tulip",
                               "oxeye_daisy")]
    + ["attached_melon_stem", "attached_pumpkin_stem"])
# 1.12 block names whose shape per metadata (pc/1.12) is 1.12.2's (read in MCP, see above)
FROM_1_12 = frozenset({"anvil", "hopper", "cauldron", "brewing_stand", "end_portal_frame", "bed"})
# 1.12 block names whose pc/1.12 shape is not the actual state's: not checked against the table
SHAPED_BY_NEIGHBOURS = frozenset({"wooden_door", "iron_door", "spruce_door", "birch_door", "jungle_door",
                                  "acacia_door", "dark_oak_door", "oak_stairs", "stone_stairs", "brick_stairs",
                                  "stone_brick_stairs", "nether_brick_stairs", "sandstone_stairs", "spruce_stairs",
                                  "birch_stairs", "jungle_stairs", "quartz_stairs", "acacia_stairs",
                                  "dark_oak_stairs", "red_sandstone_stairs", "purpur_stairs", "cobblestone_wall"})
WALLS = ("cobblestone_wall", "mossy_cobblestone_wall")
# BlockWall.AABB_BY_INDEX, maxY 1.5 (CLIP_AABB_BY_INDEX), by getAABBIndex: 1 << getHorizontalIndex() of each
# connected side (south 0, west 1, north 2, east 3)
WALL_SIDE_BITS = {"south": 1, "west": 2, "north": 4, "east": 8}
WALL_BOXES = (
    (0.25, 0, 0.25, 0.75, 1.5, 0.75), (0.25, 0, 0.25, 0.75, 1.5, 1), (0, 0, 0.25, 0.75, 1.5, 0.75),
    (0, 0, 0.25, 0.75, 1.5, 1), (0.25, 0, 0, 0.75, 1.5, 0.75), (0.3125, 0, 0, 0.6875, 1.5, 1),
    (0, 0, 0, 0.75, 1.5, 0.75), (0, 0, 0, 0.75, 1.5, 1), (0.25, 0, 0.25, 1, 1.5, 0.75), (0.25, 0, 0.25, 1, 1.5, 1),
    (0, 0, 0.3125, 1, 1.5, 0.6875), (0, 0, 0.25, 1, 1.5, 1), (0.25, 0, 0, 1, 1.5, 0.75), (0.25, 0, 0, 1, 1.5, 1),
    (0, 0, 0, 1, 1.5, 0.75), (0, 0, 0, 1, 1.5, 1))
# Block.registerBlocks: monster_egg setHardness(0.75F) (1.13: strength(0.0F, 0.75F)); the resistance is the same
INFESTED_HARDNESS = 0.75
INFESTED = frozenset({"infested_stone", "infested_cobblestone", "infested_stone_bricks",
                      "infested_mossy_stone_bricks", "infested_cracked_stone_bricks", "infested_chiseled_stone_bricks"})
# 1.13.2's names → 1.16.5's (renamed between their data versions)
TO_BASE_NAMES = {old: new for since, old, new in RENAMES if DATA_VERSION_1_13_2 < since <= DATA_VERSION_1_16_5}

Row = tuple   # (hardness, resistance, properties, default index, shape id per state), as gen_block_releases._rows


def _state(text: str) -> tuple[str, dict[str, str]]:
    """A legacy.json state string → 1.16.5's name and its properties without `waterlogged`."""
    name, _, rest = text.removeprefix("minecraft:").partition("[")
    props = dict(kv.split("=") for kv in rest.rstrip("]").split(",")) if rest else {}
    props.pop("waterlogged", None)
    return TO_BASE_NAMES.get(name, name), props


def _index(props: list, values: dict[str, str]) -> int:
    """The mixed-radix index of `values` over `props` ([name, type, values] in table order, last fastest)."""
    index = 0
    for key, _kind, vals in props:
        index = index * len(vals) + vals.index(values[key])
    return index


def _values(props: list, index: int) -> dict[str, str]:
    """The property values of the state at mixed-radix `index` over `props` (`_index` inverted)."""
    out = {}
    for key, _kind, vals in reversed(props):
        index, i = divmod(index, len(vals))
        out[key] = vals[i]
    return out


def rows_1_12(read: Reader, base: dict, rows_1_13: dict[str, Row], shape_id: Callable[[list], int]) -> dict[str, Row]:
    """name → row of 1.12.2's table (module docstring). `base` is gen_blocks' 1.16.5 table, `rows_1_13` 1.13.2's
    rows, `shape_id` the releases' id of a shape's boxes (one id per filled voxels)."""
    legacy = json.loads(read(LEGACY))["blocks"]
    names_12 = {b["id"]: b["name"] for b in json.loads(read(f"{FOLDER}/blocks.json"))}
    collision = json.loads(read(f"{FOLDER}/blockCollisionShapes.json"))
    col = {c: i for i, c in enumerate(COLUMNS)}
    to_13 = {new: old for old, new in TO_BASE_NAMES.items()}
    mapped = []   # (1.12 name, its metadata's pc/1.12 boxes, 1.16.5 name, properties)
    for key, text in legacy.items():
        block_id, meta = map(int, key.split(":"))
        shapes = collision["blocks"][names_12[block_id]]
        boxes = collision["shapes"][str(shapes if isinstance(shapes, int) else shapes[meta])]
        mapped.append((names_12[block_id], boxes, *_state(text)))
    present = {name for _, _, name, _ in mapped} | HELD_ELSEWHERE
    assert present <= set(base["blocks"]), sorted(present - set(base["blocks"]))
    rows: dict[str, Row] = {}
    layouts: dict[str, list] = {}
    for name, row in base["blocks"].items():
        if name not in present:
            continue
        hardness, resistance, props_13 = rows_1_13[to_13.get(name, name)][:3]
        values_13 = {key: vals for key, _kind, vals in props_13}
        props = []
        for key, kind, vals in row[col["states"]]:
            if key == "waterlogged":
                continue
            kept = [v for v in vals if v in values_13[key]]
            props.append([key, kind, kept or vals])   # none kept: the wall sides (1.13.2: booleans)
        assert [p[0] for p in props] == [k for k, _t, _v in props_13 if k != "waterlogged"], name
        base_props = row[col["states"]]
        ids = row[col["shapes"]]
        count = row[col["maxStateId"]] - row[col["minStateId"]] + 1
        ids = [ids] * count if isinstance(ids, int) else ids
        state_ids = []
        for combo in product(*(vals for _k, _t, vals in props)):
            values = dict(zip((p[0] for p in props), combo, strict=True))
            if name in WALLS:
                bits = sum(bit for side, bit in WALL_SIDE_BITS.items() if values[side] != "none")
                state_ids.append(shape_id([list(WALL_BOXES[bits])]))
                continue
            if any(k == "waterlogged" for k, _t, _v in base_props):
                values["waterlogged"] = "false"
            state_ids.append(shape_id(base["shapes"][ids[_index(base_props, values)]]))
        default = _values(base_props, row[col["defaultState"]] - row[col["minStateId"]])
        default.pop("waterlogged", None)
        if name in INFESTED:
            hardness = INFESTED_HARDNESS
        rows[name] = (hardness, resistance, props, _index(props, default), state_ids)
        layouts[name] = props
    for name_12, boxes, name, values in mapped:   # 1.12.2's shapes per metadata
        if name_12 in SHAPED_BY_NEIGHBOURS:
            continue
        # legacy.json leaves some properties out (`oak_wood`'s axis): the default state's values
        index = _index(layouts[name], {**_values(layouts[name], rows[name][3]), **values})
        if name_12 in FROM_1_12:
            rows[name][4][index] = shape_id(boxes)
        else:   # the same voxels: the same id (no new shape)
            assert shape_id(boxes) == rows[name][4][index], (name_12, name, values)
    for colour in COLOURS:   # a bed's colour is its block entity's: every bed is shaped as the red one
        rows[f"{colour}_bed"] = (*rows[f"{colour}_bed"][:4], list(rows["red_bed"][4]))
    return rows
