"""An explosion's block drops (engine/influences/explosion_loot.py, engine/world/loot.py; 1.16.5
Explosion.affectWorld): the items, their counts, positions and Motions from the world Random, and the world
Random's position after them (the TNT the blast primes); the DESTROY survival draw; the merge; the refusals."""

from __future__ import annotations

import pytest

from engine.influences import block_drops, explosion_loot
from engine.influences.explosion_loot import ExplosionDrops
from engine.tick.scene import load_scene, load_scene_text
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
    ("wheat[age=7]", "1.16.5", "wheat's apply_bonus binomial_with_bonus_count draws"),
])
def test_loot_that_is_not_modelled_stops_the_run_naming_the_block(block: str, version: str, why: str) -> None:
    line = _refusal(block, version)
    assert line.startswith("the explosion's") and "explosion loot: " in line and "\n" not in line
    assert f"{block.split('[')[0]} at [1, 1, 0]" in line and why in line




MIXED = dict(
    blocks=[{"from": [-2, 0, -2], "to": [2, 0, 2], "block": "minecraft:obsidian"},
            {"at": [1, 1, 0], "block": "minecraft:dispenser[facing=up]",
             "items": [{"slot": 0, "id": "minecraft:tnt", "count": 40}, {"slot": 4, "id": "minecraft:stone",
                                                                        "count": 3}]},
            {"at": [-1, 1, 0], "block": "minecraft:gravel"},
            {"at": [0, 1, 1], "block": "minecraft:red_shulker_box"},
            {"at": [0, 1, -1], "block": "minecraft:stone"},
            {"at": [0, 2, -1], "block": "minecraft:redstone_wire"}],
    entities=[{"type": "tnt", "pos": [0.5, 1.0, 0.5], "fuse": 1}])
# after the blast: (id, item, count, position, Motion, pickup delay)
MIXED_ITEMS = [
    (2, "minecraft:tnt", 12, (1.673225840532493, 1.1804023117536144, 0.6030630690125812),
     (-0.018121416135425436, 0.2133208757188924, -0.0709949906898484), 0),
    (3, "minecraft:tnt", 24, (1.673225840532493, 1.1804023117536144, 0.6030630690125812),
     (0.03246035460579389, 0.18049165062053824, -0.03216944113568448), 0),
    (4, "minecraft:tnt", 4, (1.673225840532493, 1.1804023117536144, 0.6030630690125812),
     (-0.010145721252985445, 0.20130135220112289, -0.049258579104431724), 0),
    (5, "minecraft:stone", 3, (1.863505607105119, 1.409595568661344, 0.26449224701420593),
     (-0.04267626915368772, 0.24981481118205437, 0.04817353611829821), 0),
    (6, "minecraft:redstone", 1, (0.6737011969089508, 2.592230260372162, -0.6971625089645386),
     (-0.02609891420714494, 0.2, -0.05829312271472134), 10),
    (7, "minecraft:dispenser", 1, (1.6415722370147705, 1.5453049540519714, 0.3381347060203552),
     (0.02770753130069256, 0.2, -0.09807420865205022), 10),
    (8, "minecraft:cobblestone", 1, (0.5766333043575287, 1.3909500241279602, -0.35569074749946594),
     (0.09673974691895124, 0.2, -0.09697962641776561), 10),
    (9, "minecraft:gravel", 1, (-0.40719765424728394, 1.5862860977649689, 0.3194448947906494),
     (-0.04945380757321125, 0.2, 0.06323929062513775), 10),
    (10, "minecraft:red_shulker_box", 1, (0.3570120632648468, 1.4137484431266785, 1.2855720818042755),
     (-0.010873141116491583, 0.2, -0.01741746050357236), 10),
]


def _mixed_items(version: str = "1.16.5") -> tuple[list[tuple], tuple]:
    sim = load_scene_text(scene_toml(scene={"version": version}, **MIXED), "mixed.toml")
    sim.tick()
    return [(e.id, e.item, e.stack_count, tuple(e.pos), tuple(e.motion), e.pickup_delay) for e in sim.entities
            if e.TYPE == "minecraft:item"], sim.random.get_state()


def test_a_blast_scatters_a_dispenser_breaks_a_wire_and_drops_gravel_and_a_shulker_box(monkeypatch) -> None:
    """The dispenser's two stacks scatter as its removal runs (ItemScatterer: a point per slot, splits of
    nextInt(21) + 10 and gaussian Motions from the scatterer's own Random, no pickup delay); the wire loses its
    stone and drops its redstone at once (Block.dropStacks), before the blast's own drops; gravel rolls its flint
    chance (table_bonus: nextFloat() < 0.1F) and keeps gravel; the empty shulker box drops itself. 1.15.2 drops
    nothing; without the scatter (a mutant) the stacks are gone and the world Random is drawn as before."""
    items, state = _mixed_items()
    assert items == MIXED_ITEMS and state[0] == 20025316599972
    assert _mixed_items("1.15.2")[0] == []
    monkeypatch.setattr(block_drops, "scatter", lambda *args: None)
    items, state = _mixed_items()
    assert [e[1:4] for e in items] == [e[1:4] for e in MIXED_ITEMS[4:]] and state[0] == 20025316599972
