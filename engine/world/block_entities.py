"""Block entities of a world: vanilla's chunk map, ticking list and pending list (`World.tickBlockEntities`,
`World.setBlockEntity`, `World.removeBlockEntity`, `World.getBlockEntity`; spec 01 §7, spec 04 §8.6).

Tick order is insertion order into the ticking list. A block entity set while the list is being ticked waits in
the pending list and joins after the run; one removed meanwhile is only marked and leaves the list at its turn.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.geometry.box import BlockPos
from engine.world.block_physics import DYE_COLORS

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import EntityTick, Geometry, PhaseRecord


# the blocks of BlockEntityType.SHULKER_BOX: World.set_block_state gives each its block entity
SHULKER_BOXES = frozenset({"shulker_box", *(f"{c}_shulker_box" for c in DYE_COLORS)})


class BlockEntity:
    """`BlockEntity`: a position and the `removed` mark; subclasses tick."""

    TYPE = "minecraft:block_entity"

    def __init__(self, pos: BlockPos) -> None:
        self.pos = pos
        self.removed = False

    def tick(self, sim: TickContext, phase: PhaseRecord | None) -> None:
        raise NotImplementedError

    def on_synced_block_event(self, kind: int, data: int) -> bool:
        """`BlockEntity.onSyncedBlockEvent`: a block event passed on by its block; unhandled by default."""
        return False


@dataclass
class BlockEntityTick:
    """The trace item of one block entity's tick in the block-entity phase. It has no stages of its own
    (`stages` stays empty, so entity-oriented readers skip it); what it did is in `summary` and `geometry`, and
    the entities it moved get their own `EntityTick` items right after it in the phase."""

    pos: BlockPos
    entity_type: str
    summary: dict[str, Any] = field(default_factory=dict)
    geometry: list[Geometry] = field(default_factory=list)
    pushes: list[EntityTick] = field(default_factory=list)
    entity_id: None = None
    stages: list = field(default_factory=list)


class BlockEntities:
    def __init__(self) -> None:
        self.by_pos: dict[BlockPos, BlockEntity] = {}   # WorldChunk.blockEntities
        self.ticking: list[BlockEntity] = []            # World.tickingBlockEntities
        self.pending: list[BlockEntity] = []            # World.pendingBlockEntities
        self.iterating = False                          # World.iteratingTickingBlockEntities

    def copy(self) -> BlockEntities:
        """An independent copy (snapshots): each block entity cloned once, lists keep their order."""
        clones: dict[int, BlockEntity] = {}

        def c(be: BlockEntity) -> BlockEntity:
            if id(be) not in clones:
                clones[id(be)] = copy.copy(be)
            return clones[id(be)]
        out = BlockEntities()
        out.by_pos = {p: c(be) for p, be in self.by_pos.items()}
        out.ticking = [c(be) for be in self.ticking]
        out.pending = [c(be) for be in self.pending]
        out.iterating = self.iterating
        return out

    def __len__(self) -> int:
        return len(self.ticking) + len(self.pending)

    def get(self, pos: BlockPos) -> BlockEntity | None:
        """`World.getBlockEntity`: while ticking a pending one first, then the chunk's (not if removed)."""
        if self.iterating:
            be = self._pending_at(pos)
            if be is not None:
                return be
        be = self.by_pos.get(pos)
        if be is not None and not be.removed:
            return be
        return self._pending_at(pos)

    def _pending_at(self, pos: BlockPos) -> BlockEntity | None:
        """`World.getPendingBlockEntity`."""
        return next((be for be in self.pending if not be.removed and be.pos == pos), None)

    def set(self, be: BlockEntity) -> None:
        """`World.setBlockEntity` at `be.pos`: while ticking it waits as pending (replacing a pending one at the
        same position), otherwise it replaces the chunk's and is appended to the ticking list."""
        if self.iterating:
            for old in [p for p in self.pending if p.pos == be.pos]:
                old.removed = True
                self.pending.remove(old)
            self.pending.append(be)
            return
        self._put(be)
        self.ticking.append(be)

    def _put(self, be: BlockEntity) -> None:
        """`WorldChunk.setBlockEntity`: the entity it replaces is marked removed."""
        old = self.by_pos.get(be.pos)
        if old is not None and old is not be:
            old.removed = True
        self.by_pos[be.pos] = be

    def remove(self, pos: BlockPos) -> None:
        """`World.removeBlockEntity`: while ticking only marked (and dropped from pending), else dropped."""
        be = self.get(pos)
        if be is not None and self.iterating:
            be.removed = True
            if be in self.pending:
                self.pending.remove(be)
            return
        if be is not None:
            if be in self.pending:
                self.pending.remove(be)
            if be in self.ticking:
                self.ticking.remove(be)
        self.by_pos.pop(pos, None)

    def tick_all(self, sim: TickContext, phase: PhaseRecord | None) -> None:
        """`World.tickBlockEntities`: each in list order unless removed; removed ones leave the list and clear
        their chunk position at their turn; pending ones join afterwards."""
        self.iterating = True
        i = 0
        while i < len(self.ticking):
            be = self.ticking[i]
            if not be.removed:
                be.tick(sim, phase)
            if be.removed:
                del self.ticking[i]
                # WorldChunk.removeBlockEntity(pos): whatever the chunk holds at that position goes, even a
                # newer block entity that replaced this one
                gone = self.by_pos.pop(be.pos, None)
                if gone is not None:
                    gone.removed = True
            else:
                i += 1
        self.iterating = False
        for be in self.pending:
            if be.removed:
                continue
            if be not in self.ticking:
                self.ticking.append(be)
            self._put(be)
        self.pending = []
