"""TNT objects are handles onto rows (engine.entities.rows): each keeps its own row through clones, snapshots and
pickles, and its attributes read back what was written."""

from __future__ import annotations

import math
import pickle

from engine.entities.thrown import Snowball
from engine.entities.tnt import TNT_ROWS, Tnt
from engine.geometry.box import Box, Vec3
from engine.tick.simulation import Simulation


def make(sim: Simulation, x: float) -> Tnt:
    tnt = sim.create(Tnt, Vec3(x, 70.0, 0.5), Vec3(0.1, 0.2, -0.3))
    sim.add_entity(tnt)
    return tnt


def test_attributes_read_back_what_was_written() -> None:
    tnt = make(Simulation(), 0.5)
    tnt.motion = Vec3(-0.0, math.inf, math.nan)
    tnt.fuse = -7
    tnt.on_ground = True
    tnt.fluid_height["lava"] = 0.25
    tnt.chunk_key_ = (-3, 4, 5)
    assert math.copysign(1.0, tnt.motion.x) == -1.0 and tnt.motion.y == math.inf and math.isnan(tnt.motion.z)
    assert (tnt.fuse, tnt.on_ground, tnt.horizontal_collision, dict(tnt.fluid_height), tnt.chunk_key_) == \
        (-7, True, False, {"water": 0.0, "lava": 0.25}, (-3, 4, 5))
    tnt.box = Box(-0.0, 1.0, 2.0, 3.0, 4.0, 5.0)
    assert tnt.box == (0.0, 1.0, 2.0, 3.0, 4.0, 5.0) and math.copysign(1.0, tnt.box.min_x) == -1.0


def test_the_supporting_block_and_its_bits_read_back() -> None:
    """1.20's supporting block (three int columns and a bit), its force-update bit and 1.21.2's onFire bit."""
    tnt = make(Simulation(), 0.5)
    assert (tnt.supporting_block_pos, tnt.force_update_supporting_block_pos, tnt.on_fire_at_move) == \
        (None, False, False)
    tnt.supporting_block_pos = (-20_000_000, -64, 7)
    tnt.force_update_supporting_block_pos = True
    tnt.on_fire_at_move = True
    copy = pickle.loads(pickle.dumps(tnt))
    assert (copy.supporting_block_pos, copy.force_update_supporting_block_pos, copy.on_fire_at_move) == \
        ((-20_000_000, -64, 7), True, True)
    tnt.supporting_block_pos = None
    assert (tnt.supporting_block_pos, tnt.on_ground, tnt.force_update_supporting_block_pos) == (None, False, True)


def test_clones_and_snapshots_have_their_own_rows() -> None:
    sim = Simulation()
    tnt = make(sim, 0.5)
    snap = sim.snapshot()
    twin = tnt.clone()
    assert twin._r != tnt._r
    tnt.fuse = 3
    tnt.motion = Vec3(1.0, 2.0, 3.0)
    assert (twin.fuse, twin.motion) == (80, Vec3(0.1, 0.2, -0.3))
    sim.restore(snap)
    restored = sim.entity_by_id(tnt.id)
    assert restored is not tnt and (restored.fuse, restored.motion) == (80, Vec3(0.1, 0.2, -0.3))


def test_pickled_tnt_takes_a_row_with_its_values() -> None:
    sim = Simulation()
    tnt = make(sim, -12.25)
    tnt.fuse = 11
    tnt.removed = True
    copy = pickle.loads(pickle.dumps(sim)).world.entities[tnt.id]
    assert copy._r != tnt._r and (copy.pos, copy.fuse, copy.removed) == (tnt.pos, 11, True)


def test_collected_handles_give_their_rows_back() -> None:
    sim = Simulation()
    free = len(TNT_ROWS._free)
    tnt = make(sim, 0.5)
    assert len(TNT_ROWS._free) == free - 1 or len(TNT_ROWS.f) > 64
    sim.world.unload_entity(tnt)
    row = tnt._r
    del tnt, sim
    assert row in TNT_ROWS._free


def test_a_reused_row_starts_empty() -> None:
    """A row given back and taken again holds none of the collected entity's values: a 1.14-1.15.2 thrown entity
    sets its ignored entity only when it meets one, so a stale id would make a new snowball fly through it."""
    sim = Simulation()
    old = sim.create(Snowball, Vec3(0.5, 70.0, 0.5), Vec3(0.0, 0.0, 0.0))
    old.ignore_entity = 2
    row, table = old._r, old._t
    del old
    assert row in table._free
    new = sim.create(Snowball, Vec3(0.5, 70.0, 0.5), Vec3(0.0, 0.0, 0.0))
    assert new._r == row and new.ignore_entity == 0
