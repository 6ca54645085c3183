"""Generate `assets/block-names-1.12.2.json`: 1.12.2's own block names, their properties and data values, each
mapped to a state of the 1.12.2 table (`tools/gen_block_1_12.py`, in 1.16.5's names).

Usage: `python3 tools/gen_block_names_1_12.py [SOURCE] [--yarn GIT_DIR] [--mcp GIT_DIR] [-o OUT]`. SOURCE is
minecraft-data as for gen_blocks.py (`pc/common/legacy.json`); the git directories (default `$TICKSCOPE_YARN_GIT`,
`$TICKSCOPE_MCP_GIT`) hold clones of NikitaCartes-archive/MinecraftDeobfuscated-Yarn (the Yarn-named decompilation
of 1.16.5 at `YARN_COMMIT`) and KhoiBruh/OptimizedMCP-1.12.2 (MCP 1.12.2 at `MCP_COMMIT`), read with `git show`.

- Names, properties, values: the 1.13 data fixer's `BlockStateFlattening.putStates(id << 4 | meta, new, old...)`
  lists, for every numeric id and data value of 1.12.2, every full 1.12.2 state (`getActualState` included: fence
  sides, wire sides, stairs shapes, the other door half's properties, snowy grass...) that the data value stands
  for. The properties that differ between the states of one data value are the derived ones (`varying` below);
  each state is listed once (checked).
- What a data value maps to: legacy.json's state of that id:meta (what the 1.12.2 table is made from; 18w43a's
  renames applied, `waterlogged` left out), or the fixer's own where legacy.json has none (the upper door halves
  with an open hinge, tripwire without a hook, mushroom blocks' unused values), with each property 1.12.2 names
  alike set to the data value's value (`getStateFromMeta`: a derived property at the default state's value) where
  the table's block takes that value: legacy.json has every oak stairs value `outer_right`, the comparators'
  `powered` inverted and the lower door halves `hinge=right`. The fixer's flower pots (every data value a potted
  cactus) and skulls (a placeholder name) are not used.
- Default states (what a name's left-out properties take: 1.12.2's `CommandBase.convertArgToBlockState` starts from
  `Block.getDefaultState()`): the `setDefaultState` chain of the block's class (MCP `Block.registerBlocks` names the
  class; its superclasses are searched), each enum constant spelled by its `getName()` (the first string literal of
  the constant that is one of the property's values); properties the chain leaves at `getBaseState()`, or sets
  through a method, are in `BASE_DEFAULTS`, each read.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from itertools import product
from pathlib import Path

from gen_block_1_12 import LEGACY, _state
from gen_blocks import open_source

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from engine.world.block_physics import WALL_SIDE_VALUES, WALL_SIDES, is_wall  # noqa: E402
from engine.world.blocks import BlockState, BlockStateError, default_state  # noqa: E402 (the repository root first)

YARN_COMMIT = "20cb124df"    # 1.16.5
FLATTENING = "minecraft/src/net/minecraft/datafixer/fix/BlockStateFlattening.java"
MCP_COMMIT = "94e5f9ab"
MCP_BLOCKS = "src/main/java/net/minecraft/block/"
RELEASE = "1.12.2"
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "assets" / f"block-names-{RELEASE}.json"
# Fixer entries whose new state is not used (module docstring)
FIXER_PLACEHOLDERS = frozenset({"flower_pot", "skull"})
# Default values the `setDefaultState` chain does not spell (MCP 1.12.2, read): `getBaseState()` takes each
# property's first allowed value — EnumFacing order (down, up, north, south, west, east), the axis order x, y, z,
# an enum's declaration order, true before false (`PropertyBool`); `getTypeProperty()` and `getAgeProperty()` are
# the flowers' `type` and the crops' `age`; `HAS_BOTTLE[i]` is `has_bottle_i`
BASE_DEFAULTS = {
    "bed": {"facing": "north"},                       # BlockHorizontal.FACING, not in BlockBed's chain
    "yellow_flower": {"type": "dandelion"},           # BlockFlower: RED ? POPPY : DANDELION
    "red_flower": {"type": "poppy"},
    "double_stone_slab": {"seamless": "false"},       # BlockStoneSlab: isDouble() → SEAMLESS false
    "double_stone_slab2": {"seamless": "false"},      # BlockStoneSlabNew
    "stone_slab": {"half": "bottom"},                 # BlockStoneSlab: !isDouble() → HALF BOTTOM
    "stone_slab2": {"half": "bottom"},
    "wooden_slab": {"half": "bottom"},                # BlockWoodSlab
    "purpur_slab": {"half": "bottom"},                # BlockPurpurSlab
    "wheat": {"age": "0"}, "carrots": {"age": "0"}, "potatoes": {"age": "0"}, "beetroots": {"age": "0"},
    "brewing_stand": {"has_bottle_0": "false", "has_bottle_1": "false", "has_bottle_2": "false"},
    "purpur_pillar": {"axis": "x"},                   # BlockRotatedPillar: getBaseState()
    "bone_block": {"axis": "x"},
    "structure_block": {"mode": "save"},              # BlockStructure: getBaseState(), EnumMode SAVE first
    **{f"{c}_fence_gate": {"facing": "north"} for c in ("spruce", "birch", "jungle", "dark_oak", "acacia")},
    "fence_gate": {"facing": "north"},
    **{f"{c}_glazed_terracotta": {"facing": "north"} for c in (
        "white", "orange", "magenta", "light_blue", "yellow", "lime", "pink", "gray", "silver", "cyan", "purple",
        "blue", "brown", "green", "red", "black")},
}


def _git(git_dir: str, commit: str, path: str) -> str:
    return subprocess.run(["git", "--git-dir", git_dir, "show", f"{commit}:{path}"], check=True,
                          capture_output=True, text=True).stdout


def _fixer_state(text: str) -> tuple[str, dict[str, str]]:
    """`{Name:'minecraft:x',Properties:{k:'v',...}}` → bare name and properties."""
    m = re.fullmatch(r"\{Name:'([^']*)'(?:,Properties:\{([^}]*)\})?\}", text)
    assert m, text
    return m.group(1).removeprefix("minecraft:"), dict(re.findall(r"(\w+):'([^']*)'", m.group(2) or ""))


def fixer_groups(source: str) -> list[tuple[int, int, str, list[dict[str, str]], str]]:
    """(id, data value, 1.12.2 name, its states' properties, the fixer's new state) per `putStates` call; a data
    value no 1.12.2 state is saved as (no old state listed: the upper door halves with an open hinge...) takes the
    name of its id's other values and has no states."""
    groups = []
    names_by_id: dict[int, str] = {}
    for number, args in re.findall(r'putStates\(\s*(\d+),((?:\s*"[^"]*",?)+)\s*\)', source):
        new, *olds = re.findall(r'"([^"]*)"', args)
        states = [_fixer_state(o) for o in olds]
        names = {n for n, _ in states}
        assert len(names) <= 1, (number, names)
        if names:
            names_by_id[int(number) >> 4] = next(iter(names))
        groups.append((int(number) >> 4, int(number) & 15, [p for _, p in states], new))
    return [(i, meta, names_by_id[i], states, new) for i, meta, states, new in groups]


def _classes(mcp: str) -> dict[str, str]:
    files = subprocess.run(["git", "--git-dir", mcp, "ls-tree", "-r", "--name-only", MCP_COMMIT, MCP_BLOCKS],
                           check=True, capture_output=True, text=True).stdout.split()
    return {Path(f).stem: _git(mcp, MCP_COMMIT, f) for f in files if f.endswith(".java")}


def _class_of(registry: str, name: str) -> str:
    """The class `Block.registerBlocks` builds block `name` with (directly or through a local variable)."""
    expr = re.search(r'registerBlock\(\d+, "' + name + r'", ([^;]*)\);', registry)
    assert expr, name
    m = re.match(r"\(*new (\w+(?:\.\w+)?)\(", expr.group(1))
    if m is None:
        m = re.search(r"Block " + re.escape(expr.group(1).strip()) + r" = \(*new (\w+(?:\.\w+)?)\(", registry)
    assert m, name
    return m.group(1)


def _chain(classes: dict[str, str], cls: str) -> str:
    """The argument of the first `setDefaultState` in `cls` or its superclasses ('' if none)."""
    while cls:
        outer, _, inner = cls.partition(".")
        text = classes.get(outer, "")
        if inner:
            text = text[text.find(f"class {inner} "):]
        found = re.search(r"setDefaultState\(([^;]*)\);", text.replace("\n", " "))
        if found and "IBlockState state" not in found.group(1):
            return found.group(1)
        parent = re.search(r"class " + (inner or outer) + r"(?:<[^>]*>)?\s+extends (\w+)", text)
        cls = parent.group(1) if parent else ""
    return ""


def property_names(classes: dict[str, str]) -> dict[str, str]:
    """Each property constant's name (`FACING = PropertyDirection.create("facing", ...)`), over every class."""
    return dict(re.findall(r'(\w+) = Property\w*\.(?:<[^>]*>)?create\("(\w+)"', "".join(classes.values())))


def defaults(classes: dict[str, str], keys: dict[str, str], name: str, props: dict[str, list[str]]) -> dict[str, str]:
    """1.12.2's default state of block `name` (module docstring); `keys` from `property_names`."""
    registry = classes["Block"]
    out: dict[str, str] = {}
    if name == "air":
        return out
    for const, value in re.findall(r"withProperty\(([\w.]+), ([^()]*(?:\([^()]*\))?)\)",
                                   _chain(classes, _class_of(registry, name))):
        const = const.split(".")[-1]
        key = keys.get(const, const.lower())
        if key not in props:
            continue
        literal = re.search(r"valueOf\((\w+)\)", value)
        token = literal.group(1) if literal else value.split(".")[-1]
        if token.lower() in props[key]:
            out[key] = token.lower()
            continue
        owner = classes.get(value.split(".")[0], registry)    # the enum's file: its constant's getName()
        spelled = re.search(r"\b" + token + r'\(([^)]*)\)', owner)
        names = [s for s in re.findall(r'"(\w+)"', spelled.group(1) if spelled else "") if s in props[key]]
        assert names, (name, key, value)
        out[key] = names[0]
    base = BASE_DEFAULTS.get(name, {})
    assert not set(base) & set(out), (name, "spelled in the chain")
    out.update(base)
    assert set(out) == set(props), (name, sorted(set(props) - set(out)))
    return out


def generate(read, yarn: str, mcp: str) -> dict:
    legacy = json.loads(read(LEGACY))["blocks"]
    classes = _classes(mcp)
    groups = fixer_groups(_git(yarn, YARN_COMMIT, FLATTENING))
    blocks: dict[str, dict] = {}
    seen: set[tuple[str, tuple]] = set()
    for block_id, _meta, name, states, _new in groups:
        entry = blocks.setdefault(name, {"id": block_id, "properties": {}, "values": []})
        assert entry["id"] == block_id, name
        for props in states:
            key = (name, tuple(sorted(props.items())))
            assert key not in seen, key    # one data value per state
            seen.add(key)
            for k, v in props.items():
                values = entry["properties"].setdefault(k, [])
                if v not in values:
                    values.append(v)
    keys = property_names(classes)
    for name, entry in blocks.items():
        for values in entry["properties"].values():
            if all(v.lstrip("-").isdigit() for v in values):
                values.sort(key=int)
        entry["default"] = defaults(classes, keys, name, entry["properties"])
    for block_id, meta, name, states, new in groups:
        fixed = {k: v for k, v in states[0].items() if all(s[k] == v for s in states)} if states else None
        varying = [k for k in states[0] if k not in fixed] if states else []
        assert len(states) == len(list(product(*({s[k] for s in states} for k in varying)))) or not states, \
            (name, meta)    # every combination of the derived values, each once
        blocks[name]["values"].append([meta, fixed, varying, _target(legacy, block_id, meta, name, new, fixed,
                                                                     varying, blocks[name]["default"])])
    return {"source": f"BlockStateFlattening (Yarn {YARN_COMMIT}), {LEGACY}, MCP 1.12.2 {MCP_COMMIT}",
            "blocks": blocks}


def _target(legacy: dict, block_id: int, meta: int, name: str, new: str, fixed: dict | None, varying: list[str],
            default: dict[str, str]) -> str:
    """The table's state of a data value: legacy.json's (or the fixer's), each property named as in 1.12.2 set to
    the data value's value (`getStateFromMeta`: the derived ones at the default state's), where the table's block
    takes it (legacy.json's oak stairs are `outer_right` and its comparators unpowered for every data value)."""
    text = legacy.get(f"{block_id}:{meta}")
    if text is None:
        assert name not in FIXER_PLACEHOLDERS, (name, meta)
        fixer_name, fixer_props = _fixer_state(new)
        text = fixer_name + ("[" + ",".join(f"{k}={v}" for k, v in fixer_props.items()) + "]" if fixer_props else "")
    target, target_props = _state(text)
    wall = is_wall(target)
    if wall:   # 1.13's boolean sides → the table's none/low
        target_props = {k: WALL_SIDE_VALUES[v] if k in WALL_SIDES else v for k, v in target_props.items()}
    try:
        state = _with(target, target_props)
    except BlockStateError as err:
        raise AssertionError(f"{name} {meta}: {err}") from None
    for key, value in ({**{k: default[k] for k in varying}, **fixed} if fixed is not None else {}).items():
        if key in state.properties:
            value = WALL_SIDE_VALUES[value] if wall and key in WALL_SIDES else value
            try:
                state = state.with_(key, value)
            except BlockStateError:   # the same name for other values (a lever's `facing`: down_x, up_z, ...)
                continue
    return str(state).removeprefix("minecraft:")


def _with(name: str, props: dict[str, str]) -> BlockState:
    state = default_state(name, RELEASE)
    for key, value in props.items():
        state = state.with_(key, value)
    return state


def render(doc: dict) -> str:
    lines = [f'{{"source": {json.dumps(doc["source"])},', '"blocks": {']
    rows = [f"{json.dumps(name)}: {json.dumps(entry, separators=(',', ':'))}" for name, entry in doc["blocks"].items()]
    lines.append(",\n".join(rows))
    lines.append("}}")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", nargs="?")
    parser.add_argument("--yarn", default=os.environ.get("TICKSCOPE_YARN_GIT"))
    parser.add_argument("--mcp", default=os.environ.get("TICKSCOPE_MCP_GIT"))
    parser.add_argument("-o", "--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    if not args.yarn or not args.mcp:
        sys.exit("gen_block_names_1_12: --yarn and --mcp (or TICKSCOPE_YARN_GIT, TICKSCOPE_MCP_GIT) name the git "
                 "directories of the Yarn decompilation and MCP 1.12.2")
    doc = generate(open_source(args.source), args.yarn, args.mcp)
    args.out.write_text(render(doc), encoding="utf-8")
    print(f"{args.out}: {len(doc['blocks'])} blocks, {sum(len(e['values']) for e in doc['blocks'].values())} "
          "data values")


if __name__ == "__main__":
    main()
