"""What a scene's `[[actions]]` entries do when their tick and phase come (interfaces.md). The loader
(`engine.tick.scene`) checks an entry and binds its values to one of these with `functools.partial`, so a loaded
simulation pickles whole (the viewer loads a scene in a second process, `viewer.launch`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.entities import damage_source
from engine.entities.tnt import Tnt
from engine.entities.tnt import prime_tnt as prime_tnt_block
from engine.geometry.box import BlockPos
from engine.influences import dispenser, fishing, piston, shulker_box
from engine.redstone import neighbor_updates as nu
from engine.redstone.registry import behaviour, check_version

if TYPE_CHECKING:
    from engine.tick.scene_checks import SceneContext
    from engine.tick.simulation import Simulation
    from engine.world.blocks import BlockState

# each action's keys besides `tick`, `do` and `phase`: (required, optional), as the loader checks them
ACTION_KEYS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "set_block": (("at", "block"), ()), "remove_block": (("at",), ()), "prime_tnt": (("at",), ("fuse", "angle")),
    "piston_extend": (("at",), ()), "piston_retract": (("at",), ()), "dispense": (("at",), ("item",)),
    "use": (("at",), ()), "shulker_open": (("at",), ()), "shulker_close": (("at",), ()), "reel": (("player",), ()),
    "use_bed": (("at",), ()), "charge_anchor": (("at",), ()), "use_anchor": (("at",), ()),
    "attack": (("entity",), ("amount",)), "wither_spawn_explosion": (("pos",), ()),
    "summon_tnt_at": (("at_entity",), ("to",)),
}


def check_action_keys(ctx: SceneContext, entry: dict[str, Any], key: str, do: str) -> None:
    """The keys an action of kind `do` takes (`ACTION_KEYS`), besides `tick`, `do` and `phase`."""
    required, optional = ACTION_KEYS[do]
    ctx.keys(entry, key, {"tick", "do", "phase", *required, *optional}, {"tick", "do", *required})


def set_block(sim: Simulation, at: BlockPos, state: BlockState) -> None:
    """`set_block` and `remove_block` (the state is air), as `/setblock` does: `setBlockState` with flags 2 (hooks
    and shape updates), then `World.updateNeighbors` (a TNT placed next to power primes). A block the engine does
    not model stops the run (the block_data cell, `Simulation.check_modelled`)."""
    sim.check_modelled(state, f"{state.name} placed at {list(at)} by set_block, tick {sim.tick_count}")
    if nu.set_block_state(sim, at, state, nu.NOTIFY_LISTENERS):
        nu.update_neighbors_always(sim, at, state.block)


def use_block(sim: Simulation, at: BlockPos) -> None:
    """A player's right-click with an empty hand on the block at `at` (`AbstractBlock.onUse`); a block that is no
    longer usable ignores it."""
    state = sim.world.get_block_state(*at)
    check_version(sim, f"a use of {state.block} at {list(at)}")
    with sim.world.caused_by("use"):
        behaviour(state.block).on_use(sim, state, at)


def power_piston(sim: Simulation, at: BlockPos, powered: bool) -> None:
    """The piston gets or loses power, and `PistonBlock.tryMove` runs as a neighbour update would."""
    (sim.world.powered.add if powered else sim.world.powered.discard)(at)
    piston.try_move(sim, at)


def use_shulker_box(sim: Simulation, at: BlockPos, opening: bool) -> None:
    """A player opens the box's screen (`ShulkerBoxBlock.onUse`, if the lid has room) or closes it."""
    be = sim.world.block_entities.get(at)
    if not isinstance(be, shulker_box.ShulkerBoxBlockEntity):
        return
    if not opening:
        shulker_box.on_close(sim, be)
    elif shulker_box.can_open(sim.world, sim.world.get_block_state(*at), be):
        shulker_box.on_open(sim, be)


def fire_dispenser(sim: Simulation, at: BlockPos, item: str, from_contents: bool) -> None:
    """`DispenserBlock.scheduledTick`: the dispenser fires `item` (engine.influences.dispenser); from its
    contents, one is taken from a stack, and an empty dispenser fires nothing."""
    if from_contents:
        if not dispenser.take_item(sim.world, at):
            return
        nu.update_comparators(sim, at)        # BlockEntity.markDirty: the comparators reading it update
    dispenser.dispense(sim, at, item)


def prime_tnt(sim: Simulation, at: BlockPos, angle: float | None, fuse: int) -> None:
    """`TntBlock.primeTnt` then `removeBlock` (flags 3: the neighbours are updated): the entity first (it draws
    the world Random)."""
    sim.add_entity(prime_tnt_block(sim, *at, angle=angle, fuse=fuse))
    nu.remove_block(sim, at)


def attack(sim: Simulation, entity_id: int, amount: float) -> None:
    """A player's hit: `Entity.damage` with `DamageSource.player` (neither fire nor explosive)."""
    e = sim.entity_by_id(entity_id)
    if e is not None and not e.removed:
        e.damage(sim, damage_source.PLAYER, amount)


def reel(sim: Simulation, player_id: int) -> None:
    """The player reels its fishing rod in (spec 04 §12)."""
    player = sim.entity_by_id(player_id)
    if player is not None:
        fishing.reel(sim, player)


def summon_tnt_at(sim: Simulation, target: int) -> None:
    """A TNT entity with the NBT default fuse 0 at the entity's feet; nothing once the entity is gone."""
    at = sim.entity_by_id(target)
    if at is not None and not at.removed:
        tnt = sim.create(Tnt, at.pos)
        tnt.fuse = 0
        sim.add_entity(tnt)

