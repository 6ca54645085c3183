"""A powered rail's kickstart reads each release's solid block (`willHitBlockAt`: isSolidBlock, isSimpleFullBlock,
isNormalCube): glass, leaves and a shulker box in 1.13.2 are full cubes that kick nothing
(`scenes/minecart_kickstart_glass.toml`), compiled, on the object path and traced alike."""

from __future__ import annotations

import re

import pytest

from engine import jit
from engine.entities.minecart import AbstractMinecart
from engine.entities.minecart_rails import rail_states
from engine.world import blocks
from tests.conftest import SCENES_DIR, three_ways_counted
from tests.engine.test_compiled_equality import run_lines

jit.bind_kernels()

KICK = 0.02
SCENE = (SCENES_DIR / "minecart_kickstart_glass.toml").read_text(encoding="utf-8")


def in_release(version: str) -> str:
    return re.sub(r'version = "[^"]+"', f'version = "{version}"', SCENE, count=1)


def kicks(version: str) -> tuple[dict[int, tuple[float, float]], list[int]]:
    """Each cart's (motion x, motion z) after tick 1, and the carts the compiled loop handed to the object path."""
    _, handed, sim = three_ways_counted(in_release(version), 1, run_lines, AbstractMinecart, "tick")
    return {e.id: (e.motion.x, e.motion.z) for e in sim.reported_entities()}, handed


@pytest.mark.parametrize("version", ["1.12.2", "1.13.2", "1.14", "1.16.5", "1.20.1", "1.21.11"])
def test_glass_and_leaves_are_not_solid_ends(version: str) -> None:
    motion, _ = kicks(version)
    assert motion[1] == (-KICK, 0.0)        # glass west, stone east: toward the glass
    assert motion[2] == (0.0, 0.0)          # leaves west, air east: still
    assert motion[3] == (KICK, 0.0)         # stone west, glass east: away from the stone
    # a shut shulker box north: a solid block from 1.14 (its lid's shape is a full cube), none in 1.13.2
    # (BlockShulkerBox.isFullCube false) and in 1.12.2 (not a normal cube either)
    assert motion[4] == ((0.0, KICK) if version not in ("1.12.2", "1.13.2") else (0.0, 0.0))


def test_the_loop_hands_a_cart_beside_a_shulker_box_to_the_object_path() -> None:
    """The kernels read the state's solidity from a table; a shulker box's is its lid's (a block entity)."""
    _, handed = kicks("1.16.5")
    assert handed == [4]


def test_the_table_follows_the_redstone_conductor() -> None:
    _, solid = rail_states()
    assert [int(solid[blocks.parse_block_state(name).id]) for name in
            ("minecraft:stone", "minecraft:glass", "minecraft:oak_leaves", "minecraft:redstone_block",
             "minecraft:observer", "minecraft:ice", "minecraft:purple_shulker_box")] == [1, 0, 0, 0, 0, 0, -1]
