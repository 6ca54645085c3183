"""Powder snow (1.17+): its collision shape by the entity's context, the slowing inside it, a living entity's
freezing and 1.18's soft landing (`scenes/powder_snow_entities.toml`, `scenes/powder_snow_player.toml`), the block
broken under a burning entity and 1.21.7's inside shape (`scenes/powder_snow_fire_and_fall.toml`), the climb in
leather boots (`scenes/powder_snow_leather_boots.toml`) — compiled, on the object path and traced alike, the kernels
handing such entities to the object path; a mutant for each rule (the shape, the slowing, the freezing, the break,
the inside shape, the climb), and the cases it does not model stopping in one line."""

from __future__ import annotations

import json
import re

import pytest

from engine import jit
from engine.entities.tnt import Tnt
from engine.geometry.box import Vec3
from engine.geometry.shapes import EMPTY, FULL_CUBE
from engine.living.attributes import MOVEMENT_SPEED
from engine.living.living_entity import LivingEntity
from engine.motion import block_effects
from engine.tick.scene import load_scene_text
from engine.tick.scene_checks import SceneError
from engine.world import blocks, shape_context
from engine.world.block_tables import DYNAMIC_SHAPE, EFFECT, block_tables
from engine.world.shape_context import POWDER_SNOW_FALLING_SHAPE, ShapeContext, powder_snow_collision_shape
from tests.conftest import SCENES_DIR, three_ways_counted
from tests.engine.test_compiled_equality import run_lines

jit.bind_kernels()

ENTITIES = (SCENES_DIR / "powder_snow_entities.toml").read_text(encoding="utf-8")
PLAYER = (SCENES_DIR / "powder_snow_player.toml").read_text(encoding="utf-8")
EXPOSURE = (SCENES_DIR / "powder_snow_exposure.toml").read_text(encoding="utf-8")
FIRE_AND_FALL = (SCENES_DIR / "powder_snow_fire_and_fall.toml").read_text(encoding="utf-8")
BOOTS = (SCENES_DIR / "powder_snow_leather_boots.toml").read_text(encoding="utf-8")
TICKS = 35

# id → (position, on the ground) after 35 ticks, every release with powder snow: the TNTs and the item sunk through
# onto the stone; the sand of 5 placed on the top of its powder snow (so gone); 4 broken into item 6, sunk too
AT_35 = {1: (Vec3(0.5, 1.0, 0.5), True), 2: (Vec3(3.5, 1.0, 0.5), True), 3: (Vec3(6.5, 1.0, 0.5), True)}
# where item 6 (the sand of 4, dropped) ends: its drop's random push differs by release
ITEM_6 = {"1.17": Vec3(9.918651546966377, 1.0, 0.029697053453472046),
          "1.21.11": Vec3(9.586936274882227, 1.0, 0.40233790718042417)}
# TNT 1's Y in ticks 11-16: falling, on the falling shape (1.9F) in tick 15, then sinking 0.06 (0.04 × 1.5) a tick
TNT_1_Y = [3.528327626519997, 3.0977610739895973, 2.6358058525098054, 2.1430897354596095, 1.899999976158142,
           1.839999976158142]
# TNT 2's Y in ticks 4-8: into the powder snow in tick 5 (no shape under 2.5 of fall), slowed from tick 6
TNT_2_Y = [2.10792032, 1.9157619136, 1.5732890561919999, 1.5132890561919998, 1.4532890561919998]
# the same TNTs without the slowing (the mutant): TNT 2 falls freely onto the stone
TNT_2_Y_UNSLOWED = [2.10792032, 1.9157619136, 1.687446675328, 1.42369774182144, 1.1252237869850112]


def in_release(text: str, version: str) -> str:
    return re.sub(r'version = "[^"]+"', f'version = "{version}"', text, count=1)


def _states(lines: list[str], entity_id: int) -> list[dict]:
    """Entity `entity_id`'s trace object in each tick of `run_lines`' output."""
    decode = json.JSONDecoder().raw_decode          # a line is the entities' array, then the tick's events
    return [next(e for e in decode(line)[0] if e["id"] == entity_id) for line in lines]


def _run(text: str, ticks: int) -> tuple[dict[int, list[float]], object]:
    """The Y of entities 1 and 2 each tick on the object path, and the simulation."""
    sim = load_scene_text(text)
    sim.vectorize = False
    ys: dict[int, list[float]] = {1: [], 2: []}
    for _ in range(ticks):
        sim.tick()
        for i, y in ys.items():
            y.append(sim.entity_by_id(i).pos.y)
    return ys, sim


@pytest.mark.parametrize("version", ["1.17", "1.21.11"])
def test_each_entity_gets_the_shape_its_context_gets_and_is_slowed_inside(version: str) -> None:
    lines, handed, sim = three_ways_counted(in_release(ENTITIES, version), TICKS, run_lines, Tnt, "tick")
    at = {e.id: (e.pos, e.on_ground) for e in sim.reported_entities()}
    assert at == AT_35 | {6: (ITEM_6[version], True)}
    tnt_1, tnt_2 = (_states(lines, i) for i in (1, 2))
    assert [s["pos"][1] for s in tnt_1[10:16]] == TNT_1_Y
    assert [s["pos"][1] for s in tnt_2[3:8]] == TNT_2_Y
    assert tnt_1[14]["fall_distance"] == 0.0 and tnt_1[13]["fall_distance"] > 2.5   # reset on the falling shape
    item = _states(lines, 3)
    # laid on the top, it falls through at its first move (Entity.age 1 + id 3: tick 1), slowed inside
    assert item[0]["pos"][1] == 1.96 and item[2]["pos"][1] == 1.7812
    assert str(sim.world.get_block_state(12, 2, 0)) == "minecraft:sand"    # 5 placed on the full cube
    assert str(sim.world.get_block_state(9, 1, 0)) == "minecraft:powder_snow"   # 4 could not replace it
    assert {1, 2} <= set(handed)       # the TNT loop hands a TNT meeting powder snow to the object path


def test_the_shape_follows_the_context() -> None:
    """`PowderSnowBlock.getCollisionShape`: the falling shape past 2.5F of fall, whatever else; a full cube to a
    falling block, and to a walker above the cube not descending; nothing otherwise (the absent context's too)."""
    above = ShapeContext(False, 2.0)
    assert powder_snow_collision_shape(1, above._replace(fall_distance=2.5000001)) is POWDER_SNOW_FALLING_SHAPE
    assert powder_snow_collision_shape(1, above._replace(fall_distance=2.5)) is EMPTY
    assert powder_snow_collision_shape(1, ShapeContext(False, 1.2, falling_block=True)) is FULL_CUBE
    assert powder_snow_collision_shape(1, above._replace(walks_on_powder_snow=True)) is FULL_CUBE
    assert powder_snow_collision_shape(1, above._replace(walks_on_powder_snow=True, descending=True)) is EMPTY
    assert powder_snow_collision_shape(1, ShapeContext(False, 1.99, walks_on_powder_snow=True)) is EMPTY
    assert blocks.parse_block_state("minecraft:powder_snow", "1.17").collision_shape.is_empty


def test_the_kernels_leave_powder_snow_to_the_object_path() -> None:
    """Its shape in the kernels' table is DYNAMIC_SHAPE and it is an EFFECT block: every stage reading the table
    hands an entity meeting it back."""
    state = blocks.parse_block_state("minecraft:powder_snow", "1.17")
    tables = block_tables()
    assert int(tables.shape[state.id]) == DYNAMIC_SHAPE and tables.flags[state.id] & EFFECT


def test_without_the_context_nothing_holds_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """The mutant: powder snow's shape empty to every entity. TNT 1 falls into it; the sand of 5 falls in and is
    not placed on it."""
    monkeypatch.setattr(shape_context, "powder_snow_collision_shape", lambda y, context: EMPTY)
    ys, sim = _run(in_release(ENTITIES, "1.20.1"), TICKS)
    assert ys[1][10:16] != TNT_1_Y
    assert str(sim.world.get_block_state(12, 2, 0)) == "minecraft:air"


# TNT 3 of scenes/powder_snow_exposure.toml after tick 1, fully exposed through the powder snow (no shape: it has not
# fallen); TNT 2, fallen 3 blocks, is hidden by the falling shape and stays (no gravity)
EXPOSED_3 = (Vec3(5.067553001540348, 1.1316571591723243, 2.6891843338467827),
             Vec3(0.5562019415095409, -0.06697598401112202, 0.18540064716984697))
HIDDEN_2 = (Vec3(4.5, 1.2, 0.5), Vec3(0.0, 0.0, 0.0))


def _pushed(sim) -> dict[int, tuple[Vec3, Vec3]]:
    return {i: (sim.entity_by_id(i).pos, sim.entity_by_id(i).motion) for i in (2, 3)}


def test_exposure_rays_take_each_target_s_fall_distance() -> None:
    _, _, sim = three_ways_counted(EXPOSURE, 1, run_lines, Tnt, "tick")
    assert _pushed(sim) == {2: HIDDEN_2, 3: EXPOSED_3}


def test_without_the_context_the_fallen_tnt_is_exposed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shape_context, "powder_snow_collision_shape", lambda y, context: EMPTY)
    sim = load_scene_text(EXPOSURE)
    sim.vectorize = False
    sim.tick()
    assert _pushed(sim)[2] != HIDDEN_2


def test_without_the_slowing_they_fall_freely(monkeypatch: pytest.MonkeyPatch) -> None:
    """The mutant: powder snow's `onEntityCollision` only marks the entity."""
    monkeypatch.setitem(block_effects._COLLISION_HANDLERS, "powder_snow",
                        lambda state, pos, e, sim: setattr(e, "in_powder_snow", True))
    ys, _ = _run(in_release(ENTITIES, "1.20.1"), 8)
    assert ys[2][3:8] == TNT_2_Y_UNSLOWED


# the player of scenes/powder_snow_player.toml: tick → (X, frozen ticks, health, movement speed): into the snow's
# cells in tick 11 (frozen from tick 12), slowed by the slowing and by POWDER_SNOW_SLOW (-0.05F × frozen / 140),
# fully frozen from tick 151 and hurt by the freeze in tick 160 (its age a multiple of 40)
PLAYER_AT = {
    10: (2.2858101848432377, 0, 20.0, 0.10000000149011612),
    12: (2.7169015218135364, 1, 20.0, 0.09964285863679834),
    20: (3.7715995391581267, 9, 20.0, 0.0967857155483216),
    100: (9.605399564434324, 89, 20.0, 0.0682142861187458),
    150: (12.22777459012605, 139, 20.0, 0.0503571443259716),
    159: (12.62498959388697, 140, 20.0, 0.05000000074505806),
    160: (12.669089594234165, 140, 19.0, 0.05000000074505806),
}
# the zombie (1 health) landed on the falling shape in tick 12 unhurt from 1.18, dead of the fall before
ZOMBIE_12 = {"1.17.1": (2.899999976158142, 0.0), "1.18": (2.899999976158142, 1.0)}


def _player(text: str, until: int, vectorize: bool = True) -> dict[int, tuple[float, int, float, float]]:
    sim = load_scene_text(text)
    sim.vectorize = vectorize
    seen = {}
    for t in range(1, until + 1):
        sim.tick()
        p = sim.entity_by_id(1)
        if t in PLAYER_AT:
            seen[t] = (p.pos.x, p.frozen_ticks, p.health, p.attributes.get_value(MOVEMENT_SPEED))
    return seen


def test_a_player_walking_in_is_slowed_and_freezes() -> None:
    assert _player(PLAYER, 160) == PLAYER_AT


def test_the_player_and_the_zombie_run_alike_three_ways() -> None:
    lines, _, sim = three_ways_counted(PLAYER, 24, run_lines, Tnt, "tick")
    assert _states(lines, 1)[11]["frozen_ticks"] == 1 and sim.entity_by_id(2).pos.y < 2.9


def test_without_the_freezing_the_player_walks_on_at_its_speed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The mutant: no frozen ticks, no POWDER_SNOW_SLOW."""
    monkeypatch.setattr(LivingEntity, "tick_freezing", lambda self, sim: None)
    seen = _player(PLAYER, 100, vectorize=False)
    assert seen[20][0] > PLAYER_AT[20][0] and seen[100][1:] == (0, 20.0, 0.10000000149011612)


@pytest.mark.parametrize("version", ["1.17.1", "1.18"])
def test_a_landing_on_powder_snow_hurts_only_before_1_18(version: str) -> None:
    sim = load_scene_text(in_release(PLAYER, version))
    sim.vectorize = False
    for _ in range(12):
        sim.tick()
    zombie = sim.entity_by_id(2)
    assert (zombie.pos.y, zombie.health) == ZOMBIE_12[version]


def test_powder_snow_is_no_block_before_1_17() -> None:
    with pytest.raises(SceneError, match="unknown block 'minecraft:powder_snow'") as err:
        load_scene_text(in_release(ENTITIES, "1.16.5"))
    assert "\n" not in str(err.value)


# scenes/powder_snow_fire_and_fall.toml after 8 ticks: the cells (0, 1, 0) (under burning item 1), (0, 2, 0) (its sand,
# fallen: entity 7), (2, 1, 0) (item 2, unlit), (5, 1, 0) (fire first, item 3) and (7, 1, 0) (powder snow first, item
# 4), and entity → (position, fire ticks): item 1 put out, item 3 lit again in tick 5, item 4 in tick 4 and 8 from
# 1.21.7 (out of the powder snow it broke) and put out by it before; TNT 5 passes the falling shape from 1.21.7
CELLS = [(0, 1, 0), (0, 2, 0), (2, 1, 0), (5, 1, 0), (7, 1, 0)]
FIRE_AND_FALL_AT_8 = {
    "1.20.1": (["air", "air", "powder_snow", "air", "powder_snow"], {4: (Vec3(8.0, 1.0, 0.5), -1),
                                                                      5: (Vec3(1.4409999883174895, 1.92, 3.5), -1)}),
    "1.21.8": (["air", "air", "powder_snow", "air", "air"], {4: (Vec3(8.0, 1.0, 0.5), 160),
                                                              5: (Vec3(4.23092443545536, 1.92, 3.5), -1)}),
}
FIRE_AND_FALL_BOTH = {1: (Vec3(0.5, 1.0, 0.5), -1), 2: (Vec3(2.5, 1.0, 0.5), -1), 3: (Vec3(5.0, 1.0, 0.5), 157),
                      6: (Vec3(1.4409999883174895, 1.92, 5.5), -1), 7: (Vec3(0.5, 1.1874466753280002, 0.5), -1)}


def _fire_and_fall(sim) -> tuple[list[str], dict[int, tuple[Vec3, int]]]:
    cells = [sim.world.get_block_state(*p).block for p in CELLS]
    return cells, {e.id: (e.pos, e.fire_ticks) for e in sim.reported_entities()}


@pytest.mark.parametrize("version", ["1.20.1", "1.21.8", "1.21.11"])
def test_burning_items_break_powder_snow_and_tnt_passes_its_falling_shape(version: str) -> None:
    """`onEntityCollision` (1.20.1) and `entityInside` (1.21.8, 1.21.11: ignited before the extinguishing) break
    the block under a burning item and the sand above falls; from 1.21.7 a TNT fallen 3 blocks passes over the
    falling shape."""
    _, _, sim = three_ways_counted(in_release(FIRE_AND_FALL, version), 8, run_lines, Tnt, "tick")
    cells, at = FIRE_AND_FALL_AT_8["1.20.1" if version == "1.20.1" else "1.21.8"]
    assert _fire_and_fall(sim) == (cells, FIRE_AND_FALL_BOTH | at)


def test_without_the_break_the_powder_snow_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    """The mutant: a burning entity breaks nothing; the sand stays up."""
    monkeypatch.setattr(block_effects, "break_under_burning", lambda e, sim, pos: None)
    sim = load_scene_text(FIRE_AND_FALL)
    sim.vectorize = False
    for _ in range(8):
        sim.tick()
    assert _fire_and_fall(sim)[0] == ["powder_snow", "sand", "powder_snow", "powder_snow", "powder_snow"]


def test_without_the_inside_shape_the_fallen_tnt_is_slowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The mutant: powder snow's inside shape always the full cube (1.21.8)."""
    monkeypatch.setattr(block_effects, "powder_snow_inside_met", lambda *args: True)
    sim = load_scene_text(in_release(FIRE_AND_FALL, "1.21.8"))
    sim.vectorize = False
    for _ in range(8):
        sim.tick()
    assert sim.entity_by_id(5).pos == Vec3(1.4409999883174895, 1.92, 3.5)


# the booted player's Y in ticks 1-14: up to 1.21.4 it climbs from its first tick (its position's block) and stands on
# the top (3.0) in tick 11; from 1.21.7 it climbs from tick 2 (in powder snow at the tick's start), once more in
# tick 9 (its feet out of it), and stands on the top in tick 14; on the top, it jumps again (1.21.4)
BOOTS_Y = {
    "1.21.4": [1.4199999868869781, 1.5963999903202057, 1.7727999937534333, 1.949199997186661, 2.1256000006198885,
               2.302000004053116, 2.4784000074863437, 2.6548000109195713, 2.831200014352799, 3.0076000177860265, 3.0,
               3.419999986886978, 3.753199980521202, 4.001335979112148],
    "1.21.8": [1.4199999868869781, 1.9197999773383136, 2.0961999807715412, 2.272599984204769, 2.4489999876379964,
               2.625399991071224, 2.8017999945044516, 2.978199997937679, 3.154600001370907, 3.272200003659725,
               3.30904800661993, 3.266759048697872, 3.1469158676017783, 3.0],
}


@pytest.mark.parametrize("version", ["1.21.4", "1.21.8"])
def test_leather_boots_climb_out_of_powder_snow(version: str) -> None:
    lines, _, _ = three_ways_counted(in_release(BOOTS, version), 14, run_lines, Tnt, "tick")
    assert [s["pos"][1] for s in _states(lines, 1)] == BOOTS_Y[version]


def test_without_the_climb_the_booted_player_stays_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """The mutant: no powder snow climb; the jump alone does not lift the player out."""
    monkeypatch.setattr(LivingEntity, "climbs_powder_snow", lambda self, world, features: False)
    sim = load_scene_text(in_release(BOOTS, "1.21.4"))
    sim.vectorize = False
    for _ in range(14):
        sim.tick()
    assert sim.entity_by_id(1).pos.y < 3.0


def _stopped(text: str, ticks: int, prepare=None) -> str:
    sim = load_scene_text(text)
    sim.vectorize = False
    if prepare is not None:
        prepare(sim)
    with pytest.raises(NotImplementedError) as err:
        for _ in range(ticks):
            sim.tick()
    assert "\n" not in str(err.value)
    return str(err.value)


def test_what_is_not_modelled_stops_in_one_line() -> None:
    """A burning player (the server breaks the block), a burning zombie landing across two powder snow cells (the
    cached block at its position), an arrow, and from 1.21.7 a frozen player walking into fire (its ignition thaws
    it in the block walk)."""
    def burning(sim) -> None:
        sim.entity_by_id(1).fire_ticks = 300
    assert "the server breaks powder snow under a burning player" in _stopped(PLAYER, 20, burning)
    across = PLAYER.replace("pos = [10.5, 7.5, 3.5]", "pos = [10.0, 7.5, 3.5]")
    assert "entity 2 (minecraft:zombie) burning in powder snow" in _stopped(across, 20, lambda sim: setattr(
        sim.entity_by_id(2), "fire_ticks", 300))
    fire = in_release(PLAYER, "1.21.8") + '\n[[blocks]]\nat = [5, 1, 0]\nblock = "minecraft:fire"\n'
    assert "entity 1 frozen or in powder snow in fire or lava" in _stopped(fire, 60)
    arrow = ENTITIES + '\n[[entities]]\ntype = "minecraft:arrow"\nid = 7\npos = [-1.5, 1.5, 0.5]\n' \
        'motion = [1.0, 0.0, 0.0]\nno_gravity = true\n'
    assert "entity 7 (minecraft:arrow) in powder snow" in _stopped(arrow, 5)
