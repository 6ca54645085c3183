"""Falling blocks (spec 06 §2): source-block check, landing, concrete powder and its raycast."""

from __future__ import annotations

from engine.tick.scene import load_scene_text

STONE_FLOOR = '[[blocks]]\nfrom = [-1, 0, -1]\nto = [1, 0, 1]\nblock = "minecraft:stone"\n'


def falling(block: str, y: float, vy: float, extra: str = "", time: int = 1):
    return load_scene_text(f"""{STONE_FLOOR}{extra}
[[entities]]
type = "falling_block"
block_state = "{block}"
pos = [0.5, {y}, 0.5]
motion = [0.0, {vy}, 0.0]
time = {time}
""", "falling")


def run(sim, ticks: int) -> None:
    for _ in range(ticks):
        sim.tick()


def test_summoned_falling_block_with_time_0_vanishes() -> None:
    """Step 1: in its first tick the block it came from must be in its cell, else it removes itself."""
    sim = falling("minecraft:sand", 5.0, 0.0, time=0)
    sim.tick()
    assert sim.entities == []
    assert sim.world.get_block_state(0, 5, 0).is_air


def test_sand_lands_as_a_block_on_the_floor() -> None:
    """Steps 7-8: on the ground it is restored in its cell and the entity is removed."""
    sim = falling("minecraft:sand", 5.0, 0.0)
    run(sim, 40)
    assert sim.entities == []
    assert str(sim.world.get_block_state(0, 1, 0)) == "minecraft:sand"


def test_fast_concrete_powder_hardens_in_a_water_source_it_crosses() -> None:
    """Step 5: Motion² > 1 raycasts the last move against water sources; it hardens where it met one."""
    water = '[[blocks]]\nat = [0, 10, 0]\nblock = "minecraft:water"\n'
    sim = falling("minecraft:red_concrete_powder", 30.0, -3.0, water)
    run(sim, 12)
    assert sim.entities == []
    assert str(sim.world.get_block_state(0, 10, 0)) == "minecraft:red_concrete"
    assert sim.world.get_block_state(0, 1, 0).is_air


def test_fast_concrete_powder_ignores_flowing_water() -> None:
    """The raycast sees only sources: through flowing water the powder lands on the floor, unhardened."""
    sim = falling("minecraft:red_concrete_powder", 30.0, -3.0,
                  '[[blocks]]\nat = [0, 10, 0]\nblock = "minecraft:water[level=3]"\n')
    run(sim, 40)
    assert str(sim.world.get_block_state(0, 1, 0)) == "minecraft:red_concrete_powder"
