"""Block loot: the stacks `AbstractBlock.getDroppedStacks` makes of a block's loot table (1.16.5's `LootTable`,
`LootPool`, entries, conditions and functions), for an explosion's context: no tool (`ItemStack.EMPTY`), the
explosion's radius only for a DESTROY explosion. The tables are 1.16–1.16.5's, `assets/block-loot-1.16.5.json`
(tools/gen_block_loot.py; a block's own table or the one `dropsLike` names, [] for none).

What is evaluated, drawing from the given Random exactly where vanilla draws: pools of constant rolls (no bonus
rolls), each pool's conditions then its entries' expansion (`LootPool.supplyOnce`: one choice only, taken without a
draw); `item` and `alternatives` entries; the conditions `survives_explosion` (nextFloat() <= 1 / radius, only with
a radius), `table_bonus` (nextFloat() < the level-0 chance: no tool, no enchantment), `random_chance` (nextFloat() <
the chance), `match_tool` (false: no tool), `inverted`, `alternative`, `block_state_property`, `entity_properties`
of the explosion's entity with no predicate (true where it has one: snow); the functions `set_count` (a constant or
a uniform range), `explosion_decay` (a nextFloat per item, only with a radius), `limit_count`, `apply_bonus` with
`ore_drops` (no Fortune on an empty tool: no draw), `copy_name` (the engine's block entities have no custom name:
nothing), each after its own conditions. A block with a block entity is evaluated only where the world holds its
whole state: a dispenser, dropper or hopper (its table reads no contents; its removal scatters them,
engine/influences/block_drops.py), and a shulker box, empty and unnamed as every box the world holds (`copy_nbt` of
its lock and loot table, `set_contents` of its contents: nothing to copy, and the tag that `set_contents` writes is
not kept — a box's stack of one merges with nothing). Anything else — a binomial count or bonus formula, a weighted
choice, another block entity's contents or data — raises `LootNotModelled` naming it, before or at the first
unmodelled step, so the caller stops the run there.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.entities.item_registry import NAMESPACE, max_count
from engine.java.javanum import f32

if TYPE_CHECKING:
    from engine.java.jrandom import JavaRandom
    from engine.world.blocks import BlockState

LOOT_PATH = Path(__file__).resolve().parents[2] / "assets" / "block-loot-1.16.5.json"
# the blocks with a block entity whose whole state the world holds: their inventory (`World.containers`; none for
# a hopper), and the shulker boxes, which the world holds empty and unnamed
CONTAINER_BLOCKS = frozenset({"dispenser", "dropper", "hopper"})
SHULKER_BOXES = frozenset({"shulker_box"} | {f"{c}_shulker_box" for c in (
    "white", "orange", "magenta", "light_blue", "yellow", "lime", "pink", "gray", "light_gray", "cyan", "purple",
    "blue", "brown", "green", "red", "black")})
TOOL_PREDICATE_KEYS = frozenset({"item", "items", "tag", "enchantments"})   # each fails on an empty stack

Stack = list   # [namespaced item id, count]: an ItemStack without a tag (no modelled table writes one)


class LootNotModelled(ValueError):
    """A step of a block's loot that is not modelled; the message names it (one line)."""


@lru_cache(maxsize=1)
def _tables() -> dict[str, Any]:
    return json.loads(LOOT_PATH.read_text(encoding="utf-8"))


def table_of(block: str) -> Any:
    """The loot table of `block` (a bare block name): a list of pools, or {"pools", "functions", "block_entity"}."""
    table = _tables().get(block)
    if table is None:
        raise LootNotModelled(f"{block} is not a 1.16.5 block: its loot table is unknown")
    return table


def drops_nothing(block: str) -> bool:
    """Whether the block's table is empty (air, fluids, fire, portals, bedrock, ...): it neither draws nor drops."""
    table = _tables().get(block)
    return table == [] or (isinstance(table, dict) and not table["pools"])


def get_dropped_stacks(state: BlockState, random: JavaRandom, radius: float | None, entity: bool) -> list[Stack]:
    """`AbstractBlock.getDroppedStacks` → `LootTable.generateLoot` (each stack through `processStacks`: split at the
    item's maximum count) for the block `state`, no tool, `radius` the explosion's power (DESTROY) or None, `entity`
    whether the context has an entity (`THIS_ENTITY`: an explosion's source)."""
    table = table_of(state.block)
    if isinstance(table, dict) and table.get("block_entity"):
        if state.block not in CONTAINER_BLOCKS | SHULKER_BOXES:
            raise LootNotModelled(f"{state.block}'s block entity (its contents or data) is not modelled")
    pools, functions = (table["pools"], table["functions"]) if isinstance(table, dict) else (table, [])
    context = _Context(state, random, radius, entity)
    out: list[Stack] = []
    for pool in pools:
        _pool_loot(pool, functions, context, out)
    return out


class _Context:
    """`LootContext` of an explosion: the block state, the world Random, the radius (None for BREAK), whether
    `THIS_ENTITY` is set."""

    __slots__ = ("state", "random", "radius", "entity")

    def __init__(self, state: BlockState, random: JavaRandom, radius: float | None, entity: bool) -> None:
        self.state, self.random, self.radius, self.entity = state, random, radius, entity


def _pool_loot(pool: dict[str, Any], functions: list[dict[str, Any]], c: _Context, out: list[Stack]) -> None:
    """`LootPool.addGeneratedLoot`: the pool's conditions, then `rolls` times `supplyOnce`, each stack made through
    the entry's functions, the pool's, the table's (`functions`) and `processStacks` into `out`."""
    if not _all(pool.get("conditions", ()), c):
        return
    rolls = pool["rolls"]
    if not isinstance(rolls, (int, float)) or "bonus_rolls" in pool:
        raise LootNotModelled(f"{c.state.block}'s pool rolls {rolls!r} times (a draw)")
    for _ in range(int(rolls)):
        choices: list[dict[str, Any]] = []
        for entry in pool["entries"]:
            _expand(entry, c, choices)
        if len(choices) > 1:
            raise LootNotModelled(f"{c.state.block}'s pool chooses among {len(choices)} entries (a weighted draw)")
        for entry in choices:
            stack = [NAMESPACE + entry["name"], 1]
            for f in (*entry.get("functions", ()), *pool.get("functions", ()), *functions):
                stack = _apply(f, stack, c)
            out.extend(_process(stack))


def _expand(entry: dict[str, Any], c: _Context, choices: list[dict[str, Any]]) -> bool:
    """`LootPoolEntry.expand`: an item entry whose conditions hold is a choice; `alternatives` (its own conditions
    first) expands its children in order up to the first that expands."""
    kind = entry["type"]
    if kind not in ("item", "alternatives"):
        raise LootNotModelled(f"{c.state.block}'s loot entry {kind!r} is not modelled")
    if not _all(entry.get("conditions", ()), c):
        return False
    if kind == "item":
        if entry.get("weight", 1) != 1 or entry.get("quality", 0) != 0:
            raise LootNotModelled(f"{c.state.block}'s loot entry has a weight (a weighted draw)")
        choices.append(entry)
        return True
    return any(_expand(child, c, choices) for child in entry["children"])


def _all(conditions: Any, c: _Context) -> bool:
    """`LootConditionTypes.joinAnd`: each condition in order, up to the first that fails."""
    return all(_test(condition, c) for condition in conditions)


def _test(condition: dict[str, Any], c: _Context) -> bool:
    kind = condition["condition"]
    if kind == "survives_explosion":        # SurvivesExplosionLootCondition.test
        return c.radius is None or c.random.next_float() <= f32(1.0 / c.radius)
    if kind == "match_tool":                # MatchToolLootCondition: ItemPredicate.test(ItemStack.EMPTY)
        predicate = condition["predicate"]
        if not predicate.keys() & TOOL_PREDICATE_KEYS or not predicate.keys() <= TOOL_PREDICATE_KEYS or any(
                e.get("levels", {}).get("min", 0) < 1 for e in predicate.get("enchantments", ())):
            raise LootNotModelled(f"{c.state.block}'s match_tool predicate {predicate} is not modelled")
        return False
    if kind == "table_bonus":               # TableBonusLootCondition: chances[level], level 0 on an empty tool
        return c.random.next_float() < f32(condition["chances"][0])
    if kind == "random_chance":             # RandomChanceLootCondition
        return c.random.next_float() < f32(condition["chance"])
    if kind == "inverted":
        return not _test(condition["term"], c)
    if kind == "alternative":
        return any(_test(term, c) for term in condition["terms"])
    if kind == "block_state_property":      # BlockStatePropertyLootCondition
        wanted = condition.get("properties", {})
        if not all(isinstance(v, str) for v in wanted.values()):
            raise LootNotModelled(f"{c.state.block}'s block_state_property ranges are not modelled")
        return c.state.block == condition["block"] and all(c.state.properties.get(k) == v for k, v in wanted.items())
    if kind == "entity_properties" and condition == {"condition": kind, "predicate": {}, "entity": "this"}:
        return c.entity                     # EntityPredicate.test: any entity passes a predicate of no fields
    raise LootNotModelled(f"{c.state.block}'s loot condition {kind!r} is not modelled")


def _apply(function: dict[str, Any], stack: Stack, c: _Context) -> Stack:
    """`ConditionalLootFunction.apply`: the function where its conditions hold."""
    kind = function["function"]
    if kind not in _FUNCTIONS:
        raise LootNotModelled(f"{c.state.block}'s loot function {kind!r} is not modelled")
    if not _all(function.get("conditions", ()), c):
        return stack
    return _FUNCTIONS[kind](function, stack, c)


def _set_count(function: dict[str, Any], stack: Stack, c: _Context) -> Stack:
    """`SetCountLootFunction`: a constant, or a uniform range's `MathHelper.nextInt(random, floor(min), floor(max))`
    (nextInt(max − min + 1) + min, no draw where min >= max)."""
    count = function["count"]
    if isinstance(count, (int, float)):
        return [stack[0], int(count)]
    if count.get("type") != "uniform":
        raise LootNotModelled(f"{c.state.block}'s count {count} is drawn (set_count)")
    low, high = math.floor(count["min"]), math.floor(count["max"])
    return [stack[0], low if low >= high else c.random.next_int(high - low + 1) + low]


def _explosion_decay(function: dict[str, Any], stack: Stack, c: _Context) -> Stack:
    """`ExplosionDecayLootFunction.process`: with a radius, each item survives where nextFloat() <= 1 / radius."""
    if c.radius is None:
        return stack
    f = f32(1.0 / c.radius)
    return [stack[0], sum(c.random.next_float() <= f for _ in range(stack[1]))]


def _limit_count(function: dict[str, Any], stack: Stack, c: _Context) -> Stack:
    """`LimitCountLootFunction`: the count clamped to the limit's min and max (`BoundedIntUnaryOperator`)."""
    limit, count = function["limit"], stack[1]
    if isinstance(limit, (int, float)):
        return [stack[0], int(limit)]
    if "min" in limit:
        count = max(count, int(limit["min"]))
    if "max" in limit:
        count = min(count, int(limit["max"]))
    return [stack[0], count]


def _copy_name(function: dict[str, Any], stack: Stack, c: _Context) -> Stack:
    """`CopyNameLootFunction`: a block entity's custom name, which no block entity of the engine has."""
    return stack


def _block_entity_data(function: dict[str, Any], stack: Stack, c: _Context) -> Stack:
    """`CopyNbtLootFunction` and `SetContentsLootFunction` of a shulker box (the only table with them that is
    evaluated): the world's boxes hold no lock, loot table nor contents, so nothing is copied; the empty
    `BlockEntityTag` that `set_contents` writes is not kept (no stack tags)."""
    if c.state.block not in SHULKER_BOXES:
        raise LootNotModelled(f"{c.state.block}'s {function['function']} of its block entity is not modelled")
    return stack


def _apply_bonus(function: dict[str, Any], stack: Stack, c: _Context) -> Stack:
    """`ApplyBonusLootFunction` with an empty tool: enchantment level 0; `OreDrops` keeps the count undrawn."""
    if function["formula"] != "ore_drops":
        raise LootNotModelled(f"{c.state.block}'s apply_bonus {function['formula']} draws")
    return stack


_FUNCTIONS = {"set_count": _set_count, "explosion_decay": _explosion_decay, "limit_count": _limit_count,
              "apply_bonus": _apply_bonus, "copy_name": _copy_name,
              "copy_nbt": _block_entity_data, "set_contents": _block_entity_data}


def _process(stack: Stack) -> list[Stack]:
    """`LootTable.processStacks`: a stack of at least its item's maximum count split into full stacks and the
    rest; an empty stack (an explosion decayed every item) drops nothing and merges with nothing."""
    item, count = stack
    if count <= 0:
        return []
    most = max_count(item)
    if count < most:
        return [stack]
    return [[item, min(most, count - k)] for k in range(0, count, most)]
