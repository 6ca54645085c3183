"""An explosion's block drops (engine/influences/explosion_loot.py, engine/world/loot.py; 1.16.5
Explosion.affectWorld): the items, their counts, positions and Motions from the world Random, and the world
Random's position after them (the TNT the blast primes); the DESTROY survival draw; the merge; the refusals."""

from __future__ import annotations

import pytest

from engine.influences import explosion_loot
from engine.influences.explosion_loot import ExplosionDrops
from engine.tick.scene import load_scene, load_scene_text
from engine.world import blocks
from tests.conftest import SCENES_DIR, scene_toml

SCENE = SCENES_DIR / "explosion_block_drops.toml"
# tick 1, after the first TNT's explosion: (id, type, item, count, position, Motion, fuse)
AFTER_BLAST = [
    (2, "minecraft:tnt", None, None, (2.5, 4.0, 1.5),
     (0.00593920742403245, 0.20000000298023224, -0.019097796081598468), 26),
    (3, "minecraft:item", "minecraft:cobblestone", 9, (0.38617897033691406, 3.6071222722530365, 0.4690238833427429),
     (0.012481755229806962, 0.2, 0.061050126156568546), None),
    (4, "minecraft:item", "minecraft:dirt", 1, (1.665906548500061, 4.43669781088829, 0.38650572299957275),
     (0.08151397382829786, 0.2, 0.062144711371085404), None),
    (5, "minecraft:item", "minecraft:sand", 1, (0.7261730134487152, 4.433593034744263, 1.7202655971050262),
     (-0.06467958364409684, 0.2, 0.022363625433756515), None),
    (6, "minecraft:item", "minecraft:oak_planks", 1, (-0.7207821309566498, 4.362028867006302, 0.37851715087890625),
     (-0.02609891420714494, 0.2, -0.05829312271472134), None),
]
SECOND_CENTRE = [2.5601545885247763, 4.061250001192093, 1.306570139246183]   # the primed TNT's blast, tick 27
# after tick 27: the second blast's stone, merged, dropped where the world Random (past the first drops) put it
SECOND_DROP = (7, "minecraft:item", "minecraft:cobblestone", 11, (2.534785360097885, 3.474397599697113,
               2.3468601405620575), (0.02770753130069256, 0.2, -0.09807420865205022), None)


def _entities(sim) -> list[tuple]:
    return [(e.id, e.TYPE, getattr(e, "item", None), getattr(e, "stack_count", None), tuple(e.pos), tuple(e.motion),
             getattr(e, "fuse", None)) for e in sim.entities]


def _run(ticks: int) -> tuple[list[tuple], list[tuple], list[list[float]], list[int]]:
    """The entities after tick 1 and after the last, the explosions' centres and blocks destroyed."""
    sim = load_scene(SCENE)
    centres, destroyed, first = [], [], None
    for _ in range(ticks):
        record = sim.tick()
        blasts = [ev for ev in record.events if ev.get("kind") == "explosion"]
        centres += [ev["center"] for ev in blasts]
        destroyed += [ev["blocks_destroyed"] for ev in blasts]
        first = first or _entities(sim)
    return first, _entities(sim), centres, destroyed


def test_a_tnt_blast_drops_its_blocks_loot_and_the_next_blast_draws_after_it() -> None:
    """Nine stone blocks' cobblestone merged into one stack at the first, dirt, sand and planks one each, glass
    nothing; the TNT block primed at its turn (a BREAK blast's tables draw nothing before the drops). Its blast
    (tick 27) draws its rays after the drops' floats: 11 blocks, their cobblestone dropped at the Random's place."""
    first, last, centres, destroyed = _run(27)
    assert first == AFTER_BLAST
    assert centres == [[0.5, 4.061250001192093, 0.5], SECOND_CENTRE] and destroyed == [14, 11]
    assert SECOND_DROP in last


def test_without_the_loot_the_items_and_the_world_random_differ(monkeypatch) -> None:
    """The mutant that rolls no loot: no items, and the second blast's rays take other blocks."""
    monkeypatch.setattr(explosion_loot, "get_dropped_stacks", lambda *args: [])
    first, _, centres, destroyed = _run(27)
    assert [e[1] for e in first] == ["minecraft:tnt"]
    assert centres[1] == SECOND_CENTRE and destroyed != [14, 11]


CREEPER_ON_DIRT = scene_toml(
    blocks=[{"from": [-3, 0, -3], "to": [3, 2, 3], "block": "minecraft:dirt"},
            {"at": [1, 2, 1], "block": "minecraft:tnt"}],
    entities=[{"type": "creeper", "pos": [0.5, 3.0, 0.5], "ignited": True, "fuse": 1, "no_ai": True}])


def _creeper_blast(radius_kept: bool, monkeypatch) -> tuple[tuple, int, list[int]]:
    """The primed TNT's Motion and fuse and the items' counts after the creeper's blast."""
    if not radius_kept:
        init = ExplosionDrops.__init__
        monkeypatch.setattr(ExplosionDrops, "__init__",
                            lambda self, sim, centre, radius, entity: init(self, sim, centre, None, entity))
    sim = load_scene_text(CREEPER_ON_DIRT, "creeper.toml")
    for _ in range(3):
        sim.tick()
    (tnt,) = [e for e in sim.entities if e.TYPE == "minecraft:tnt"]
    return tuple(tnt.motion), tnt.fuse, [e.stack_count for e in sim.entities if e.TYPE == "minecraft:item"]


def test_a_destroy_explosion_draws_each_block_s_survival(monkeypatch) -> None:
    """A creeper's blast (DESTROY, power 3) over dirt: each drop survives where nextFloat() <= 1/3 (16, one stack),
    drawn at the block's turn, so the TNT block primed after some of them takes another angle and fuse; without
    the radius every destroyed block drops (three stacks of 16)."""
    assert _creeper_blast(True, monkeypatch) == (
        (-0.01871936608120169, 0.11446400286221503, -0.004304950350231194), 8, [16])
    assert _creeper_blast(False, monkeypatch) == (
        (0.011761090683290926, 0.11446400286221503, -0.015186309951380794), 23, [16, 16, 16])


def test_try_merge_stack_merges_up_to_16_into_the_first_pairs() -> None:
    drops = ExplosionDrops(None, None, None)
    drops.try_merge_stack(["minecraft:dirt", 10], (0, 0, 0))
    drops.try_merge_stack(["minecraft:dirt", 8], (1, 0, 0))        # 6 move in, 2 left: a new pair
    drops.try_merge_stack(["minecraft:sand", 1], (2, 0, 0))
    drops.try_merge_stack(["minecraft:dirt", 1], (3, 0, 0))
    drops.try_merge_stack(["minecraft:ender_pearl", 16], (4, 0, 0))
    drops.try_merge_stack(["minecraft:ender_pearl", 1], (5, 0, 0))   # 17 > 16, its maximum: not merged
    assert drops.pairs == [(["minecraft:dirt", 16], (0, 0, 0)), (["minecraft:dirt", 3], (1, 0, 0)),
                           (["minecraft:sand", 1], (2, 0, 0)), (["minecraft:ender_pearl", 16], (4, 0, 0)),
                           (["minecraft:ender_pearl", 1], (5, 0, 0))]


def _refusal(block: str, version: str = "1.16.5") -> str:
    text = scene_toml(scene={"version": version}, blocks=[{"at": [1, 1, 0], "block": f"minecraft:{block}"}],
                      entities=[{"type": "tnt", "pos": [0.5, 1.0, 0.5], "fuse": 1}])
    sim = load_scene_text(text, "refused.toml")
    with pytest.raises(NotImplementedError) as err:
        for _ in range(2):
            sim.tick()
    return str(err.value)


@pytest.mark.parametrize(("block", "version", "why"), [
    ("chest", "1.16.5", "chest's block entity (its contents or data) is not modelled"),
    ("gravel", "1.16.5", "loot condition 'table_bonus' is not modelled"),
])
def test_loot_that_is_not_modelled_stops_the_run_naming_the_block(block: str, version: str, why: str) -> None:
    line = _refusal(block, version)
    assert line.startswith("the explosion's") and "explosion loot: " in line and "\n" not in line
    assert f"{block} at [1, 1, 0]" in line and why in line


def test_a_block_broken_by_a_removal_s_updates_stops_the_run() -> None:
    sim = load_scene_text(scene_toml(entities=[{"type": "tnt", "pos": [0.5, 1.0, 0.5]}]), "broken.toml")
    drops = ExplosionDrops(sim, None, None)
    drops.check_broken([((0, 0, 0), blocks.default_state("stone")), ((0, 1, 0), blocks.default_state("fire"))],
                       (0, 0, 0))   # the removed block itself and a fire (no loot) pass
    with pytest.raises(NotImplementedError, match="redstone_wire at \\[0, 1, 0\\] broken by the updates"):
        drops.check_broken([((0, 1, 0), blocks.default_state("redstone_wire"))], (0, 0, 0))
