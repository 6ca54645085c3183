"""Explosions without an exploding entity (spec 04 §15.1): beds and respawn anchors used where they do not work,
and the wither's spawn explosion. Each goes through `Simulation.create_explosion` (the same explosion step,
ledger and overlays as TNT), named by `source_type` in the event.

* A bed used outside the Overworld (`BedBlock.onUse`): both halves removed, then power 5 with fire, DESTROY,
  centred on the head cell (the foot's use is redirected to the head along `facing`).
* A respawn anchor (`RespawnAnchorBlock.onUse` / `explode`): `charge_anchor` adds a charge (glowstone, up to 4);
  `use_anchor` with a charge outside the Nether (a scene with `ultrawarm = false`) removes the block, then power
  5 with fire, DESTROY, at the cell centre. In the Nether it sets the spawn point, which moves nothing.
* The wither's spawn explosion (`WitherEntity.mobTick` when the invulnerability timer ends): power 7 at its eye
  (0.85 × 3.5F above its position), no fire, DESTROY (mobGriefing is taken as on). The wither itself is not
  simulated; the action places the explosion where a wither spawned at `pos` would set it off.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.constants import (
    BED_POWER,
    RESPAWN_ANCHOR_MAX_CHARGES,
    RESPAWN_ANCHOR_POWER,
    WITHER_EYE_HEIGHT,
    WITHER_SPAWN_POWER,
)
from engine.geometry.box import Vec3
from engine.redstone import neighbor_updates as nu
from engine.world.block_physics import is_bed

if TYPE_CHECKING:
    from engine.core.context import TickContext

FACING = {"north": (0, 0, -1), "south": (0, 0, 1), "west": (-1, 0, 0), "east": (1, 0, 0)}
RESPAWN_ANCHOR = "respawn_anchor"


def _cell_center(x: int, y: int, z: int) -> Vec3:
    return Vec3(x + 0.5, y + 0.5, z + 0.5)


def use_bed(sim: TickContext, pos: tuple[int, int, int]) -> None:
    """`BedBlock.onUse` where beds do not work: the head and foot removed (`World.removeBlock`, flags 3), then the
    explosion at the head."""
    world = sim.world
    state = world.get_block_state(*pos)
    if not is_bed(state.block):
        return
    dx, _, dz = FACING[state.get("facing")]
    if state.get("part") != "head":
        pos = (pos[0] + dx, pos[1], pos[2] + dz)
        state = world.get_block_state(*pos)
        if not is_bed(state.block):
            return
    nu.remove_block(sim, pos)
    foot = (pos[0] - dx, pos[1], pos[2] - dz)
    if is_bed(world.get_block_state(*foot).block):
        nu.remove_block(sim, foot)
    sim.create_explosion(None, _cell_center(*pos), BED_POWER, None, mode="destroy", fire=True,
                         source_name="minecraft:" + state.block)


def charge_anchor(sim: TickContext, pos: tuple[int, int, int]) -> None:
    """`RespawnAnchorBlock.charge`: one more charge, at most 4 (flags 3)."""
    state = sim.world.get_block_state(*pos)
    charges = int(state.get("charges"))
    if state.block == RESPAWN_ANCHOR and charges < RESPAWN_ANCHOR_MAX_CHARGES:
        nu.set_block_state(sim, pos, state.with_("charges", charges + 1), nu.NOTIFY_ALL)


def use_anchor(sim: TickContext, pos: tuple[int, int, int]) -> None:
    """`RespawnAnchorBlock.onUse` with an empty hand: a charged anchor outside the Nether explodes
    (`explode`: the block removed, then power 5 with fire, DESTROY, at the cell centre). The water rule that
    lends the anchor's cell water's resistance is moot here: the cell is already air."""
    world = sim.world
    state = world.get_block_state(*pos)
    if state.block != RESPAWN_ANCHOR or state.get("charges") == "0" or world.ultrawarm:
        return
    nu.remove_block(sim, pos)
    sim.create_explosion(None, _cell_center(*pos), RESPAWN_ANCHOR_POWER, None, mode="destroy", fire=True,
                         source_name="minecraft:respawn_anchor")


def wither_spawn_explosion(sim: TickContext, pos: Vec3) -> None:
    """The wither's spawn explosion at its eye, power 7, DESTROY, no fire."""
    sim.create_explosion(None, Vec3(pos.x, pos.y + WITHER_EYE_HEIGHT, pos.z), WITHER_SPAWN_POWER, None,
                         mode="destroy", source_name="minecraft:wither")
