"""Generate `assets/block-loot-1.16.5.json`: each 1.16.5 block's loot table (`AbstractBlock.getLootTableId`, the
table `Explosion.affectWorld` rolls for a destroyed block), for engine/world/loot.py.

Sources (git mirrors, read with `git show`):
- the data pack of 1.16.2 (`data/minecraft/loot_tables/blocks/*.json`, the `master` branch of
  extremeheat/extracted_minecraft_data, whose last data commit is "1.16.2"). The tables are
  `BlockLootTableGenerator`'s output; that generator's table of every block is the same in Yarn's 1.16, 1.16.2 and
  1.16.5 (`git diff 2ea7bb22d 20cb124df -- .../data/server/BlockLootTableGenerator.java`: a parameter renamed and
  two lines swapped), so these are 1.16–1.16.5's tables.
- Yarn's 1.16.5 `Blocks.java` (commit 20cb124df): `dropsLike(OTHER)` gives a block OTHER's table (wall torches,
  wall signs, potted plants...); `dropsNothing()` the empty table (no file).
- Yarn's 1.16.5 `BlockEntityType.java`: the blocks with a block entity, whose drops may read it (`copy_name`,
  `copy_nbt`, `dynamic` contents) or whose removal scatters their inventory (`ItemScatterer`); their tables carry
  "block_entity": true (engine/world/loot.py decides which it evaluates).

Usage: `python3 tools/gen_block_loot.py [--data GIT_DIR] [--yarn GIT_DIR] [-o OUT]`. Every block of
assets/blocks-1.16.5.json gets an entry: its table without the "minecraft:" prefixes and the table "type" (a list
of pools, or {"pools": ..., "functions": ..., "block_entity": true} where the table has functions or the block a
block entity), [] for no drops.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "assets" / "block-loot-1.16.5.json"
BLOCKS = ROOT / "assets" / "blocks-1.16.5.json"
DATA_GIT = Path("/work/.mirror/extremeheat+extracted_minecraft_data/repo")
DATA_REF, TABLES = "master", "data/minecraft/loot_tables/blocks/"
YARN_GIT = Path("/work/.mirror/NikitaCartes-archive+MinecraftDeobfuscated-Yarn/repo")
YARN_1_16_5 = "20cb124df"
YARN_BLOCKS = "minecraft/src/net/minecraft/block/Blocks.java"
YARN_BLOCK_ENTITIES = "minecraft/src/net/minecraft/block/entity/BlockEntityType.java"
PREFIX = "minecraft:"


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "--git-dir", str(repo), *args], check=True, capture_output=True,
                          text=True).stdout


def constants(blocks_java: str) -> tuple[dict[str, str], dict[str, str]]:
    """From `Blocks.java`: constant → registered name, and name → the constant whose table `dropsLike` names."""
    names, like = {}, {}
    for chunk in blocks_java.split("public static final Block ")[1:]:
        m = re.match(r'(\w+)\s*=\s*register\(\s*"(\w+)"', chunk)
        if m is None:
            continue
        names[m.group(1)] = m.group(2)
        d = re.search(r"\.dropsLike\((\w+)\)", chunk)
        if d is not None:
            like[m.group(2)] = d.group(1)
    return names, like


def stripped(x: object) -> object:
    """The table with every "minecraft:" prefix removed (names, types, conditions, functions)."""
    if isinstance(x, dict):
        return {k: stripped(v) for k, v in x.items()}
    if isinstance(x, list):
        return [stripped(v) for v in x]
    if isinstance(x, str) and x.startswith(PREFIX):
        return x[len(PREFIX):]
    return x


def table(raw: dict, block_entity: bool) -> object:
    pools = stripped(raw.get("pools", []))
    if "functions" not in raw and not block_entity:
        return pools
    out: dict[str, object] = {"pools": pools, "functions": stripped(raw.get("functions", []))}
    if block_entity:
        out["block_entity"] = True
    return out


def build(data_git: Path, yarn_git: Path) -> dict[str, object]:
    files = [p for p in git(data_git, "ls-tree", "-r", "--name-only", DATA_REF).splitlines()
             if p.startswith(TABLES)]
    tables = {Path(p).stem: json.loads(git(data_git, "show", f"{DATA_REF}:{p}")) for p in files}
    names, like = constants(git(yarn_git, "show", f"{YARN_1_16_5}:{YARN_BLOCKS}"))
    entity_blocks = {names[c] for c in re.findall(r"Blocks\.(\w+)",
                                                  git(yarn_git, "show", f"{YARN_1_16_5}:{YARN_BLOCK_ENTITIES}"))}
    out: dict[str, object] = {}
    for name in json.loads(BLOCKS.read_text(encoding="utf-8"))["blocks"]:
        source = names[like[name]] if name in like else name
        out[name] = table(tables.get(source, {}), name in entity_blocks)
    return out


def render(out: dict[str, object]) -> str:
    return "{\n" + ",\n".join(f"{json.dumps(k)}: {json.dumps(v, separators=(',', ':'))}"
                              for k, v in out.items()) + "\n}\n"


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", type=Path, default=DATA_GIT)
    p.add_argument("--yarn", type=Path, default=YARN_GIT)
    p.add_argument("-o", "--out", type=Path, default=DEFAULT_OUT)
    args = p.parse_args(argv)
    args.out.write_text(render(build(args.data, args.yarn)), encoding="utf-8")


if __name__ == "__main__":
    main()
